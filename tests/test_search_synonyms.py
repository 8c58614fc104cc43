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

ROOT = Path(__file__).resolve().parent.parent

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


def _player_words() -> dict:
    import yaml

    data = yaml.safe_load((ROOT / "glossary" / "_synonyms.yaml").read_text(encoding="utf-8"))
    return data.get("player_words") or {}


@pytest.mark.parametrize("key", sorted(_player_words()))
def test_a_players_word_finds_the_rule_its_real_question_asked_for(key):
    """Each bridge from a player's word to the books' (issue 23) names the real question that used it and
    the entry whose rule answers it: the search, which reads the bridge, lists that entry in its first five
    hits, and the bridge's words are in the search's synonym table."""
    bridge = _player_words()[key]
    assert tuple(key.split()) in {tuple(k.split()) for k in read_yaml(Layout(ROOT))}
    with open_engine(ROOT) as engine:
        assert tuple(key.split()) in engine.synonyms
        for asked in bridge["asked"]:
            found = [h.payload["id"] for h in engine.search(asked["question"], limit=5).hits]
            assert asked["finds"] in found, (key, asked["question"], found)
