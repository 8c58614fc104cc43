"""Queries as small trees, scored with whoosh's BM25F by folding the tree over dicts.

whoosh runs a query as a tree of matchers that step through the postings in lock
step, with skip lists and block-quality shortcuts: machinery for indexes far larger
than memory. This index holds about 830 documents and a judge's question becomes a
few dozen terms, so that stepping cost most of each query (p50 ~8 ms), and importing
whoosh's query and searcher modules cost a cold `l5r-rules search` ~25 ms more.
Here a query is a tree of four node types, and each term's postings are read once
into {docnum: score} with whoosh's BM25F formula (the arithmetic of whoosh's BM25FScorer,
in its order, over the postings' decoded blocks: ~3x faster than calling the scorer per
posting), kept for as long as the reader is open (ReaderStats.term_scores: a question's terms
are scored for the entry index and again for its heading fields, and the next question shares
many), then folded bottom-up with the arithmetic of whoosh's matchers:

* Term: the posting's BM25F score, times the term's boost;
* Any (whoosh Or): the sum of the scores of the parts that match (the union matcher);
* All (whoosh And): documents in every part, the sum of their scores (intersection);
* Max (whoosh DisjunctionMax, tiebreak 0): documents in any part, the best part's score,
  not the sum. querying.py puts one typed word's terms in a Max where two fields index the
  same words twice (a concept's aliases with the English and the German analyzer; a German
  text whole and split into compound parts), so that the word counts once there;
* a compound with one part is that part, its own boost ignored, as in whoosh;
* the boost of a compound with several parts multiplies its score.

Ranking sorts by score, ties by document number, as whoosh's top-N collector does.
tests/test_search_scoring.py runs every eval question through whoosh's own
searcher too and checks the same scores and order, so the two cannot drift apart.
"""

from __future__ import annotations

import heapq
from typing import NamedTuple, Union

from . import policy
from .vocabulary import FIELD as WORDS_FIELD
from .whooshlib import BM25F, field_b, postings

BM25_B = policy.number("BM25_B")  # (policy.yaml: whoosh's defaults, which the tests check against)
BM25_K1 = policy.number("BM25_K1")

Scores = dict[int, float]


class Term(NamedTuple):
    field: str
    text: str
    boost: float = 1.0


class All(NamedTuple):
    parts: tuple[Node, ...]
    boost: float = 1.0


class Any(NamedTuple):
    parts: tuple[Node, ...]
    boost: float = 1.0


class Max(NamedTuple):
    """Per document, the best score among the parts that match it (their maximum, not their sum)."""

    parts: tuple[Node, ...]
    boost: float = 1.0


Node = Union[Term, All, Any, Max]  # noqa: UP007 - a runtime alias of forward references


class ReaderStats:
    """The collection statistics whoosh's scorers ask a searcher for, from one reader
    (what whoosh.searching.Searcher answers, without importing it), and the vocabulary
    look-ups querying.py makes. One difference from whoosh, on purpose: a field in
    `field_docs` has its average length taken over the documents that have it
    (fields.AVERAGED_OVER_FILLED says why). The unstemmed vocabulary (`words`) is no whoosh
    field: `vocabulary` (vocabulary.Vocabulary, the index's words.json) answers doc_frequency,
    `in` and terms_within for that field name as whoosh did. Document frequencies and field
    lengths are remembered: a question asks for the same ones many times, and the index never
    changes under an open reader."""

    def __init__(self, reader, weighting=None, field_docs: dict[str, int] | None = None, vocabulary=None):
        self.ixreader = reader
        self.vocabulary = vocabulary  # vocabulary.Vocabulary of the `words` "field", or None
        # field -> documents that have it: that field's average length is taken over them alone
        self.field_docs = dict(field_docs or {})
        self.schema = reader.schema
        self.weighting = weighting or BM25F(B=BM25_B, K1=BM25_K1)
        self._idf: dict[tuple[str, bytes], float] = {}
        self._df: dict[tuple[str, object], int] = {}
        self._lengths: dict[tuple[int, str, int], int] = {}
        self._doccount = reader.doc_count_all()
        self._terms: dict[tuple[str, str], Scores] = {}  # (field, text) -> docnum -> score (term_scores)
        self._norms: dict[str, dict[int, float]] = {}  # field -> docnum -> BM25's length part (_bm25)

    def get_parent(self):
        return self

    def reader(self):
        return self.ixreader

    def doc_count_all(self) -> int:
        return self._doccount

    def doc_count(self) -> int:
        return self.ixreader.doc_count()

    def doc_frequency(self, fieldname: str, text) -> int:
        key = (fieldname, text)
        if key not in self._df:
            if fieldname == WORDS_FIELD and self.vocabulary is not None:
                self._df[key] = self.vocabulary.frequency(text)
            else:
                self._df[key] = self.ixreader.doc_frequency(fieldname, text)
        return self._df[key]

    def __contains__(self, term: tuple[str, object]) -> bool:
        return self.doc_frequency(*term) > 0

    def terms_within(self, fieldname: str, text: str, maxdist: int, prefix: int = 0):
        if fieldname == WORDS_FIELD and self.vocabulary is not None:
            return self.vocabulary.within(text, maxdist, prefix)
        return self.ixreader.terms_within(fieldname, text, maxdist, prefix=prefix)

    def term_info(self, fieldname: str, text):
        return self.ixreader.term_info(fieldname, text)

    def doc_field_length(self, docnum: int, fieldname: str, default=0):
        key = (docnum, fieldname, default)
        if key not in self._lengths:
            self._lengths[key] = self.ixreader.doc_field_length(docnum, fieldname, default)
        return self._lengths[key]

    def avg_field_length(self, fieldname: str, default=None):
        if not self.schema[fieldname].scorable:
            return default
        return self.ixreader.field_length(fieldname) / (self.field_docs.get(fieldname) or self._doccount or 1)

    def idf(self, fieldname: str, text) -> float:
        key = (fieldname, text)
        if key not in self._idf:
            self._idf[key] = self.weighting.idf(self, fieldname, text)
        return self._idf[key]

    def term_scores(self, fieldname: str, text: str) -> Scores:
        """docnum -> BM25F score of the term (boost 1) in every document that has it; read and scored
        once per open reader (a question asks for the same terms several times: the entry index,
        its heading fields, and the next question shares many of them). Callers must not change it."""
        key = (fieldname, text)
        out = self._terms.get(key)
        if out is None:
            out = self._terms[key] = self._read_term(fieldname, text)
        return out

    def _read_term(self, fieldname: str, text: str) -> Scores:
        if fieldname not in self.schema:
            return {}
        try:
            raw = self.schema[fieldname].to_bytes(text)
        except ValueError:
            return {}
        reader = self.ixreader
        if (fieldname, raw) not in reader:
            return {}
        if type(self.weighting) is not BM25F or not self.schema[fieldname].scorable:
            m = reader.postings(fieldname, raw, scorer=self.weighting.scorer(self, fieldname, raw))
            out: Scores = {}
            while m.is_active():
                out[m.id()] = m.score()
                m.next()
            return out
        return self._bm25(fieldname, raw, *postings(reader.postings(fieldname, raw)))

    def _bm25(self, fieldname: str, raw: bytes, ids, weights) -> Scores:
        """whoosh's BM25FScorer over (ids, weights), the same arithmetic in the same order
        (whoosh.scoring.bm25), with each document's length part computed once per field."""
        w = self.weighting
        B = field_b(w, fieldname)
        K1 = w.K1
        idf = self.idf(fieldname, raw)
        norms = self._norms.get(fieldname)
        if norms is None:
            norms = self._norms[fieldname] = {}
        avgfl = None
        out: Scores = {}
        for d, tf in zip(ids, weights):
            norm = norms.get(d)
            if norm is None:
                if avgfl is None:
                    avgfl = self.avg_field_length(fieldname) or 1
                fl = self.doc_field_length(d, fieldname, 1)
                norm = norms[d] = K1 * ((1 - B) + B * fl / avgfl)
            out[d] = idf * ((tf * (K1 + 1)) / (tf + norm))
        return out


def score(stats: ReaderStats, node: Node) -> Scores:
    """docnum -> score of every document `node` matches."""
    if isinstance(node, Term):
        return _term(stats, node)
    if isinstance(node, (All, Any, Max)):
        if not node.parts:
            return {}
        if len(node.parts) == 1:
            return score(stats, node.parts[0])
        scored = [score(stats, p) for p in node.parts]
        if isinstance(node, All):
            out = _intersection(scored)
        elif isinstance(node, Max):
            out = _maximum(scored)
        else:
            out = _union(scored)
        if node.boost != 1.0:
            out = {d: s * node.boost for d, s in out.items()}
        return out
    raise TypeError(f"cannot score a {type(node).__name__}")


def top(scores: Scores, limit: int, allow: set[int] | None = None) -> list[tuple[int, float]]:
    """The `limit` best (docnum, score) pairs, best first; equal scores: lower docnum first."""
    items = scores.items() if allow is None else ((d, s) for d, s in scores.items() if d in allow)
    return heapq.nsmallest(limit, items, key=lambda item: (-item[1], item[0]))


def _term(stats: ReaderStats, node: Term) -> Scores:
    out = stats.term_scores(node.field, node.text)
    if node.boost != 1.0:
        out = {d: s * node.boost for d, s in out.items()}
    return out


def _union(scored: list[Scores]) -> Scores:
    out: Scores = dict(scored[0])
    for part in scored[1:]:
        for d, s in part.items():
            out[d] = out.get(d, 0.0) + s
    return out


def _maximum(scored: list[Scores]) -> Scores:
    """Per document, the highest score of the parts that match it (on a tie: the first part's)."""
    out: Scores = dict(scored[0])
    for part in scored[1:]:
        for d, s in part.items():
            if d not in out or s > out[d]:
                out[d] = s
    return out


def _intersection(scored: list[Scores]) -> Scores:
    common = set(scored[0]).intersection(*scored[1:])
    return {d: sum(part[d] for part in scored) for d in common}


def prune(node: Node, fields: frozenset[str]) -> Node | None:
    """`node` with only the terms of `fields` (None if none is left); an Any or a Max keeps the
    parts left. Because Any sums its parts, every All lies within one field group (a phrase in
    one field, the heading bonus in the term fields) and so does every Max (aliases and
    aliases_de are both heading fields, text_de and parts_de both text fields: ranking.py), the
    scores of a query split over those field groups add up to its score. (Pruned to one field,
    a Max scores that field's part alone, whether or not it was the best: explain.py says which was.)"""
    if isinstance(node, Term):
        return node if node.field in fields else None
    parts = tuple(p for p in (prune(part, fields) for part in node.parts) if p is not None)
    if not parts:
        return None
    if isinstance(node, All) and len(parts) != len(node.parts):
        return None  # an intersection without one of its parts would match more documents
    return type(node)(parts, node.boost)
