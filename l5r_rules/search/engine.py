"""Run searches and look-ups against the index; the API the CLI commands use.

`open_engine()` makes sure the index is fresh (rebuilding it when the glossary
changed) and keeps one whoosh searcher open, so repeated queries are fast.
Results come back grouped: entries that a concept lines up across editions are
listed together, each edition's entry with its citation.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from whoosh import index as windex
from whoosh import query as Q
from whoosh.scoring import BM25F

from ..layout import Layout, find_root
from ..vocab import EDITION_ORDER, Edition, Game, Kind
from .freshness import is_fresh
from .indexer import INDEX_NAME, index_dir
from .querying import build_query, plan
from .synonyms import load as load_synonyms

VALID = {"game": {g.value for g in Game}, "edition": {e.value for e in Edition}, "kind": {k.value for k in Kind}}


SOFT_EDITION_FACTOR = 1.5  # score factor for entries of an edition the query names without filtering
# Each further hit from an edition already listed counts this much less, so that a question
# without an edition word sees the best entry of several editions early, not five
# neighbouring steps of one rulebook.
EDITION_DIVERSITY_DECAY = 0.85
# A concept document (title, aliases, our summary) stands for its entries at this share of
# its score: it brings each edition's entry into the results, after the entries that matched.
CONCEPT_DOC_WEIGHT = 0.8


class SearchUsageError(ValueError):
    """A filter value or query the user must change (shown as one line, exit code 2)."""


@dataclass
class Hit:
    payload: dict
    score: float
    matched: bool = True  # False: shown because its concept matched

    def as_json(self) -> dict:
        p = self.payload
        return {
            "id": p["id"], "term": p["term"], "game": p["game"], "edition": p["edition"], "kind": p["kind"],
            "lang": p["lang"], "text": p["text"], "translation": p["translation"],
            "source": {"document": p["source"]["document"], "section": p["source"]["section"],
                       "page": p["source"]["page"]},
            "concept": p["concept"], "url": p["url"], "score": round(self.score, 4), "matched": self.matched,
        }


@dataclass
class Group:
    """One concept (or a lone entry) with its hits in rank order."""

    concept: dict | None
    hits: list[Hit] = field(default_factory=list)


@dataclass
class Results:
    query: str
    groups: list[Group]
    editions: list[str]
    games: list[str]
    corrections: dict[str, list[str]]
    widened: bool = False  # the editions named in the query matched nothing, so all were searched

    @property
    def hits(self) -> list[Hit]:
        return [h for g in self.groups for h in g.hits]


def check_filter(name: str, value: str | None) -> str | None:
    if value is None:
        return None
    value = value.strip().lower()
    if value not in VALID[name]:
        raise SearchUsageError(f"unknown {name} '{value}' (choose from {', '.join(sorted(VALID[name]))})")
    return value


class Engine:
    def __init__(self, layout: Layout, ix, synonyms):
        self.layout = layout
        self.ix = ix
        self.synonyms = synonyms
        self.searcher = ix.searcher(weighting=BM25F())

    def close(self) -> None:
        self.searcher.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- look-ups -----------------------------------------------------------------
    def get(self, doc_id: str) -> tuple[str, dict] | None:
        """(doctype, payload) of an entry or concept id, or None."""
        fields = self.searcher.document(id=doc_id)
        if not fields or fields.get("doctype") not in ("entry", "concept"):
            return None
        return fields["doctype"], json.loads(fields["payload"])

    def entry(self, entry_id: str) -> dict | None:
        found = self.get(entry_id)
        return found[1] if found and found[0] == "entry" else None

    def errata_for(self, *ids: str) -> list[dict]:
        out, seen = [], set()
        for i in ids:
            for fields in self.searcher.documents(refers=i):
                if fields["id"] not in seen:
                    seen.add(fields["id"])
                    out.append(json.loads(fields["payload"]))
        return out

    def all_ids(self, doctype: str = "entry") -> list[str]:
        return sorted(f["id"] for f in self.searcher.documents(doctype=doctype))

    # -- search -------------------------------------------------------------------
    def search(self, text: str, *, game: str | None = None, edition: str | None = None,
               kind: str | None = None, limit: int = 10) -> Results:
        game, edition, kind = check_filter("game", game), check_filter("edition", edition), check_filter("kind", kind)
        if limit < 1:
            raise SearchUsageError("--limit must be at least 1")
        p = plan(text, self.synonyms)
        editions = {edition} if edition else set(p.editions)
        games = {game} if game else set(p.games)
        if edition:
            p.soft_editions |= p.editions  # the option wins; words in the query only boost
        q = build_query(self.searcher.reader(), p)
        results = Results(text, [], sorted(editions), sorted(games), p.corrections)
        if q is None:
            return results
        results.groups = self._grouped(q, editions, games, kind, limit, p.soft_editions)
        if not results.groups and editions and not edition and p.editions:
            # editions named in the question found nothing: search all, boosting them
            p.soft_editions |= p.editions
            q = build_query(self.searcher.reader(), p)
            results.groups = self._grouped(q, set(), games, kind, limit, p.soft_editions)
            results.widened = True
        return results

    def _filter(self, editions: set[str], games: set[str], kind: str | None) -> Q.Query | None:
        parts: list[Q.Query] = []
        if editions:
            parts.append(Q.Or([Q.Term("edition", e) for e in sorted(editions)]))
        if games:
            parts.append(Q.Or([Q.Term("game", g) for g in sorted(games)]))
        if kind:
            parts.append(Q.Term("kind", kind))
        if not parts:
            return None
        return Q.Or([Q.Term("doctype", "concept"), Q.And(parts)]) if not kind else Q.And(parts)

    @staticmethod
    def _passes(payload: dict, editions: set[str], games: set[str], kind: str | None) -> bool:
        return ((not editions or payload["edition"] in editions) and (not games or payload["game"] in games)
                and (not kind or payload["kind"] == kind))

    def _grouped(self, q: Q.Query, editions: set[str], games: set[str], kind: str | None, limit: int,
                 soft_editions: set[str] = frozenset()) -> list[Group]:
        found = self.searcher.search(q, filter=self._filter(editions, games, kind), limit=max(limit * 4, 40))
        scored = []
        for hit in found:
            fields = hit.fields()
            payload = json.loads(fields["payload"])
            factor = SOFT_EDITION_FACTOR if payload.get("edition") in soft_editions else 1.0
            if fields["doctype"] == "concept":
                factor = CONCEPT_DOC_WEIGHT
            scored.append((hit.score * factor, fields["doctype"], payload))
        scored = _diversified(scored)
        groups: dict[str, Group] = {}
        group_score: dict[str, float] = {}
        listed: set[str] = set()
        for score, doctype, payload in scored:
            if doctype == "concept":
                key = payload["id"]
                group = groups.setdefault(key, Group(payload))
                group.concept = payload
                group_score.setdefault(key, score)
                continue
            key = payload["concept"] or payload["id"]
            if key in groups and any(h.payload["edition"] == payload["edition"] for h in groups[key].hits):
                key = "entry:" + payload["id"]  # a concept shows one entry per edition; others rank alone
            group = groups.setdefault(key, Group(None))
            group_score.setdefault(key, score)
            group.hits.append(Hit(payload, score))
            listed.add(payload["id"])
        out: list[Group] = []
        total = 0
        for key in sorted(groups, key=lambda k: -group_score[k]):
            group = groups[key]
            cid = None if key.startswith("entry:") else (
                group.concept["id"] if group.concept else (group.hits[0].payload["concept"] if group.hits else None))
            if cid:
                self._complete(group, cid, group_score[key], editions, games, kind, listed)
            if not group.hits:
                continue
            out.append(group)
            total += len(group.hits)
            if total >= limit:
                break
        # cut the last group so that exactly `limit` entries are returned
        excess = total - limit
        if excess > 0 and out:
            out[-1].hits = out[-1].hits[: len(out[-1].hits) - excess]
        return out

    def _complete(self, group: Group, cid: str, score: float, editions, games, kind, listed: set[str]) -> None:
        """Add the concept's entries of every edition that the search itself did not rank."""
        if group.concept is None:
            found = self.get(cid)
            if not found:
                return
            group.concept = found[1]
        have = listed
        central = group.concept.get("central") or {}
        for ed in EDITION_ORDER:
            payload = central.get(ed.value)
            if payload is None or payload["id"] in have:
                continue
            if self._passes(payload, editions, games, kind):
                group.hits.append(Hit(payload, score * CONCEPT_DOC_WEIGHT, matched=False))
                have.add(payload["id"])


def _diversified(scored: list[tuple[float, str, dict]]) -> list[tuple[float, str, dict]]:
    """Greedy re-ranking: score x DECAY^(hits of the same edition already taken)."""
    remaining = sorted(scored, key=lambda s: -s[0])
    taken: list[tuple[float, str, dict]] = []
    seen: dict[str | None, int] = {}
    while remaining:
        best_i, best = 0, -1.0
        for i, (score, _, payload) in enumerate(remaining):
            adjusted = score * EDITION_DIVERSITY_DECAY ** seen.get(payload.get("edition"), 0)
            if adjusted > best:
                best_i, best = i, adjusted
            if score <= best:  # sorted: no later hit can beat it
                break
        score, doctype, payload = remaining.pop(best_i)
        seen[payload.get("edition")] = seen.get(payload.get("edition"), 0) + 1
        taken.append((best, doctype, payload))
    return taken


def ensure_index(layout: Layout) -> Path:
    target = index_dir(layout)
    if not is_fresh(layout, target):
        from .indexer import build_index

        build_index(layout)
    return target


def open_engine(root: Path | None = None) -> Engine:
    """The engine over a fresh index of the checkout at `root` (default: the current checkout)."""
    layout = Layout(root.resolve() if root else find_root())
    if not layout.glossary.is_dir():
        raise SearchUsageError(f"{layout.glossary}: no glossary here (use --root or run inside a checkout)")
    target = ensure_index(layout)
    return Engine(layout, windex.open_dir(str(target), indexname=INDEX_NAME), load_synonyms(target))
