"""Fidelity and coverage of the glossary against the source documents.

Fidelity: every entry's `text` and `term`, normalized (see normalize.py: the
document's listed artifacts removed, whitespace collapsed, list marks set aside),
occurs in its source document normalized the same way; an entry's text may
instead occur in the document's reading order (the outline's `moves`: whole
paragraphs of a sidebar or column read after the sentence they interrupt, see
importers/reading_order.py), never in any other arrangement.

Coverage: every paragraph of every source (as its reader splits it) is
either in some entry of that document (body text inside an entry's text, a
heading inside an entry's section path) or on the skip list. A skip-list item
that matches nothing is reported as stale.

Reader completeness: the reader's paragraphs, joined, give back the whole
normalized document (Markdown `#` heading marks aside), so no text can be lost
before the coverage check even looks.
"""

from __future__ import annotations

import re
from dataclasses import asdict, dataclass, field
from pathlib import Path

from .importers.entries import document_paragraphs
from .importers.outline import document_outline
from .importers.reading_order import apply_moves, reading_text
from .kb import load_kb
from .layout import Layout
from .normalize import collapse, set_aside_list_marks, verbatim_form
from .registry import edited_source_problem, recorded_hashes, source_file_problem, source_text_problem
from .skiplist import load_skip_list, skipped_indices

_ATX_MARK = re.compile(r"(?m)^#{1,6}[ \t]+")


@dataclass
class DocumentReport:
    document: str
    edition: str
    paragraphs: int = 0
    covered: int = 0
    skipped: int = 0
    entries: int = 0
    fidelity_failures: list[str] = field(default_factory=list)
    uncovered: list[str] = field(default_factory=list)
    stale_skips: list[str] = field(default_factory=list)
    # a paragraph on the skip list that an entry still holds (whole): the list and the glossary disagree
    skipped_but_quoted: list[str] = field(default_factory=list)
    reader_lossless: bool = True

    @property
    def coverage(self) -> float:
        relevant = self.paragraphs - self.skipped
        return 1.0 if relevant == 0 else self.covered / relevant

    @property
    def fidelity(self) -> float:
        return 1.0 if not self.entries else 1 - len(self.fidelity_failures) / self.entries

    @property
    def ok(self) -> bool:
        return self.reader_lossless and not (
            self.fidelity_failures or self.uncovered or self.stale_skips or self.skipped_but_quoted
        )

    def as_json(self) -> dict:
        data = asdict(self)
        data.update(coverage=round(self.coverage, 4), fidelity=round(self.fidelity, 4))
        return data


def verbatim_texts(doc, layout: Layout) -> tuple[str, str, list]:
    """(the source in verbatim form, the same in the book's reading order, its paragraphs): what an entry's
    text must occur in (check-sources, and validate's L5R038)."""
    source = verbatim_form(doc.clean_text(layout))
    paras = document_paragraphs(doc, layout)
    outline = document_outline(doc)
    reading = reading_text(apply_moves(paras, outline), set_aside_list_marks) if outline.moves else source
    return source, reading, paras


def is_verbatim(entry: dict, source: str, reading: str) -> bool:
    """Do the entry's text and term occur in its source as printed (after the documented normalization)?"""
    text = verbatim_form(entry["text"])
    return (text in source or text in reading) and verbatim_form(entry["term"]) in source


class Misquotes:
    """Which entries of the recorded rulebooks (sources/SHA256SUMS) may not be quoted: the text or term is not
    the book's words (L5R038), or the book itself was edited (L5R039). validate's check, and the readers' that
    quote without running validate (show, search, compare through the index; resolve --explain): an entry
    edited by hand was quoted with its citation as the book's words (hostile round 9b, #58). Each book is read
    once, when an entry of it is first asked about; a fixture's stand-in sources are never read."""

    EDITED = "edited"

    def __init__(self, layout: Layout, documents: dict):
        self.layout = layout
        self.documents = documents  # id -> registry.Document
        self.recorded = recorded_hashes(layout)
        self._texts: dict[str, tuple[str, str] | str | None] = {}

    def why(self, entry: dict) -> tuple[str, str] | None:
        """(code, message) when `entry` may not be quoted as its book's words, else None (also when its book
        cannot be read: the registry check's problem)."""
        source = entry.get("source")
        document = self.documents.get(source.get("document")) if isinstance(source, dict) else None
        if document is None or Path(document.file).name not in self.recorded:
            return None
        if not isinstance(entry.get("text"), str) or not isinstance(entry.get("term"), str):
            return None
        if document.id not in self._texts:
            self._texts[document.id] = self._read(document)
        texts = self._texts[document.id]
        if texts == self.EDITED:
            return "L5R039", f"sources/{Path(document.file).name} differs from its recorded hash (the book was edited)"
        if texts is not None and not is_verbatim(entry, *texts):
            return "L5R038", f"the text (or the term) does not occur in {document.file} as printed"
        return None

    def _read(self, document) -> tuple[str, str] | str | None:
        """The book in verbatim form and in reading order; EDITED; or None where it cannot be read."""
        if edited_source_problem(self.layout, Path(document.file).name, self.recorded):
            return self.EDITED
        if source_file_problem(self.layout, document.file) is not None:
            return None
        if source_text_problem((self.layout.root / document.file).read_bytes()) is not None:
            return None
        return verbatim_texts(document, self.layout)[:2]


def check_sources(layout: Layout) -> list[DocumentReport]:

    kb = load_kb(layout.root)
    skip_items = load_skip_list(layout)
    reports = []
    for doc in kb.documents.values():
        report = DocumentReport(document=doc.id, edition=doc.edition)
        entries = [e for e in kb.entries.values() if e.get("source", {}).get("document") == doc.id]
        report.entries = len(entries)
        source, reading, paras = verbatim_texts(doc, layout)
        for e in entries:
            if not is_verbatim(e, source, reading):
                report.fidelity_failures.append(e["id"])

        without_marks = collapse(_ATX_MARK.sub("", doc.clean_text(layout)))
        report.reader_lossless = collapse(" ".join(p.text for p in paras)) == without_marks
        items = [i for i in skip_items if i.document == doc.id]
        skipped, stale = skipped_indices([p.norm for p in paras], items)
        report.stale_skips = [f"{item.start!r}: {why}" for item, why in stale]
        bodies = "\x00".join(verbatim_form(e["text"]) for e in entries)
        headings = {title for e in entries for title in e["source"]["section"]} | {collapse(e["term"]) for e in entries}
        held = {verbatim_form(part): e["id"] for e in entries for part in e["text"].split("\n\n")}
        report.paragraphs = len(paras)
        for p in paras:
            if p.index in skipped:
                report.skipped += 1
                holder = held.get(verbatim_form(p.text))
                if holder is not None:  # a skip item added after the import: it said nothing (hostile round 5, #53)
                    report.skipped_but_quoted.append(
                        f"{p.norm[:80]!r} is on the skip list, but {holder} holds it: remove the skip item, or run "
                        "`l5r-rules import` to take the paragraph out of the entry"
                    )
            elif (p.level > 0 and p.norm in headings) or verbatim_form(p.text) in bodies:
                report.covered += 1
            else:
                report.uncovered.append(p.norm[:120])
        reports.append(report)
    return reports
