"""A Personality at 0 Chi is destroyed (Lotus glossary, "Chi"; Gold, "Personalities").

His current Chi is the printed Chi plus bonuses and penalties (Items' "+C"
included), floored at 0 after adding them all (bonuses and penalties rule).
Ivory states no such rule: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import INT, array, boolean, described, obj, string
from ..state import state
from ..trace import Tracer
from ..values import PRINTED_STAT, Num, parse_num
from .force import number


@dataclass(frozen=True)
class Inputs:
    name: str
    chi: Num
    modifiers: tuple


CITES = ("chi.zero", "stats.floor", "missing-value")
GIVEN = obj(
    "A Personality's Chi and what modifies it.",
    {
        "personality": obj(
            "The Personality.",
            {
                "name": string("His name.", example="Isawa Tomo"),
                "chi": described(PRINTED_STAT, "Chi as printed.", example=2),
                "modifiers": array(
                    'Chi bonuses (+) and penalties (-) in effect, Items\' "+C" included, in order.',
                    INT,
                    default=[],
                    example=[1, -3],
                ),
            },
            required=["name", "chi"],
        ),
    },
    required=["personality"],
)
OUTCOME = obj(
    "His current Chi and whether he is destroyed.",
    {
        "chi": {"type": "integer", "minimum": 0, "description": "Current Chi (never below 0)."},
        "destroyed": boolean("He is destroyed: his Chi is 0."),
    },
    required=["chi", "destroyed"],
)

STATE = state(reads={"personality": "cards"})


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is a modifier, not a Personality's printed Chi", "a signed printed Chi"),)


def build(given: dict, choices: dict) -> Inputs:
    p = given["personality"]
    chi = parse_num(p["chi"], ("given", "personality", "chi"))
    if chi.signed:  # "+2" is how an attachment modifies Chi; his bonuses go in modifiers
        raise ScenarioError(
            ("given", "personality", "chi"),
            f"'{p['chi']}' is a modifier, not a Personality's printed Chi: give the printed number "
            "(or '-') and list bonuses and penalties in modifiers",
        )
    return Inputs(p["name"], chi, tuple(p.get("modifiers", ())))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("chi.zero")
    printed = number(inp.chi, rs, t, f"{inp.name}'s Chi", ("given", "personality", "chi"))
    raw = printed + sum(inp.modifiers)
    chi = t.step(
        rs.cite("stats.floor"),
        f"{inp.name}'s current Chi: printed plus bonuses and penalties, then the minimum of 0",
        max(0, raw),
        raw=raw,
        floored=max(0, raw),
        printed=printed,
        modifiers=list(inp.modifiers),
    )
    dead = t.step(rule, f"a Personality is destroyed if his Chi is 0: {inp.name} has {chi}", chi == 0)
    return t.done({"chi": chi, "destroyed": dead})
