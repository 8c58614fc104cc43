"""Write a planned import: all new files into temporary files first, then rename them all.

Nothing is replaced until every temporary file has been written, so a failure
while writing (disk full, a read-only folder) removes the temporary files and
any folder it made, and leaves the glossary exactly as it was. What remains
non-atomic across files is the last step: the renames and deletions, each
atomic on its own, run one after another; a crash between two of them leaves
some files new and some old, and running import again completes the job.
"""

from __future__ import annotations

import os
from pathlib import Path

TMP_SUFFIX = ".import-tmp"


class WriteFailed(Exception):
    """A temporary file could not be written; nothing was changed."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


def _missing_folders(folder: Path) -> list[Path]:
    """`folder` and those of its parents that `mkdir(parents=True)` would create."""
    out = []
    for each in (folder, *folder.parents):
        if each.exists():
            break
        out.append(each)
    return out


def apply(files: dict[Path, str], deletions: list[Path]) -> None:
    """Replace each `files` path by its text and delete `deletions`, or raise WriteFailed having changed nothing."""
    temps: list[tuple[Path, Path]] = []
    made: list[Path] = []
    try:
        for path, text in files.items():
            made += _missing_folders(path.parent)
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = path.with_name(f".{path.name}{TMP_SUFFIX}")
            temps.append((tmp, path))
            with open(tmp, "w", encoding="utf-8") as fh:
                fh.write(text)
    except OSError as exc:
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
        for folder in sorted(made, key=lambda p: len(p.parts), reverse=True):
            try:
                folder.rmdir()
            except OSError:
                pass
        failed = temps[-1][1] if temps else next(iter(files))
        raise WriteFailed(failed, exc.strerror or str(exc)) from exc
    for tmp, path in temps:
        os.replace(tmp, path)
    for path in deletions:
        path.unlink(missing_ok=True)
