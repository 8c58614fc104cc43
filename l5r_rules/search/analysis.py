"""Text analyzers: English with stemming, German with the Snowball German stemmer.

Both fold accents after stemming (Bushidō -> bushido, Kämpfe -> kampf) so a
query typed on a keyboard without them still matches. The same analyzer runs
at index time and at query time, so stems always line up.

Before any of that, `normalize` gives both sides one spelling of the same text:
a query pasted from a PDF or typed on a Mac ("Ka\u0308mpfe" with a combining mark,
"ﬁ" ligatures, a soft hyphen in "Spiel\u00adende", a zero-width space) must find
what its plain spelling finds. The indexer applies it to every indexed text, the
query planner to the question.
"""

from __future__ import annotations

import re
import unicodedata
from functools import cache

from .whooshlib import (
    STOP_WORDS,
    CharsetFilter,
    LowercaseFilter,
    RegexTokenizer,
    StemFilter,
    StopFilter,
    accent_map,
    stopwords_for_language,
)

WORD_PATTERN = r"\w+(?:['’]\w+)*"

# Invisible characters that only break a word in two (soft hyphen, zero-width space,
# non-joiner, joiner, word joiner, byte order mark): dropped. The trade mark signs
# are spaces: NFKC would glue "TM" to the word before them.
_INVISIBLE = {**dict.fromkeys(map(ord, "\u00ad\u200b\u200c\u200d\u2060\ufeff"), None), ord("™"): " ", ord("℠"): " "}
# Lone surrogates: the bytes of a command-line argument that were not UTF-8. Not text.
_SURROGATE = re.compile("[\ud800-\udfff]")


def normalize(text: str) -> str:
    """`text` in NFKC (composed accents, ligatures and full-width letters folded: "ﬁ" -> "fi",
    "ｂｏｗ" -> "bow"; umlauts and ß stay), invisible characters and lone surrogates removed."""
    if text.isascii():
        return text  # the common case: nothing to do

    text = _SURROGATE.sub("", text.translate(_INVISIBLE))
    return unicodedata.normalize("NFKC", text)


@cache
def english():
    return _memoized(
        RegexTokenizer(WORD_PATTERN)
        | LowercaseFilter()
        | StopFilter(stoplist=STOP_WORDS, minsize=2)
        | StemFilter(lang="en", cachesize=-1)
        | CharsetFilter(accent_map)
    )


@cache
def german():
    return _memoized(
        RegexTokenizer(WORD_PATTERN)
        | LowercaseFilter()
        | StopFilter(lang="de", minsize=2)
        | StemFilter(lang="de", cachesize=-1)
        | CharsetFilter(accent_map)
    )


@cache
def plain():
    """Unstemmed words: the vocabulary typo tolerance compares a typed word with."""
    return _memoized(RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map))


def analyze(analyzer, text: str) -> list[str]:
    """The index terms `analyzer` makes of `text`, in order.

    For the three analyzers here (english, german, plain) the terms of the last MEMO_SIZE texts
    are remembered: a search analyzes the same few words many times (each slot in both languages,
    the heading bonus, compound pieces, the words of the texts it shows), and whoosh's filter
    chain costs far more than a look-up."""
    memo = _MEMOS.get(id(analyzer))
    if memo is None or memo[0] is not analyzer:
        return [t.text for t in analyzer(text)]
    terms = memo[1].get(text)
    if terms is None:
        if len(memo[1]) >= MEMO_SIZE:
            memo[1].clear()
        terms = memo[1][text] = tuple(t.text for t in analyzer(text))
    return list(terms)


def index_terms(analyzer, text: str) -> list[str]:
    """What `analyzer` makes of a whole text to index, a word at a time through a memo of each
    word's terms (for the three analyzers here; any other runs as it is).

    Exactly the analyzer's own terms, in order: each of the three splits the text with
    WORD_PATTERN and then changes or drops each word on its own (lower case, stop words, stemming,
    accent folding), so a word's terms do not depend on its neighbours, and the same word
    analyzed alone gives the same terms. A rulebook uses a few thousand words ~100,000 times, and
    whoosh's filter chain per word cost most of the index build's analysis (issue #12)."""
    memo = _WORD_MEMOS.get(id(analyzer))
    if memo is None or memo[0] is not analyzer:
        return [t.text for t in analyzer(text)]
    known = memo[1]
    out: list[str] = []
    for word in _WORD.findall(text):
        terms = known.get(word)
        if terms is None:
            terms = known[word] = tuple(t.text for t in analyzer(word))
        out += terms
    return out


def browser_tables() -> dict:
    """What the site's search (analysis.js) needs to read a question as these analyzers do: the
    stop words of both languages, the accent folding (whoosh's whole accent_map: a question may hold
    a character the corpus never uses, "bøwing", "ıvory", which the CLI folds and so must the site),
    and `normalize`'s characters dropped or read as a space. (The stems of every word the corpus
    uses are exported as they are, webindex._stems; the site stems others with its port of Snowball.)"""
    return {
        "STOP_EN": sorted(STOP_WORDS),
        "STOP_DE": sorted(stopwords_for_language("de")),
        "ACCENTS": {chr(c): folded for c, folded in sorted(accent_map.items()) if chr(c) != folded},
        "INVISIBLE": "".join(chr(c) for c, v in sorted(_INVISIBLE.items()) if v is None),
        "AS_SPACE": "".join(chr(c) for c, v in sorted(_INVISIBLE.items()) if v == " "),
        "UNASSIGNED": unassigned_ranges(),
    }


@cache
def unassigned_ranges() -> str:
    """The code points this Python's Unicode (unicodedata.unidata_version) has not assigned, as the body of
    a regular expression's character class (`\\u{378}-\\u{379}...`). Python's word pattern reads them as
    separators; a browser's newer Unicode may know some as letters, or fold them with NFKC ("𜳗" to "B"),
    so the site reads them as spaces to split a question where the CLI does (hostile round 11)."""
    ranges, start = [], None
    for code in range(0x110001):
        unassigned = code < 0x110000 and unicodedata.category(chr(code)) == "Cn"
        if unassigned and start is None:
            start = code
        elif not unassigned and start is not None:
            ranges.append(f"\\u{{{start:x}}}" + (f"-\\u{{{code - 1:x}}}" if code - 1 > start else ""))
            start = None
    return "".join(ranges)


_WORD = re.compile(WORD_PATTERN)
MEMO_SIZE = 16384
_MEMOS: dict[int, tuple[object, dict[str, tuple[str, ...]]]] = {}  # id -> (analyzer, text -> terms)


_WORD_MEMOS: dict[int, tuple[object, dict[str, tuple[str, ...]]]] = {}  # id -> (analyzer, word -> terms)


def _memoized(analyzer):
    _MEMOS[id(analyzer)] = (analyzer, {})
    _WORD_MEMOS[id(analyzer)] = (analyzer, {})
    return analyzer
