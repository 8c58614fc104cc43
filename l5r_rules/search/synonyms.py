"""Judges' synonyms and legacy terms (synonyms.yaml), matched as phrases in a query.

Loaded once per process from the checked-in YAML (a few dozen lines, well under a
millisecond with the C loader); the glossary's own concept aliases are indexed
with the entries instead.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import yaml

SYNONYMS_FILE = Path(__file__).resolve().parent / "synonyms.yaml"


@cache
def synonyms(path: Path = SYNONYMS_FILE) -> dict[tuple[str, ...], tuple[str, ...]]:
    """Typed phrase (as a tuple of lowercase words) -> rulebook phrases."""
    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    data = yaml.load(path.read_text(encoding="utf-8"), Loader=loader) or {}
    out: dict[tuple[str, ...], tuple[str, ...]] = {}
    for key, values in (data.get("synonyms") or {}).items():
        out[tuple(str(key).lower().split())] = tuple(str(v) for v in values)
    return out


@cache
def longest_key() -> int:
    return max((len(k) for k in synonyms()), default=1)
