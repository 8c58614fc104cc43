"""The site's output directory: never someone else's data, swapped in crash-safely.

`build --out DIR` may only replace a directory that is absent, empty, or carries
the marker file (`MARKER`) that a previous build left in it. Anything else (the
checkout, `glossary/`, a home directory, any folder without the marker) is
refused before anything is touched, by the rule every writer follows
(l5r_rules/outputs.py).

The new site is built next to DIR (`.DIR.tmp-*`) and exchanged with the old one
in one `renameat2(RENAME_EXCHANGE)` call, so at every instant the output name
holds either the old or the new site. Where the kernel or file system cannot
exchange, two renames are used (`DIR` -> `.DIR.old-*`, new -> `DIR`), and the
next build puts a stranded old site back if a crash fell between them. Leftovers
of killed builds are removed by the next build; builds of one checkout are
serialized by a lock file in `build/`.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import errno
import json
import os
import shutil
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from ..locks import file_lock
from ..outputs import SITE_LOCK

MARKER = ".l5r-rules-site"
LOCK_NAME = SITE_LOCK
# Fault injection for the crash-safety test: the build kills itself at this point.
FAULT_ENV = "L5R_BUILD_FAULT"
NO_EXCHANGE_ENV = "L5R_BUILD_NO_EXCHANGE"


def tmp_prefix(out: Path) -> str:
    return f".{out.name}.tmp-"


def old_prefix(out: Path) -> str:
    return f".{out.name}.old-"


def is_site(path: Path, marker: str = MARKER) -> bool:
    return (path / marker).is_file() and not (path / marker).is_symlink()


def _files(site: Path) -> Iterator[tuple[str, int]]:
    """(path relative to `site`, modification time in ns) of every file and link under `site`, the marker aside."""
    for dirpath, _dirs, names in os.walk(site):
        for name in names:
            path = Path(dirpath, name)
            if path.parent == site and name == MARKER:
                continue
            try:
                yield path.relative_to(site).as_posix(), path.lstat().st_mtime_ns
            except OSError:
                continue


def write_marker(site: Path) -> None:
    """The marker, last: its modification time is at least every file's the build wrote (a file copied with
    its own time, as mkdocs copies assets, may carry a later one), so a file newer than it came afterwards."""
    marker = site / MARKER
    marker.write_text(json.dumps({"built_by": "l5r-rules build", "time": time.time()}) + "\n", encoding="utf-8")
    latest = max((ns for _, ns in _files(site)), default=0)
    if latest > marker.stat().st_mtime_ns:
        os.utime(marker, ns=(latest, latest))


def changed_since_built(site: Path) -> list[str]:
    """The files of a built site that are newer than its marker (added or edited after the build), sorted. A
    build replaces the site whole, so they would be lost: a CNAME or notes put there vanished without a word
    (hostile round 9, #43). A file copied in with its old time kept (cp -p) is not seen."""
    built = (site / MARKER).stat().st_mtime_ns
    return sorted(rel for rel, ns in _files(site) if ns > built)


def clean_leftovers(out: Path, work_parent: Path, work_prefix: str) -> list[str]:
    """Remove what killed builds left; put a stranded old site back. Call with the lock held."""
    removed: list[str] = []
    parent = out.parent
    olds = sorted(parent.glob(old_prefix(out) + "*")) if parent.is_dir() else []
    if not out.exists() and olds and is_site(olds[-1]):
        olds[-1].rename(out)  # a crash between the two renames of the fallback swap
        olds = olds[:-1]
    leftovers = olds + (sorted(parent.glob(tmp_prefix(out) + "*")) if parent.is_dir() else [])
    leftovers += sorted(work_parent.glob(work_prefix + "*")) if work_parent.is_dir() else []
    for path in leftovers:
        if path.is_dir() and not path.is_symlink():
            shutil.rmtree(path, ignore_errors=True)
            removed.append(path.name)
    return removed


def build_lock(folder: Path, say: Callable[[str], None]):
    """Hold an exclusive lock on `folder`/LOCK_NAME; a second build waits and says so."""

    path = folder / LOCK_NAME
    return file_lock(path, f"another build of this checkout is running (lock {path}); waiting for it to finish", say)


def fault(point: str) -> None:
    """Die here, as a kill would, when the fault-injection variable names this point (tests only)."""
    if os.environ.get(FAULT_ENV) == point:
        os._exit(137)


_RENAME_EXCHANGE = 2
_AT_FDCWD = -100


def _exchange(a: Path, b: Path) -> bool:
    """Atomically swap two paths (Linux renameat2); False where that is not available."""
    if os.environ.get(NO_EXCHANGE_ENV):
        return False
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        renameat2 = libc.renameat2
    except (OSError, AttributeError):
        return False
    renameat2.argtypes = [ctypes.c_int, ctypes.c_char_p, ctypes.c_int, ctypes.c_char_p, ctypes.c_uint]
    if renameat2(_AT_FDCWD, os.fsencode(a), _AT_FDCWD, os.fsencode(b), _RENAME_EXCHANGE) == 0:
        return True
    err = ctypes.get_errno()
    if err in (errno.ENOSYS, errno.EINVAL, errno.ENOTSUP, errno.EOPNOTSUPP):
        return False
    raise OSError(err, os.strerror(err), str(b))


def swap_in(new_site: Path, out: Path) -> None:
    """Make `new_site` the site under `out`; the old site, if any, is removed afterwards."""
    if out.exists():
        fault("before-swap")
        if _exchange(new_site, out):
            fault("after-swap")
            shutil.rmtree(new_site, ignore_errors=True)  # now holds the old site
            return
        old = out.with_name(f"{old_prefix(out)}{time.time_ns()}")
        out.rename(old)
        fault("between-renames")
        try:
            new_site.rename(out)
        except OSError:
            old.rename(out)
            raise
        fault("after-swap")
        shutil.rmtree(old, ignore_errors=True)
    else:
        new_site.rename(out)
