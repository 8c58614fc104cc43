"""Everything the pages need, computed once from the knowledge base.

Indexes that several pages share (entries per edition, the concepts and errata
that mention an entry, errata per card, the optional authority ladder and
engine scenarios) are built here so templates stay simple and each page is a
lookup, keeping the build linear in the number of entries.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from ..editions import Registry
from ..engine.narrate import RuleTexts
from ..kb import KnowledgeBase
from ..vocab import slugify
from . import coverage_pages
from . import scenarios as scenario_mod

ERRATA_TYPES = {
    "card-errata": "Card erratum",
    "clarification": "Clarification",
    "rules-change": "Rules change",
    "older-cards": "Older cards",
}


@dataclass
class SiteData:
    kb: KnowledgeBase
    editions: list[str]
    by_edition: dict[str, list[dict]]
    concepts_of_entry: dict[str, list[str]] = field(default_factory=dict)
    errata_of_entry: dict[str, list[str]] = field(default_factory=dict)
    errata_of_concept: dict[str, list[str]] = field(default_factory=dict)
    errata_by_edition: dict[str, list[dict]] = field(default_factory=dict)
    errata_by_card: dict[str, list[dict]] = field(default_factory=dict)
    authority: object | None = None
    scenarios: list[scenario_mod.ScenarioView] = field(default_factory=list)
    scenarios_of_entry: dict[str, list[int]] = field(default_factory=dict)
    _engine: tuple | None = None  # (statuses, summaries, scenario links), computed once on demand

    @property
    def registry(self) -> Registry:
        """Games and editions: labels, short names, order, badge colours (glossary/_sources.yaml)."""
        return self.kb.registry

    @property
    def entries(self) -> dict[str, dict]:
        return self.kb.entries

    @property
    def concepts(self) -> dict[str, dict]:
        return self.kb.concepts

    @property
    def errata(self) -> dict[str, dict]:
        return self.kb.errata

    def document_of(self, entry: dict):
        return self.kb.documents.get(entry["source"]["document"])

    def document_for_edition(self, edition: str):
        return next((d for d in self.kb.documents.values() if d.edition == edition), None)

    def foreign_editions(self) -> list[str]:
        """Editions whose rulebook is not in English (its entries may carry an English translation)."""
        return [e for e in self.editions if (d := self.document_for_edition(e)) and d.language != "en"]

    def translated(self) -> list[dict]:
        return [e for ed in self.editions for e in self.by_edition[ed] if e.get("translation")]

    def engine_of(self, entry_id: str):
        """(the entry's engine status, links to the scenarios proving it) for its page (site/coverage_pages.py)."""
        if self._engine is None:
            statuses, sums = coverage_pages.engine_status(self)
            self._engine = (statuses, sums, coverage_pages.scenario_links(self))
        status = self._engine[0].get(entry_id)
        links = [self._engine[2][i] for i in (status.scenarios if status else ()) if i in self._engine[2]]
        return status, links

    def scenario_home(self, scenario_id: str):
        """Where a scenario is narrated in full (coverage_pages.scenario_links: the first concept page that shows
        it); every other concept page shows it in brief, linking there."""
        if self._engine is None:
            self.engine_of("")
        return self._engine[2].get(scenario_id)

    def concept_scenarios(self, concept: dict) -> list[scenario_mod.ScenarioView]:
        seen: list[int] = []
        for ids in concept.get("entries", {}).values():
            for eid in ids:
                for i in self.scenarios_of_entry.get(eid, []):
                    if i not in seen:
                        seen.append(i)
        return [self.scenarios[i] for i in seen]


def site_data(kb: KnowledgeBase, with_scenarios: bool = True) -> SiteData:
    by_edition: dict[str, list[dict]] = {}
    for edition in kb.edition_order:
        rows = kb.entries_of(edition)
        if rows:
            by_edition[edition] = rows
    data = SiteData(kb=kb, editions=list(by_edition), by_edition=by_edition)

    concepts_of_entry: dict[str, list[str]] = defaultdict(list)
    for cid, concept in sorted(kb.concepts.items(), key=lambda kv: kv[1].get("title", kv[0]).lower()):
        for ids in concept.get("entries", {}).values():
            for eid in ids:
                if cid not in concepts_of_entry[eid]:
                    concepts_of_entry[eid].append(cid)
    data.concepts_of_entry = dict(concepts_of_entry)

    errata_of_entry: dict[str, list[str]] = defaultdict(list)
    errata_of_concept: dict[str, list[str]] = defaultdict(list)
    by_ed: dict[str, list[dict]] = defaultdict(list)
    by_card: dict[str, list[dict]] = defaultdict(list)
    for rid, rec in sorted(kb.errata.items()):
        for eid in [rec.get("entry"), *rec.get("affects", [])]:
            if eid and rid not in errata_of_entry[eid]:
                errata_of_entry[eid].append(rid)
                for cid in concepts_of_entry.get(eid, []):
                    if rid not in errata_of_concept[cid]:
                        errata_of_concept[cid].append(rid)
        for cid in rec.get("concepts", []):
            if rid not in errata_of_concept[cid]:
                errata_of_concept[cid].append(rid)
        by_ed[rec.get("edition", "")].append(rec)
        if rec.get("card"):
            by_card[rec["card"]].append(rec)
    data.errata_of_entry = dict(errata_of_entry)
    data.errata_of_concept = dict(errata_of_concept)
    data.errata_by_edition = {ed: by_ed[ed] for ed in kb.edition_order if by_ed.get(ed)}
    data.errata_by_card = dict(sorted(by_card.items(), key=lambda kv: (slugify(kv[0]), kv[0])))
    data.authority = kb.authority
    if with_scenarios:
        data.scenarios = scenario_mod.load_scenarios(kb.layout, RuleTexts.of_kb(kb))
        index: dict[str, list[int]] = defaultdict(list)
        for i, view in enumerate(data.scenarios):
            for eid in view.entries:
                index[eid].append(i)
        data.scenarios_of_entry = dict(index)
    return data
