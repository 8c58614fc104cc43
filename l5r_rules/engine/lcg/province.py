"""Province strength: the province's strength, plus a faceup holding's modifier, plus other modifiers (not below 0).

A holding's statistical value modifies the defense strength of the province it is
on while it is faceup (in play); a facedown card there is not in play.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset
from ..shapes import COUNT, INT, array, boolean, integer, obj, string
from ..state import state
from ..trace import Tracer

CITES = ("holding", "modifiers")
GIVEN = obj(
    "A province and what modifies its strength.",
    {
        "strength": integer("The province's printed strength.", minimum=0, example=3),
        "holding": obj(
            "A holding on the province.",
            {
                "name": string("Holding name.", example="Favorable Ground"),
                "bonus": integer("Its province strength modifier (e.g. +1 as 1).", example=1),
                "faceup": boolean("Faceup (in play); a facedown card is not in play.", default=True),
            },
            required=["bonus"],
        ),
        "modifiers": array("Other active modifiers to the strength (e.g. -2).", INT, default=[]),
    },
    required=["strength"],
)
OUTCOME = obj(
    "The province's current strength.",
    {"strength": {**COUNT, "description": "Current strength."}},
    required=["strength"],
)


@dataclass(frozen=True)
class Inputs:
    strength: int
    holding: dict | None
    modifiers: tuple


STATE = state()  # its given is one situation, not game state a chain carries


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(given["strength"], given.get("holding"), tuple(given.get("modifiers") or ()))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    total = inp.strength
    h = inp.holding
    if h is not None:
        if h.get("faceup", True):
            total = t.step(
                rs.cite("holding"),
                f"the faceup holding{' ' + h['name'] if h.get('name') else ''} "
                "modifies the province's defense strength",
                total + h["bonus"],
                bonus=h["bonus"],
            )
        else:
            t.step(rs.cite("holding"), "a facedown holding is not in play: no modifier", total)
    if inp.modifiers:
        total = t.step(
            rs.cite("modifiers"), "other active modifiers", total + sum(inp.modifiers), modifiers=list(inp.modifiers)
        )
    if total < 0:
        total = t.step(rs.cite("modifiers"), "a resultant value below zero is treated as zero", 0, raw=total)
    else:
        t.step(rs.cite("modifiers"), "the strength after all active modifiers", total)
    return t.done({"strength": total})
