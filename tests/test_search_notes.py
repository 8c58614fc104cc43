"""The concept sentence shown above a concept's group answers the question (search/notes.py)."""

import pytest

from l5r_rules.search.highlight import Terms
from l5r_rules.search.notes import best_note

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
