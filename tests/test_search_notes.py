"""The concept sentence shown above a concept's group answers the question (search/notes.py)."""

import json

import pytest
from helpers import ROOT

from l5r_rules.search import golden
from l5r_rules.search.engine import open_engine
from l5r_rules.search.highlight import Terms
from l5r_rules.search.notes import best_note
from l5r_rules.search.querying import plan

CONCEPT = {
    "summary": "Bowing turns a card sideways.",
    "differences": [
        {"text": "Gold: a bowed card cannot take actions.", "editions": ["gold"]},
        {"text": "Lotus: a bowed card may still use abilities that do not bow it.", "editions": ["lotus"]},
    ],
}


@pytest.mark.parametrize(
    ("en", "editions", "label", "start"),
    [
        ({"bow", "abil"}, set(), "difference", "Lotus:"),  # the most of the question's words
        ({"bow", "card"}, {"gold"}, "difference", "Gold:"),  # a tie: the edition the question names
        ({"sideway"}, set(), "summary", "Bowing"),
    ],
)
def test_best_note(en, editions, label, start):
    note = best_note(CONCEPT, Terms(frozenset(en), frozenset(), frozenset()), editions)
    assert note["label"] == label and note["text"].startswith(start)


def test_no_note_without_a_matching_word():
    assert best_note(CONCEPT, Terms(frozenset({"duel"}), frozenset(), frozenset())) is None


def test_a_difference_about_editions_not_asked_about_is_not_shown():
    """ "duelist lotus vs ivory" must not be answered by a note about Gold (issue 25): with editions asked,
    a difference shows only if it concerns one of them, however many of the question's words it holds."""
    concept = {
        "summary": "",
        "differences": [
            {"text": "Gold and Diamond: a bowed card cannot use abilities or duel.", "editions": ["gold"]},
            {"text": "Lotus: a bowed card may duel.", "editions": ["lotus", "ivory"]},
            {"text": "Every edition: a bowed card is turned sideways.", "editions": []},  # about all of them
        ],
    }
    terms = Terms(frozenset({"bow", "card", "abil", "duel"}), frozenset(), frozenset())
    assert best_note(concept, terms)["text"].startswith("Gold and Diamond")  # nothing asked: the most words
    assert best_note(concept, terms, asked={"lotus", "ivory"})["text"].startswith("Lotus:")
    only_all = Terms(frozenset({"sideway"}), frozenset(), frozenset())
    assert best_note(concept, only_all, asked={"lcg"})["text"].startswith("Every edition")
    assert best_note({"summary": "", "differences": concept["differences"][:1]}, terms, asked={"lotus"}) is None


def test_search_notes_concern_the_editions_the_question_names():
    """On the real glossary: every note shown above a group, for every golden question that names editions
    (or filters to one), concerns one of them (the browser's are the same: the golden file holds them)."""
    with open_engine(ROOT) as engine:
        checked = 0
        for case in golden.cases(ROOT):
            if case.set not in ("own", "unseen:tune", "real:tune", "tricky", "filtered"):
                continue  # a sample of the sets: each question costs a search
            if not (case.edition or plan(case.q, engine.synonyms, engine.names).editions):
                continue
            results = engine.search(case.q, edition=case.edition, limit=golden.DEPTH)
            if not results.editions:
                continue
            for group in results.groups:
                if group.headed and group.note and group.note["label"] == "difference":
                    about = [d.get("editions") or [] for d in group.concept["differences"]]
                    texts = [" ".join((d.get("text") or "").split()) for d in group.concept["differences"]]
                    editions = about[texts.index(group.note["text"])]
                    assert not editions or set(editions) & set(results.editions), json.dumps(case.key())
                    checked += 1
    assert checked > 30
