"""The packets' output folder: only its own, written atomically.

`--out DIR` must be absent, empty, or a folder an earlier `l5r-rules packet` wrote
(it holds MARKER); the checkout, glossary/, sources/, the home directory and any
other non-empty folder are refused, by the one rule every writer follows
(l5r_rules/outputs.py). Every PDF is first written to a temporary file in DIR;
only when all of them are complete are they renamed into place under a journal
(l5r_rules/filetx.py), so a failed run leaves the earlier PDFs as they were, and a
run killed while renaming is finished by the next one (one killed earlier: its
temporary files are removed).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path

from .. import filetx, outputs
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


def prepare(out: Path) -> list[str]:
    """Create `out` with its marker (if new); finish or undo a run a kill interrupted (filetx.recover).

    The marker is created in one step (O_EXCL), and an empty marker counts: at every instant the folder
    is absent, empty, or marked, so a kill or a full disk never leaves a folder the next run refuses."""
    created = not out.exists()
    out.mkdir(parents=True, exist_ok=True)
    marker = out / MARKER
    if not marker.is_file():
        try:
            fd = os.open(marker, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except OSError:
            if created:
                out.rmdir()
            raise
        try:
            os.write(fd, (json.dumps({"written_by": "l5r-rules packet", "time": time.time()}) + "\n").encode())
        except OSError:
            pass  # a full disk: the empty marker still marks the folder as ours
        finally:
            os.close(fd)
    said = filetx.recover(out / filetx.JOURNAL_NAME, out)
    for leftover in out.glob(f".*{TMP_INFIX}*"):  # temporary files of earlier versions' runs
        if leftover.is_file() and not leftover.is_symlink():
            leftover.unlink()
    return said


def temp_for(out: Path, name: str) -> Path:
    return out / f".{name}.{os.getpid()}-{time.time_ns()}{filetx.TMP_SUFFIX}"


def commit(out: Path, done: list[tuple[Path, Path]]) -> None:
    """Rename every finished temporary file to its name: all of them, or (WriteFailed) none; a kill midway
    is finished by the next run (the journal)."""
    filetx.commit(done, [], journal=out / filetx.JOURNAL_NAME)


def discard(done: list[tuple[Path, Path]]) -> None:
    for tmp, _final in done:
        tmp.unlink(missing_ok=True)
