"""Why a hit ranks where it does (`l5r-rules search --explain`), as data.

For each hit: its score parts (ranking.Parts) with their weights, each part's score per field
and the query terms that matched in that field, the best passage (block, anchor), and the
factors the engine applied afterwards (an edition named in the question, a concept that
brought the entry in, diversity across editions). Computed only when asked: it scores each
field and each query term on its own, which a plain search never needs.
"""

from __future__ import annotations

from . import ranking
from .fields import SEARCH_FIELDS
from .highlight import query_terms
from .scoring import Node, Term, prune
from .scoring import score as score_query


def explanation(engine, q: Node, docnum: int, hit, parts: ranking.Parts | None) -> dict:
    out: dict = {"score": round(hit.score, 4), "matched": hit.matched}
    if parts is not None:
        entry_fields = _by_field(engine.stats, q, docnum, SEARCH_FIELDS)
        out["parts"] = [
            _part("heading", ranking.HEAD_WEIGHT, parts.head, entry_fields, ranking.HEAD_FIELDS),
            _part(
                "whole text", ranking.BODY_WEIGHT, parts.body, entry_fields, set(SEARCH_FIELDS) - ranking.HEAD_FIELDS
            ),
        ]
        if parts.passage_num is not None:
            passage = engine.passages.payload(parts.passage_num)
            fields = _by_field(
                engine.passages.stats, q, parts.passage_num, engine.passages.stats.schema.scorable_names()
            )
            best = _part("best passage", ranking.PASSAGE_WEIGHT, parts.passage, fields, set(fields))
            best["block"], best["anchor"] = passage["block"], passage["anchor"]
            slots = ranking.passage_slots(q)
            held = sum(1 for slot in slots if parts.passage_num in score_query(engine.passages.stats, slot))
            best["coverage"] = [held, len(slots)]  # the BM25F sum was multiplied by held / slots
            out["parts"].append(best)
        out["sum"] = round(parts.total, 4)
    out["factors"] = [{"why": label, "factor": round(value, 4)} for label, value in hit.factors]
    return out


def _part(name: str, weight: float, value: float, fields: dict, names) -> dict:
    return {
        "part": name,
        "weight": weight,
        "score": round(value, 4),
        "fields": {f: fields[f] for f in sorted(fields) if f in names},
    }


def _by_field(stats, q: Node, docnum: int, names) -> dict[str, dict]:
    """field -> {score, terms} of one document, for the fields where the query matched it."""
    out = {}
    terms = sorted({t for t in query_terms(q)}, key=lambda t: (t.field, t.text))
    for name in names:
        pruned = prune(q, frozenset({name}))
        if pruned is None:
            continue
        value = score_query(stats, pruned).get(docnum)
        if not value:
            continue
        matched = [t.text for t in terms if t.field == name and docnum in score_query(stats, Term(t.field, t.text))]
        out[name] = {"score": round(value, 4), "terms": sorted(set(matched))}
    return out
