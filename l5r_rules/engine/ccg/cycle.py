"""Ivory's Cycle: a Limited player ability, usable only in the Action Phase of your first turn, once.

Choose one or more face-up cards in your Provinces and put them on the bottom
of your deck in the order you choose; refill the empty Provinces face down, then
turn all cards in your Provinces face up. Lotus and Gold have no Cycle.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    g: dict
    choices: dict


CITES = ("cycle",)
GIVEN = obj(
    "The moment and the cards in the player's Provinces.",
    {
        "first_turn": boolean("It is the player's first turn."),
        "own_action_phase": boolean("It is his own Action Phase."),
        "cycled_this_turn": boolean("He has already Cycled this turn.", default=False),
        "provinces": array(
            "The cards in his Provinces, left to right.",
            obj(
                "A card in a Province.",
                {
                    "card": string("Its title (choices.cycle names it).", example="Ogre Bushi"),
                    "face_up": boolean("It is face up.", default=True),
                },
                required=["card"],
            ),
            min_items=1,
        ),
    },
    required=["first_turn", "own_action_phase", "provinces"],
)
CHOICES = obj(
    "The player's choice.",
    {"cycle": array("The face-up cards he puts on the bottom of his deck, in that order.", NAME)},
)
OUTCOME = obj(
    "The Cycle's result.",
    {
        "legal": boolean("The Cycle may be used."),
        "to_bottom": array("Cards put on the bottom of the Dynasty deck, in order.", NAME),
        "refilled": {"type": "integer", "minimum": 0, "description": "Provinces refilled face down, then turned up."},
    },
    required=["legal", "to_bottom", "refilled"],
)

STATE = state(updates={"cycled_this_turn": "turn"})

ORDERED = ("to_bottom",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("is not a face-up card in his Provinces", "a card to Cycle that is not face up in his Provinces"),)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is not a card in given.provinces", "a card choices.cycle names that is not in his Provinces"),)


def build(given: dict, choices: dict) -> Inputs:
    cards = [p["card"] for p in given["provinces"]]
    for i, name in enumerate(choices.get("cycle") or ()):
        if name not in cards:
            raise ScenarioError(("choices", "cycle", i), f"'{name}' is not a card in given.provinces")
    return Inputs(given, choices)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("cycle")
    g = inp.g
    ok = t.step(
        rule,
        "Limited: only in your own Action Phase, and only on your first turn",
        g["first_turn"] and g["own_action_phase"],
        first_turn=g["first_turn"],
    )
    ok = t.step(rule, "all abilities may only be used once per turn", not g.get("cycled_this_turn", False)) and ok
    if not ok:
        return t.done({"legal": False, "to_bottom": [], "refilled": 0})
    picked = choice(inp.choices, "cycle", "which face-up cards go to the bottom of the deck (one or more)")
    face_up = [p["card"] for p in g["provinces"] if p.get("face_up", True)]
    for i, name in enumerate(picked):
        if name not in face_up or picked.count(name) > face_up.count(name):
            raise ScenarioError(("choices", "cycle", i), f"'{name}' is not a face-up card in his Provinces")
    if not t.step(rule, "choose one or more face-up cards in your Provinces", len(picked) >= 1, chosen=list(picked)):
        return t.done({"legal": False, "to_bottom": [], "refilled": 0})
    t.step(rule, "put them on the bottom of your deck in the chosen order", list(picked))
    t.step(rule, "refill the empty Provinces face down, then turn all cards in your Provinces face up", len(picked))
    return t.done(
        {"legal": True, "to_bottom": list(picked), "refilled": len(picked), "state": {"cycled_this_turn": True}}
    )
