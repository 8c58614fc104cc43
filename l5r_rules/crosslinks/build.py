"""Compute every entry's `related` ids and write them, idempotently.

The link command owns the `related` field of the editions it links: the field
is recomputed from the sources each time (so a renamed id is followed and a
stale link disappears). Battle for Rokugan is not linked yet (SKIP_EDITIONS).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from .. import yamlio
from ..importers.run import CURATED, IMPORTED
from ..kb import KnowledgeBase
from .pagerefs import Reference, find_references, resolve
from .terms import TermIndex, clean
from .toc import TocSection, sections

SKIP_EDITIONS = frozenset({"bfr"})
_RELATED = re.compile(r"^Related:\s*(?P<names>.+?)\s*$", re.M)
_BOLD = re.compile(r"\*\*(?P<name>[^*]{2,40}?)\*\*")


@dataclass
class LinkReport:
    links: dict[str, list[str]] = field(default_factory=dict)  # entry id -> related ids
    references: list[Reference] = field(default_factory=list)  # page / title / See references
    unresolved_related: list[dict] = field(default_factory=list)  # Related: names without a heading
    counts: dict[str, int] = field(default_factory=dict)  # links by kind
    changed: list[str] = field(default_factory=list)  # entry files (re)written or to write

    @property
    def unresolved(self) -> list[Reference]:
        return [r for r in self.references if not r.targets]

    def as_dict(self) -> dict:
        return {
            "counts": self.counts,
            "references": [r.as_dict() for r in self.references],
            "unresolved_page_references": [r.as_dict() for r in self.unresolved],
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


def compute_links(kb: KnowledgeBase) -> LinkReport:
    report = LinkReport()
    counts = {"related-line": 0, "page-reference": 0, "see": 0, "mention": 0}
    for doc in sorted(kb.documents.values(), key=lambda d: d.id):
        if doc.edition in SKIP_EDITIONS:
            continue
        entries = kb.entries_of(doc.edition)
        index = TermIndex(entries)
        glossary = TermIndex([e for e in entries if e["kind"] == "glossary-term"])
        rules = TermIndex([e for e in entries if e["kind"] == "rule"])
        table: list[TocSection] = sections(doc, kb.layout, entries)
        for entry in entries:
            found: list[tuple[str, str]] = [(t, "related-line") for t in _related_lines(entry, index, glossary, report)]
            for ref in find_references(entry):
                resolve(ref, index, table)
                report.references.append(ref)
                found += [(t, "see" if ref.kind == "see" else "page-reference") for t in ref.targets]
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
    report.counts = counts
    return report


def _with_related(data: dict, related: list[str]) -> dict:
    """The entry with `related` set (or dropped when empty), keys in the importer's order."""
    data = dict(data)
    data.pop("related", None)
    if related:
        data["related"] = related
    order = [*IMPORTED, *CURATED]
    return {k: data[k] for k in sorted(data, key=lambda k: order.index(k) if k in order else len(order))}


def write_links(kb: KnowledgeBase, report: LinkReport, dry_run: bool = False) -> list[str]:
    """Write each linked entry whose `related` differs; returns the paths (relative) changed."""
    changed = []
    for entry_id, related in sorted(report.links.items()):
        entry = kb.entries[entry_id]
        if list(entry.get("related") or []) == related:
            continue
        path = kb.layout.entry_path(entry["edition"], entry_id)
        changed.append(str(path.relative_to(kb.layout.root)))
        if not dry_run:
            yamlio.write_if_changed(path, yamlio.dumps(_with_related(yamlio.load_plain(path), related)))
    report.changed = changed
    return changed
