"""The related entries readers show: the ids a person chose, then those the book gives.

An entry keeps them apart on disk so that no generator can drop a person's work:
`related` is curated (only a person writes it) and `related_from_book` is generated
by `l5r-rules link` from the rulebook's own cross-references (every run rewrites it).
The site, `show`, search and the API's readers show one list: this one.
"""

from __future__ import annotations


def related_ids(entry: dict) -> list[str]:
    """`related` (curated) then `related_from_book` (generated), each id once, in that order."""
    ids = [*(entry.get("related") or []), *(entry.get("related_from_book") or [])]
    return list(dict.fromkeys(i for i in ids if isinstance(i, str)))
