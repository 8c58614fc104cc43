"""Where the index lives and the files kept beside it (one place for their names).

build/index/ holds the whoosh index (INDEX_NAME), the document table (DOC_TABLE:
what ranking needs of each document, in document-number order), how many documents
fill each field that is averaged over those alone (FIELD_DOCS), synonyms.json and
the freshness stamp. The indexer writes them; the engine only reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..layout import Layout

INDEX_NAME = "l5r"
DOC_TABLE = "docs.json"
FIELD_DOCS = "field-docs.json"  # field -> number of documents that have it (fields.AVERAGED_OVER_FILLED)
# What ranking and filtering need of each document, so a search reads a stored
# payload only for the hits it prints.
TABLE_FIELDS = ("id", "doctype", "game", "edition", "kind", "concept", "central", "refers")


def index_dir(layout: Layout) -> Path:
    return layout.build / "index"


def write_doc_table(index: Path, table: list[dict]) -> None:
    (index / DOC_TABLE).write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")


def load_doc_table(index: Path) -> list[dict]:
    return json.loads((index / DOC_TABLE).read_text(encoding="utf-8"))


def write_field_docs(index: Path, counts: dict[str, int]) -> None:
    (index / FIELD_DOCS).write_text(json.dumps(counts, sort_keys=True), encoding="utf-8")


def load_field_docs(index: Path) -> dict[str, int]:
    return json.loads((index / FIELD_DOCS).read_text(encoding="utf-8"))
