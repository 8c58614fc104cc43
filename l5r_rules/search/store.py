"""Where the index lives and the files kept beside it (one place for their names).

build/index/ holds the whoosh index (INDEX_NAME), the document table (DOC_TABLE:
what ranking needs of each document, in document-number order), synonyms.json
and the freshness stamp. The indexer writes them; the engine only reads them.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..layout import Layout

INDEX_NAME = "l5r"
DOC_TABLE = "docs.json"
# What ranking and filtering need of each document, so a search reads a stored
# payload only for the hits it prints.
TABLE_FIELDS = ("id", "doctype", "game", "edition", "kind", "concept", "central", "refers")


def index_dir(layout: Layout) -> Path:
    return layout.build / "index"


def write_doc_table(index: Path, table: list[dict]) -> None:
    (index / DOC_TABLE).write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")


def load_doc_table(index: Path) -> list[dict]:
    return json.loads((index / DOC_TABLE).read_text(encoding="utf-8"))
