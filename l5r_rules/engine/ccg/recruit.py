"""Ivory's Recruit: bring a face-up Personality or Holding from your Province into play, paying its Gold Cost.

A Repeatable Dynasty ability: only in your Dynasty Phase. It brings a card
"with Gold Cost equal to the amount you paid"; the explanation beside it says
the amount "should at least equal" the Gold Cost, so paying more than the cost
is left open (unsettled). Holdings enter play bowed. Lotus and Gold have no
Recruit ability.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unsettled
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    g: dict


CITES = ("recruit",)
GIVEN = obj(
    "The card, the payment and the moment.",
    {
        "own_dynasty_phase": boolean("It is the player's own Dynasty Phase."),
        "card": obj(
            "The card in his Province.",
            {
                "name": string("Its title.", example="Iron Mine"),
                "type": choice_of("Its type.", ("personality", "holding", "event", "region")),
                "gold_cost": integer("Its Gold Cost.", minimum=0, example=3),
                "face_up": boolean("It is face up.", default=True),
            },
            required=["name", "type", "gold_cost"],
        ),
        "paid": integer("Gold paid.", minimum=0, example=3),
    },
    required=["own_dynasty_phase", "card", "paid"],
)
OUTCOME = obj(
    "The result.",
    {
        "legal": boolean("The card enters play."),
        "enters_bowed": boolean("It enters play bowed (a Holding)."),
        "failed": {"type": "array", "items": {"type": "string"}, "description": "The checks that fail."},
    },
    required=["legal", "enters_bowed", "failed"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(given)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("recruit")
    g, c = inp.g, inp.g["card"]
    failed = []
    if not t.step(rule, "Dynasty: only in your own Dynasty Phase", g["own_dynasty_phase"]):
        failed.append("timing")
    if not t.step(
        rule,
        "a face-up Personality or Holding from your Province",
        c.get("face_up", True) and c["type"] in ("personality", "holding"),
        type=c["type"],
    ):
        failed.append("target")
    paid, cost = g["paid"], c["gold_cost"]
    if paid > cost and not failed:
        raise Unsettled(
            rule,
            f"paying {paid} for a card with Gold Cost {cost}: the ability says the Gold Cost equals the amount paid, "
            "its explanation that the amount should at least equal the Gold Cost",
        )
    if not t.step(rule, f"Gold paid {paid} against Gold Cost {cost}", paid >= cost, paid=paid, gold_cost=cost):
        failed.append("payment")
    if failed:
        return t.done({"legal": False, "enters_bowed": False, "failed": failed})
    bowed = t.step(rule, "Holdings enter play bowed", c["type"] == "holding")
    return t.done({"legal": True, "enters_bowed": bowed, "failed": []})
