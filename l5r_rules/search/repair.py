"""A damaged build/index repairs itself: the failure is caught, the index rebuilt once, asked again.

Why: the index is generated output, and a half-copied, truncated or hand-edited file in
build/index used to make every later search fail until someone deleted the folder.
Nothing is checked up front (a search must stay fast): `with_index` runs the caller's
use of the index, and only when that fails does it take the rebuild lock, try once more
(another process may have rebuilt the index meanwhile), rebuild, and try a last time,
saying on stderr what was damaged. A usage error is never taken for damage, and a
failure of the last try is the caller's to report.

Two processes never rebuild at once: a rebuild holds an exclusive lock on
build/.index.lock (released by the system when a process dies, so a leftover file is
harmless), and a process that waited for it finds the index rebuilt. The new index is
built in a temporary folder and renamed into place (indexer.py), so a search that
opened the old one keeps reading it.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TypeVar

from ..layout import Layout
from ..locks import open_lock_file
from ..outputs import check_build
from .errors import IndexUnwritable, SearchUsageError, describe, shown
from .freshness import MISSING, STALE, state
from .store import LOCK_NAME, index_dir

T = TypeVar("T")
Report = Callable[[str], None]


def to_stderr(message: str) -> None:
    print(message, file=sys.stderr, flush=True)


@contextmanager
def index_lock(layout: Layout) -> Iterator[None]:
    """Hold the exclusive rebuild lock of `layout`'s index (waits for another holder)."""
    try:
        import fcntl  # here, when a rebuild takes the lock: a search that finds its index fresh never needs it
    except ImportError:  # no flock (Windows): rebuilds are not serialized
        yield
        return
    check_build(layout)  # build/ may be a link, but not into a checkout's glossary/ or sources/ (OutputRefused)
    target = index_dir(layout)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        fd = open_lock_file(target.parent / LOCK_NAME)
    except OSError as exc:
        raise IndexUnwritable(target, exc) from exc
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        yield
    finally:
        os.close(fd)  # releases the lock


def _rebuild(layout: Layout) -> None:
    from .indexer import build_index  # only a rebuild imports the glossary reader

    build_index(layout)


def ensure_fresh(layout: Layout, report: Report = to_stderr) -> Path:
    """The index folder, rebuilt first when it is missing, stale or damaged."""
    target = index_dir(layout)
    if state(layout, target) is None:
        return target
    with index_lock(layout):
        problem = state(layout, target)  # another process may have rebuilt it while we waited
        if problem is not None:
            _rebuild(layout)
            if problem not in (MISSING, STALE):
                report(f"search index in {shown(target)} was damaged ({problem}); rebuilt it")
    return target


def with_index(layout: Layout, use: Callable[[Path], T], report: Report = to_stderr) -> T:
    """`use(index folder)`, after a rebuild if the index is damaged in a way only using it shows."""
    target = ensure_fresh(layout, report)
    try:
        return use(target)
    except SearchUsageError:
        raise
    except Exception as exc:  # noqa: BLE001 - any failure reading the index may be damage
        first = exc
    with index_lock(layout):
        try:
            return use(target)  # rebuilt (or swapped in) by another process while we waited
        except SearchUsageError:
            raise
        except Exception:  # noqa: BLE001
            pass
        _rebuild(layout)
        result = use(target)  # a failure now is not the index's: the caller reports it
    report(f"search index in {shown(target)} was damaged ({describe(first)}); rebuilt it")
    return result
