"""Assigning units to a battlefield: only units led by unbowed Personalities (bowed attachments do not matter)."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    units: tuple


CITES = ("assign.unbowed",)
GIVEN = obj(
    "The units a player wants to assign in a Maneuvers step.",
    {
        "units": array(
            "The units.",
            obj(
                "A unit.",
                {
                    "name": string("Its Personality.", example="Hida Yakamo"),
                    "bowed": boolean("The Personality is bowed.", default=False),
                    "bowed_attachments": boolean("Some cards attached to him are bowed.", default=False),
                },
                required=["name"],
            ),
            min_items=1,
            example=[{"name": "Hida Yakamo"}],
        ),
    },
    required=["units"],
)
OUTCOME = obj(
    "Which units may assign.",
    {
        "assigned": array("Units that may assign.", NAME),
        "refused": array("Units that may not (led by a bowed Personality).", NAME),
    },
    required=["assigned", "refused"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("name each unit", "two units with one name"),)


def build(given: dict, choices: dict) -> Inputs:
    seen = set()
    for i, u in enumerate(given["units"]):
        if u["name"] in seen:  # the outcome names each unit by its Personality
            raise ScenarioError(("given", "units", i, "name"), f"a second unit named '{u['name']}'; name each unit")
        seen.add(u["name"])
    return Inputs(tuple(given["units"]))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("assign.unbowed")
    assigned, refused = [], []
    for u in inp.units:
        ok = t.step(
            rule,
            f"{u['name']}: only units led by unbowed Personalities assign",
            not u.get("bowed", False),
            bowed=u.get("bowed", False),
            bowed_attachments=u.get("bowed_attachments", False),
        )
        (assigned if ok else refused).append(u["name"])
    return t.done({"assigned": assigned, "refused": refused})
