"""A document's entries, built from its source: reader -> repairs -> headings -> skip list ->
reading order -> sections -> ids and pages. Nothing here reads or writes the glossary; the
import plan (plan.py) merges what it builds with the existing files.
"""

from __future__ import annotations

from ..layout import Layout
from ..normalize import drop_first_line, repair
from ..registry import Document
from ..skiplist import SkipItem, load_skip_list, skipped_indices
from .outline import Outline, document_outline
from .pages import assign_pages
from .paragraphs import Para
from .read_html import read_html
from .read_text import read_blocks, read_lines
from .reading_order import apply_moves
from .sections import Section, assign_ids, classify, split

READERS = {"blocks": read_blocks, "lines": read_lines, "html": read_html}


def document_paragraphs(
    doc: Document, layout: Layout, text: str | None = None, outline: Outline | None = None
) -> list[Para]:
    """The document's paragraphs as its reader sees them, headings classified."""
    text = doc.raw_text(layout) if text is None else text
    if "first-line-note" in doc.artifacts:
        text = drop_first_line(text)
    paras = _repaired(READERS[doc.format](text), doc.artifacts)
    return classify(paras, outline or document_outline(doc))


def _repaired(paras: list[Para], artifacts) -> list[Para]:
    """The paragraphs with the document's listed repairs applied (normalize.REPAIRS, the same as
    `Document.clean_text`); a paragraph the repair empties (a lone "TM") is dropped, the rest renumbered."""
    for p in paras:
        p.text = repair(p.text, artifacts)
    kept = [p for p in paras if p.text.strip()]
    for i, p in enumerate(kept):
        p.index = i
    return kept


def document_sections(
    doc: Document,
    layout: Layout,
    text: str | None = None,
    outline: Outline | None = None,
    skip_items: list[SkipItem] | None = None,
) -> list[Section]:
    outline = outline or document_outline(doc)
    paras = document_paragraphs(doc, layout, text, outline)
    items = [i for i in (load_skip_list(layout) if skip_items is None else skip_items) if i.document == doc.id]
    skipped, _ = skipped_indices([p.norm for p in paras], items)
    kept = [p for p in paras if p.index not in skipped]
    return split(apply_moves(kept, outline), outline)


def build_entries(doc: Document, layout: Layout, text: str, outline: Outline, skip_items: list[SkipItem]) -> list[dict]:
    """The entries of one book, from its text and outline as import read them and the skip list."""
    sections = document_sections(doc, layout, text, outline, skip_items)
    ids = assign_ids(sections, doc.edition)
    lang = doc.language
    entries = []
    for order, (entry_id, s) in enumerate(zip(ids, sections), 1):
        entries.append(
            {
                "id": entry_id,
                "term": s.term,
                "game": doc.game,
                "edition": doc.edition,
                "kind": s.kind,
                "lang": lang,
                "source": {"document": doc.id, "section": s.path, "page": s.page},
                "order": order,
                "text": s.text,
            }
        )
    assign_pages(doc, layout, entries, sections, text)
    return entries
