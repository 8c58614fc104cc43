"""The pages an entry is printed on, and where the source says so.

Two kinds of evidence, recorded in the entry's `source.page_from`:

    marker  the source text carries page markers (Ivory's walkthrough: `-18-`
            ends page 18); the entry runs from the page of its heading to the
            page of its last line (`page` .. `page_end`), and `page_breaks`
            names the line of its text where each later page begins, so a
            passage can be cited by the page it is printed on.
    toc     the body lost its page numbers but the book prints a table of
            contents (Gold, Lotus): an entry in a section the contents list runs
            from that section's page to the page where the next listed section
            starts (two sections can share a page, so that page is included).

A document with neither (the LCG Rules Reference, Battle for Rokugan) gives no
pages; nothing is guessed.
"""

from __future__ import annotations

from ..layout import Layout
from ..registry import Document
from .sections import Section


def page_fields(first: int | None, last: int | None, evidence: str) -> dict:
    """{'page': 12, 'page_end': 13, 'page_from': 'toc'}; page_end only when the entry spans pages."""
    if first is None:
        return {"page": None}
    out: dict = {"page": first}
    if last is not None and last > first:
        out["page_end"] = last
    out["page_from"] = evidence
    return out


def marker_pages(section: Section) -> dict:
    out = page_fields(section.page, section.last_page, "marker")
    breaks = section.page_breaks() if out.get("page_end") else []
    if breaks:
        out["page_breaks"] = breaks
    return out


def toc_pages(doc: Document, layout: Layout, entries: list[dict], text: str | None = None) -> dict[str, dict]:
    """Entry id -> page fields from the document's table of contents ({} without one)."""
    # the linker reads the same table; imported here to break a cycle: crosslinks/__init__.py loads build.py,
    # which imports importers.run, whose entries.py imports this module
    from ..crosslinks.toc import sections

    out: dict[str, dict] = {}
    for s in sections(doc, layout, entries, text=text):
        for entry_id in s.members:
            out[entry_id] = page_fields(s.page, s.end_page, "toc")
    return out


def assign_pages(doc: Document, layout: Layout, entries: list[dict], sections: list[Section], text: str | None) -> None:
    """Set each entry's page fields in place: markers where the source has them, else the contents."""
    if any(s.page is not None for s in sections):
        for entry, s in zip(entries, sections):
            entry["source"].update(marker_pages(s))
        return
    by_toc = toc_pages(doc, layout, entries, text)
    for entry in entries:
        entry["source"].update(by_toc.get(entry["id"], {"page": None}))
