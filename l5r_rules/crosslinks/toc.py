"""The rulebooks' own tables of contents, lined up with the imported entries.

The Lotus "Contents" table and the Gold "Table of Contents" are on the skip
list (they are not rules), so they are read here straight from sources/. Each
heading is matched, in book order, to the first entry at or after the previous match whose section path
names it; a section then covers the entries up to the next matched heading and
the pages from its own start page to the next heading's start page (inclusive:
two sections can share a page). A heading with no entry is either a chapter
the registry lists as missing (the truncated Gold file) or was not imported.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..layout import Layout
from ..normalize import drop_first_line
from ..registry import Document
from .terms import key, names_of, strip_number

# document id -> (line that opens the table, line that closes it)
TABLES: dict[str, tuple[str, str]] = {
    "lotus-rulebook": ("Contents", "Become Part of the Imperial Assembly!"),
    "gold-rulebook": ("Table of Contents", "Rokugani Terms"),
}
_ROW = (
    re.compile(r"^\|\s*(?P<heading>[^|]+?)\s*\|\s*(?P<page>\d+)\s*\|$"),
    re.compile(r"^(?P<heading>\S.*?)\s+(?P<page>\d+)$"),
)


@dataclass
class TocSection:
    heading: str
    page: int
    first_order: int | None = None  # order of the first entry in this section
    entry: str | None = None  # the entry whose own heading this is, if any
    members: list[str] = field(default_factory=list)  # entry ids in this section, book order
    end_page: int | None = None  # last page (the next section's start page)
    missing: str | None = None  # why no entry covers it


def read_table(doc: Document, layout: Layout, text: str | None = None) -> list[tuple[str, int]]:
    """(heading, page) rows of the document's table of contents; [] if it has none.
    `text` is the source as read (default: read it from sources/)."""
    if doc.id not in TABLES:
        return []
    opener, closer = TABLES[doc.id]
    text = doc.raw_text(layout) if text is None else text
    if "first-line-note" in doc.artifacts:
        text = drop_first_line(text)
    rows: list[tuple[str, int]] = []
    inside = False
    for line in text.splitlines():
        line = line.strip()
        if not inside:
            inside = line == opener
            continue
        for pattern in _ROW:
            m = pattern.match(line)
            if m:
                rows.append((m["heading"].strip(), int(m["page"])))
                break
        if line.startswith(closer):
            break
    return rows


def _heading_matches(heading: str, section_item: str) -> bool:
    return key(strip_number(heading)) in names_of(section_item)


def _missing_reason(doc: Document, heading: str) -> str:
    chapters = (doc.missing or {}).get("chapters") or []
    for chapter in chapters:
        if key(chapter).startswith(key(heading)) or key(heading).startswith(key(chapter)):
            return f"'{heading}' is a chapter missing from the source file ({doc.title} stops early)"
    return f"'{heading}' has no imported entry (not in the file or on the skip list)"


def sections(doc: Document, layout: Layout, entries: list[dict], text: str | None = None) -> list[TocSection]:
    """The table's sections with the entries and pages each covers, in book order."""
    rows = read_table(doc, layout, text)
    ordered = sorted(entries, key=lambda e: e["order"])
    out: list[TocSection] = []
    last = 0
    for heading, page in rows:
        s = TocSection(heading, page)
        for e in ordered:
            if e["order"] < last:  # two headings may open on the same entry
                continue
            path = e["source"]["section"]
            if any(_heading_matches(heading, item) for item in path):
                s.first_order = e["order"]
                if _heading_matches(heading, path[-1]):
                    s.entry = e["id"]
                last = e["order"]
                break
        if s.first_order is None:
            s.missing = _missing_reason(doc, heading)
        out.append(s)
    found = [s for s in out if s.first_order is not None]
    for s, nxt in zip(found, found[1:] + [None]):
        stop = nxt.first_order if nxt else None
        s.members = [e["id"] for e in ordered if e["order"] >= s.first_order and (stop is None or e["order"] < stop)]
    for s, nxt in zip(out, out[1:] + [None]):
        s.end_page = nxt.page if nxt else None
    return out


def sections_on_page(table: list[TocSection], page: int) -> list[TocSection]:
    """Sections whose pages include `page` (first page up to the next section's first page)."""
    hits = [s for s in table if s.page <= page and (s.end_page is None or page <= s.end_page)]
    return hits
