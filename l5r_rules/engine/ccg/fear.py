"""Fear (Lotus): bow each Follower in the target unit with Force <= the Fear strength; Undead unaffected."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, described, integer, obj
from ..state import state
from ..trace import Tracer
from .cards import UNIT, Unit, unit


@dataclass(frozen=True)
class Inputs:
    strength: int
    target_unit: Unit
    raw: dict | None = None  # the unit as given (the state bows the Followers Fear bowed)


CITES = ("fear", "fear.undead", "fear.glossary")
GIVEN = obj(
    "Fear used against one unit.",
    {
        "strength": integer("Fear strength.", minimum=0, example=2),
        "target_unit": described(UNIT, "The target unit: each Follower (non-Undead) needs its force."),
    },
    required=["strength", "target_unit"],
)
OUTCOME = obj(
    "The Followers bowed.",
    {
        "bowed": array("Followers bowed (Force equal to or lower than the Fear strength, Undead excepted).", NAME),
    },
    required=["bowed"],
)

STATE = state(updates={"target_unit": "cards"})


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("Force is needed to compare it with the Fear strength", "a Follower without its Force"),)


def build(given: dict, choices: dict) -> Inputs:
    for i, a in enumerate(given["target_unit"].get("attachments", ())):
        kind = a.get("type", "follower")
        undead = "undead" in (k.lower() for k in a.get("keywords", ()))
        if kind in ("follower", "follower-token") and not undead and a.get("force") is None:
            raise ScenarioError(
                ("given", "target_unit", "attachments", i, "force"),
                f"{a['name']}'s Force is needed to compare it with the Fear strength",
            )
    return Inputs(given["strength"], unit(given["target_unit"], ("given", "target_unit")), given["target_unit"])


def resolve(inputs: Inputs, rs: Ruleset):
    rs.require("ccg/fear")
    t = Tracer()
    rule = rs.cite("fear")
    bowed = []
    for i, c in enumerate(inputs.target_unit.attachments):
        if c.type not in ("follower", "follower-token"):
            continue
        if "undead" in c.keywords:
            undead_rule = rs.stated("fear.undead") or rule
            t.step(
                undead_rule,
                f"{c.name} is Undead: Fear does not affect it",
                False,
                card=c.name,
                sentence="Undead cards are not affected by Fear." if undead_rule != rule else None,
            )
            continue
        if c.force is None:
            raise ScenarioError(
                ("given", "target_unit", "attachments", i, "force"),
                f"{c.name}'s Force is needed to compare it with the Fear strength",
            )
        force = c.force.value if c.force and c.force.value is not None else 0
        if t.step(
            rule,
            f"{c.name}: bowed if Force <= Fear strength",
            force <= inputs.strength,
            card=c.name,
            force=force,
            strength=inputs.strength,
        ):
            bowed.append(c.name)
    t.restate(
        rs.stated("fear.glossary"),
        "Fear bows the Followers of the unit with Force up to its strength",
        bowed,
        sentence="Fear bows all Followers with Force less than or equal to the Fear "
        "strength in one opposing unit at the same battlefield.",
    )
    raw = inputs.raw or {}
    after = {
        **raw,
        "attachments": [{**a, "bowed": True} if a["name"] in bowed else a for a in raw.get("attachments", ())],
    }
    return t.done({"bowed": bowed, "state": {"target_unit": after}})
