"""Run searches and look-ups against the index; the API the CLI commands use.

`open_engine()` makes sure the index is fresh (rebuilding it when the glossary
changed, or when it is damaged: repair.py) and keeps one whoosh index reader open,
so repeated queries are fast. `search_once()` is what a one-shot command runs: it
opens, searches and closes, and a damaged index that only the search itself trips
over is rebuilt and searched again.
Results come back grouped: entries that a concept lines up across editions are
listed together, each edition's entry with its citation. A matched entry brings in the
concept's other editions only when it is that concept's central entry of its edition (or
the concept document itself matched): an entry that a concept merely lists, such as a
"what's new" page, does not fill the list with the concept's unrelated entries.
Scoring is ranking.py (heading, whole text, best passage); --explain is explain.py.
"""

from __future__ import annotations

import json
from bisect import bisect_left, bisect_right
from dataclasses import dataclass, field
from pathlib import Path

from ..citation import passage_pages
from ..editions import Registry
from ..layout import Layout, checked_root, find_root
from ..textshape import introduces_list
from ..vocab import Kind
from . import policy
from .errors import IndexDamaged, SearchUsageError
from .explain import explanation
from .fields import build_passage_schema, build_schema
from .gamewords import Inference
from .gamewords import infer as infer_game
from .highlight import Terms
from .notes import best_note
from .querying import QUERY_STOPWORDS, EditionWords, build_query, plan, searched_slots, subject_queries
from .ranking import entry_scores, named_by_heading
from .repair import Report, to_stderr, with_index
from .scoring import ReaderStats, top
from .store import (
    INDEX_NAME,
    PASSAGE_INDEX,
    load_doc_table,
    load_field_docs,
    load_games,
    load_passage_table,
    load_registry,
    load_words,
)
from .synonyms import load as load_synonyms
from .vocabulary import Vocabulary
from .whooshlib import open_dir

KINDS = {k.value for k in Kind}
EMPTY_TERMS = Terms(frozenset(), frozenset(), frozenset())


# The ranking policy (policy.yaml says why, what chose each value and which test pins it): the
# knobs the engine reads itself. The factors applied after scoring are the policy's rules
# (policy.Rules: a named edition, a short definition, a named kind, a card erratum, a milestone step,
# a concept document), applied in _grouped.
CONCEPT_DOC_WEIGHT = policy.number("CONCEPT_DOC_WEIGHT")  # a concept's entries stand at this share of its score
OPENING_ENTRIES = policy.count("OPENING_ENTRIES")  # per book, for a question naming only books
CANDIDATES_PER_RESULT = policy.count("CANDIDATES_PER_RESULT")  # top-scored documents the factors see
MIN_CANDIDATES = policy.count("MIN_CANDIDATES")


class PassageIndex:
    """The passage index (passages.py) open for scoring: its reader, statistics and each passage's entry."""

    def __init__(self, ix, entry_of: list[int], field_docs: dict[str, int], translated: frozenset[int]):
        self.reader = ix.reader()
        if self.reader.doc_count_all() != len(entry_of):
            self.reader.close()
            raise IndexDamaged(f"passages.json lists {len(entry_of)} passages, the passage index another number")
        self.stats = ReaderStats(self.reader, field_docs=field_docs)
        self.entry_of = entry_of  # sorted: the indexer adds an entry's passages together, in entry order
        self.translated = translated  # the passages cut from an entry's translation (after its text's)
        self._payloads: dict[int, dict] = {}

    def of_entry(self, docnum: int) -> range:
        """The passage numbers of one entry (main-index document number)."""
        return range(bisect_left(self.entry_of, docnum), bisect_right(self.entry_of, docnum))

    def payload(self, pnum: int) -> dict:
        if pnum not in self._payloads:
            self._payloads[pnum] = json.loads(self.reader.stored_fields(pnum)["payload"])
        return self._payloads[pnum]

    def close(self) -> None:
        self.reader.close()


@dataclass
class Factors:
    """What the question says that changes scores after the parts (engine._grouped): editions it
    names without filtering, whether it leaves definitions their full score, kinds of entry it names,
    whether it asks what a word means."""

    soft_editions: set[str] = field(default_factory=set)
    demote_definitions: bool = False
    kinds: set[str] = field(default_factory=set)
    wants_glossary: bool = False
    named: set[int] = field(default_factory=set)  # entries and concepts whose heading the question matched
    compares: bool = False  # every edition's entry of a matching concept, not only the matching ones
    # documents whose heading holds every word saying what the question is about (ranking.named_by_heading)
    subject_of: set[int] = field(default_factory=set)
    # the game the question's words point to, when it names none (gamewords.py): the other games count less
    inferred_games: set[str] = field(default_factory=set)


@dataclass
class Hit:
    payload: dict
    score: float
    matched: bool = True  # False: shown because its concept matched
    # the passage shown (passages.py): text, block, anchor, translation, matched, and perhaps companion
    passage: dict | None = None
    explain: dict | None = None  # why it ranks here (--explain): see explain.py
    factors: list[tuple[str, float]] = field(default_factory=list)  # applied after the parts (engine._grouped)
    outside: bool = False  # of an edition the search did not ask for: its concept has none there (Group.absent)

    def as_json(self) -> dict:
        p = self.payload
        return {
            "id": p["id"],
            "term": p["term"],
            "game": p["game"],
            "edition": p["edition"],
            "kind": p["kind"],
            "lang": p["lang"],
            "text": p["text"],
            "translation": p["translation"],
            "source": {
                "document": p["source"]["document"],
                "section": p["source"]["section"],
                "page": p["source"]["page"],
                **{k: p["source"][k] for k in ("page_end", "page_from") if p["source"].get(k)},
            },
            "concept": p["concept"],
            "url": p["url"],
            "score": round(self.score, 4),
            "matched": self.matched,
            "outside_filter": self.outside,
            **self._passage_json(),
            **({"explain": self.explain} if self.explain is not None else {}),
        }

    def _passage_json(self) -> dict:
        p = self.passage
        if p is None:
            return {"passage": None, "anchor": None, "passage_url": None}
        pages = None if p["translation"] else passage_pages(self.payload["source"], self.payload["text"], p["text"])
        return {
            "passage": {
                "text": p["text"],
                "index": p["block"],
                "translation": p["translation"],
                **({"pages": list(pages)} if pages else {}),
                # the list a passage ending with a colon leads into (Engine.list_after)
                **({"list": {"text": p["list"]["text"], "index": p["list"]["block"]}} if p.get("list") else {}),
            },
            "anchor": p["anchor"],
            "passage_url": f"{self.payload['url']}#{p['anchor']}",
        }


@dataclass
class Group:
    """One concept (or a lone entry) with its hits in rank order."""

    concept: dict | None
    hits: list[Hit] = field(default_factory=list)
    # the concept's summary or difference that answers best (notes.py), when the list shows the concept
    note: dict | None = None
    # editions searched (named in the question or the filter) that the concept, whose name the question
    # matched, has no entry in: its hits are its entries of the other editions of their game
    absent: list[str] = field(default_factory=list)

    @property
    def headed(self) -> bool:
        """Whether the result list heads these hits with their concept (a concept of one hit is not
        shown, unless the hits are there to say that the editions searched do not have it)."""
        return self.concept is not None and (len(self.hits) > 1 or bool(self.absent))


@dataclass
class Results:
    query: str
    groups: list[Group]
    editions: list[str]
    games: list[str]
    corrections: dict[str, list[str]]
    widened: bool = False  # the editions named in the query matched nothing, so all were searched
    opening: bool = False  # the query named only editions or games: the hits open those books
    terms: Terms = EMPTY_TERMS  # what the query searched and weighs, to mark in the passages shown
    inferred: Inference | None = None  # the game its words point to, ranked first (gamewords.py)
    inferred_label: str = ""  # that game's short name ("LCG")

    @property
    def hits(self) -> list[Hit]:
        return [h for g in self.groups for h in g.hits]


# `--edition all` (the site's "All" chip): every edition, even where the question names one; its words
# then only favour it, as beside any --edition (the judge's choice wins over the question's words)
EVERY_EDITION = "all"


def check_filter(name: str, value: str | None, registry: Registry) -> str | None:
    """A --game, --edition or --kind value, checked against the registry (games, editions) or the kinds
    (an edition may also be EVERY_EDITION)."""
    if value is None:
        return None
    value = value.strip().lower()
    valid = {"game": registry.game_ids, "edition": [*registry.order, EVERY_EDITION], "kind": sorted(KINDS)}[name]
    if value not in valid:
        raise SearchUsageError(f"unknown {name} {value!r} (choose from {', '.join(valid)})")
    return value


class Engine:
    def __init__(
        self,
        layout: Layout,
        ix,
        synonyms,
        docs: list[dict],
        field_docs: dict[str, int] | None = None,
        registry: Registry | None = None,
        passages: PassageIndex | None = None,
        vocabulary: Vocabulary | None = None,
        game_words=None,
    ):
        self.layout = layout
        self.ix = ix
        self.synonyms = synonyms
        self.registry = registry or Registry((), ())  # games and editions (glossary/_sources.yaml)
        self.names = EditionWords.of(self.registry)  # the words of a question that name them
        self.edition_facts = self.registry.facts()  # what the policy's rules may ask of an edition
        self.reader = ix.reader()
        self.passages = passages
        self._game_words = game_words  # () -> {index term: [game, weight]} (gamewords.py), read at first use
        count = self.reader.doc_count_all()
        problem = None
        if len(docs) != count:
            problem = f"docs.json lists {len(docs)} documents, the whoosh index {count}"
        elif passages is not None and not _passages_fit(passages.entry_of, docs):
            problem = "passages.json names a document that is not an entry of the index"
        if problem:
            self.reader.close()
            if passages is not None:
                passages.close()
            raise IndexDamaged(problem)
        self.stats = ReaderStats(self.reader, field_docs=field_docs, vocabulary=vocabulary)
        self.docs = docs  # docnum -> what ranking needs: id, doctype, game, edition, kind, concept, central
        # (doctype, id) -> docnum: a concept may share its id with an entry (lcg-stronghold)
        self.docnum = {(d["doctype"], d["id"]): n for n, d in enumerate(docs)}
        self._filters: dict[tuple, set[int] | None] = {}  # the few filter combinations, computed once
        self._payloads: dict[int, dict] = {}  # docnum -> stored payload, read at most once

    def close(self) -> None:
        self.reader.close()
        if self.passages is not None:
            self.passages.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    # -- look-ups -----------------------------------------------------------------
    def payload(self, docnum: int) -> dict:
        """The stored payload of a document (what results, show and compare print)."""
        if docnum not in self._payloads:
            self._payloads[docnum] = json.loads(self.reader.stored_fields(docnum)["payload"])
        return self._payloads[docnum]

    def get(self, doc_id: str) -> tuple[str, dict] | None:
        """(doctype, payload) of an entry or concept id, or None; an entry wins a shared id."""
        docnum = self.docnum.get(("entry", doc_id), self.docnum.get(("concept", doc_id)))
        if docnum is None:
            return None
        return self.docs[docnum]["doctype"], self.payload(docnum)

    def concept(self, concept_id: str) -> dict | None:
        docnum = self.docnum.get(("concept", concept_id))
        return None if docnum is None else self.payload(docnum)

    def entry(self, entry_id: str) -> dict | None:
        found = self.get(entry_id)
        return found[1] if found and found[0] == "entry" else None

    def errata_for(self, *ids: str) -> list[dict]:
        wanted = set(ids)
        return [
            self.payload(n)
            for n, d in enumerate(self.docs)
            if d["doctype"] == "errata" and wanted.intersection(d["refers"] or ())
        ]

    def all_ids(self, doctype: str = "entry") -> list[str]:
        return sorted(d["id"] for d in self.docs if d["doctype"] == doctype)

    # -- search -------------------------------------------------------------------
    def search(
        self,
        text: str,
        *,
        game: str | None = None,
        edition: str | None = None,
        kind: str | None = None,
        limit: int = 10,
        explain: bool = False,
        all_games: bool = False,
    ) -> Results:
        """The question's hits, grouped; `all_games`: no game is inferred from its words (gamewords.py)."""
        game, edition, kind = (
            check_filter("game", game, self.registry),
            check_filter("edition", edition, self.registry),
            check_filter("kind", kind, self.registry),
        )
        if game and edition and edition != EVERY_EDITION and self.registry.game_of.get(edition) != game:
            # both filters apply together, so nothing could be found: say so rather than "No results"
            raise SearchUsageError(
                f"--edition {edition} is an edition of {self.registry.game_of.get(edition)}, and --game {game} names"
                f" another game: give one of them (--edition alone names its game)"
            )
        if limit < 1:
            raise SearchUsageError("--limit must be at least 1")
        limit = min(limit, len(self.docs))  # --limit 1000000000: every document at most
        p = plan(text, self.synonyms, self.names)
        editions = {edition} if edition and edition != EVERY_EDITION else set() if edition else set(p.editions)
        games = {game} if game else set(p.games)
        if edition:
            p.soft_editions |= p.editions  # the option wins; words in the query only boost
        searched = searched_slots(self.stats, p)  # each typed word's query, once for both uses below
        q = build_query(self.stats, p, searched)
        results = Results(text, [], sorted(editions), sorted(games), p.corrections)
        if q is None:
            if p.editions or p.games:  # "lotus", "worum geht's bei Kampf um Rokugan": the book itself
                results.groups = self._opening(editions, games, kind, limit)
                results.opening = bool(results.groups)
            return results
        scores, parts, headed = entry_scores(self.stats, self.passages, self.docs, q)
        results.terms = Terms.shown(searched)  # the words the question weighs (highlight.weighs)
        factors = Factors(p.soft_editions, not p.asks_meaning, p.kinds, p.names_meaning, headed, p.compares)
        if not (all_games or editions or games or p.soft_editions):  # a question naming none: its words may
            results.inferred = self.infer_game(p.words)
            if results.inferred:
                factors.inferred_games = {results.inferred.game}
                results.inferred_label = self.registry.game_short(results.inferred.game)
        if editions:  # a concept the question names may have no entry in the editions searched (_grouped)
            factors.subject_of = named_by_heading(self.stats, subject_queries(searched))
        results.groups = self._grouped(scores, editions, games, kind, limit, factors)
        if not results.groups and editions and not edition and p.editions:
            # editions named in the question found nothing: search all, boosting them
            p.soft_editions |= p.editions  # in place: factors.soft_editions is this same set
            results.groups = self._grouped(scores, set(), games, kind, limit, factors)
            results.widened = True
        for group in results.groups:
            if group.headed:
                # a difference only about editions asked: the filter's or those the question names
                group.note = best_note(group.concept, results.terms, editions | p.soft_editions, editions | p.editions)
        for hit in results.hits:
            docnum = self.docnum[("entry", hit.payload["id"])]
            part = parts.get(docnum)
            hit.passage = self._passage(docnum, part.passage_num if part else None, part.partner_num if part else None)
            if explain:
                hit.explain = explanation(self, q, docnum, hit, part)
        return results

    def game_words(self) -> dict[str, list]:
        """index term -> [game, weight]: the words that tell a question's game (gamewords.py)."""
        return self._game_words() if self._game_words else {}

    def infer_game(self, words: list[str]) -> Inference | None:
        """The game a question's words point to (gamewords.py), or None."""
        table = self.game_words()
        return infer_game(words, table, QUERY_STOPWORDS) if table else None

    def _opening(self, editions: set[str], games: set[str], kind: str | None, limit: int) -> list[Group]:
        """A question that names only editions or games, nothing to search: each book's overview
        entries and its first entries (OPENING_ENTRIES in all, in book order), books in registry order."""
        out = []
        for ed in self.registry.order:
            docs = [
                d
                for d, doc in enumerate(self.docs)
                if doc["doctype"] == "entry" and doc["edition"] == ed and self._passes(doc, editions, games, kind)
            ]
            docs.sort(key=lambda d: (self.docs[d]["kind"] != "overview", self.docs[d].get("order") or 0, d))
            for d in docs[:OPENING_ENTRIES]:
                passage = self._passage(d, None)
                out.append(Group(None, [Hit(self.payload(d), 0.0, False, passage=passage)]))
        return out[:limit]

    def _passage(self, docnum: int, pnum: int | None, partner: int | None = None) -> dict | None:
        """The passage a hit shows: its best one (else its first), and for a German entry the
        same block in the other language (`companion`: the translation, or the German text); with the
        neighbour it scored with as one window (`partner`, ranking._passage_scores), when that won."""
        if self.passages is None:
            return None
        own = self.passages.of_entry(docnum)
        matched = pnum is not None
        if pnum is None:
            if not own:
                return None
            pnum = own[0]
        shown = dict(self.passages.payload(pnum), matched=matched)
        if partner is not None:
            shown["partner"] = dict(self.passages.payload(partner), num=partner, before=partner < pnum)
        for other in own:
            p = self.passages.payload(other)
            if p["block"] == shown["block"] and p["translation"] != shown["translation"]:
                shown["companion"] = p
                break
        last = partner if partner is not None and partner > pnum else pnum  # the last one shown
        if self.list_after(last) is not None:
            shown["list"] = self.passages.payload(last + 1)
        return shown

    def list_after(self, pnum: int) -> int | None:
        """The passage a hit showing passage `pnum` shows after it, what it leads into: the list of its
        entry's next block when `pnum` ends its block with a colon (textshape.introduces_list: "the player
        must either:"), else None. What a result shows only: the passage ranked is `pnum` (with its partner)."""
        nxt = pnum + 1
        if nxt >= len(self.passages.entry_of) or self.passages.entry_of[nxt] != self.passages.entry_of[pnum]:
            return None
        shown, following = self.passages.payload(pnum), self.passages.payload(nxt)
        if following["translation"] != shown["translation"] or following["block"] != shown["block"] + 1:
            return None
        return nxt if introduces_list(shown["text"], following["text"]) else None

    def _allowed(self, editions: set[str], games: set[str], kind: str | None) -> set[int] | None:
        """Document numbers a search with these filters may return (None: all).

        Concepts pass an edition or game filter: they stand for their entries, and
        _completion() filters the entries they bring."""
        key = (tuple(sorted(editions)), tuple(sorted(games)), kind)
        if key not in self._filters:
            if not (editions or games or kind):
                allowed = None
            else:
                allowed = {
                    n
                    for n, d in enumerate(self.docs)
                    if (d["doctype"] == "entry" and self._passes(d, editions, games, kind))
                    or (d["doctype"] == "concept" and not kind)
                }
            self._filters[key] = allowed
        return self._filters[key]

    @staticmethod
    def _passes(doc: dict, editions: set[str], games: set[str], kind: str | None) -> bool:
        return (
            (not editions or doc["edition"] in editions)
            and (not games or doc["game"] in games)
            and (not kind or doc["kind"] == kind)
        )

    def _grouped(
        self,
        scores: dict[int, float],
        editions: set[str],
        games: set[str],
        kind: str | None,
        limit: int,
        factors: Factors | None = None,
    ) -> list[Group]:
        factors = factors or Factors()
        depth = max(limit * CANDIDATES_PER_RESULT, MIN_CANDIDATES)
        found = top(scores, depth, self._allowed(editions, games, kind))
        scored = []
        why: dict[int, list[tuple[str, float]]] = {}  # docnum -> the factors applied to its score
        rules = policy.rules().bind(vars(factors))  # what depends on the question alone, settled once
        for docnum, score in found:
            factor, why[docnum] = rules.apply(self.docs[docnum], docnum, self.edition_facts)
            scored.append((score * factor, docnum))
        scored.sort(key=lambda s: -s[0])  # stable: equal scores keep the index's order
        # key -> [concept docnum or None, [(docnum, score, matched)]]; entries keyed by concept id
        groups: dict[str, list] = {}
        group_score: dict[str, float] = {}
        listed: set[int] = set()
        for score, docnum in scored:
            doc = self.docs[docnum]
            if doc["doctype"] == "concept":
                key = doc["id"]
                groups.setdefault(key, [None, []])[0] = docnum
                group_score.setdefault(key, score)
                continue
            key = _concept_key(doc, groups, self.docs, self.docnum)
            if key not in groups and key == doc["concept"] and not self._central_to(key, doc["id"]):
                # an entry that only touches its concept (a What's New page listing it) does not open the
                # concept's group: other entries of the concept would rank at its score, above their own
                key = "entry:" + doc["id"]
            if key in groups and any(self.docs[h[0]]["edition"] == doc["edition"] for h in groups[key][1]):
                key = "entry:" + doc["id"]  # a concept shows one entry per edition; others rank alone
            groups.setdefault(key, [None, []])[1].append((docnum, score, True))
            group_score.setdefault(key, score)
            listed.add(docnum)
        out: list[Group] = []
        total = 0
        for key in sorted(groups, key=lambda k: -group_score[k]):
            concept, hits = groups[key]
            if concept is None and not key.startswith("entry:") and self.docs[hits[0][0]]["concept"]:
                concept = self.docnum.get(("concept", self.docs[hits[0][0]]["concept"]))
                if concept is not None and not self._central(concept, hits):
                    concept = None  # an entry that only touches the concept does not bring in its editions
            if concept is not None and (factors.compares or not hits):
                # a comparison lists every edition's entry; a concept matched by its own words alone, too
                hits += self._completion(concept, group_score[key], editions, games, kind, listed, why)
            absent = []
            if not hits and concept is not None and editions and concept in factors.subject_of:
                # "yu in gold or ivory?": the concept the question names has no entry in the editions
                # searched; its entries of their game's other editions say so (and the concept's note)
                central = self.docs[concept].get("central") or {}
                # their game's other editions, within a game filter (--game, or a game word beside --edition):
                # with it, the union let the CCG's Bowing concept say "No entry in lcg" (the LCG has its own)
                same_game = {self.registry.game_of[e] for e in editions}
                same_game &= games or same_game
                if same_game and not editions & central.keys():
                    hits = self._completion(concept, group_score[key], set(), same_game, kind, listed, why)
                    # the editions searched of the game shown ("yu lcg gold": gold, not the LCG)
                    shown = {self.docs[d]["game"] for d, _, _ in hits}
                    absent = [e for e in self.registry.order if e in editions and self.registry.game_of[e] in shown]
                    lack = f"its concept's group score (no entry in {' or '.join(absent)}: shown from another edition)"
                    for d, _, _ in hits:
                        why[d] = [(lack, CONCEPT_DOC_WEIGHT)]
            if not hits:
                continue
            total += len(hits)
            if total > limit:  # cut the last group so that exactly `limit` entries are returned
                hits = hits[: len(hits) - (total - limit)]
            out.append(
                Group(
                    self.payload(concept) if concept is not None else None,
                    [
                        Hit(self.payload(d), s, matched, outside=bool(absent), factors=why.get(d, []))
                        for d, s, matched in hits
                    ],
                    absent=absent,
                )
            )
            if total >= limit:
                break
        return out

    def _central_to(self, concept_id: str, entry_id: str) -> bool:
        """Whether the entry is the concept's central entry of its edition."""
        concept = self.docnum.get(("concept", concept_id))
        return concept is not None and _is_central(self.docs[concept], entry_id)

    def _central(self, concept: int, hits: list) -> bool:
        """Whether one of `hits` is the concept's central entry of its edition (what the concept is about)."""
        return any(_is_central(self.docs[concept], self.docs[d]["id"]) for d, _, _ in hits)

    def _completion(self, concept: int, score: float, editions, games, kind, listed: set[int], why: dict) -> list:
        """The concept's central entry of every edition that the search itself did not rank."""
        out = []
        central = self.docs[concept].get("central") or {}
        for ed in self.registry.order:
            docnum = self.docnum.get(("entry", central.get(ed)))
            if docnum is None or docnum in listed:
                continue
            if self._passes(self.docs[docnum], editions, games, kind):
                out.append((docnum, score * CONCEPT_DOC_WEIGHT, False))
                why[docnum] = [("its concept's group score (not matched itself)", CONCEPT_DOC_WEIGHT)]
                listed.add(docnum)
        return out


def _concept_key(doc: dict, groups: dict[str, list], docs: list[dict], docnum: dict) -> str:
    """The group an entry joins: another concept that lists it, whose group is open above it (its own
    document or one of its entries matched), to which it is central (the concept's first entry of its
    edition) and which shows no entry of its edition yet; else its concept
    (payloads.concept_of_entries, the first that lists it), else itself.
    Keyed by its first concept alone, an entry that several concepts list took itself away from the
    concept that matched: "presence" found the Rule of Presence concept, yet the Battle Action
    Segments it is about ranked under "Assigning versus moving", and the concept showed nothing."""
    for cid in doc.get("concepts") or []:
        concept = docnum.get(("concept", cid)) if cid in groups else None
        if concept is not None and _is_central(docs[concept], doc["id"]):
            if not any(docs[h[0]]["edition"] == doc["edition"] for h in groups[cid][1]):
                return cid
    return doc["concept"] or doc["id"]


def _is_central(concept: dict, entry_id: str) -> bool:
    """Whether the entry is the concept document's central entry of its edition (what it is about)."""
    return entry_id in (concept.get("central") or {}).values()


def _passages_fit(entry_of: list[int], docs: list[dict]) -> bool:
    """Every passage belongs to an entry of the index, and an entry's passages are together (sorted)."""
    return entry_of == sorted(entry_of) and all(0 <= n < len(docs) and docs[n]["doctype"] == "entry" for n in entry_of)


def _layout(root: Path | None) -> Layout:
    layout = Layout(checked_root(root) if root else find_root())
    if not layout.glossary.is_dir():
        raise SearchUsageError(f"{layout.glossary}: no glossary here (use --root or run inside a checkout)")
    return layout


def _open(layout: Layout, target: Path) -> Engine:
    synonyms, docs, field_docs = load_synonyms(target), load_doc_table(target), load_field_docs(target)
    registry = Registry.from_json(load_registry(target))
    # The schema is this code's (freshness.py rebuilds an index of other code), not the pickle in
    # the table of contents: as fast, and a damaged pickle can ask for gigabytes of memory.
    ix = open_dir(str(target), indexname=INDEX_NAME, schema=build_schema())
    entry_of, passage_fields, translated = load_passage_table(target)
    pix = open_dir(str(target), indexname=PASSAGE_INDEX, schema=build_passage_schema())
    vocabulary = Vocabulary(lambda: load_words(target))  # read when a search first looks a word up
    game_words = _Once(lambda: load_games(target))  # read when a question names no game
    return Engine(
        layout,
        ix,
        synonyms,
        docs,
        field_docs,
        registry,
        PassageIndex(pix, entry_of, passage_fields, translated),
        vocabulary,
        game_words,
    )


class _Once:
    """A loader called at most once: its value is kept."""

    def __init__(self, load):
        self._load, self._value = load, None

    def __call__(self):
        if self._value is None:
            self._value = self._load()
        return self._value


def open_engine(root: Path | None = None, report: Report = to_stderr) -> Engine:
    """The engine over a fresh index of the checkout at `root` (default: the current checkout).
    A damaged index is rebuilt (and `report` told so)."""
    layout = _layout(root)
    return with_index(layout, lambda target: _open(layout, target), report)


def search_once(root: Path | None, text: str, report: Report = to_stderr, **options) -> Results:
    """One search (options as Engine.search) on the index of `root`, opened and closed again;
    a damaged index, even one that fails only while searching, is rebuilt and searched again."""
    layout = _layout(root)

    def use(target: Path) -> Results:
        with _open(layout, target) as engine:
            return engine.search(text, **options)

    return with_index(layout, use, report)
