"""The judges' synonyms (glossary/_synonyms.yaml): well-formed, and every alternative still finds something.

An alternative that matches no entry of the real glossary is dead weight (or a typo);
this test names it so it is fixed or removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from l5r_rules.editions import load_registry
from l5r_rules.layout import Layout
from l5r_rules.search.analysis import analyze, english, german
from l5r_rules.search.engine import open_engine
from l5r_rules.search.querying import GERMAN_FUNCTION_WORDS, QUERY_STOPWORDS, EditionWords, words_of
from l5r_rules.search.synonyms import read_yaml

REPO = Path(__file__).resolve().parent.parent
SYNONYMS = read_yaml(Layout(REPO))
ALTERNATIVES = sorted({alt for alts in SYNONYMS.values() for alt in alts})
EDITION_PHRASES = EditionWords.of(load_registry(REPO)).phrases


def test_keys_are_plain_words():
    for key, alts in SYNONYMS.items():
        assert words_of(key) == key.split(), key
        assert alts and key not in alts, key
        assert tuple(key.split()) not in EDITION_PHRASES and key not in QUERY_STOPWORDS, key
        assert not set(key.split()) & GERMAN_FUNCTION_WORDS, key  # skipped before synonyms are matched


@pytest.fixture(scope="module")
def reader():
    with open_engine(REPO) as engine:
        yield engine.reader


@pytest.mark.parametrize("alternative", ALTERNATIVES)
def test_alternative_occurs_in_the_glossary(reader, alternative):
    fields = {"en": ("term", "text", "aliases", "section"), "de": ("term_de", "text_de", "section_de")}
    found = False
    for lang, analyzer in (("en", english()), ("de", german())):
        terms = analyze(analyzer, alternative)
        if terms and all(any(reader.doc_frequency(f, t) for f in fields[lang]) for t in terms):
            found = True
    assert found, f"synonym alternative {alternative!r} matches no entry"
