#!/usr/bin/env python3
"""Load test of `l5r-rules serve`: a hall full of phones, on this machine only.

Starts `l5r-rules serve --port 0` on 127.0.0.1 (a separate process, so that the
clients do not share its interpreter), then sends a fixed number of GET requests
from N client threads at once, twice: a new connection per request ("close") and
one kept-alive connection per client ("keep-alive"). Prints throughput, p50, p99,
max latency and errors for each. Goal (reliability issue): 0 errors and p99 under
100 ms at concurrency 50.

Bounded: a fixed request count, a timeout per request, and a deadline for each
round after which the clients stop (what was not sent counts as an error).
Traffic goes only to 127.0.0.1. The site is `site/` when it has an index.html,
otherwise a few throw-away pages in a temporary folder (nothing is built).

    .venv/bin/python scripts/bench_serve.py [--requests 5000] [--concurrency 50] [--site DIR]
"""

from __future__ import annotations

import argparse
import http.client
import itertools
import os
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


def throwaway_site(folder: Path) -> Path:
    """A few pages shaped like the built site: html pages, a stylesheet, a script, a search index."""
    site = folder / "site"
    page = "<!doctype html><html><head><title>{t}</title></head><body>{b}</body></html>"
    files = {
        "index.html": page.format(t="Home", b="<p>The L5R rules reference.</p>" * 40),
        "entries/lotus-bowing/index.html": page.format(t="Bowing", b="<p>A bowed character ...</p>" * 80),
        "concepts/bowing/index.html": page.format(t="Bowing", b="<p>Across editions ...</p>" * 120),
        "assets/stylesheets/main.css": "body { margin: 0 }\n" * 500,
        "assets/javascripts/bundle.js": "console.log(1);\n" * 2000,
        "search/search_index.json": '{"docs": [' + ",".join('{"t": "x"}' for _ in range(5000)) + "]}",
    }
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text, encoding="utf-8")
    return site


def paths_of(site: Path, pages: int = 36) -> list[str]:
    """What phones ask for: up to `pages` pages (as folder URLs), the theme's stylesheets and
    scripts, the search index, and one page that does not exist (404)."""
    html = sorted(p.relative_to(site).as_posix() for p in site.rglob("*.html"))
    step = max(1, len(html) // pages)
    found = ["/" + (rel[: -len("index.html")] if rel.endswith("index.html") else rel) for rel in html[::step][:pages]]
    for pattern in (
        "assets/stylesheets/*.css",
        "assets/javascripts/*.js",
        "assets/javascripts/workers/*.js",
        "assets/*.css",
        "assets/*.js",
        "search/search_index.json",
    ):
        found += ["/" + p.relative_to(site).as_posix() for p in sorted(site.glob(pattern))]
    return found + ["/no-such-page/"]


def start_server(site: Path) -> tuple[subprocess.Popen, int]:
    proc = subprocess.Popen(
        CLI + ["serve", "--port", "0", "--site", str(site)],
        cwd=ROOT,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    line = proc.stdout.readline()  # "serving SITE on http://127.0.0.1:PORT/ (Ctrl-C to stop)"
    if f"http://{HOST}:" not in line:
        proc.kill()
        sys.exit(f"server did not start: {line}{proc.stderr.read()}")
    return proc, int(line.split(f"http://{HOST}:", 1)[1].split("/", 1)[0])


def run_round(
    port: int, paths: list[str], total: int, concurrency: int, keep_alive: bool, timeout: float, deadline_s: float
) -> dict:
    counter = itertools.count()
    lock = threading.Lock()
    latencies: list[float] = []
    errors: dict[str, int] = {}
    deadline = time.monotonic() + deadline_s

    def error(kind: str) -> None:
        with lock:
            errors[kind] = errors.get(kind, 0) + 1

    def client() -> None:
        conn = None
        mine = []
        while True:
            n = next(counter)
            if n >= total:
                break
            if time.monotonic() > deadline:
                error("not sent before the deadline")
                continue
            path = paths[n % len(paths)]
            t = time.perf_counter()
            try:
                if conn is None:
                    conn = http.client.HTTPConnection(HOST, port, timeout=timeout)
                conn.request("GET", path, headers={} if keep_alive else {"Connection": "close"})
                resp = conn.getresponse()
                resp.read()
                mine.append(time.perf_counter() - t)
                expected = 404 if path == "/no-such-page/" else 200
                if resp.status != expected:
                    error(f"status {resp.status}")
                if not keep_alive or resp.will_close:
                    conn.close()
                    conn = None
            except (OSError, http.client.HTTPException) as exc:
                error(type(exc).__name__)
                if conn is not None:
                    conn.close()
                conn = None
        if conn is not None:
            conn.close()
        with lock:
            latencies.extend(mine)

    threads = [threading.Thread(target=client, daemon=True) for _ in range(concurrency)]
    start = time.perf_counter()
    for th in threads:
        th.start()
    for th in threads:
        th.join(deadline_s + timeout + 5)
    elapsed = time.perf_counter() - start
    return {"done": len(latencies), "elapsed": elapsed, "latencies": latencies, "errors": errors}


def report(name: str, r: dict) -> str:
    ms = [x * 1000 for x in r["latencies"]]
    errors = sum(r["errors"].values())
    detail = f" ({', '.join(f'{k}: {v}' for k, v in sorted(r['errors'].items()))})" if errors else ""
    return (
        f"{name:<11} {r['done'] / r['elapsed']:8.0f} req/s  p50 {pct(ms, 50):7.1f} ms  p99 {pct(ms, 99):7.1f} ms"
        f"  max {max(ms, default=float('nan')):7.1f} ms  errors {errors}{detail}"
    )


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--requests", type=int, default=5000, help="requests per round (default 5000)")
    ap.add_argument("--concurrency", type=int, default=50, help="clients at once (default 50)")
    ap.add_argument("--site", type=Path, default=None, help="built site (default: site/ or a throw-away one)")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per request (default 10)")
    ap.add_argument("--deadline", type=float, default=120.0, help="seconds per round at most (default 120)")
    args = ap.parse_args()

    with tempfile.TemporaryDirectory(prefix="l5r-bench-serve-") as tmp:
        site = args.site or (ROOT / "site" if (ROOT / "site" / "index.html").is_file() else throwaway_site(Path(tmp)))
        paths = paths_of(site)
        proc, port = start_server(site)
        try:
            print(
                f"site {site} ({len(paths)} paths), {args.requests} requests per round at concurrency "
                f"{args.concurrency}, load average {os.getloadavg()[0]:.2f}"
            )
            for name, keep_alive in (("close", False), ("keep-alive", True)):
                r = run_round(port, paths, args.requests, args.concurrency, keep_alive, args.timeout, args.deadline)
                print(report(name, r), flush=True)
        finally:
            proc.terminate()
            try:
                _, err = proc.communicate(timeout=10)
            except subprocess.TimeoutExpired:
                proc.kill()
                _, err = proc.communicate()
        if "Traceback" in err:
            print("server printed a traceback:\n" + err[-2000:])
            return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
