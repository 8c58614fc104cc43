"""The vocabulary beside the index (vocabulary.py) answers as the whoosh field it replaced did.

The words used to be a whoosh field (`plain()` analyzer, existence postings). Here a whoosh index
with that field is built in memory from the same texts, and the file's counts and look-ups are
compared with whoosh's: document frequencies, and terms_within (typo tolerance) for every word of
the real vocabulary and misspellings of it.
"""

from __future__ import annotations

import random

import pytest
from search_helpers import REPO
from whoosh.fields import FieldType, Schema
from whoosh.filedb.filestore import RamStorage
from whoosh.formats import Existence

from l5r_rules.search.analysis import plain
from l5r_rules.search.engine import open_engine
from l5r_rules.search.querying import _fuzzy
from l5r_rules.search.vocabulary import Vocabulary, count

TEXTS = [
    "Küstenprovinz Kuestenprovinz kustenprovinz KÜSTE",
    "Bushidō bushido don't it’s CAN'T",
    "Spiel\u00adende ﬁnal Straße strasse",
    "bow bowed bowing bowwing bowling",
    "",
    "a a a a b",
]


def _whoosh_words(texts: list[str]):
    ix = RamStorage().create_index(Schema(words=FieldType(format=Existence(), analyzer=plain(), scorable=True)))
    with ix.writer() as writer:
        for text in texts:
            writer.add_document(words=text)
    return ix.reader()


def test_counts_are_whooshs_document_frequencies():
    reader = _whoosh_words(TEXTS)
    expected = {w.decode(): reader.doc_frequency("words", w) for w in reader.lexicon("words")}
    counts = count(TEXTS)
    assert counts == expected
    assert list(counts) == list(expected)  # sorted like whoosh's lexicon
    assert counts["bushido"] == 1 and counts["a"] == 1 and "don't" in counts


@pytest.fixture(scope="module")
def engine():
    with open_engine(REPO) as eng:
        yield eng


def _misspellings(words: list[str], n: int) -> list[str]:
    rnd = random.Random(12)
    letters = sorted({c for w in words for c in w})
    out = []
    for word in rnd.sample(words, n):
        i = rnd.randrange(len(word))
        out += [
            word[:i] + rnd.choice(letters) + word[i:],
            word[:i] + word[i + 1 :],
            word[:i] + rnd.choice(letters) + word[i + 1 :],
            word[:i] + word[i + 1 : i + 2] + word[i] + word[i + 2 :],
        ]
    return [w for w in out if w]


def test_terms_within_is_whooshs(engine):
    """The real vocabulary, as a whoosh field again: the same words within one edit (first letter kept)."""
    vocabulary = engine.stats.vocabulary
    words = list(vocabulary)
    assert len(words) > 3000 and words == sorted(words)
    reader = _whoosh_words(words)
    assert {w.decode() for w in reader.lexicon("words")} == set(words)
    for typed in words[::7] + _misspellings(words, 300):
        assert sorted(vocabulary.within(typed, 1, 1)) == sorted(reader.terms_within("words", typed, 1, prefix=1)), typed


def test_reader_stats_answer_for_the_words_field(engine):
    stats = engine.stats
    assert stats.doc_frequency("words", "bowed") == stats.vocabulary.frequency("bowed") > 0
    assert ("words", "kustenprovinz") in stats and ("words", "kustenprovinzz") not in stats
    assert sorted(stats.terms_within("words", "bowwed", 1, prefix=1)) == ["bowed"]
    assert _fuzzy(stats, "straigten") == ["straighten"]  # one edit
    assert _fuzzy(stats, "imperail") == ["imperial"]  # one swap of neighbouring letters


def test_a_general_distance_matches_the_fast_one():
    vocabulary = Vocabulary(lambda: dict.fromkeys(["spiel", "spiele", "spiegel", "spie", "sprint", "ende"], 1))
    assert sorted(vocabulary.within("spiel", 1, 1)) == ["spie", "spiel", "spiele"]
    assert sorted(vocabulary.within("spiel", 2, 1)) == ["spie", "spiegel", "spiel", "spiele"]
    assert vocabulary.within("spiel", 1, 0) == vocabulary.within("spiel", 1, 1)
