"""Curated fields: everything in an entry file that the importer does not produce.

Import rewrites the imported fields (run.IMPORTED) from the sources and keeps
every other field as it is: the known curated ones (aliases, related,
translation) and any field added later, so that nothing written by hand is
lost because the importer's list was not updated.

When a source heading is renamed, its entry's id changes and the old file would
vanish with its curated fields. `suggest_replacements` finds the new id that most
likely replaces it (same document, most similar text, then nearest position),
so that import can name it and `--accept-renames` can carry the fields over.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

from .fields import CURATED, GENERATED, IMPORTED

ACCEPT_SIMILARITY = 0.8  # --accept-renames takes a suggestion whose text is at least this similar
TAKEN_SIMILARITY = 0.5  # an id is taken over only by an old entry at least this similar to the id's new text


def curated_fields(data: dict) -> list[str]:
    """The keys of an existing entry that import does not produce, nor link, and that hold something."""
    return [k for k, v in data.items() if k not in IMPORTED and k not in GENERATED and v not in (None, "", [], {})]


def former_ids(old: dict, old_id: str) -> list[str]:
    """The ids a renamed entry had: the old entry's own former ids and the old id (the site keeps a
    redirect page at each, so published permalinks still open the entry)."""
    earlier = old.get("former_ids") if isinstance(old.get("former_ids"), list) else []
    return list(dict.fromkeys([*earlier, old_id]))


def merge_curated(new: dict, old: dict | None) -> dict:
    """The imported entry with the curated fields of `old`: known ones in CURATED order, then the rest."""
    merged = dict(new)
    if not old:
        return merged
    keep = [k for k in CURATED if k in old] + [k for k in old if k not in IMPORTED and k not in CURATED]
    # GENERATED (link's related_from_book) is kept too, last: link rewrites it after the import
    for key in keep:
        merged[key] = old[key]
    return merged


@dataclass(frozen=True)
class Suggestion:
    old: str
    new: str
    similarity: float  # difflib ratio of the two texts, 0..1
    old_order: int | None
    new_order: int

    def describe(self) -> str:
        where = (
            f"same position {self.new_order}"
            if self.old_order == self.new_order
            else f"position {self.old_order} -> {self.new_order}"
        )
        return f"'{self.new}' (text similarity {self.similarity:.2f}, {where})"


def _similarity(a: str, b: str) -> float:
    """difflib ratio of two texts; below 0.3 its cheap upper bound (not worth the full comparison)."""
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    if matcher.real_quick_ratio() < 0.3 or matcher.quick_ratio() < 0.3:
        return matcher.quick_ratio()
    return matcher.ratio()


def taken_over(existing: dict[str, dict], produced: dict[str, dict]) -> set[str]:
    """Ids the sources still produce, but for another section: the entry an id named before vanished, and the id
    now names an entry that an old entry which vanished explains better (a heading "YU" renamed "YU TRAIT" frees
    the id lotus-yu, which the glossary's "Yu", lotus-glossary-yu before, then takes). Its curated fields belong
    to the old section, never to the new one (hostile r2#56/57 moved the rule's onto the glossary term)."""
    gone = {k: str(v.get("text") or "") for k, v in existing.items() if k not in produced}
    out: set[str] = set()
    for k in produced.keys() & existing.keys():
        old, new = existing[k], produced[k]
        section = old.get("source", {}).get("section") if isinstance(old.get("source"), dict) else None
        if not gone or section == new["source"]["section"]:
            continue
        own = _similarity(str(old.get("text") or ""), new["text"])
        if any(_similarity(text, new["text"]) > max(own, TAKEN_SIMILARITY) for text in gone.values()):
            out.add(k)
    return out


def suggest_replacements(vanished: dict[str, dict], appeared: dict[str, dict]) -> dict[str, Suggestion]:
    """old id -> the new id that most likely replaces it; each new id is suggested once.

    `vanished` are the old entries (id -> data) the sources no longer produce,
    `appeared` the new entries of the same document that had no file before.
    Pairs are taken best first: highest text similarity, then nearest order.
    """
    pairs = []
    for old_id, old in vanished.items():
        old_text, old_order = str(old.get("text") or ""), old.get("order")
        for new_id, new in appeared.items():
            if new_id == old_id:  # an id taken over by another section (plan.taken_over) is never its own successor
                continue
            distance = abs(new["order"] - old_order) if isinstance(old_order, int) else 10**6
            pairs.append((-_similarity(old_text, new["text"]), distance, old_id, new_id))
    out: dict[str, Suggestion] = {}
    taken: set[str] = set()
    for score, _distance, old_id, new_id in sorted(pairs):
        if old_id in out or new_id in taken:
            continue
        old_order = vanished[old_id].get("order")
        out[old_id] = Suggestion(
            old_id, new_id, -score, old_order if isinstance(old_order, int) else None, appeared[new_id]["order"]
        )
        taken.add(new_id)
    return out
