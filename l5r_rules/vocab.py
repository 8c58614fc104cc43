"""Closed vocabularies used everywhere: games, editions, entry kinds, languages.

These ids appear in file paths, CLI filters, JSON output and URLs. The sources
registry (``glossary/_sources.yaml``) maps each edition to its document.
"""

from __future__ import annotations

import re
import unicodedata
from enum import StrEnum


class Game(StrEnum):
    CCG = "ccg"
    LCG = "lcg"
    BFR = "bfr"


class Edition(StrEnum):
    GOLD = "gold"
    LOTUS = "lotus"
    IVORY = "ivory"
    LCG = "lcg"
    BFR = "bfr"


GAME_OF_EDITION: dict[Edition, Game] = {
    Edition.GOLD: Game.CCG,
    Edition.LOTUS: Game.CCG,
    Edition.IVORY: Game.CCG,
    Edition.LCG: Game.LCG,
    Edition.BFR: Game.BFR,
}

# Front-to-back order used when editions are shown side by side (publication order).
EDITION_ORDER: tuple[Edition, ...] = (
    Edition.GOLD, Edition.LOTUS, Edition.IVORY, Edition.LCG, Edition.BFR,
)


class Kind(StrEnum):
    RULE = "rule"
    GLOSSARY_TERM = "glossary-term"
    EXAMPLE = "example"
    ERRATA = "errata"
    CHANGES = "changes"
    TIMING_STEP = "timing-step"
    CARD_ANATOMY = "card-anatomy"
    OVERVIEW = "overview"


class Lang(StrEnum):
    EN = "en"
    DE = "de"


_SLUG_DROP = re.compile(r"[^a-z0-9]+")
_GERMAN = str.maketrans({"ä": "ae", "ö": "oe", "ü": "ue", "ß": "ss", "Ä": "ae", "Ö": "oe", "Ü": "ue"})


def slugify(text: str) -> str:
    """Lowercase-hyphen slug: 'Yu (Gold Edition)' -> 'yu-gold-edition', 'Kämpfe' -> 'kaempfe'."""
    text = text.translate(_GERMAN)
    text = unicodedata.normalize("NFKD", text).encode("ascii", "ignore").decode()
    return _SLUG_DROP.sub("-", text.lower()).strip("-")


SLUG_PATTERN = r"^[a-z0-9]+(-[a-z0-9]+)*$"
