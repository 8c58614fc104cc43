"""Is the index older than the glossary? A content hash of every file under glossary/.

Hashing ~900 files on every run would cost more than the query, so the stamp beside
the index also keeps a cheap stat signature: the path, size and mtime of every
glossary file and of the code that shapes the index (schema, analyzers, indexer).
Equal signature: fresh, at the cost of one stat per file and no hashing. Different
signature: hash the contents; equal hash: fresh (the stamp is refreshed), else the
index is rebuilt. Because the code is in the hash too, changing the schema or the
indexer never leaves an old-format index behind.

`state()` also tells a missing index (built silently) from a damaged one (a folder
without a readable stamp, or a file where the folder should be), which the caller
reports as it rebuilds (repair.py); it costs nothing more when the stamp is fine.
"""

from __future__ import annotations

import json
import os
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


def stat_signature(files: list[tuple[str, str, os.stat_result]]) -> str:
    return "\n".join(f"{label}\0{st.st_size}\0{st.st_mtime_ns}" for label, _, st in files)


def content_hash(files: list[tuple[str, str, os.stat_result]]) -> str:
    import hashlib  # only when the signature changed

    digest = hashlib.sha256()
    for label, path, _ in files:
        with open(path, "rb") as f:
            digest.update(label.encode() + b"\0" + hashlib.sha256(f.read()).digest())
    return digest.hexdigest()


def current_stamp(layout: Layout) -> dict:
    files = _inputs(layout)
    return {"content": content_hash(files), "stat": stat_signature(files)}


def write_stamp(index_dir: Path, stamp: dict) -> None:
    tmp = index_dir / (STAMP_NAME + ".tmp")
    tmp.write_text(json.dumps(stamp), encoding="utf-8")
    os.replace(tmp, index_dir / STAMP_NAME)


def read_stamp(index_dir: Path) -> dict | None:
    try:
        stamp = json.loads((index_dir / STAMP_NAME).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if not isinstance(stamp, dict) or not all(isinstance(stamp.get(k), str) for k in ("content", "stat")):
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
    """None when the index matches the glossary and code (a stale stat signature is refreshed on
    the way); else MISSING, STALE, or what is damaged ("fingerprint.json is unreadable")."""
    return None if is_fresh(layout, index_dir) else STALE if read_stamp(index_dir) else _unstamped(index_dir)


def is_fresh(layout: Layout, index_dir: Path) -> bool:
    """True when the index matches the glossary and code; refreshes a stale stat signature on the way."""
    stamp = read_stamp(index_dir)
    if stamp is None:
        return False
    files = _inputs(layout)
    stat = stat_signature(files)
    if stamp["stat"] == stat:
        return True
    if stamp["content"] != content_hash(files):
        return False
    try:
        write_stamp(index_dir, {"content": stamp["content"], "stat": stat})
    except OSError:
        pass  # read-only build dir: still fresh, just slower next time
    return True
