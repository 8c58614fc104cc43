"""Write many files all or nothing, and finish the job after a kill.

Every multi-file writer of the glossary (import, link, the errata and card
generators; refresh runs them) and the judge packet write through `apply`:

1. every new file is written to a temporary file beside its target
   (`.NAME.l5r-tmp`); a failure here (a full disk, a read-only folder) removes
   them and any folder made, and nothing has changed;
2. a journal (`journal`, JSON: the renames and deletions to make) is written
   atomically: this is the commit point;
3. each old version is kept as a hard link (`.NAME.l5r-old`), each file is renamed
   into place and each deletion made; if one fails (an immutable file), every file
   already replaced is put back from its backup and the journal removed;
4. the backups and the journal are removed.

`recover` runs at the start of the next writer (for the glossary: as soon as it
holds the glossary lock, locks.py): with a journal, the kill came after the commit
point, so it finishes the renames and deletions; without one, it removes the
temporary files (nothing had changed). Either way it removes leftover backups, and
those of the older import's names (`.NAME.import-tmp`, `.NAME.import-old`).
validate names any such leftover (L5R105) until a writer runs.

`L5R_WRITE_FAULT=<point>[@N]` kills the process at that point (tests), in its N-th
commit only with `@N`: `staged` (temporary files written), `journal` (committed),
`renamed-1` (after the first rename), `renamed` (after all of them).
"""

from __future__ import annotations

import errno
import json
import os
from pathlib import Path

TMP_SUFFIX = ".l5r-tmp"
OLD_SUFFIX = ".l5r-old"
JOURNAL_NAME = ".l5r-write-journal.json"
# Names older versions of the writers left: removed by recover, named by validate.
LEGACY_SUFFIXES = (".import-tmp", ".import-old")
FAULT_ENV = "L5R_WRITE_FAULT"


class WriteFailed(Exception):
    """A file could not be written or replaced; nothing was changed (`reason` says why, `path` where)."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"{path}: {reason}")
        self.path = path
        self.reason = reason


_commits = [0]  # commits begun by this process, for `point@N`


def fault(point: str) -> None:
    """Die here, as a kill would, when the fault-injection variable names this point (tests only);
    `point@N` dies there in the process's N-th commit only (refresh commits once per step)."""
    wanted = os.environ.get(FAULT_ENV)
    if not wanted:
        return
    name, _, nth = wanted.partition("@")
    if name == point and (not nth or int(nth) == _commits[0]):
        os._exit(137)


def temp_name(path: Path) -> Path:
    return path.with_name(f".{path.name}{TMP_SUFFIX}")


def backup_name(path: Path) -> Path:
    return path.with_name(f".{path.name}{OLD_SUFFIX}")


def _missing_folders(folder: Path) -> list[Path]:
    """`folder` and those of its parents that `mkdir(parents=True)` would create."""
    out = []
    for each in (folder, *folder.parents):
        if each.exists():
            break
        out.append(each)
    return out


def write_new(tmp: Path, data: bytes, mode: int = 0o644) -> None:
    """Write a fresh temporary file: whatever had its name (a leftover, a symlink someone planted to make
    the write land elsewhere) is removed first, and the new one is created, never followed."""
    if os.path.lexists(tmp) and not tmp.is_dir():
        tmp.unlink()
    elif tmp.is_dir() and not tmp.is_symlink():
        raise IsADirectoryError(errno.EISDIR, f"a folder has the name of its temporary file {tmp.name}: remove it")
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), mode)  # less the umask
    try:
        with open(fd, "wb", closefd=False) as fh:
            fh.write(data)
    finally:
        os.close(fd)


def _backup(path: Path) -> Path | None:
    """A hard link to the current version of `path` (None if there is none), to restore it on failure."""
    if not path.exists():
        return None
    backup = backup_name(path)
    backup.unlink(missing_ok=True)
    os.link(path, backup)
    return backup


def _write_journal(journal: Path, temps: list[tuple[Path, Path]], deletions: list[Path]) -> None:
    data = {"renames": [[str(t), str(p)] for t, p in temps], "deletions": [str(p) for p in deletions]}
    tmp = journal.with_name(journal.name + TMP_SUFFIX)
    try:
        with open(tmp, "w", encoding="utf-8") as fh:
            json.dump(data, fh)
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, journal)
    except OSError:
        discard(tmp)
        raise


def discard(path: Path) -> None:
    """Remove a temporary file (or a link at its name); a folder someone made there is left alone."""
    if path.is_symlink() or path.is_file():
        path.unlink(missing_ok=True)


def _linked_folder(path: Path, top: Path) -> Path | None:
    """The first folder between `top` and `path` that is a symbolic link (a write would land outside `top`)."""
    if not path.is_relative_to(top):
        return None
    here = top
    for part in path.parent.relative_to(top).parts:
        here = here / part
        if here.is_symlink():
            return here
    return None


def apply(files: dict[Path, str | bytes], deletions: list[Path], journal: Path | None = None) -> None:
    """Replace each `files` path by its text (or bytes) and delete `deletions`, or raise WriteFailed having
    changed nothing. With `journal`, a kill after the commit point is finished by `recover(journal)`."""
    _commits[0] += 1
    if journal is not None:  # the tree the journal keeps: no write goes through a link planted in it
        for path in [*files, *deletions]:
            link = _linked_folder(path, journal.parent)
            if link is not None:
                raise WriteFailed(
                    path,
                    f"its folder {link} is a symbolic link, and nothing is written through one; nothing was changed",
                )
    temps: list[tuple[Path, Path]] = []
    made: list[Path] = []
    writing: Path | None = None
    try:
        for path, text in files.items():
            writing = path
            made += _missing_folders(path.parent)
            path.parent.mkdir(parents=True, exist_ok=True)
            tmp = temp_name(path)
            temps.append((tmp, path))
            write_new(tmp, text if isinstance(text, bytes) else text.encode("utf-8"))
        fault("staged")
    except OSError as exc:
        for tmp, _ in temps:
            discard(tmp)
        _remove_empty(made)
        raise WriteFailed(writing or Path("."), f"{exc.strerror or exc}; nothing was changed") from exc
    try:
        _commit(temps, deletions, journal)
    except WriteFailed:
        _remove_empty(made)
        raise


def _remove_empty(folders: list[Path]) -> None:
    for folder in sorted(folders, key=lambda p: len(p.parts), reverse=True):
        try:
            folder.rmdir()
        except OSError:
            pass


def commit(temps: list[tuple[Path, Path]], deletions: list[Path], journal: Path | None = None) -> None:
    """Rename every (temporary, target) pair into place and make the deletions, all or nothing (steps 2-4
    of the module docstring); the temporary files must be complete. WriteFailed when one fails."""
    _commits[0] += 1
    _commit(temps, deletions, journal)


def _commit(temps: list[tuple[Path, Path]], deletions: list[Path], journal: Path | None) -> None:
    if journal is not None and (temps or deletions):
        try:
            _write_journal(journal, temps, deletions)
        except OSError as exc:
            for tmp, _ in temps:
                discard(tmp)
            reason = "a folder has its name: remove it" if journal.is_dir() else exc.strerror or exc
            raise WriteFailed(journal, f"{reason}; nothing was changed") from exc
    fault("journal")
    done: list[tuple[Path | None, Path]] = []  # (backup of the old version or None, path), in order
    step = None
    try:
        for tmp, path in temps:
            step = path
            done.append((_backup(path), path))
            os.replace(tmp, path)
            fault(f"renamed-{len(done)}")
        for path in deletions:
            step = path
            if path.exists():
                backup = backup_name(path)
                os.replace(path, backup)
                done.append((backup, path))
        fault("renamed")
    except OSError as exc:
        for backup, path in reversed(done):  # put every old version back
            if backup is not None:
                os.replace(backup, path)
                backup.unlink(missing_ok=True)  # still there when `path` was never replaced (same inode)
            else:
                path.unlink(missing_ok=True)
        for tmp, _ in temps:
            tmp.unlink(missing_ok=True)
        if journal is not None:
            journal.unlink(missing_ok=True)
        raise WriteFailed(step, f"{exc.strerror or exc}; every file was put back as it was") from exc
    for backup, _ in done:
        if backup is not None:
            backup.unlink(missing_ok=True)
    if journal is not None:
        journal.unlink(missing_ok=True)


def is_leftover(name: str) -> bool:
    """A temporary file, backup or journal of a write (this one's names or the older import's)."""
    return name == JOURNAL_NAME or (name.startswith(".") and name.endswith((TMP_SUFFIX, OLD_SUFFIX, *LEGACY_SUFFIXES)))


def leftovers(folder: Path, folders: bool = False) -> list[Path]:
    """Temporary files and backups of interrupted writes under `folder` (and its journal), sorted; with
    `folders`, the folders (and links to folders) that have such a name instead."""
    out = []
    if folder.is_dir():
        for dirpath, dirnames, filenames in os.walk(folder):
            out += [Path(dirpath) / n for n in (dirnames if folders else filenames) if is_leftover(n)]
    return sorted(out)


def _is_journal(data) -> bool:
    """The shape `_write_journal` writes: renames as [temporary, target] pairs, deletions as paths."""
    return (
        isinstance(data, dict)
        and isinstance(data.get("renames"), list)
        and all(isinstance(r, list) and len(r) == 2 and all(isinstance(x, str) for x in r) for r in data["renames"])
        and isinstance(data.get("deletions"), list)
        and all(isinstance(d, str) for d in data["deletions"])
    )


def _inside(path: Path, folder: Path) -> bool:
    """Is `path` in `folder`, with its '..' and its folders' links followed? (A journal naming
    'glossary/../README.md' moved a planted file over the checkout's README: hostile round 6.)"""
    try:
        real = Path(os.path.realpath(path.parent)) / path.name
        return path.name not in ("", ".", "..") and real.is_relative_to(Path(os.path.realpath(folder)))
    except (OSError, ValueError):
        return False


def recover(journal: Path, folder: Path) -> list[str]:
    """Finish (journal present) or undo (no journal) an interrupted `apply` under `folder`; return one
    line per thing done, for the writer to say."""
    said: list[str] = []
    for path in [journal, *leftovers(folder, folders=True)]:  # what no writer makes at these names
        if path.is_symlink():  # a link planted at the name: removed, never followed
            path.unlink()
            said.append(f"removed {path.name}, a symbolic link at the name of a write's own file (its target is kept)")
        elif path.is_dir():
            try:
                path.rmdir()
            except OSError:
                raise WriteFailed(
                    path, "a folder has the name of a write's own file (journal or temporary file): remove it"
                ) from None
    try:
        data = json.loads(journal.read_text(encoding="utf-8")) if journal.is_file() else None
    except (OSError, ValueError):
        data = None  # a torn journal: its rename never happened, so the write was not committed
    data = data if _is_journal(data) else None  # not the shape a writer writes: no commit of ours
    if data is not None:
        finished = 0
        for tmp, path in data.get("renames") or []:
            tmp, path = Path(tmp), Path(path)
            if tmp.is_file() and not tmp.is_symlink() and _inside(tmp, folder) and _inside(path, folder):
                os.replace(tmp, path)
                finished += 1
        for path in data.get("deletions") or []:
            path = Path(path)
            if _inside(path, folder) and path.is_file() and not path.is_symlink():
                path.unlink()
                finished += 1
        said.append(f"finished an interrupted write: {finished} file(s) renamed or deleted as it planned")
    removed = 0
    for path in leftovers(folder):
        if path.is_symlink() or not path.is_dir():  # a link: the link itself, never its target; a FIFO too
            path.unlink()
            removed += 1
    if removed and data is None:
        said.append(f"removed {removed} temporary file(s) of an interrupted write (it had changed nothing)")
    return said
