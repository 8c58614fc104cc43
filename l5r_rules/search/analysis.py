"""Text analyzers: English with stemming, German with the Snowball German stemmer.

Both fold accents after stemming (Bushidō -> bushido, Kämpfe -> kampf) so a
query typed on a keyboard without them still matches. The same analyzer runs
at index time and at query time, so stems always line up.
"""

from __future__ import annotations

from functools import cache

from whoosh.analysis import CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.analysis import STOP_WORDS
from whoosh.support.charset import accent_map

WORD_PATTERN = r"\w+(?:['’]\w+)*"


@cache
def english():
    return (RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | StopFilter(stoplist=STOP_WORDS, minsize=2)
            | StemFilter(lang="en", cachesize=-1) | CharsetFilter(accent_map))


@cache
def german():
    return (RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | StopFilter(lang="de", minsize=2)
            | StemFilter(lang="de", cachesize=-1) | CharsetFilter(accent_map))


@cache
def plain():
    """Unstemmed words: the vocabulary typo tolerance compares a typed word with."""
    return RegexTokenizer(WORD_PATTERN) | LowercaseFilter() | CharsetFilter(accent_map)


def analyze(analyzer, text: str) -> list[str]:
    """The index terms `analyzer` makes of `text`, in order."""
    return [t.text for t in analyzer(text)]
