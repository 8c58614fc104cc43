"""What each packet's template gets: plain data computed from the knowledge base.

Entry text is rendered by the site's own renderer (l5r_rules/site/textrender.py:
verbatim Markdown, raw HTML disabled), in the site's book order
(`bookorder.book_blocks`: section headings and entries as the source orders them).
"""

from __future__ import annotations

from dataclasses import dataclass

from .. import citation
from ..bookorder import book_blocks
from ..site.sitedata import SiteData
from ..site.textrender import prose_html, render_text
from . import links
from .changes import pair_view
from .qr import qr_data_uri

CONTENTS_DEPTH = 3  # headings of levels 2..3 (top sections and their first sub-sections) go in the contents


@dataclass(frozen=True)
class Common:
    """What every packet prints on its title page and in its footer."""

    data_version: str
    built: str  # UTC date and time
    base_url: str
    placeholder: bool
    paper: str  # CSS page size


def cite(data: SiteData, entry: dict) -> str:
    """'Lotus Edition rulebook (2005): Card States › Bowing, p. 38' (the changes packet: two books)."""
    doc = data.document_of(entry)
    return citation.of_entry(entry, doc.title if doc else None, doc.year if doc else None).with_year()


def where(data: SiteData, entry: dict) -> str:
    """'Lotus Edition · Card States › Bowing, p. 38' (the edition packet, whose title page names the book)."""
    return f"{data.registry.label(entry['edition'])} · {citation.of_entry(entry).where}"


def _breaks(data: SiteData, entry: dict) -> tuple:
    """Where the entry's source itself breaks a sentence off: the packet says so, as the site does."""
    doc = data.document_of(entry)
    return doc.source_breaks() if doc else ()


def _entry(data: SiteData, entry: dict, base: str) -> dict:
    url = links.entry_url(base, entry["id"])
    translation = entry.get("translation")
    return {
        "id": entry["id"],
        "term": entry["term"],
        "kind": entry["kind"],
        "lang": entry.get("lang", "en"),
        "cite": where(data, entry),
        "text": render_text(entry["text"], breaks=_breaks(data, entry)),
        "translation": render_text(translation["text"]) if translation else None,
        "url": url,
        "short_url": links.short(url),
        "qr": qr_data_uri(url),
    }


def edition_context(data: SiteData, edition: str, common: Common) -> dict:
    rows = data.by_edition[edition]
    blocks = []
    for block in book_blocks(rows):
        if block["kind"] == "section":
            blocks.append({**block, "id": block["anchor"]})
        else:
            entry = _entry(data, block["entry"], common.base_url)
            blocks.append(
                {"kind": "entry", "level": block["level"], "id": entry["id"], "title": entry["term"], "entry": entry}
            )
    contents = [b for b in blocks if b["level"] <= CONTENTS_DEPTH]
    return {
        "kind": "edition",
        "edition": edition,
        "label": data.registry.label(edition),
        "doc": data.document_for_edition(edition),
        "count": len(rows),
        "translated": sum(1 for e in rows if e.get("translation")),
        "blocks": blocks,
        "contents": contents,
        "common": common,
    }


def _book_position(data: SiteData, concept: dict, edition: str) -> int:
    orders = [data.entries[i]["order"] for i in concept["entries"].get(edition, []) if i in data.entries]
    return min(orders) if orders else 1 << 30


def _rows(data: SiteData, concept: dict, edition: str) -> list[dict]:
    return [data.entries[i] for i in concept.get("entries", {}).get(edition, []) if i in data.entries]


def _differences(concept: dict, pair: tuple[str, str]) -> list[dict]:
    """The concept's own-words points about these two editions: those naming only editions of the pair,
    or naming both of them (a point without editions applies to all)."""
    out = []
    for point in concept.get("differences") or []:
        named = set(point.get("editions") or pair)
        if named <= set(pair) or set(pair) <= named:
            out.append(point)
    return out


def changes_context(data: SiteData, pair: tuple[str, str], common: Common) -> dict:
    a, b = pair
    both, only = [], {a: [], b: []}
    for concept in data.concepts.values():
        rows_a, rows_b = _rows(data, concept, a), _rows(data, concept, b)
        if rows_a and rows_b:
            both.append((concept, rows_a, rows_b))
        elif rows_a or rows_b:
            side = a if rows_a else b
            only[side].append(
                {
                    "title": concept["title"],
                    "id": concept["id"],
                    "cites": [citation.of_entry(e).where for e in (rows_a or rows_b)],
                }
            )
    both.sort(key=lambda t: (_book_position(data, t[0], a), _book_position(data, t[0], b), t[0]["title"].lower()))
    concepts = []
    for concept, rows_a, rows_b in both:
        view = pair_view("\n\n".join(e["text"] for e in rows_a), "\n\n".join(e["text"] for e in rows_b))
        url = links.concept_url(common.base_url, concept["id"])
        concepts.append(
            {
                "id": concept["id"],
                "title": concept["title"],
                "summary": prose_html(concept["summary"]),
                "differences": _differences(concept, pair),
                "same_in_all": bool(concept.get("same_in_all_editions")),
                "view": view,
                "identical": all(op.op == "equal" for op in view.diff.ops),
                "sides": [
                    {
                        "edition": a,
                        "rows": [{"term": e["term"], "cite": cite(data, e)} for e in rows_a],
                        "side": view.old,
                        "lang": rows_a[0].get("lang", "en"),
                    },
                    {
                        "edition": b,
                        "rows": [{"term": e["term"], "cite": cite(data, e)} for e in rows_b],
                        "side": view.new,
                        "lang": rows_b[0].get("lang", "en"),
                    },
                ],
                "url": url,
                "short_url": links.short(url),
                "qr": qr_data_uri(url),
            }
        )
    for side in only.values():
        side.sort(key=lambda c: c["title"].lower())
    return {
        "kind": "changes",
        "pair": pair,
        "a": a,
        "b": b,
        "labels": {e: data.registry.label(e) for e in pair},
        "docs": {e: data.document_for_edition(e) for e in pair},
        "concepts": concepts,
        "changed": sum(1 for c in concepts if not c["identical"]),
        "only": only,
        "common": common,
    }
