"""Split German compounds into their parts (Spielende -> Spiel + Ende).

Why: German glues words together. The Battle for Rokugan rulebook says
"Spielende", "Kampfmarker", "Territoriumskarten"; a judge types "Ende des Spiels",
"Kampf Marker", "Karte". The stemmer keeps a compound whole ("spielend"), so without
splitting those never meet. The indexer adds the parts of every compound of a German
entry to a field of their own (fields.py `parts_de`); querying.py searches a typed word
that neither language knows as its parts ("Spielziel" finds "Ziel des Spiels").

How: a word is cut where every piece is a known word of at least MIN_PART letters
(so Ende, Spiel, Land split, while "bei|spiel" or "spiel|er" do not). "Known" means
that the piece, as written, is in a vocabulary, a function word -> frequency:

* at index time, the words of the German entries themselves (`vocabulary_of`),
  counted; no external dictionary, so only the rulebook's own words are parts;
* at query time it can be the index's own words (vocabulary.py, read only when a
  search first needs it), so no word list is stored in the schema pickle.

Whole words, not stems: with stems, "passende" became pass|ende and "bestimmen"
best|immen (verb stems and participle endings look like words); a word the
rulebook really writes is a much safer part.

A piece may end with a linking element (Fugen-s, -n, -en, -es, -e:
Verteidigung|s|bonus, Runde|n|marker); after the suffixes -ung, -heit, -keit,
-schaft, -ion, -tät German always puts an -s there, so such a head is accepted even
when the rulebook never uses it alone (Planung|s|phase). The last part may carry a
case or plural ending the vocabulary lacks (Klan|hauptstädten). Stop words (eine, alle,
unter, ...) are never parts. The split with the fewest parts wins, then the one whose
parts are most frequent; `parts` also splits the parts again (Start|spieler|karte).
Umlauts: the vocabulary also holds each word with its accents folded as the
analyzers fold them (küste -> kuste), and a piece typed with ae/oe/ue is tried
with ä/ö/ü, so "Kustenprovinz" and "Kuestenprovinz" split like "Küstenprovinz".
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Callable, Iterable

from . import policy
from .analysis import analyze, german
from .whooshlib import accent_map, stopwords_for_language

# The ranking policy's knobs (policy.yaml: why, what chose each value, which test pins it)
MIN_PART = policy.count("COMPOUND_MIN_PART")  # letters in a part, without its linking element
MAX_WORD = policy.count("COMPOUND_MAX_WORD")  # longer "words" are not language (O(n^2) look-ups)
LINKERS = policy.word_list("LINKERS")
S_HEAD_SUFFIXES = policy.word_list("S_HEAD_SUFFIXES")  # heads that always take the Fugen-s
UMLAUT_SPELLINGS = policy.pairs("UMLAUT_SPELLINGS")
EXTRA_PARTS = policy.word_list("EXTRA_PARTS")  # parts the rulebook only writes inside compounds
FINAL_ENDINGS = policy.word_list("FINAL_ENDINGS")  # the last part's case or plural ending
STOP_WORDS = frozenset(stopwords_for_language("de"))
GERMAN_FIELDS = policy.word_list("COMPOUND_GERMAN_FIELDS")  # only German entries fill these (fields.py)

Frequency = Callable[[str], int]
WORD = re.compile(r"[^\W\d_]+")


def fold(word: str) -> str:
    """Lower case with accents folded, as the analyzers fold them (Küste -> kuste)."""
    return word.lower().translate(accent_map)


def vocabulary_of(texts: Iterable[str]) -> Counter[str]:
    """Word -> occurrences over German `texts`, each word also in its folded spelling, plus EXTRA_PARTS."""
    counts: Counter[str] = Counter()
    for text in texts:
        for word in WORD.findall(text.lower()):
            counts[word] += 1
            folded = fold(word)
            if folded != word:
                counts[folded] += 1
    for word in EXTRA_PARTS:
        counts[word] += 1
    return counts


class Splitter:
    """Splits words against a vocabulary (a function word -> frequency; 0 = unknown)."""

    def __init__(self, frequency: Frequency):
        self._frequency = frequency
        self._cache: dict[str, list[str]] = {}

    def _known(self, piece: str) -> tuple[str, int]:
        """(spelling as known, frequency) of a piece, trying ae/oe/ue as umlauts; (piece, 0) if unknown."""
        if len(piece) < MIN_PART:
            return piece, 0
        spellings = [piece]
        for typed, umlaut in UMLAUT_SPELLINGS:
            if typed in piece:
                spellings.append(spellings[-1].replace(typed, umlaut))
        if piece in STOP_WORDS:
            return piece, 0
        for spelling in spellings:
            n = self._frequency(spelling)
            if n:
                return spelling, n
        return piece, 0

    def _final(self, piece: str) -> tuple[str, int]:
        """The last part: known as is, or known without a case or plural ending."""
        spelling, n = self._known(piece)
        if n:
            return spelling, n
        for ending in FINAL_ENDINGS:
            if piece.endswith(ending) and self._known(piece[: -len(ending)])[1]:
                return piece, 1
        return piece, 0

    def _heads(self, chunk: str) -> list[tuple[str, int]]:
        """A non-final part: the chunk itself, or the chunk less a linking element."""
        out = []
        spelling, n = self._known(chunk)
        if n:
            out.append((spelling, n))
        for linker in LINKERS:
            head = chunk[: -len(linker)]
            if chunk.endswith(linker) and len(head) >= MIN_PART:
                spelling, n = self._known(head)
                if n:
                    out.append((spelling, n))
                elif linker == "s" and head.endswith(S_HEAD_SUFFIXES):
                    out.append((head, 1))
        return out

    def split(self, word: str) -> list[str]:
        """The parts of `word` (lower case), or [] when it is not a compound of known words."""
        word = word.lower()
        if word in self._cache:
            return self._cache[word]
        parts: list[str] = []
        if 2 * MIN_PART <= len(word) <= MAX_WORD and word.isalpha():
            best = self._segment(word)
            if best and len(best[0]) >= 2:
                parts = best[0]
        self._cache[word] = parts
        return parts

    def _segment(self, word: str) -> tuple[list[str], float] | None:
        """Fewest parts, then highest mean log-frequency, for every suffix of `word` (dynamic programming)."""
        n = len(word)
        # best[i]: (parts, sum of log-frequencies) for word[i:]
        best: list[tuple[list[str], float] | None] = [None] * (n + 1)
        for i in range(n - MIN_PART, -1, -1):
            candidates: list[tuple[list[str], float]] = []
            if i > 0:  # the whole remainder as the last part
                spelling, freq = self._final(word[i:])
                if freq:
                    candidates.append(([spelling], math.log1p(freq)))
            for j in range(i + MIN_PART, n - MIN_PART + 1):
                rest = best[j]
                if rest is None:
                    continue
                for spelling, freq in self._heads(word[i:j]):
                    candidates.append(([spelling, *rest[0]], math.log1p(freq) + rest[1]))
            if candidates:
                best[i] = min(candidates, key=lambda c: (len(c[0]), -c[1] / len(c[0])))
        return best[0]

    def parts(self, word: str) -> list[str]:
        """Every part of `word`, parts of parts included (Startspielerkarte -> startspieler, karte,
        start, spieler); [] when it is not a compound."""
        out: list[str] = []
        todo = list(self.split(word))
        while todo:
            part = todo.pop(0)
            if part not in out:
                out.append(part)
                todo.extend(self.split(part))
        return out

    def compound_parts(self, text: str) -> list[str]:
        """The parts of every compound in `text`, in order (repeated as often as the compound is)."""
        out: list[str] = []
        for word in WORD.findall(text):
            out.extend(self.parts(word))
        return out


def index_vocabulary(reader) -> Frequency:
    """The vocabulary of an open index (scoring.ReaderStats), for splitting a typed word: a word
    counts when the unstemmed vocabulary (`words`, vocabulary.py) holds it and a German field its
    stem, i.e. a German entry uses it. Each piece costs two look-ups."""

    def frequency(word: str) -> int:
        if word in EXTRA_PARTS:
            return 1
        n = reader.doc_frequency("words", fold(word))  # the cheap test first: most pieces fail here
        if not n:
            return 0
        stems = analyze(german(), word)
        return n if len(stems) == 1 and any(reader.doc_frequency(f, stems[0]) for f in GERMAN_FIELDS) else 0

    return frequency
