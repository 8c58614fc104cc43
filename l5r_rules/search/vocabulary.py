"""The unstemmed vocabulary of the index: every word of every entry and concept, with the number
of documents that use it (store.WORDS, words.json beside the index).

Why a file and not a whoosh field: the words are only ever looked up (typo tolerance in
querying.py, German compound splitting in decompound.py), never scored, yet as a whoosh field
they were 38 % of all postings the index build wrote (issue #12). scoring.ReaderStats answers
for the field name `words` from here, with what whoosh answered: `doc_frequency`, `in`, and
`terms_within` (the words within an edit distance of a typed word that share its first letters,
whoosh's Levenshtein automaton: insertions, deletions and substitutions, a swap counting 2).

The indexer counts the words with the `plain()` analyzer that made the field's terms (the same
tokens, lower case, accents folded); the file is read when a search first asks, so a cold search
that needs no typo tolerance never reads it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable

from .analysis import index_terms, plain

FIELD = "words"  # the field name querying.py and decompound.py look words up under


def count(texts: Iterable[str]) -> dict[str, int]:
    """Word -> number of `texts` that use it, each text's words as the `plain()` analyzer makes
    them (the unstemmed terms typo tolerance compares with); sorted by word."""
    analyzer = plain()
    counts: Counter[str] = Counter()
    for text in texts:
        counts.update(set(index_terms(analyzer, text)))
    return dict(sorted(counts.items()))


class Vocabulary:
    """Word -> document frequency, loaded on first use by `load` (a function returning the dict)."""

    def __init__(self, load: Callable[[], dict[str, int]]):
        self._load = load
        self._counts: dict[str, int] | None = None
        self._by_start: dict[str, list[str]] = {}

    @property
    def counts(self) -> dict[str, int]:
        if self._counts is None:
            self._counts = self._load()
        return self._counts

    def __iter__(self):
        """Every word, sorted (the order of whoosh's lexicon)."""
        return iter(sorted(self.counts))

    def frequency(self, word: str) -> int:
        return self.counts.get(word, 0)

    def within(self, text: str, maxdist: int, prefix: int = 0) -> list[str]:
        """The words that start with text[:prefix] and are within `maxdist` Levenshtein edits of `text`
        after it (whoosh's terms_within: its automaton takes the first `prefix` letters as they are)."""
        start = text[:prefix]
        words = self._by_start.get(start)
        if words is None:
            words = self._by_start[start] = [w for w in self.counts if w.startswith(start)]
        rest = text[prefix:]
        n = len(rest)
        close = _within_one if maxdist == 1 else lambda a, b: _distance(a, b) <= maxdist
        return [w for w in words if abs(len(w) - prefix - n) <= maxdist and close(w[prefix:], rest)]


def _within_one(a: str, b: str) -> bool:
    """Levenshtein distance of a and b at most 1."""
    if len(a) > len(b):
        a, b = b, a
    if len(b) - len(a) > 1:
        return False
    i = 0
    while i < len(a) and a[i] == b[i]:
        i += 1
    if len(a) == len(b):
        return a[i + 1 :] == b[i + 1 :]
    return a[i:] == b[i + 1 :]


def _distance(a: str, b: str) -> int:
    """Levenshtein distance (insertions, deletions, substitutions)."""
    row = list(range(len(b) + 1))
    for i, ca in enumerate(a, 1):
        prev, row[0] = row[0], i
        for j, cb in enumerate(b, 1):
            prev, row[j] = row[j], min(row[j] + 1, row[j - 1] + 1, prev + (ca != cb))
    return row[-1]
