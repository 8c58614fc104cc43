#!/usr/bin/env python3
"""Judge packet figures: per PDF its pages, size, wall-clock and CPU seconds, and the totals.

Made from the real glossary into a temporary folder (nothing in the checkout changes).
No goal is asserted; the figures go in the report of a change that touches the packet.

    .venv/bin/python scripts/bench_packet.py [--paper a4|letter|both] [--edition ID] [--changes OLD-NEW]
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from l5r_rules.layout import Layout  # noqa: E402
from l5r_rules.packet.run import make_packets  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--paper", choices=["a4", "letter", "both"], default="both")
    parser.add_argument("--edition", action="append", default=[])
    parser.add_argument("--changes", action="append", default=[])
    args = parser.parse_args()
    papers = ["a4", "letter"] if args.paper == "both" else [args.paper]
    with tempfile.TemporaryDirectory(prefix="l5r-bench-packet-") as tmp:
        t0 = time.perf_counter()
        made = make_packets(
            Layout(ROOT),
            Path(tmp) / "packets",
            papers=papers,
            base_url="https://rules.example.org/",
            placeholder=False,
            editions=tuple(args.edition),
            changes=tuple(args.changes),
        )
        total = time.perf_counter() - t0
    print(f"{'pdf':34} {'pages':>5} {'KiB':>6} {'wall s':>7} {'cpu s':>6}")
    for m in made:
        print(f"{m.path.name:34} {m.pages:5d} {m.size / 1024:6.0f} {m.seconds:7.1f} {m.cpu:6.1f}")
    print(
        f"{'total':34} {sum(m.pages for m in made):5d} {sum(m.size for m in made) / 1024:6.0f} "
        f"{total:7.1f} {sum(m.cpu for m in made):6.1f}  (wall includes loading the glossary)"
    )


if __name__ == "__main__":
    main()
