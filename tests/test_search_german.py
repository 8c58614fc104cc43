"""German questions for Battle for Rokugan: question words skipped, verb forms meet nouns,
compound headings searchable by their parts (on the real glossary)."""

from __future__ import annotations

from pathlib import Path

import pytest

from l5r_rules.search.engine import open_engine
from l5r_rules.search.querying import _verb_stems, plan
from l5r_rules.search.scoring import Term, score

REPO = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def engine():
    with open_engine(REPO) as e:
        yield e


def slot_words(p):
    return [[phrase for phrase, _ in slot] for slot in p.slots]


@pytest.mark.parametrize(
    "question,words",
    [
        ("Wann endet das Spiel", [["endet"], ["spiel"]]),
        ("Wie viele Spielrunden gibt es", [["spielrunden"]]),
        ("Wann darf ich eine Territorium Karte spielen", [["territorium"], ["karte"], ["spielen"]]),
    ],
)
def test_german_question_words_are_skipped(engine, question, words):
    assert slot_words(plan(question, engine.synonyms, engine.names)) == words


def test_die_is_an_article_in_a_german_question(engine):
    german = slot_words(plan("Wie funktioniert die Provinzverteidigung", engine.synonyms, engine.names))
    english = slot_words(plan("can my personality die in a duel", engine.synonyms, engine.names))
    assert not any("destroyed" in slot for slot in german)
    assert any("destroyed" in slot for slot in english)


def test_no_typo_correction_for_german_question_words(engine):
    assert "wann" not in engine.search("Wann endet das Spiel").corrections


@pytest.mark.parametrize("stem,expected", [("endet", "end"), ("spielt", "spiel"), ("kampft", "kampf")])
def test_verb_forms_also_search_the_noun_stem(engine, stem, expected):
    assert _verb_stems(engine.stats, [([stem], 1.0)]) == [([expected], 0.8)]


@pytest.mark.parametrize(
    "stem,candidates", [("kontrolli", ["kontroll"]), ("gelegt", ["leg", "geleg"]), ("endet", ["end"])]
)
def test_verb_stem_candidates(stem, candidates):
    """-ieren verbs ("kontrolliere" -> kontrolli -> kontroll) and participles ("gelegt" -> leg) too."""
    from l5r_rules.search.querying import _verb_stem_candidates

    assert _verb_stem_candidates(stem) == candidates


@pytest.mark.parametrize("stem", ["stadt", "bow", "end", "spiel"])  # stad: no German entry uses it
def test_no_verb_stem_for_other_words(engine, stem):
    assert _verb_stems(engine.stats, [([stem], 1.0)]) == []


def test_a_compound_heading_is_found_by_its_parts(engine):
    spielende = engine.docnum[("entry", "bfr-spielende")]
    assert spielende in score(engine.stats, Term("term_de", "end"))
    assert spielende in score(engine.stats, Term("term_de", "spiel"))


def test_when_does_the_game_end_in_german(engine):
    assert engine.search("Wann endet das Spiel").hits[0].payload["id"] == "bfr-spielende"


def test_explain_names_the_field_a_german_word_counted_in(engine):
    """'Kampf' is in bfr-kaempfe-abhandeln's aliases under both analyzers and in its text both
    whole and as a compound part: --explain says which field counted, and only that field's
    score is in the part's sum."""
    hit = next(
        h for h in engine.search("Kampf Provinz", explain=True).hits if h.payload["id"] == "bfr-kaempfe-abhandeln"
    )
    parts = {p["part"]: p for p in hit.explain["parts"]}
    for part in parts.values():
        assert sum(f["score"] for f in part["fields"].values()) == pytest.approx(part["score"], abs=0.002)
    heading = parts["heading"]["once"]
    assert [(m["won"]["field"], [a["field"] for a in m["lost"]]) for m in heading] == [("aliases_de", ["aliases"])]
    text = parts["whole text"]["once"]
    assert [{m["won"]["field"], *(a["field"] for a in m["lost"])} for m in text] == [{"text_de", "parts_de"}]
    for m in heading + text:
        assert m["won"]["terms"] == ["kampf"] and all(m["won"]["score"] >= a["score"] for a in m["lost"])
