"""Playing a territory card: who, when, and once.

Its holder plays it in the upkeep phase (not in round 1), going round from the
start player; the two Shadowlands cards instead at the start of his turn in the
planning phase. A played card goes back to the box and is never played again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    g: dict


CITES = ("territory.cards", "upkeep", "shadowlands.cards")
GIVEN = obj(
    "The card, who plays it and when.",
    {
        "clan": string("The clan playing it.", example="Krabbe"),
        "holder": string("The clan holding the card, or 'board' / 'played'.", example="Krabbe"),
        "shadowlands": boolean("A Shadowlands territory card.", default=False),
        "round": integer("The round (1 to 5).", minimum=1, example=2),
        "moment": choice_of(
            "When: in the upkeep phase's territory step, at the start of his turn in the planning phase, or other.",
            ("upkeep", "planning-turn-start", "other"),
        ),
    },
    required=["clan", "holder", "round", "moment"],
)
OUTCOME = obj(
    "Whether it may be played now.",
    {
        "legal": boolean("It may be played now; afterwards it goes back to the box for good."),
        "failed": {"type": "array", "items": {"type": "string"}, "description": "The checks that fail."},
    },
    required=["legal", "failed"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("the game ends after round", "given.round beyond the fifth round"),)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(given)


def resolve(inp: Inputs, rs: Ruleset):
    g = inp.g
    if g["round"] > rs.bfr_rounds:
        raise ScenarioError(("given", "round"), f"round {g['round']}: the game ends after round {rs.bfr_rounds}")
    t = Tracer()
    rule = rs.cite("territory.cards")
    failed = []
    if g["holder"] == "played":
        t.step(rule, "the card has not been played yet (a played card is out of the game)", False)
        failed.append("played")
    elif not t.step(rule, f"only the clan holding the card plays it ({g['holder']})", g["holder"] == g["clan"]):
        failed.append("holder")
    if g.get("shadowlands", False):
        ok = t.step(
            rs.cite("shadowlands.cards"),
            "a Shadowlands card is played in the planning phase, at the start of the player's turn",
            g["moment"] == "planning-turn-start",
        )
    else:
        ok = t.step(
            rs.cite("upkeep"),
            "territory cards are played in step 3 of the upkeep phase, not in round 1",
            g["moment"] == "upkeep" and g["round"] > 1,
            round=g["round"],
        )
    if not ok:
        failed.append("timing")
    return t.done({"legal": not failed, "failed": failed})
