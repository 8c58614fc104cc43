#!/usr/bin/env python3
"""Site build figures: full build time (median of runs), time per entry at two sizes, site size, search index size,
and the offline precache (what a phone downloads to keep the site: files, raw and gzipped bytes).

Goals (issue 5): full build <= 15 s, time linear in the number of entries,
site <= 50 MB, search_index.json <= 250 KB gzipped. Issue 15: build with service
worker and API <= 20 s and <= 60 MB.

    .venv/bin/python scripts/bench_build.py [--runs 3]
"""

from __future__ import annotations

import argparse
import copy
import gzip
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r_rules.kb import load_kb  # noqa: E402
from l5r_rules.site.builder import build_site, dir_size  # noqa: E402
from l5r_rules.site.offline_app import precache_files  # noqa: E402


def subset(kb, share: float):
    """The same knowledge base with every edition cut to its first `share` of entries (source order)."""
    small = copy.copy(kb)
    keep = {}
    for edition in {e["edition"] for e in kb.entries.values()}:
        rows = kb.entries_of(edition)
        for e in rows[: max(1, int(len(rows) * share))]:
            keep[e["id"]] = e
    small.entries = keep
    return small


def timed_build(kb, out: Path) -> float:
    t0 = time.perf_counter()
    build_site(ROOT, out, kb=kb)
    return time.perf_counter() - t0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    kb = load_kb(ROOT)
    work = Path(tempfile.mkdtemp(prefix="bench-site-", dir=ROOT / "build" if (ROOT / "build").is_dir() else None))
    try:
        out = work / "site"
        full = [timed_build(kb, out) for _ in range(args.runs)]
        size = dir_size(out)
        index = (out / "search" / "search_index.json").read_bytes()
        pages = sum(1 for _ in out.rglob("*.html"))
        precached = precache_files(out)
        blobs = [(out / rel).read_bytes() for rel in precached]
        pre_raw = sum(map(len, blobs))
        pre_gz = sum(len(gzip.compress(b, compresslevel=6)) for b in blobs)
        half_kb = subset(kb, 0.5)
        half = [timed_build(half_kb, work / "half") for _ in range(args.runs)]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    n_full, n_half = len(kb.entries), len(half_kb.entries)
    t_full, t_half = statistics.median(full), statistics.median(half)
    print(
        f"entries                 {n_full} ({len(kb.concepts)} concepts, {len(kb.errata)} errata), {pages} HTML pages"
    )
    print(
        f"full build (median/{args.runs})   {t_full:.2f} s   (goal <= 15 s)   "
        f"runs: {', '.join(f'{t:.2f}' for t in full)}"
    )
    print(f"half build (median/{args.runs})   {t_half:.2f} s for {n_half} entries")
    print(
        f"time per entry          {1000 * t_full / n_full:.1f} ms at {n_full} entries, "
        f"{1000 * t_half / n_half:.1f} ms at {n_half}"
    )
    marginal = (t_full - t_half) / max(1, n_full - n_half)
    print(f"marginal cost per entry {1000 * marginal:.1f} ms (fixed cost about {t_full - marginal * n_full:.2f} s)")
    print(f"site size               {size / 1e6:.1f} MB   (goal <= 50 MB)")
    print(
        f"search_index.json       {len(index) / 1e3:.0f} KB raw, {len(gzip.compress(index)) / 1e3:.0f} KB gzipped"
        "   (goal <= 250 KB gzipped)"
    )
    print(
        f"offline precache        {len(precached)} files, {pre_raw / 1e6:.1f} MB raw, {pre_gz / 1e6:.1f} MB gzipped "
        "(what a phone downloads once)"
    )


if __name__ == "__main__":
    main()
