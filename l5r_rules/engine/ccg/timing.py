"""When an action of each type may be taken: Limited, Open and Battle actions, and Reactions.

Gold and Lotus: a Limited action only in your own Action Phase; an Open action in any player's Action
Phase and in any Battle Action Segment (it does not become a Battle action there); a Battle action only
in a Battle Action Segment, on any player's turn; a Reaction at no set time, only when its trigger
occurs (and at once). Ivory's basic rules do not describe these types: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, obj
from ..state import state
from ..trace import Tracer

CITES = ("timing.limited", "timing.open", "timing.battle", "timing.reaction")
TYPES = ("limited", "open", "battle", "reaction")
MOMENTS = ("own-action-phase", "other-action-phase", "battle-action-segment", "other")
GIVEN = obj(
    "An action a player wants to take, and when.",
    {
        "type": choice_of("The action's type.", TYPES),
        "moment": choice_of(
            "When: his own Action Phase, another player's Action Phase, a Battle Action Segment (any player's "
            "turn), or another time.",
            MOMENTS,
        ),
        "trigger": boolean("A Reaction: its trigger has just occurred.", default=False),
    },
    required=["type", "moment"],
)
OUTCOME = obj(
    "Whether he may take it now.",
    {
        "legal": boolean("He may take it now."),
        "counts_as": choice_of("The type it is taken as (an Open action stays Open in a battle).", TYPES),
    },
    required=["legal", "counts_as"],
)
CHECKS = (("is about a Reaction's trigger", "given.trigger for an action that is not a Reaction"),)
STATE = state()  # one moment of the game


@dataclass(frozen=True)
class Inputs:
    type: str
    moment: str
    trigger: bool


def build(given: dict, choices: dict) -> Inputs:
    if given.get("trigger") and given["type"] != "reaction":
        raise ScenarioError(("given", "trigger"), f"is about a Reaction's trigger; a {given['type']} action has none")
    return Inputs(given["type"], given["moment"], bool(given.get("trigger", False)))


def resolve(inp: Inputs, rs: Ruleset):
    rs.require("ccg/action-timing")
    t = Tracer()
    m = inp.moment
    if inp.type == "limited":
        ok = t.step(
            rs.cite("timing.limited"), "a Limited action only in your own Action Phase", m == "own-action-phase"
        )
    elif inp.type == "open":
        ok = t.step(
            rs.cite("timing.open"),
            "an Open action in any player's Action Phase and any Battle Action Segment",
            m in ("own-action-phase", "other-action-phase", "battle-action-segment"),
            moment=m,
        )
        if ok and m == "battle-action-segment":
            t.step(rs.cite("timing.open"), "taken in a battle it stays an Open action, not a Battle action", "open")
    elif inp.type == "battle":
        ok = t.step(
            rs.cite("timing.battle"),
            "a Battle action only during a Battle Action Segment, on any player's turn",
            m == "battle-action-segment",
            moment=m,
        )
    else:
        ok = t.step(
            rs.cite("timing.reaction"),
            "a Reaction has no set phase: it is taken as soon as its trigger occurs",
            inp.trigger,
        )
    return t.done({"legal": ok, "counts_as": inp.type})
