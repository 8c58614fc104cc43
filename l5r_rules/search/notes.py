"""The sentence of a concept that answers a question: its summary or one of its differences.

Why: a question that compares editions ("bowed cards using abilities gold vs lotus") is
answered by the concept's own words, a difference written across the editions, not by any one
edition's rule text. When a concept heads a group of results, the list shows the concept's
summary or difference that holds the most of the question's words (counted once each) (highlight.spans, the
same test that marks words in a passage), preferring a difference about the editions the
question names. When the question names editions (or the search is limited to some), a difference
is shown only if it concerns one of them: "duelist lotus vs ivory" gets no note about what Gold or
Diamond Edition did. A difference that lists no editions, and the summary, concern every edition.
"""

from __future__ import annotations

from .highlight import Terms, matched


def best_note(
    concept: dict, terms: Terms, editions: set[str] = frozenset(), asked: set[str] = frozenset()
) -> dict | None:
    """{"text", "label"} of the concept's summary or difference that matches the query best, or None.
    `editions`: those a difference about is preferred on a tie; `asked`: the editions the question names
    or the search is limited to, the only ones a difference shown may concern (none: any)."""
    candidates = [(concept.get("summary") or "", "summary", ())]
    candidates += [(d.get("text") or "", "difference", tuple(d.get("editions") or ())) for d in concept["differences"]]
    best, best_key = None, (0, 0)
    for text, label, eds in candidates:
        if asked and eds and not asked.intersection(eds):
            continue  # about editions the question did not ask about
        words = {s for _, stems in matched(text, terms, "en") for s in stems}
        key = (len(words), len(editions.intersection(eds)))
        if words and key > best_key:
            best, best_key = {"text": " ".join(text.split()), "label": label}, key
    return best
