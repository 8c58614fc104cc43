"""What the index stores for each document: exactly what results, `show` and `compare` print.

One place builds these records, so the search JSON, `show --json` and `compare --json`
agree on field names. Site permalinks come from l5r_rules/urls.py, the site's own page paths.
"""

from __future__ import annotations

from ..related import related_ids
from ..urls import concept_page, entry_page, permalink


def entry_url(entry_id: str) -> str:
    return permalink(entry_page(entry_id))


def concept_url(concept_id: str) -> str:
    return permalink(concept_page(concept_id))


def concepts_of_entries(concepts: dict[str, dict]) -> dict[str, list[str]]:
    """entry id -> ids of the concepts that list it, in id order (the first is the entry's concept)."""
    out: dict[str, list[str]] = {}
    for cid in sorted(concepts):
        for ids in (concepts[cid].get("entries") or {}).values():
            for eid in ids:
                if cid not in out.setdefault(eid, []):
                    out[eid].append(cid)
    return out


def concept_of_entries(concepts: dict[str, dict]) -> dict[str, str]:
    """entry id -> id of the concept that lists it (first concept wins, in id order)."""
    return {eid: cids[0] for eid, cids in concepts_of_entries(concepts).items()}


def entry_payload(entry: dict, concept: str | None, document_title: str | None) -> dict:
    source = entry.get("source") or {}
    translation = entry.get("translation")
    return {
        "id": entry["id"],
        "term": entry["term"],
        "game": entry["game"],
        "edition": entry["edition"],
        "kind": entry["kind"],
        "lang": entry.get("lang", "en"),
        "text": entry["text"],
        "translation": (
            {"lang": translation.get("lang", "en"), "text": translation["text"], "unofficial": True}
            if translation
            else None
        ),
        "source": {
            "document": source.get("document"),
            "title": document_title,
            "section": list(source.get("section") or []),
            "page": source.get("page"),
            **{k: source[k] for k in ("page_end", "page_from", "page_breaks") if source.get(k)},
        },
        "order": entry.get("order"),
        "aliases": list(entry.get("aliases") or []),
        "related": related_ids(entry),  # curated, then the book's own (l5r_rules/related.py)
        "concept": concept,
        "url": entry_url(entry["id"]),
    }


def concept_payload(concept: dict) -> dict:
    return {
        "id": concept["id"],
        "title": concept["title"],
        "games": list(concept.get("games") or []),
        "aliases": list(concept.get("aliases") or []),
        "summary": concept["summary"],
        "summary_evidence": [dict(q) for q in concept.get("summary_evidence") or []],
        "entries": {ed: list(ids) for ed, ids in (concept.get("entries") or {}).items()},
        "differences": [dict(d) for d in concept.get("differences") or []],
        "same_in_all_editions": bool(concept.get("same_in_all_editions", False)),
        "related": list(concept.get("related") or []),
        "cross_game": [dict(c) for c in concept.get("cross_game") or []],
        "reviewed": dict(concept["reviewed"]) if concept.get("reviewed") else None,
        "url": concept_url(concept["id"]),
    }


def errata_payload(record: dict) -> dict:
    return dict(record)
