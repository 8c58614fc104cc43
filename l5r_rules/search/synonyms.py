"""Judges' synonyms and players' words (glossary/_synonyms.yaml), matched as phrases in a query.

`synonyms` are judges' words and legacy terms; `player_words` are the bridges from what real players
typed to the rulebooks' words, each with the real question that needed it (issue 23). Both are read
into one table: a typed phrase -> rulebook words searched beside it.

Glossary data: read through the safe loader and its schema (schemas/synonyms.schema.json), checked by
validate (L5R126) and by tests/test_search_synonyms.py. The YAML is read when the index is built and
saved beside it as JSON, so that a search process never imports the YAML parser; editing the file
changes the glossary's fingerprint (freshness.py) and so triggers a rebuild. The glossary's own
concept aliases are indexed with the entries instead.
"""

from __future__ import annotations

from pathlib import Path

from ..layout import Layout
from .store import read_json

JSON_NAME = "synonyms.json"

Table = dict[tuple[str, ...], tuple[str, ...]]


def read_yaml(layout: Layout) -> dict[str, list[str]]:
    """Typed phrase -> rulebook phrases, as written in the YAML (keys lowercased, spaces collapsed);
    a file validate would refuse raises yamlio.GlossaryFileError (one line)."""
    from ..kb import load_checked  # here, at a build only: a search's start need not import the YAML reader

    if not layout.synonyms.exists():
        return {}
    data = load_checked(layout.synonyms, "synonyms")
    table = {" ".join(str(k).lower().split()): [str(v) for v in values] for k, values in data["synonyms"].items()}
    # players' words (issue 23): read as synonyms; validate refuses a key in both (L5R127)
    for key, bridge in (data.get("player_words") or {}).items():
        table.setdefault(" ".join(str(key).lower().split()), [str(v) for v in bridge["words"]])
    return table


def as_table(raw: dict[str, list[str]]) -> Table:
    return {tuple(k.split()): tuple(v) for k, v in raw.items()}


def load(index_dir: Path) -> Table:
    """The synonyms saved with the index. A damaged synonyms.json raises store.IndexDamaged: a search
    never reads the YAML."""
    return as_table(read_json(index_dir, JSON_NAME, dict))
