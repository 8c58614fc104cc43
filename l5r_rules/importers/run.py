"""`l5r-rules import`: sources -> glossary/entries/<edition>/<id>.yaml, all or nothing.

Imported fields (IMPORTED) are rewritten from the source every time; every
other field of an existing file is curated and kept as it is (curated.py), so
re-running the importer on unchanged sources changes no file at all. Import
first plans everything (plan.py: read every source and every existing entry,
merge, decide) and writes only a plan without problems (apply.py), so a bad
source, a broken entry file or curated fields that would be lost stop it
before any file changes.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from ..layout import Layout
from ..normalize import drop_first_line, repair
from ..registry import Document
from ..skiplist import SkipItem, load_skip_list, skipped_indices
from .outline import Outline
from .pages import assign_pages
from .paragraphs import Para
from .problems import ImportProblem
from .read_html import read_html
from .read_text import read_blocks, read_lines
from .reading_order import apply_moves
from .sections import Section, assign_ids, classify, split

READERS = {"blocks": read_blocks, "lines": read_lines, "html": read_html}
IMPORTED = ("id", "term", "game", "edition", "kind", "lang", "source", "order", "text", "anchors")
# the known curated fields, in the order files keep them; former_ids is written by --rename and kept
CURATED = ("aliases", "related", "translation", "former_ids")


def document_outline(doc: Document) -> Outline:
    """The document's outline file; a document without one uses the shape rule alone."""
    from .outline import OUTLINE_DIR

    if not (OUTLINE_DIR / f"{doc.id}.yaml").exists():
        return Outline(document=doc.id, reader=doc.format)
    return Outline.load(doc.id)


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


def build_entries(
    doc: Document,
    layout: Layout,
    text: str | None = None,
    outline: Outline | None = None,
    skip_items: list[SkipItem] | None = None,
) -> list[dict]:
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


@dataclass
class ImportReport:
    """What an import did (or, with problems, refused to do: then nothing was written)."""

    counts: dict[str, int] = field(default_factory=dict)  # document id -> entries produced
    written: dict[str, int] = field(default_factory=dict)  # document id -> entry files (re)written
    unchanged: dict[str, int] = field(default_factory=dict)  # document id -> entry files left alone
    removed: list[str] = field(default_factory=list)  # files deleted: no longer produced, nothing curated
    renamed: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (old id, new id, fields carried)
    references: dict[str, list[str]] = field(default_factory=dict)  # renamed id -> files that still name it
    orphaned: list[tuple[str, str]] = field(default_factory=list)  # (entry file, where it was parked)
    stale: list[tuple[str, str]] = field(default_factory=list)  # (entry id, fingerprint of its new text)
    comments_dropped: list[str] = field(default_factory=list)  # rewritten files whose comments are gone
    problems: list[ImportProblem] = field(default_factory=list)
    files: dict[Path, str] = field(default_factory=dict)  # the plan: path -> new text
    deletions: list[Path] = field(default_factory=list)  # the plan: files to delete after writing


def run_import(
    layout: Layout,
    only: str | None = None,
    renames: dict[str, str] | None = None,
    accept_renames: bool = False,
    keep_orphans: bool = False,
) -> ImportReport:
    """Plan the import and, if the plan has no problems, write it. Returns the report either way."""
    from .apply import WriteFailed, apply
    from .inputs import rel
    from .plan import make_plan

    report = make_plan(layout, only, renames, accept_renames, keep_orphans)
    if report.problems:
        report.problems.sort()
        return report
    try:
        apply(report.files, report.deletions)
    except WriteFailed as exc:
        report.problems.append(ImportProblem(rel(layout, exc.path), 1, 1, f"cannot be written: {exc.reason}"))
    return report
