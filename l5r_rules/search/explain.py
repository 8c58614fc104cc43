"""Why a hit ranks where it does (`l5r-rules search --explain`), as data.

For each hit: its score parts (ranking.Parts) with their weights, each part's score per field
and the query terms that matched in that field, the best passage (block, anchor), and the
factors the engine applied afterwards (an edition named in the question, a concept that
brought the entry in, a kind of entry the question names). Computed only when asked: it scores each
field and each query term on its own, which a plain search never needs.

Where a typed word counts once in two fields (a scoring.Max: aliases and aliases_de, or text_de
and parts_de; querying.once_per_family), only the better field's terms count for the hit: the
field scores and terms are those of the query with each Max replaced by its best part for this
document, so they still add up to the part's score, and `once` names each Max that both fields
matched: which field won, with its terms, and which did not count.
"""

from __future__ import annotations

from . import ranking
from .fields import SEARCH_FIELDS
from .highlight import query_terms
from .scoring import Max, Node, Term, prune
from .scoring import score as score_query


def explanation(engine, q: Node, docnum: int, hit, parts: ranking.Parts | None) -> dict:
    out: dict = {"score": round(hit.score, 4), "matched": hit.matched}
    if parts is not None:
        once: list[dict] = []
        entry_fields = _by_field(engine.stats, _resolved(engine.stats, q, docnum, once), docnum, SEARCH_FIELDS)
        body_fields = set(SEARCH_FIELDS) - ranking.HEAD_FIELDS
        out["parts"] = [
            _part("heading", ranking.HEAD_WEIGHT, parts.head, entry_fields, ranking.HEAD_FIELDS, once),
            _part("whole text", ranking.BODY_WEIGHT, parts.body, entry_fields, body_fields, once),
        ]
        if parts.passage_num is not None:
            passage = engine.passages.payload(parts.passage_num)
            stats, pnum, once = engine.passages.stats, parts.passage_num, []
            fields = _by_field(stats, _resolved(stats, q, pnum, once), pnum, stats.schema.scorable_names())
            best = _part("best passage", ranking.PASSAGE_WEIGHT, parts.passage, fields, set(fields), once)
            best["block"], best["anchor"] = passage["block"], passage["anchor"]
            slots = ranking.passage_slots(q)
            held = sum(1 for slot in slots if parts.passage_num in score_query(engine.passages.stats, slot))
            best["coverage"] = [held, len(slots)]  # the BM25F sum was multiplied by held / slots
            window = ranking.window_partner(stats, q, engine.passages, pnum, parts.passage)
            if window is not None:  # scored together with a neighbouring passage (ranking.WINDOW_WEIGHT)
                neighbour = engine.passages.payload(window[0])
                best["window"] = {
                    "block": neighbour["block"],
                    "anchor": neighbour["anchor"],
                    "coverage": [window[1], len(slots)],
                    "weight": ranking.WINDOW_WEIGHT,
                }
            out["parts"].append(best)
        out["sum"] = round(parts.total, 4)
    out["factors"] = [{"why": label, "factor": round(value, 4)} for label, value in hit.factors]
    return out


def _part(name: str, weight: float, value: float, fields: dict, names, once: list[dict]) -> dict:
    out = {
        "part": name,
        "weight": weight,
        "score": round(value, 4),
        "fields": {f: fields[f] for f in sorted(fields) if f in names},
    }
    counted_once = [m for m in once if m["won"]["field"] in names]
    if counted_once:
        out["once"] = counted_once
    return out


def _resolved(stats, node: Node, docnum: int, once: list[dict]) -> Node:
    """`node` as it scored document `docnum`: each Max that matched it replaced by its part that
    scored best there (the first of equal scores, as scoring._maximum); the tree scores the
    document as `node` does. Each Max that matched in more than one part is added to `once`:
    the part that counted and the others."""
    if isinstance(node, Term):
        return node
    if isinstance(node, Max):
        matched = [(v, part) for part in node.parts if (v := score_query(stats, part).get(docnum)) is not None]
        if not matched:
            return node  # scores nothing here either way
        value, best = max(matched, key=lambda m: m[0])  # max() keeps the first of equal scores
        if len(matched) > 1:
            once.append(
                {
                    "won": _alternative(best, value),
                    "lost": [_alternative(part, v) for v, part in matched if part is not best],
                }
            )
        winner = _resolved(stats, best, docnum, once)
        if len(node.parts) == 1 or node.boost == 1.0:  # a compound of one part ignores its boost
            return winner
        return winner._replace(boost=winner.boost * node.boost)
    return type(node)(tuple(_resolved(stats, part, docnum, once) for part in node.parts), node.boost)


def _alternative(node: Node, value: float) -> dict:
    """One part of a Max: its field (querying.py builds each part in one field), terms and score."""
    terms = list(query_terms(node))
    return {"field": terms[0].field, "terms": sorted({t.text for t in terms}), "score": round(value, 4)}


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
