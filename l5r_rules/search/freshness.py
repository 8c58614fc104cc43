"""Is the index older than the glossary? A content hash of every file under glossary/.

Every run hashes the contents of every glossary file and of the code that shapes
the index (schema, analyzers, indexer, hints): about 950 files, 4 MB, ~6 ms. Sizes
and modification times are not trusted: an entry edited to the same size with its
time kept (`cp -p`, `rsync -t`, a restore) must not leave `show` and `search`
quoting the old text. Equal hash: fresh; else the index is rebuilt. Because the
code is in the hash too, changing the schema or the indexer never leaves an
old-format index behind.

`state()` also tells a missing index (built silently) from a damaged one (a folder
without a readable stamp, or a file where the folder should be), which the caller
reports as it rebuilds (repair.py); it costs nothing more when the stamp is fine.
"""

from __future__ import annotations

import hashlib
import json
import os
import stat
from pathlib import Path

from ..layout import Layout

STAMP_NAME = "fingerprint.json"
_HERE = os.path.dirname(os.path.abspath(__file__))
_CODE_FILES = (
    "analysis.py",
    "decompound.py",
    "fields.py",
    "gamewords.py",  # the words that tell a question's game (games.json)
    "indexer.py",
    "passages.py",
    "payloads.py",
    "policy.py",
    "policy.yaml",  # the ranking policy: field boosts, passage sizes, compound parts shape the index
    "store.py",
    "synonyms.py",
    "vocabulary.py",
    "whooshlib.py",  # the index writer and the memo text field
    "../urls.py",
    "../citation.py",
    "../editions.py",
    "../hints.py",
    "../blocks.py",
    "../related.py",
    "../textshape.py",  # passages: which lines are list items (a card diagram's "- Follower -" is none)
)


def _walk(top: str, rel: str = "") -> list[tuple[str, os.stat_result]]:
    """(path relative to `top`, stat) of every file under it, sorted; dot-names skipped."""
    out = []
    with os.scandir(os.path.join(top, rel) if rel else top) as entries:
        for entry in sorted(entries, key=lambda e: e.name):
            if entry.name.startswith("."):
                continue
            name = f"{rel}/{entry.name}" if rel else entry.name
            if entry.is_dir():
                out.extend(_walk(top, name))
            else:
                out.append((name, entry.stat()))
    return out


def _inputs(layout: Layout) -> list[tuple[str, str, os.stat_result]]:
    """(label, absolute path, stat) of every file the index is built from: glossary and code."""
    glossary = str(layout.glossary)
    files = [(f"glossary/{rel}", os.path.join(glossary, rel), st) for rel, st in _walk(glossary)]
    for name in _CODE_FILES:
        path = os.path.join(_HERE, name)
        files.append((f"code/{name}", path, os.stat(path)))
    return files


def content_hash(files: list[tuple[str, str, os.stat_result]]) -> str:
    """SHA-256 over every file's label, length and bytes (read with os.read: the open() wrapper of each
    of ~950 files costs more than the hashing)."""
    digest = hashlib.sha256()
    for label, path, st in files:
        if not stat.S_ISREG(st.st_mode):  # a FIFO would block; a reader refuses it anyway (L5R101)
            digest.update(b"%s\0special\0" % label.encode())
            continue
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
        try:
            chunks = []
            while True:
                chunk = os.read(fd, max(st.st_size + 1, 65536))
                if not chunk:
                    break
                chunks.append(chunk)
        finally:
            os.close(fd)
        data = b"".join(chunks)
        digest.update(b"%s\0%d\0" % (label.encode(), len(data)))
        digest.update(data)
    return digest.hexdigest()


def current_stamp(layout: Layout) -> dict:
    return {"content": content_hash(_inputs(layout))}


def write_stamp(index_dir: Path, stamp: dict) -> None:
    tmp = index_dir / (STAMP_NAME + ".tmp")
    tmp.write_text(json.dumps(stamp), encoding="utf-8")
    os.replace(tmp, index_dir / STAMP_NAME)


def read_stamp(index_dir: Path) -> dict | None:
    try:
        stamp = json.loads((index_dir / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or not isinstance(stamp.get("content"), str):
        return None
    return stamp


MISSING, STALE = "missing", "stale"


def _unstamped(index_dir: Path) -> str:
    """Why there is no usable stamp: MISSING (never built) or what is damaged."""
    if not os.path.lexists(index_dir):
        return MISSING
    if not index_dir.is_dir():
        return "a file where the folder should be"
    stamp = index_dir / STAMP_NAME
    if not stamp.exists():
        return f"{STAMP_NAME} is missing"
    return f"{STAMP_NAME} is unreadable"


def state(layout: Layout, index_dir: Path) -> str | None:
    """None when the index matches the glossary and code; else MISSING, STALE, or what is damaged
    ("fingerprint.json is unreadable")."""
    return None if is_fresh(layout, index_dir) else STALE if read_stamp(index_dir) else _unstamped(index_dir)


def is_fresh(layout: Layout, index_dir: Path) -> bool:
    """True when the index was built from exactly the glossary and code there are now (by content)."""
    stamp = read_stamp(index_dir)
    return stamp is not None and stamp["content"] == content_hash(_inputs(layout))
