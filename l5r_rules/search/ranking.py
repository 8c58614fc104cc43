"""How an entry's score is put together from its heading, its whole text and its best passage.

Why: BM25 divides a field's score by the field's length, so the one sentence that answers a
question, deep inside a long entry, scores less than a short entry that only mentions the
words. Each entry is therefore also indexed as passages (passages.py), and an entry scores

    HEAD_WEIGHT x (its heading fields: term, aliases, section; the heading bonus)
  + BODY_WEIGHT x (its whole rule text and translation)
  + PASSAGE_WEIGHT x (its best passage, scored on the passage index by the same query)

A passage's score is its BM25F score times the share of the question's words it holds
(coverage): among short passages, one that holds "bowed", "personality" and "defend"
answers better than one that repeats "bowed". A rule often runs over two paragraphs (a
sentence and the list it introduces, a rule and its exception), so two neighbouring passages
of one entry are also scored as one, at WINDOW_WEIGHT: their summed scores times the share of
the words either holds. The stronger of the two takes that score if it is higher than its own
(and is the passage shown).

The three parts use one query tree (querying.py). The heading and body parts are one scoring
of the entry index split by field (scoring.prune: a query's score is the sum of its parts over
the heading fields and the others, since each word's terms are summed over the fields except
where a field pair indexes the same words twice, and each such pair, counted once as the better
of the two (scoring.Max), lies on one side: aliases and aliases_de in the heading, text_de and
parts_de in the body and the passages), so the split costs one extra fold over the heading
fields only.
Concept documents keep their whole score (they have no passages). The weights are the ranking
policy's (policy.yaml), chosen on the eval sets' tuning data (scripts/bench_search.py).

`Parts` keeps the pieces so `l5r-rules search --explain` can say why an entry ranks where it does.
"""

from __future__ import annotations

from typing import NamedTuple

from . import policy
from .scoring import Any, Node, Scores, prune
from .scoring import score as score_query

# The ranking policy's knobs (policy.yaml: why, what chose each value, which test pins it)
PASSAGE_FIELDS = policy.words("PASSAGE_FIELDS")
HEAD_FIELDS = policy.words("HEAD_FIELDS")
HEAD_WEIGHT = policy.number("HEAD_WEIGHT")
BODY_WEIGHT = policy.number("BODY_WEIGHT")
PASSAGE_WEIGHT = policy.number("PASSAGE_WEIGHT")
WINDOW_WEIGHT = policy.number("WINDOW_WEIGHT")  # two neighbouring passages scored as one
MAX_WINDOW_SLOTS = policy.count("MAX_WINDOW_SLOTS")  # (the site keeps a passage's words as bits of a 32-bit number)


class Parts(NamedTuple):
    """One entry's score before the engine's factors (edition, kind, concept)."""

    head: float  # heading fields
    body: float  # whole text and translation
    passage: float  # best passage (0 when none matched)
    passage_num: int | None  # that passage's number in the passage index
    # the neighbour it was scored with, when the two scored as one window did better: shown beside it
    partner_num: int | None = None

    @property
    def total(self) -> float:
        return HEAD_WEIGHT * self.head + BODY_WEIGHT * self.body + PASSAGE_WEIGHT * self.passage


def entry_scores(stats, passages, docs: list[dict], q: Node) -> tuple[Scores, dict[int, Parts], set[int]]:
    """(docnum -> score of every matching document, docnum -> Parts of every matching entry, the
    documents whose heading the question matched: entries and concepts).

    `stats` scores the main index, `passages` (engine.PassageIndex, or None) the passage index."""
    scores = score_query(stats, q)
    head_q = prune(q, HEAD_FIELDS)
    head = score_query(stats, head_q) if head_q is not None else {}
    headed = {d for d, h in head.items() if h > 0}
    if passages is None:
        return scores, {}, headed
    best: dict[int, tuple[float, int]] = {}
    entry_of = passages.entry_of
    passage_scores, partners = _passage_scores(passages.stats, q, passages)
    for pnum, ps in passage_scores.items():
        e = entry_of[pnum]
        # on a tie the entry's earlier passage, whatever the order the scores came in (the site's too)
        if e not in best or ps > best[e][0] or (ps == best[e][0] and pnum < best[e][1]):
            best[e] = (ps, pnum)
    out: Scores = {}
    parts: dict[int, Parts] = {}
    for d in scores.keys() | best.keys():
        if docs[d]["doctype"] != "entry":
            out[d] = scores[d]
            continue
        h = head.get(d, 0.0)
        ps, pnum = best.get(d, (0.0, None))
        parts[d] = Parts(h, scores.get(d, 0.0) - h, ps, pnum, partners.get(pnum) if pnum is not None else None)
        out[d] = parts[d].total
    return out, parts, headed


def named_by_heading(stats, subjects: list[Node]) -> set[int]:
    """The documents whose heading fields hold every one of `subjects` (querying.subject_queries):
    the concepts, say, whose title or aliases name what the question is about."""
    named: set[int] | None = None
    for subject in subjects:
        head_q = prune(subject, HEAD_FIELDS)
        found = set(score_query(stats, head_q)) if head_q is not None else set()
        named = found if named is None else named & found
    return named or set()


def passage_slots(q: Node) -> list[Node]:
    """The parts of a question that a passage can match: one per typed word or phrase (querying.py)."""
    return [p for p in q.parts if prune(p, PASSAGE_FIELDS) is not None] if isinstance(q, Any) else [q]


def _passage_scores(stats, q: Node, passages) -> tuple[Scores, dict[int, int]]:
    """(passage number -> BM25F score x the share of the question's words (slots) the passage holds,
    or its window's score with a neighbour of its entry (WINDOW_WEIGHT) where that is higher; passage
    number -> that neighbour, where the window is its score: the two are shown together)."""
    slots = passage_slots(q)
    if len(slots) < 2:
        return score_query(stats, q), {}
    total: Scores = {}
    count: dict[int, int] = {}
    words: dict[int, int] = {}  # passage -> bit i set when it holds slot i
    for i, slot in enumerate(slots):
        for d, s in score_query(stats, slot).items():
            total[d] = total.get(d, 0.0) + s
            count[d] = count.get(d, 0) + 1
            words[d] = words.get(d, 0) | (1 << i)
    n = len(slots)
    single = {d: s * count[d] / n for d, s in total.items()}
    out = dict(single)
    partners: dict[int, int] = {}
    if n <= MAX_WINDOW_SLOTS:
        for d in sorted(total):
            e = d + 1
            if e not in total or not _neighbours(passages, d, e):
                continue
            window = (total[d] + total[e]) * bin(words[d] | words[e]).count("1") / n * WINDOW_WEIGHT
            stronger = e if single[e] > single[d] else d
            if window > out[stronger]:
                out[stronger] = window
                partners[stronger] = d if stronger == e else e
    return out, partners


def _neighbours(passages, d: int, e: int) -> bool:
    """Passages d and e = d + 1 follow each other in one text: the same entry, and both from its
    rule text or both from its translation."""
    return passages.entry_of[e] == passages.entry_of[d] and (d in passages.translated) == (e in passages.translated)


def window_partner(stats, q: Node, passages, pnum: int, score: float) -> tuple[int, int] | None:
    """(the neighbour, how many of the question's words the two hold together) when passage `pnum`
    has `score` as a window with a neighbour (_passage_scores), else None: for --explain."""
    slots = passage_slots(q)
    if not 2 <= len(slots) <= MAX_WINDOW_SLOTS:
        return None
    per_slot = [score_query(stats, slot) for slot in slots]
    for a, b in ((pnum - 1, pnum), (pnum, pnum + 1)):
        if a < 0 or b >= len(passages.entry_of) or not _neighbours(passages, a, b):
            continue
        if not any(a in s for s in per_slot) or not any(b in s for s in per_slot):
            continue
        held = sum(1 for s in per_slot if a in s or b in s)
        summed = sum(s[a] for s in per_slot if a in s) + sum(s[b] for s in per_slot if b in s)
        if summed * held / len(slots) * WINDOW_WEIGHT == score:
            return (a if b == pnum else b), held
    return None
