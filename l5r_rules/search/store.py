"""Where the index lives and the files kept beside it (one place for their names).

build/index/ holds the whoosh index (INDEX_NAME), the document table (DOC_TABLE:
what ranking needs of each document, in document-number order), how many documents
fill each field that is averaged over those alone (FIELD_DOCS), the unstemmed
vocabulary with each word's document frequency (WORDS, vocabulary.py), synonyms.json and
the words that tell a question's game (GAMES, gamewords.py) and
the freshness stamp; beside it the passage index (PASSAGE_INDEX, passages.py) with
PASSAGE_TABLE: the entry of each passage, in passage-number order, and how many passages
fill each field. The indexer writes them; the engine only reads them, and a
file it cannot read raises IndexDamaged naming the file, so repair.py can rebuild.
LOCK_NAME (in build/, beside the index) lets one process at a time rebuild it.
"""

from __future__ import annotations

import json
from pathlib import Path

from ..layout import Layout
from ..outputs import INDEX_LOCK
from .errors import IndexDamaged

INDEX_NAME = "l5r"
DOC_TABLE = "docs.json"
FIELD_DOCS = "field-docs.json"  # field -> number of documents that have it (fields.AVERAGED_OVER_FILLED)
REGISTRY = "registry.json"  # the games and editions of glossary/_sources.yaml (editions.Registry), for filters
# What ranking and filtering need of each document, so a search reads a stored
# payload only for the hits it prints.
TABLE_FIELDS = (
    "id",
    "doctype",
    "game",
    "edition",
    "kind",
    "concept",
    "concepts",
    "central",
    "refers",
    "length",
    "milestone",
    "card_erratum",
    "order",
)
LOCK_NAME = INDEX_LOCK
WORDS = "words.json"  # {word: documents that use it}: the vocabulary of typo tolerance and compound splitting
PASSAGE_INDEX = "passages"
# {"entry": [entry docnum of each passage], "field_docs": {field: passages},
#  "translated": [numbers of the passages cut from a translation]}
PASSAGE_TABLE = "passages.json"
GAMES = "games.json"  # {index term: [game, weight]}: the words that tell a question's game (gamewords.py)


def index_dir(layout: Layout) -> Path:
    return layout.build / "index"


def write_doc_table(index: Path, table: list[dict]) -> None:
    (index / DOC_TABLE).write_text(json.dumps(table, ensure_ascii=False), encoding="utf-8")


def read_json(index: Path, name: str, kind: type):
    """The JSON file `name` of the index, which must hold a `kind`; else IndexDamaged."""
    try:
        data = json.loads((index / name).read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise IndexDamaged(f"{name} is missing") from None
    except (OSError, ValueError) as exc:
        raise IndexDamaged(f"{name} is unreadable: {str(exc)[:60]}") from None
    if not isinstance(data, kind):
        raise IndexDamaged(f"{name} is not a JSON {kind.__name__}")
    return data


def load_doc_table(index: Path) -> list[dict]:
    return read_json(index, DOC_TABLE, list)


def write_field_docs(index: Path, counts: dict[str, int]) -> None:
    (index / FIELD_DOCS).write_text(json.dumps(counts, sort_keys=True), encoding="utf-8")


def load_field_docs(index: Path) -> dict[str, int]:
    return read_json(index, FIELD_DOCS, dict)


def write_registry(index: Path, registry: dict) -> None:
    (index / REGISTRY).write_text(json.dumps(registry, ensure_ascii=False, sort_keys=True), encoding="utf-8")


def load_registry(index: Path) -> dict:
    return read_json(index, REGISTRY, dict)


def write_words(index: Path, counts: dict[str, int]) -> None:
    (index / WORDS).write_text(json.dumps(counts, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def load_words(index: Path) -> dict[str, int]:
    """word -> document frequency (vocabulary.py); IndexDamaged if malformed."""
    data = read_json(index, WORDS, dict)
    if not all(type(n) is int and n > 0 for n in data.values()):
        raise IndexDamaged(f"{WORDS}: a document frequency is not a positive integer")
    return data


def write_games(index: Path, table: dict[str, list]) -> None:
    (index / GAMES).write_text(json.dumps(table, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")


def load_games(index: Path) -> dict[str, list]:
    """index term -> [game, weight] (gamewords.py); IndexDamaged if malformed."""
    data = read_json(index, GAMES, dict)
    ok = all(
        isinstance(v, list) and len(v) == 2 and isinstance(v[0], str) and isinstance(v[1], float) for v in data.values()
    )
    if not ok:
        raise IndexDamaged(f"{GAMES}: a word's game and weight are not a [string, number] pair")
    return data


def write_passage_table(index: Path, entry_of: list[int], field_docs: dict[str, int], translated: list[int]) -> None:
    data = {"entry": entry_of, "field_docs": field_docs, "translated": translated}
    (index / PASSAGE_TABLE).write_text(json.dumps(data, sort_keys=True), encoding="utf-8")


def load_passage_table(index: Path) -> tuple[list[int], dict[str, int], frozenset[int]]:
    """(entry docnum of each passage, field -> passages that fill it, the passages cut from a
    translation); IndexDamaged if malformed."""
    data = read_json(index, PASSAGE_TABLE, dict)
    entry_of, field_docs, translated = data.get("entry"), data.get("field_docs"), data.get("translated")
    if not isinstance(entry_of, list) or not isinstance(field_docs, dict) or not isinstance(translated, list):
        raise IndexDamaged(f"{PASSAGE_TABLE} lacks its entry list, field counts or translated passages")
    if not all(isinstance(n, int) for n in entry_of + translated):
        raise IndexDamaged(f"{PASSAGE_TABLE}: an entry or passage number is not an integer")
    return entry_of, field_docs, frozenset(translated)
