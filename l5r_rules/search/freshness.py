"""Is the index older than the glossary? A content hash of every file under glossary/.

Hashing ~1,000 files on every run would cost more than the query, so the stamp beside
the index also keeps a cheap stat signature (path, size, mtime). Equal signature: fresh.
Different signature: hash the contents; equal hash: fresh (the stamp is refreshed),
else the index is rebuilt. The code that shapes the index is part of the hash too, so
changing the schema or the indexer never leaves an old-format index behind.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from pathlib import Path

from ..layout import Layout

STAMP_NAME = "fingerprint.json"
_CODE_FILES = ("analysis.py", "decompound.py", "fields.py", "indexer.py", "payloads.py", "synonyms.py", "synonyms.yaml")


def glossary_files(layout: Layout) -> list[Path]:
    out: list[Path] = []
    for dirpath, dirnames, filenames in os.walk(layout.glossary):
        dirnames[:] = sorted(d for d in dirnames if not d.startswith("."))
        out.extend(Path(dirpath) / f for f in filenames if not f.startswith("."))
    return sorted(out)


def code_version() -> str:
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in _CODE_FILES:
        digest.update((here / name).read_bytes())
    return digest.hexdigest()[:16]


def stat_signature(layout: Layout, files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        st = path.stat()
        digest.update(f"{path.relative_to(layout.glossary)}\0{st.st_size}\0{st.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def content_hash(layout: Layout, files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.relative_to(layout.glossary)).encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


@dataclass(frozen=True)
class Stamp:
    code: str
    content: str
    stat: str

    def write(self, index_dir: Path) -> None:
        tmp = index_dir / (STAMP_NAME + ".tmp")
        tmp.write_text(json.dumps(self.__dict__), encoding="utf-8")
        os.replace(tmp, index_dir / STAMP_NAME)

    @classmethod
    def read(cls, index_dir: Path) -> "Stamp | None":
        try:
            data = json.loads((index_dir / STAMP_NAME).read_text(encoding="utf-8"))
            return cls(code=data["code"], content=data["content"], stat=data["stat"])
        except (OSError, ValueError, KeyError, TypeError):
            return None


def current_stamp(layout: Layout, files: list[Path] | None = None) -> Stamp:
    files = glossary_files(layout) if files is None else files
    return Stamp(code_version(), content_hash(layout, files), stat_signature(layout, files))


def is_fresh(layout: Layout, index_dir: Path) -> bool:
    """True when the index matches the glossary; refreshes a stale stat signature on the way."""
    stamp = Stamp.read(index_dir)
    if stamp is None or stamp.code != code_version():
        return False
    files = glossary_files(layout)
    stat = stat_signature(layout, files)
    if stamp.stat == stat:
        return True
    if stamp.content != content_hash(layout, files):
        return False
    try:
        Stamp(stamp.code, stamp.content, stat).write(index_dir)
    except OSError:
        pass  # read-only build dir: still fresh, just slower next time
    return True
