"""The ways a search can fail that its commands report as one line (commands/clierrors.py).

One module, so the engine, the indexer and the self-repair (repair.py) raise the same
kinds and the commands map each to one exit code.
"""

from __future__ import annotations

import os
from pathlib import Path


class SearchUsageError(ValueError):
    """A filter value or query the user must change (shown as one line, exit code 2)."""


class IndexDamaged(Exception):
    """A file of build/index is missing or unreadable; repair.py rebuilds the index."""


class IndexUnwritable(Exception):
    """The index cannot be rebuilt where it lives (build/ not writable, or not a folder): exit 2."""

    def __init__(self, target: Path, exc: OSError):
        what = exc.strerror or type(exc).__name__
        where = f": {shown(Path(exc.filename))}" if exc.filename else ""
        advice = f"make {shown(target.parent)} a writable folder, or delete {shown(target)} and retry"
        if isinstance(exc, IsADirectoryError) and exc.filename:  # a folder where the index or its lock keeps a
            advice = f"remove the folder {shown(Path(exc.filename))} (a file of the index goes there) and retry"
        super().__init__(f"cannot rebuild the search index in {shown(target)} ({what}{where}); {advice}")


def shown(path: Path) -> str:
    """`path` as the user will find it: relative to the current folder when it is under it."""
    try:
        rel = os.path.relpath(path)
    except ValueError:  # another drive
        return str(path)
    return str(path) if rel.startswith("..") else rel


def describe(exc: BaseException) -> str:
    """What went wrong reading the index, in a few words (the file, when known)."""
    if isinstance(exc, OSError) and exc.filename:
        return f"{Path(exc.filename).name}: {exc.strerror or type(exc).__name__}"
    if isinstance(exc, IndexDamaged):
        return str(exc)
    name = type(exc).__name__
    if name == "error":  # struct.error, zlib.error: say whose
        name = f"{type(exc).__module__}.{name}"
    if name == "EmptyIndexError":  # whoosh: no table of contents
        return "the whoosh table of contents (_l5r_*.toc) is missing"
    text = str(exc).splitlines()[0] if str(exc) else ""
    text = f"{name}: {text}" if text else name
    return text if len(text) <= 100 else text[:99] + "…"
