"""Advisory locks in build/: one site build, one glossary writer at a time.

`import`, `link` and `refresh` all rewrite files under glossary/; run at the same
moment (a second terminal, an editor's save hook) one would overwrite the other's
work. Each holds `build/.glossary.lock` while it reads and writes, and a second one
waits, saying so. The lock is the kernel's (flock): a killed holder frees it, and
the next holder finishes or undoes the write it interrupted (filetx.py).
"""

from __future__ import annotations

import errno
import fcntl
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from .filetx import recover
from .layout import Layout
from .outputs import GLOSSARY_LOCK, OutputRefused, check_build


def open_lock_file(path: Path) -> int:
    """A lock file's descriptor, created if need be, never through a link: one planted at the name is removed
    (opening it would create its target anywhere: hostile round 4). A folder at the name is named, with what
    to do (no command makes one; it said only "Is a directory": hostile round 8, #11)."""
    if path.is_symlink():
        path.unlink()
    if path.is_dir():
        raise IsADirectoryError(
            errno.EISDIR, "a folder has the name of a lock file the commands take (remove it)", str(path)
        )
    return os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0), 0o644)


@contextmanager
def file_lock(path: Path, busy: str, say: Callable[[str], None]) -> Iterator[None]:
    """Hold an exclusive lock on `path` (created if need be); if another process holds it, say `busy` and wait."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = open_lock_file(path)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            say(busy)
            fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # closing releases the lock


@contextmanager
def glossary_lock(layout: Layout, say: Callable[[str], None]) -> Iterator[None]:
    """The lock every command that writes glossary/ holds (import, link, refresh). Once it holds it, a write
    that a kill interrupted is finished or undone (filetx.recover) before anything else is read."""
    if layout.glossary.is_symlink():  # a link into another checkout: its files would be rewritten
        raise OutputRefused(
            f"{layout.glossary} is a symbolic link (to {layout.glossary.resolve()}): import, link and refresh "
            "write only into a checkout's own glossary/ folder"
        )
    path = check_build(layout) / GLOSSARY_LOCK
    with file_lock(path, f"another command is writing this glossary (lock {path}); waiting for it", say):
        for line in recover(layout.write_journal, layout.glossary):
            say(line)
        yield
