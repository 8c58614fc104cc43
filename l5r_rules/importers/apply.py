"""Write a planned import: all new files into temporary files first, then rename them all.

Nothing is replaced until every temporary file has been written, so a failure
while writing (disk full, a read-only folder) removes the temporary files and
any folder it made, and leaves the glossary exactly as it was. Before a file is
replaced or deleted, its old version is kept under a backup name (a hard link,
`.NAME.import-old`); if a rename or deletion fails (an immutable file, a folder
that became read-only), every file already replaced is put back from its backup,
so a failed import still changes nothing. What remains non-atomic is a crash of
the process itself between two renames: running import again completes the job.
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
    done: list[tuple[Path | None, Path]] = []  # (backup of the old version or None, path), in order
    step = None
    try:
        for tmp, path in temps:
            step = path
            done.append((_backup(path), path))
            os.replace(tmp, path)
        for path in deletions:
            step = path
            if path.exists():
                backup = path.with_name(f".{path.name}{OLD_SUFFIX}")
                os.replace(path, backup)
                done.append((backup, path))
    except OSError as exc:
        for backup, path in reversed(done):  # put every old version back
            if backup is not None:
                os.replace(backup, path)
                backup.unlink(missing_ok=True)  # still there when `path` was never replaced (same inode)
            else:
                path.unlink(missing_ok=True)
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
        raise WriteFailed(step, f"{exc.strerror or exc}; every file was put back as it was") from exc
    for backup, _ in done:
        if backup is not None:
            backup.unlink(missing_ok=True)


OLD_SUFFIX = ".import-old"


def _backup(path: Path) -> Path | None:
    """A hard link to the current version of `path` (None if there is none), to restore it on failure."""
    if not path.exists():
        return None
    backup = path.with_name(f".{path.name}{OLD_SUFFIX}")
    backup.unlink(missing_ok=True)
    os.link(path, backup)
    return backup
