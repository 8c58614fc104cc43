"""Compute every entry's `related_from_book` ids and write them, idempotently.

The link command owns the `related_from_book` field and no other: it is recomputed
from the books each time (so a renamed id is followed and a stale link disappears),
while `related`, the ids a person chose, is never touched (readers show both). A
book whose registry record says `links: references` (Battle for Rokugan: no Related
lines, no glossary, bold words for emphasis) is linked by its page and "see"/"siehe"
references only.

The report lists every reference per book, resolved or not; page-like tokens
in an entry that no reference accounts for (`unscanned`, kept at 0 by a test)
and those in paragraphs that are in no entry (the skip list's, with its reason).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import filetx, yamlio
from ..importers.fields import CURATED, GENERATED, IMPORTED
from ..importers.run import document_paragraphs
from ..kb import KnowledgeBase
from ..skiplist import load_skip_list, skipped_indices
from .pagerefs import CANDIDATE, Reference, find_references, resolve, unscanned
from .terms import TermIndex, clean
from .toc import TocSection, sections

_RELATED = re.compile(r"^Related:\s*(?P<names>.+?)\s*$", re.M)
_BOLD = re.compile(r"\*\*(?P<name>[^*]{2,40}?)\*\*")


@dataclass
class LinkReport:
    links: dict[str, list[str]] = field(default_factory=dict)  # entry id -> related ids
    references: list[Reference] = field(default_factory=list)  # page / title / See references
    unresolved_related: list[dict] = field(default_factory=list)  # Related: names without a heading
    counts: dict[str, int] = field(default_factory=dict)  # links by kind
    changed: list[str] = field(default_factory=list)  # entry files (re)written or to write
    documents: dict[str, str] = field(default_factory=dict)  # entry id -> document id
    unscanned: list[dict] = field(default_factory=list)  # tokens in entries no reference accounts for
    outside: list[dict] = field(default_factory=list)  # tokens in paragraphs that are in no entry

    @property
    def unresolved(self) -> list[Reference]:
        return [r for r in self.references if not r.targets]

    def by_document(self) -> dict[str, dict]:
        """Per book: references found / resolved / unresolved, unscanned and outside tokens."""
        out: dict[str, dict] = {}
        for doc in dict.fromkeys(self.documents.values()):
            refs = [r for r in self.references if self.documents.get(r.entry) == doc and r.kind != "see"]
            out[doc] = {
                "found": len(refs),
                "resolved": sum(1 for r in refs if r.targets),
                "unresolved": sum(1 for r in refs if not r.targets),
                "unscanned": sum(1 for u in self.unscanned if u["document"] == doc),
                "outside-entries": sum(1 for u in self.outside if u["document"] == doc),
            }
        return out

    def as_dict(self) -> dict:
        return {
            "counts": self.counts,
            "books": self.by_document(),
            "references": [{"document": self.documents.get(r.entry), **r.as_dict()} for r in self.references],
            "unresolved_page_references": [r.as_dict() for r in self.unresolved],
            "unscanned": self.unscanned,
            "outside_entries": self.outside,
            "unresolved_related": self.unresolved_related,
            "changed": self.changed,
        }


def _related_lines(entry: dict, index: TermIndex, glossary: TermIndex, report: LinkReport) -> list[str]:
    """`Related: A, B` names, looked up among glossary headings first (that is where they point)."""
    out = []
    for m in _RELATED.finditer(entry["text"]):
        for name in m["names"].split(","):
            name = clean(name)
            hits = glossary.lookup(name) or index.lookup(name)
            if len(hits) == 1:
                out.append(hits[0])
            else:
                report.unresolved_related.append(
                    {
                        "entry": entry["id"],
                        "name": name,
                        "reason": "no heading by that name" if not hits else f"several headings fit: {', '.join(hits)}",
                    }
                )
    return out


def _same_case(mention: str, heading: str) -> bool:
    """'Battle' (an action type) is not 'battle' (a glossary term); ALL-CAPS headings match any case."""
    mention, heading = clean(mention), clean(heading)
    return heading.isupper() or mention[:1] == heading[:1]


def _bold_mentions(entry: dict, glossary: TermIndex, rules: TermIndex) -> list[str]:
    """`**Term**` where Term is a glossary heading (else a rule heading) of the same edition, same case."""
    out = []
    for m in _BOLD.finditer(entry["text"]):
        for index in (glossary, rules):
            hits = [i for i in index.exact(m["name"]) if _same_case(m["name"], index.term[i])]
            if len(hits) == 1:
                out.append(hits[0])
                break
    return out


def marker_table(entries: list[dict]) -> list[TocSection]:
    """The page map the page markers give: one section per entry that carries marker pages."""
    out = []
    for e in sorted(entries, key=lambda e: e["order"]):
        source = e["source"]
        if source.get("page_from") == "marker":
            page = source["page"]
            out.append(TocSection(e["term"], page, e["order"], e["id"], [e["id"]], source.get("page_end", page)))
    return out


def _outside_entries(doc, kb: KnowledgeBase) -> list[dict]:
    """Page-like tokens in the paragraphs no entry holds (the skip list's), each with the skip reason."""

    paras = document_paragraphs(doc, kb.layout)
    items = [i for i in load_skip_list(kb.layout) if i.document == doc.id]
    skipped, _ = skipped_indices([p.norm for p in paras], items)
    out = []
    for i, item in sorted(skipped.items()):
        for m in CANDIDATE.finditer(paras[i].norm):
            out.append(
                {"document": doc.id, "token": m.group(0), "paragraph": paras[i].norm[:80], "reason": item.reason}
            )
    return out


def compute_links(kb: KnowledgeBase) -> LinkReport:
    report = LinkReport()
    counts = {"related-line": 0, "page-reference": 0, "see": 0, "mention": 0}
    for doc in sorted(kb.documents.values(), key=lambda d: d.id):
        entries = kb.entries_of(doc.edition)
        index = TermIndex(entries)
        glossary = TermIndex([e for e in entries if e["kind"] == "glossary-term"])
        rules = TermIndex([e for e in entries if e["kind"] == "rule"])
        table: list[TocSection] = sections(doc, kb.layout, entries)
        map_kind = "toc"
        if not table:
            table, map_kind = marker_table(entries), "marker"
        only_refs = doc.links == "references"
        report.outside += _outside_entries(doc, kb)
        for entry in entries:
            report.documents[entry["id"]] = doc.id
            found: list[tuple[str, str]] = []
            if not only_refs:
                found += [(t, "related-line") for t in _related_lines(entry, index, glossary, report)]
            refs = find_references(entry)
            for ref in refs:
                resolve(ref, index, table, map_kind)
                report.references.append(ref)
                found += [(t, "see" if ref.kind == "see" else "page-reference") for t in ref.targets]
            report.unscanned += [{"document": doc.id, "entry": entry["id"], "token": t} for t in unscanned(entry, refs)]
            if not only_refs:
                found += [(t, "mention") for t in _bold_mentions(entry, glossary, rules)]
            related: list[str] = []
            for target, kind in found:
                if target != entry["id"] and target not in related:
                    related.append(target)
                    counts[kind] += 1
            report.links[entry["id"]] = related
    counts["total"] = sum(len(v) for v in report.links.values())
    counts["entries-with-links"] = sum(1 for v in report.links.values() if v)
    counts["page-references"] = sum(1 for r in report.references if r.kind != "see")
    counts["unresolved-page-references"] = sum(1 for r in report.unresolved if r.kind != "see")
    counts["unscanned"] = len(report.unscanned)
    report.counts = counts
    return report


FIELD = "related_from_book"  # the one field link writes


def _with_related(data: dict, related: list[str]) -> dict:
    """The entry with `related_from_book` set (or dropped when empty), keys in the importer's order;
    every other field, the curated `related` first of all, exactly as it was."""
    data = dict(data)
    data.pop(FIELD, None)
    if related:
        data[FIELD] = related
    order = [*IMPORTED, *CURATED, *GENERATED]
    return {k: data[k] for k in sorted(data, key=lambda k: order.index(k) if k in order else len(order))}


def write_links(kb: KnowledgeBase, report: LinkReport, dry_run: bool = False) -> list[str]:
    """Write each linked entry whose `related_from_book` differs; returns the paths (relative) changed."""
    changed = []
    files: dict = {}
    for entry_id, related in sorted(report.links.items()):
        entry = kb.entries[entry_id]
        if list(entry.get(FIELD) or []) == related:
            continue
        path = kb.layout.entry_path(entry["edition"], entry_id)
        changed.append(str(path.relative_to(kb.layout.root)))
        if not dry_run:
            files[path] = yamlio.dumps(_with_related(yamlio.load_plain(path), related))
    if files:  # every file or none (filetx.WriteFailed names the file and why), finished after a kill
        filetx.apply(files, [], journal=kb.layout.write_journal)
    report.changed = changed
    return changed
