"""Removing one of a clan's control tokens by a card effect: the player picks the province; face-up go first.

Where several control tokens lie in the chosen province, face-up ones are
removed before face-down ones. (Removed combat markers go to their owner's
discard pile, bluffs back behind the screen, special markers to the supply:
see the resolution phase.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice, known
from ..ruleset import Ruleset
from ..shapes import choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    provinces: dict
    pick: str


CITES = ("remove.control",)
TOKENS = obj(
    "The clan's control tokens in one province.",
    {
        "face_up": {"type": "integer", "minimum": 0, "default": 0, "description": "Face-up control tokens."},
        "face_down": {"type": "integer", "minimum": 0, "default": 0, "description": "Face-down control tokens."},
    },
)
GIVEN = obj(
    "The clan's control tokens on the board.",
    {
        "provinces": mapping(
            "For each province holding the clan's control tokens: how many, face up and face down.",
            "province",
            TOKENS,
            min_properties=1,
            example={"A": {"face_up": 1, "face_down": 1}},
        ),
    },
    required=["provinces"],
)
CHOICES = obj(
    "The player's decision.",
    {"province": string("The province he removes a control token from.", example="A")},
)
OUTCOME = obj(
    "Which token goes.",
    {
        "province": string("The province."),
        "removed": choice_of("The token removed.", ("face-up", "face-down")),
        "left": TOKENS,
    },
    required=["province", "removed", "left"],
)

STATE = state(updates={"provinces": "tokens"})


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("holds none of his control tokens", "a province without his control tokens"),)


def build(given: dict, choices: dict) -> Inputs:
    provs = given["provinces"]
    pick = choice(choices, "province", "which province he removes one of his control tokens from")
    known(pick, provs, ("choices", "province"), "a province in given.provinces")
    p = provs[pick]
    if p.get("face_up", 0) + p.get("face_down", 0) == 0:
        raise ScenarioError(("choices", "province"), f"{pick} holds none of his control tokens")
    return Inputs(dict(provs), pick)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("remove.control")
    t.step(rule, "the player chooses the province he removes the control token from", inp.pick)
    p = dict(inp.provinces[inp.pick])
    up, down = p.get("face_up", 0), p.get("face_down", 0)
    gone = t.step(
        rule,
        "face-up control tokens are removed before face-down ones",
        "face-up" if up else "face-down",
        face_up=up,
        face_down=down,
    )
    left = {"face_up": up - 1, "face_down": down} if up else {"face_up": 0, "face_down": down - 1}
    return t.done(
        {"province": inp.pick, "removed": gone, "left": left, "state": {"provinces": {**inp.provinces, inp.pick: left}}}
    )
