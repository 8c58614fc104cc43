"""How an entry's score is put together from its heading, its whole text and its best passage.

Why: BM25 divides a field's score by the field's length, so the one sentence that answers a
question, deep inside a long entry, scores less than a short entry that only mentions the
words. Each entry is therefore also indexed as passages (passages.py), and an entry scores

    HEAD_WEIGHT x (its heading fields: term, aliases, section; the heading bonus)
  + BODY_WEIGHT x (its whole rule text and translation)
  + PASSAGE_WEIGHT x (its best passage, scored on the passage index by the same query)

A passage's score is its BM25F score times the share of the question's words it holds
(coverage): among short passages, one that holds "bowed", "personality" and "defend"
answers better than one that repeats "bowed".

The three parts use one query tree (querying.py). The heading and body parts are one scoring
of the entry index split by field (scoring.prune: a query's score is the sum of its parts over
the heading fields and the others, since each word's terms are summed over the fields except
where a field pair indexes the same words twice, and each such pair, counted once as the better
of the two (scoring.Max), lies on one side: aliases and aliases_de in the heading, text_de and
parts_de in the body and the passages), so the split costs one extra fold over the heading
fields only.
Concept documents keep their whole score (they have no passages). The weights were chosen on
the project's own eval set and the tune half of the unseen set (scripts/bench_search.py).

`Parts` keeps the pieces so `l5r-rules search --explain` can say why an entry ranks where it does.
"""

from __future__ import annotations

from typing import NamedTuple

from .scoring import Any, Node, Scores, prune
from .scoring import score as score_query

PASSAGE_FIELDS = frozenset({"text", "text_de", "parts_de", "translation"})
HEAD_FIELDS = frozenset({"term", "term_de", "aliases", "aliases_de", "section", "section_de"})
HEAD_WEIGHT = 1.0
BODY_WEIGHT = 1.0
PASSAGE_WEIGHT = 2.0


class Parts(NamedTuple):
    """One entry's score before the engine's factors (edition, kind, concept)."""

    head: float  # heading fields
    body: float  # whole text and translation
    passage: float  # best passage (0 when none matched)
    passage_num: int | None  # that passage's number in the passage index

    @property
    def total(self) -> float:
        return HEAD_WEIGHT * self.head + BODY_WEIGHT * self.body + PASSAGE_WEIGHT * self.passage


def entry_scores(stats, passages, docs: list[dict], q: Node) -> tuple[Scores, dict[int, Parts]]:
    """(docnum -> score of every matching document, docnum -> Parts of every matching entry).

    `stats` scores the main index, `passages` (engine.PassageIndex, or None) the passage index."""
    scores = score_query(stats, q)
    if passages is None:
        return scores, {}
    head_q = prune(q, HEAD_FIELDS)
    head = score_query(stats, head_q) if head_q is not None else {}
    best: dict[int, tuple[float, int]] = {}
    entry_of = passages.entry_of
    for pnum, ps in _passage_scores(passages.stats, q).items():
        e = entry_of[pnum]
        if e not in best or ps > best[e][0]:
            best[e] = (ps, pnum)
    out: Scores = {}
    parts: dict[int, Parts] = {}
    for d in scores.keys() | best.keys():
        if docs[d]["doctype"] != "entry":
            out[d] = scores[d]
            continue
        h = head.get(d, 0.0)
        ps, pnum = best.get(d, (0.0, None))
        parts[d] = Parts(h, scores.get(d, 0.0) - h, ps, pnum)
        out[d] = parts[d].total
    return out, parts


def passage_slots(q: Node) -> list[Node]:
    """The parts of a question that a passage can match: one per typed word or phrase (querying.py)."""
    return [p for p in q.parts if prune(p, PASSAGE_FIELDS) is not None] if isinstance(q, Any) else [q]


def _passage_scores(stats, q: Node) -> Scores:
    """passage number -> BM25F score x the share of the question's words (slots) the passage holds."""
    slots = passage_slots(q)
    if len(slots) < 2:
        return score_query(stats, q)
    total: Scores = {}
    count: dict[int, int] = {}
    for slot in slots:
        for d, s in score_query(stats, slot).items():
            total[d] = total.get(d, 0.0) + s
            count[d] = count.get(d, 0) + 1
    n = len(slots)
    return {d: s * count[d] / n for d, s in total.items()}
