"""Which words of a shown passage the query matched, so the result list can mark them.

A word is marked when the analyzer of the passage's language (analysis.py) turns it into a
term the query searched in that language's text fields: the same test the scoring made,
so "bowed" is marked for a question about "bowing", and a typo's correction or a synonym
is marked too. A German word is also marked when one of the compound parts the query
searched (parts_de, decompound.py) is part of it ("Kampfmarker" for "marker").
The shown texts (a concept's summary, a passage) come back for many questions, so each text's
words are analyzed once per process (`_words`), and a question only compares terms.

Only the words the question weighs are marked (`Terms.shown`, `weighs`): a typed word the planner
weighs at nothing, and a function word ("he", "its", "which": the planner's ENGLISH_FUNCTION_WORDS
and GERMAN_FUNCTION_WORDS, which say how a question is put, not what it asks about), mark nothing,
so "can he attack" does not light up every "he" of a passage. Such a word may still be searched
(querying.py decides that; BM25 gives a word found everywhere little weight): this is about what
a judge's eye is drawn to. js/highlight.js does the same.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from . import policy
from .analysis import WORD_PATTERN, analyze, english, german, normalize
from .querying import ENGLISH_FUNCTION_WORDS, GERMAN_FUNCTION_WORDS
from .scoring import All, Any, Max, Node, Term

_WORD = re.compile(WORD_PATTERN)
_ENGLISH_FIELDS = policy.words("MARK_ENGLISH_FIELDS")
_GERMAN_FIELDS = policy.words("MARK_GERMAN_FIELDS")
MIN_PART = policy.count("MARK_MIN_PART")  # shorter compound parts ("ab", "ein") would mark half a German text


class Terms(NamedTuple):
    """The terms a query searched: English, German, and German compound parts."""

    en: frozenset[str]
    de: frozenset[str]
    parts: frozenset[str]

    @classmethod
    def of(cls, node: Node | None) -> Terms:
        found: dict[str, set[str]] = {"en": set(), "de": set(), "parts": set()}
        for term in query_terms(node):
            if term.field in _ENGLISH_FIELDS:
                found["en"].add(term.text)
            elif term.field in _GERMAN_FIELDS:
                found["de"].add(term.text)
            elif term.field == "parts_de" and len(term.text) >= MIN_PART:
                found["parts"].add(term.text)
        return cls(frozenset(found["en"]), frozenset(found["de"]), frozenset(found["parts"]))

    @classmethod
    def shown(cls, searched: list[tuple[list[tuple[str, float]], Node]]) -> Terms:
        """The terms to mark in what a result shows: those of the typed words that `weighs` keeps, of a
        query's searched slots (querying.searched_slots: each typed word's (phrase, weight) alternatives
        and its query)."""
        return cls.of(Any(tuple(q for slot, q in searched if weighs(slot))))


_FUNCTION_WORDS = ENGLISH_FUNCTION_WORDS | GERMAN_FUNCTION_WORDS


def weighs(slot: list[tuple[str, float]]) -> bool:
    """A typed word (a querying slot) that the result list marks: the planner weighs it at more than
    nothing, and it is no function word (unless a synonym of it is searched: then it names a rule)."""
    if not any(weight > 0 for _, weight in slot):
        return False
    return not (len(slot) == 1 and slot[0][0] in _FUNCTION_WORDS)


def query_terms(node: Node | None):
    """Every Term of a query tree."""
    if isinstance(node, Term):
        yield node
    elif isinstance(node, (All, Any, Max)):
        for part in node.parts:
            yield from query_terms(part)


def spans(text: str, terms: Terms, lang: str) -> list[tuple[int, int]]:
    """(start, end) of each word of `text` that the query matched, in order."""
    return [span for span, _ in matched(text, terms, lang)]


def matched(text: str, terms: Terms, lang: str) -> list[tuple[tuple[int, int], tuple[str, ...]]]:
    """(span, the word's terms in `lang`) of each word of `text` that the query matched, in order."""
    wanted = terms.de if lang == "de" else terms.en
    parts = terms.parts if lang == "de" else ()
    out = []
    for span, stems, folded in _words(text, lang):
        if any(s in wanted for s in stems) or (parts and any(part in folded for part in parts)):
            out.append((span, stems))
    return out


@lru_cache(maxsize=4096)
def _words(text: str, lang: str) -> tuple[tuple[tuple[int, int], tuple[str, ...], str], ...]:
    """(span, terms, folded) of every word of `text`: the terms the analyzer of `lang` makes of it
    (normalized first, analysis.normalize), and for German those terms joined (else the word in
    lower case), where a compound part is looked for. The same texts (a concept's summary, a
    passage) are shown for many questions, so each is analyzed once per process."""
    analyzer = german() if lang == "de" else english()
    out = []
    for m in _WORD.finditer(text):
        word = normalize(m.group())
        stems = tuple(analyze(analyzer, word))
        folded = ("".join(stems) or word.lower()) if lang == "de" else ""
        out.append((m.span(), stems, folded))
    return tuple(out)
