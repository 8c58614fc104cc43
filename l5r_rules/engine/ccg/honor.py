"""Honor gains and losses of a Shadowlands Horde player (Lotus): they simply do not occur.

Not negation: it applies even to gains and losses that may not be modified. Any
other player's changes occur as given. Gold and Ivory have no such rule: not in
source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import INT, array, boolean, integer, obj
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    family_honor: int
    horde: bool
    changes: tuple


CITES = ("horde.honor",)
GIVEN = obj(
    "A player and the Honor changes he would experience.",
    {
        "player": obj(
            "The player.",
            {
                "family_honor": integer("Family Honor before the changes (may be negative).", example=5),
                "horde": boolean("He plays a Shadowlands Horde deck.", default=False),
            },
            required=["family_honor"],
        ),
        "changes": array(
            'Honor changes in order: gains positive, losses negative (including ones that "may not be modified").',
            INT,
            min_items=1,
            example=[2, -3],
        ),
    },
    required=["player", "changes"],
)
OUTCOME = obj(
    "The player's Honor afterwards.",
    {
        "applied": array("The changes that occurred, in order.", INT),
        "family_honor": integer("Family Honor afterwards."),
    },
    required=["applied", "family_honor"],
)


def build(given: dict, choices: dict) -> Inputs:
    p = given["player"]
    for i, change in enumerate(given["changes"]):
        if change == 0:
            raise ScenarioError(
                ("given", "changes", i), "a change of 0 is neither an Honor gain nor a loss: leave it out"
            )
    return Inputs(p["family_honor"], p.get("horde", False), tuple(given["changes"]))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("horde.honor")
    if inp.horde:
        t.step(rule, "a Shadowlands Horde player does not experience Honor gains or losses (not negation)", [])
        return t.done({"applied": [], "family_honor": inp.family_honor})
    total = t.step(
        rule, "not a Shadowlands Horde player: each gain and loss occurs", inp.family_honor + sum(inp.changes)
    )
    return t.done({"applied": list(inp.changes), "family_honor": total})
