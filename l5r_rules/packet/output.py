"""The packets' output folder: only its own, written atomically.

`--out DIR` must be absent, empty, or a folder an earlier `l5r-rules packet` wrote
(it holds MARKER); the checkout, glossary/, sources/, the home directory and any
other non-empty folder are refused, by the one rule every writer follows
(l5r_rules/outputs.py). Every PDF is first written to a temporary file in DIR;
only when all of them are complete are they renamed into place, so a failed or
killed run leaves the earlier PDFs as they were (and its temporary files are
removed by the next run).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from .. import outputs
from ..layout import Layout

MARKER = ".l5r-rules-packets"
TMP_INFIX = ".tmp-"

OutputRefused = outputs.OutputRefused


def check(out: Path, layout: Layout) -> None:
    """Raise OutputRefused unless `out` may hold packets (the one writer rule of outputs.py)."""
    outputs.check_folder(
        out,
        layout,
        marker=MARKER,
        what="write packets",
        made_by="a folder of packets written by l5r-rules",
        keep_out=[layout.root / "site"],
    )


def prepare(out: Path) -> None:
    """Create `out` with its marker (if new) and remove temporary files of killed runs."""
    out.mkdir(parents=True, exist_ok=True)
    marker = out / MARKER
    if not marker.is_file():
        tmp = out / f".{MARKER}{TMP_INFIX}{os.getpid()}"
        tmp.write_text(json.dumps({"written_by": "l5r-rules packet", "time": time.time()}) + "\n", encoding="utf-8")
        os.replace(tmp, marker)
    for leftover in out.glob(f".*{TMP_INFIX}*"):
        if leftover.is_file() and not leftover.is_symlink():
            leftover.unlink()


def temp_for(out: Path, name: str) -> Path:
    return out / f".{name}{TMP_INFIX}{os.getpid()}-{time.time_ns()}"


def commit(done: list[tuple[Path, Path]]) -> None:
    """Rename every finished temporary file to its name."""
    for tmp, final in done:
        os.replace(tmp, final)


def discard(done: list[tuple[Path, Path]]) -> None:
    for tmp, _final in done:
        tmp.unlink(missing_ok=True)
