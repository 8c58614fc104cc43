"""The whole knowledge base as one JSON document or as JSON Lines, for other tools.

Everything under glossary/ travels: the sources registry, entries, concepts,
errata, the card index, the authority ladder and the skip list (what was left out
of the books and why), each with the JSON Schema it follows. Entries come in
reading order (edition order, then source order), everything else by id, so two
exports of the same glossary are byte-identical.
"""

from __future__ import annotations

import dataclasses
import json
import os
from pathlib import Path

from .checked import load_checked
from .filetx import discard, temp_name, write_new
from .kb import load_kb
from .layout import Layout
from .schemas import schema

FORMAT_ID = "l5r-rules-export/2"
SCHEMAS = ("sources", "entry", "concept", "errata", "card", "authority", "skip", "errata_curated", "card_names")
# JSON Lines: record type -> key of the JSON document, in output order.
RECORDS = (
    ("game", "games"),
    ("edition", "editions"),
    ("document", "documents"),
    ("entry", "entries"),
    ("concept", "concepts"),
    ("errata", "errata"),
    ("card", "cards"),
    ("authority", "authority"),
    ("skip", "skip"),
    ("errata_curated", "errata_curated"),
    ("card_names", "card_names"),
)


def export_records(layout: Layout) -> dict:
    kb = load_kb(layout.root)
    entries = sorted(kb.entries.values(), key=lambda e: (kb.registry.rank(e["edition"]), e.get("order", 0), e["id"]))
    return {
        "format": FORMAT_ID,
        "schemas": {name: schema(name) for name in SCHEMAS},
        **kb.registry.to_json(),
        "documents": [dataclasses.asdict(d) for d in kb.documents.values()],
        "entries": entries,
        "concepts": [kb.concepts[k] for k in sorted(kb.concepts)],
        "errata": [kb.errata[k] for k in sorted(kb.errata)],
        "cards": [kb.cards[k] for k in sorted(kb.cards)],
        "authority": [kb.authority] if kb.authority else [],
        "skip": kb.skip,
        # the hand-curated inputs of errata/ and cards/ (our summaries, card names read in examples)
        "errata_curated": _optional(layout.errata_curated, "errata_curated", "L5R072"),
        "card_names": _optional(layout.card_names, "card_names", "L5R073"),
    }


def _optional(path, schema_name: str, code: str) -> list:
    return [load_checked(path, schema_name, code)] if path.exists() else []


def export_text(layout: Layout, fmt: str) -> str:
    data = export_records(layout)
    if fmt == "json":
        return json.dumps(data, ensure_ascii=False, indent=1) + "\n"
    lines = [json.dumps({"type": "format", "data": data["format"]})]
    lines += [
        json.dumps({"type": "schema", "name": n, "data": s}, ensure_ascii=False) for n, s in data["schemas"].items()
    ]
    for kind, key in RECORDS:
        lines += [json.dumps({"type": kind, "data": rec}, ensure_ascii=False) for rec in data[key]]
    return "\n".join(lines) + "\n"


def write_atomically(path: str | Path, text: str) -> None:
    """Write the whole file or nothing; it gets the permissions a new file normally gets (umask)."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = temp_name(path)  # one name: what a killed export left there is replaced by the next one
    try:
        write_new(tmp, text.encode("utf-8"), mode=0o666)  # never through a link planted at the name
        os.replace(tmp, path)
    except OSError as exc:  # a full disk (EFBIG, ENOSPC): name the file and what is kept
        discard(tmp)
        kept = "the old file is unchanged" if path.exists() else "no file was made"
        raise OSError(exc.errno, f"{exc.strerror or exc}; nothing was written ({kept})", str(path)) from exc
    except BaseException:
        discard(tmp)
        raise
