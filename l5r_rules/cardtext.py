"""How the errata and card generators read the entries, shared with validate's checks of their curated data.

One place for each reading rule, so that `l5r-rules validate` (checks/curated.py)
and the generators (generate/errata.py, generate/cards.py) can never disagree about which entries are card errata, what
the items of a "What's new" list are, or whether an entry's text names a card.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from .normalize import collapse


def card_erratum_entries(entries: Iterable[dict], edition: str) -> list[dict]:
    """The edition's card errata, in book order: entries of kind `errata` filed as errata section > set > card."""
    found = (
        e for e in entries if e["edition"] == edition and e["kind"] == "errata" and len(e["source"]["section"]) == 3
    )
    return sorted(found, key=lambda e: e["order"])


def whats_new_items(entry: dict) -> list[str]:
    """The items of a "What's new" list: the entry's paragraphs after the intro."""
    return [p.strip() for p in entry["text"].split("\n\n")[1:] if p.strip()]


def card_text(entry: dict) -> str:
    """An entry's text as card names are looked up in it: emphasis marks dropped, whitespace collapsed."""
    return collapse(entry["text"].replace("*", ""))


def card_name_pattern(name: str) -> re.Pattern:
    """The card name as a whole name: a one-word name ("Kakita") must not be the family name of
    another card ("Kakita Kaiten"), so it may not be followed by a capitalized word."""
    tail = r"(?!\w)(?!\s+[A-Z])" if " " not in name else r"(?!\w)"
    return re.compile(rf"(?<!\w){re.escape(name)}{tail}")


def curated_cards(book: dict) -> list[dict]:
    """A book's cards in glossary/_card_names.yaml as {name, also_spelled, note}, a plain name included."""
    out = []
    for item in book.get("cards") or []:
        if isinstance(item, str):
            out.append({"name": item, "also_spelled": []})
        else:
            out.append({"also_spelled": [], **item})
    return out


def names_card(text: str, spellings: list[str]) -> bool:
    """Whether a text (`card_text`) names the card by any of its spellings, each as a whole name."""
    return any(name in text and card_name_pattern(name).search(text) for name in spellings)
