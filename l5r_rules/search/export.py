"""The knowledge base as one JSON document or as JSON Lines, for other tools.

Entries come in reading order (edition order, then source order) so two exports of
the same glossary are byte-identical. The schemas travel with the data.
"""

from __future__ import annotations

import dataclasses
import json
import os
import tempfile
from pathlib import Path

from ..kb import load_kb
from ..layout import Layout
from ..schemas import schema
from ..vocab import EDITION_ORDER

FORMAT_ID = "l5r-rules-export/1"


def export_records(layout: Layout) -> dict:
    kb = load_kb(layout.root)
    rank = {e.value: i for i, e in enumerate(EDITION_ORDER)}
    entries = sorted(kb.entries.values(), key=lambda e: (rank.get(e["edition"], 99), e.get("order", 0), e["id"]))
    return {
        "format": FORMAT_ID,
        "schemas": {name: schema(name) for name in ("entry", "concept", "errata")},
        "documents": [dataclasses.asdict(d) for d in kb.documents.values()],
        "entries": entries,
        "concepts": [kb.concepts[k] for k in sorted(kb.concepts)],
        "errata": [kb.errata[k] for k in sorted(kb.errata)],
    }


def export_text(layout: Layout, fmt: str) -> str:
    data = export_records(layout)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    lines = [json.dumps({"type": "format", "data": data["format"]})]
    lines += [json.dumps({"type": "schema", "name": n, "data": s}, ensure_ascii=False) for n, s in data["schemas"].items()]
    for kind, key in (("document", "documents"), ("entry", "entries"), ("concept", "concepts"), ("errata", "errata")):
        lines += [json.dumps({"type": kind, "data": rec}, ensure_ascii=False) for rec in data[key]]
    return "\n".join(lines) + "\n"


def write_atomically(path: str | Path, text: str) -> None:
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
