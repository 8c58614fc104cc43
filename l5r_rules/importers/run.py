"""`l5r-rules import`: sources -> glossary/entries/<edition>/<id>.yaml.

Imported fields are rewritten from the source every time; curated fields
(CURATED) are read back from the existing file and kept as they are, so
re-running the importer on unchanged sources changes no file at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .. import yamlio
from ..layout import Layout
from ..normalize import drop_first_line
from ..registry import Document, load_documents
from ..skiplist import load_skip_list, skipped_indices
from .outline import Outline
from .paragraphs import Para
from .read_html import read_html
from .read_text import read_blocks, read_lines
from .sections import Section, assign_ids, classify, split

READERS = {"blocks": read_blocks, "lines": read_lines, "html": read_html}
IMPORTED = ("id", "term", "game", "edition", "kind", "lang", "source", "order", "text")
CURATED = ("aliases", "related", "translation")


def document_paragraphs(doc: Document, layout: Layout) -> list[Para]:
    """The document's paragraphs as its reader sees them, headings classified."""
    text = doc.raw_text(layout)
    if "first-line-note" in doc.artifacts:
        text = drop_first_line(text)
    paras = READERS[doc.format](text)
    return classify(paras, Outline.load(doc.id))


def document_sections(doc: Document, layout: Layout) -> list[Section]:
    paras = document_paragraphs(doc, layout)
    items = [i for i in load_skip_list(layout) if i.document == doc.id]
    skipped, _ = skipped_indices([p.norm for p in paras], items)
    kept = [p for p in paras if p.index not in skipped]
    return split(kept, Outline.load(doc.id))


def build_entries(doc: Document, layout: Layout) -> list[dict]:
    sections = document_sections(doc, layout)
    ids = assign_ids(sections, doc.edition)
    lang = doc.language
    entries = []
    for order, (entry_id, s) in enumerate(zip(ids, sections), 1):
        entries.append({
            "id": entry_id,
            "term": s.term,
            "game": doc.game,
            "edition": doc.edition,
            "kind": s.kind,
            "lang": lang,
            "source": {"document": doc.id, "section": s.path, "page": s.page},
            "order": order,
            "text": s.text,
        })
    return entries


@dataclass
class ImportReport:
    written: dict[str, int] = field(default_factory=dict)
    unchanged: dict[str, int] = field(default_factory=dict)
    removed: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)


def merge_curated(new: dict, old: dict | None) -> dict:
    merged = dict(new)
    for key in CURATED:
        if old and key in old:
            merged[key] = old[key]
    return merged


def run_import(layout: Layout, only: str | None = None) -> ImportReport:
    report = ImportReport()
    for doc in load_documents(layout):
        if only and only not in (doc.id, doc.edition):
            continue
        entries = build_entries(doc, layout)
        folder = layout.entries / doc.edition
        existing = {p.stem: p for p in folder.glob("*.yaml")} if folder.is_dir() else {}
        written = unchanged = 0
        for entry in entries:
            path = layout.entry_path(doc.edition, entry["id"])
            old = yamlio.load_plain(path) if path.exists() else None
            if yamlio.write_if_changed(path, yamlio.dumps(merge_curated(entry, old))):
                written += 1
            else:
                unchanged += 1
            existing.pop(entry["id"], None)
        for stem, path in sorted(existing.items()):
            path.unlink()
            report.removed.append(str(path.relative_to(layout.root)))
        report.written[doc.id] = written
        report.unchanged[doc.id] = unchanged
        report.counts[doc.id] = len(entries)
    return report
