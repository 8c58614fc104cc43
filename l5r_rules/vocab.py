"""Closed vocabularies of the code: entry kinds, and the slug rule for ids.

Games and editions are data, not code: the registry (``glossary/_sources.yaml``,
read through ``l5r_rules/editions.py``) lists them once for every reader.
"""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum


class Kind(StrEnum):
    RULE = "rule"
    GLOSSARY_TERM = "glossary-term"
    EXAMPLE = "example"
    ERRATA = "errata"
    CHANGES = "changes"
    TIMING_STEP = "timing-step"
    CARD_ANATOMY = "card-anatomy"
    OVERVIEW = "overview"


# The languages a source document may be in (`language` in sources.schema.json), by name.
LANGUAGE_NAMES = {"en": "English", "de": "German"}

_SLUG_DROP = re.compile(r"[^a-z0-9]+")
_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue"})


def slugify(text: str) -> str:
    """Lowercase-hyphen slug: 'Yu (Gold Edition)' -> 'yu-gold-edition', 'Kämpfe' -> 'kaempfe'."""
    text = text.translate(_GERMAN)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _SLUG_DROP.sub("-", text.lower()).strip("-")
