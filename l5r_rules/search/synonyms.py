"""Judges' synonyms and legacy terms (synonyms.yaml), matched as phrases in a query.

The YAML is read when the index is built and saved beside it as JSON, so that a
search process never imports the YAML parser; editing synonyms.yaml changes the
index's code fingerprint (freshness.py) and so triggers a rebuild. The glossary's
own concept aliases are indexed with the entries instead.
"""

from __future__ import annotations

import json
from pathlib import Path

SYNONYMS_FILE = Path(__file__).resolve().parent / "synonyms.yaml"
JSON_NAME = "synonyms.json"

Table = dict[tuple[str, ...], tuple[str, ...]]


def read_yaml(path: Path = SYNONYMS_FILE) -> dict[str, list[str]]:
    """Typed phrase -> rulebook phrases, as written in the YAML (keys lowercased)."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
    return {
        " ".join(str(k).lower().split()): [str(v) for v in values] for k, values in (data.get("synonyms") or {}).items()
    }


def write_json(index_dir: Path, path: Path = SYNONYMS_FILE) -> None:
    (index_dir / JSON_NAME).write_text(json.dumps(read_yaml(path), ensure_ascii=False), encoding="utf-8")


def as_table(raw: dict[str, list[str]]) -> Table:
    return {tuple(k.split()): tuple(v) for k, v in raw.items()}


def load(index_dir: Path | None) -> Table:
    """The synonyms saved with the index (or straight from the YAML when there is none).
    A damaged synonyms.json raises store.IndexDamaged: a search never reads the YAML."""
    if index_dir is not None:
        from .store import read_json

        return as_table(read_json(index_dir, JSON_NAME, dict))
    return as_table(read_yaml())
