"""The site's search in a real browser on a phone-speed CPU: index size, first results, keystroke timing.

Called by scripts/bench_search.py (`--browser`, the default when chromium is installed); runs on
its own too:

    .venv/bin/python scripts/bench_search_site.py [--site DIR] [--questions 30] [--loads 5]

Figures (issue 12): the index shipped to the browser (assets/search/*.js) raw and gzipped
(goal <= 400 KB gzipped); with chromium's CPU throttled 4x (CDP Emulation.setCPUThrottlingRate)
and a 390x844 phone screen, from the start of a fresh navigation to search/?q=... until its results
are listed (goal <= 1.5 s), and until the passage texts are in too; and from a keystroke to the
updated list, every prefix of typed tune questions (goal: under 300 ms).
Timings run in the page (performance.now()): a keystroke is an `input` event, timed until the
browser has laid out the list and is idle again (a frame after, then a task after it).
"""

from __future__ import annotations

import argparse
import gzip
import os
import shutil
import statistics
import sys
import tempfile
import threading
from pathlib import Path
from urllib.parse import quote

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))  # the test suite's chromium, found and started as the browser tests do

from browser_helpers import CHROMIUM, DRIVER, new_driver  # noqa: E402

from l5r_rules.search import evaluation  # noqa: E402
from l5r_rules.search.webindex import FOLDER  # noqa: E402
from l5r_rules.site.builder import build_site  # noqa: E402
from l5r_rules.site.serve import make_server  # noqa: E402

THROTTLE = 4
FIRST_LOAD_QUESTION = "can a bowed personality defend"


def available() -> bool:
    return Path(CHROMIUM).exists() and Path(DRIVER).exists()


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def sizes(site: Path) -> dict[str, tuple[int, int]]:
    return {
        p.name: (len(p.read_bytes()), len(gzip.compress(p.read_bytes(), 6))) for p in sorted((site / FOLDER).iterdir())
    }


def _driver(profile: Path):
    driver = new_driver(390, 844, profile)  # a phone's screen, then a phone's metrics and a slow CPU
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    )
    driver.execute_cdp_cmd("Network.enable", {})
    driver.execute_cdp_cmd("Network.setCacheDisabled", {"cacheDisabled": True})  # every load is a first visit
    driver.execute_cdp_cmd("Emulation.setCPUThrottlingRate", {"rate": THROTTLE})
    return driver


_READY = (
    "var done = arguments[arguments.length - 1];"
    "var wait = function () { if (window.L5RSearch && window.L5RSearch.ready) "
    "window.L5RSearch.ready.then(function () { done([L5RSearch.firstResultsAt, L5RSearch.readyAt,"
    " document.querySelectorAll('ol.l5r-results > li').length]); }, function (e) { done(String(e)); });"
    " else setTimeout(wait, 20); }; wait();"
)

# one keystroke: the input box gets `text`, the page searches and lists; timed to the next idle task
_KEY = (
    "var text = arguments[0], done = arguments[arguments.length - 1];"
    "var box = document.querySelector('.l5r-search__input'), t0 = performance.now();"
    "box.value = text; box.dispatchEvent(new Event('input', {bubbles: true}));"
    "document.body.offsetHeight;"
    "requestAnimationFrame(function () { setTimeout(function () { done(performance.now() - t0); }, 0); });"
)


def measure(site: Path, questions: list[str], loads: int = 5) -> dict:
    server = make_server(site, 0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    profile = Path(tempfile.mkdtemp(prefix="chromium-bench-"))
    driver = _driver(profile)
    driver.set_script_timeout(120)
    try:
        first, ready = [], []
        for _ in range(loads):
            driver.get(base + "search/?q=" + quote(FIRST_LOAD_QUESTION))
            got = driver.execute_async_script(_READY)
            if not isinstance(got, list) or not got[2]:
                raise RuntimeError(f"the search page listed nothing: {got}")
            first.append(got[0])
            ready.append(got[1])
        keys = []
        for q in questions:
            for i in range(1, len(q) + 1):
                keys.append(driver.execute_async_script(_KEY, q[:i]))
    finally:
        driver.quit()
        server.shutdown()
        shutil.rmtree(profile, ignore_errors=True)
    return {"first": first, "ready": ready, "keys": keys}


def report(site: Path, questions: list[str], loads: int = 5) -> None:
    total_raw = total_gz = 0
    for name, (raw, gz) in sizes(site).items():
        total_raw, total_gz = total_raw + raw, total_gz + gz
        print(f"browser index      {name}: {raw / 1e3:.0f} kB raw, {gz / 1e3:.0f} kB gzipped")
    print(f"browser index      total {total_raw / 1e3:.0f} kB raw, {total_gz / 1e3:.0f} kB gzipped   (goal <= 400)")
    if not available():
        print("browser timings    skipped: chromium/chromedriver not installed (scripts/install_browser.sh)")
        return
    m = measure(site, questions, loads)
    first, ready, keys = m["first"], m["ready"], m["keys"]
    print(
        f"first results      median {statistics.median(first):.0f} ms, max {max(first):.0f} ms after navigation "
        f"({loads} fresh loads, CPU {THROTTLE}x slower)   (goal <= 1500)"
    )
    print(f"passage texts in   median {statistics.median(ready):.0f} ms, max {max(ready):.0f} ms after navigation")
    print(
        f"keystroke->results median {statistics.median(keys):.1f} ms, p95 {pct(keys, 95):.1f} ms, "
        f"max {max(keys):.1f} ms ({len(keys)} keystrokes of {len(questions)} tune questions, CPU {THROTTLE}x)"
        f"   (goal < 300)"
    )
    slow = sum(1 for k in keys if k >= 300)
    print(
        f"keystrokes >= 300 ms {slow} of {len(keys)} ({slow / max(len(keys), 1):.1%}); "
        f"load average {os.getloadavg()[0]:.2f} (a busy machine inflates every browser figure)"
    )


def build(out: Path) -> Path:
    return build_site(ROOT, out).out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--site", type=Path, help="a built site (default: build one into a temporary folder)")
    ap.add_argument("--questions", type=int, default=30, help="tune questions typed key by key")
    ap.add_argument("--loads", type=int, default=5)
    args = ap.parse_args()
    questions = [q.q for q in evaluation.load_questions(ROOT / "tests" / "search_eval_unseen.yaml", "tune")]
    with tempfile.TemporaryDirectory(prefix="bench-site-", dir=ROOT / "build") as tmp:
        site = args.site or build(Path(tmp) / "site")
        report(site, questions[: args.questions], args.loads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
