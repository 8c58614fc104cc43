"""Declaring defenders (3.2.1): any number of ready characters of the defending player, none evaded by covert.

"No defenders" is a legal declaration. A covert character moved or played into the
conflict after its declaration evades nobody: its covert does not resolve. A bowed character, one evaded by covert, or
one with a dash skill of the conflict's type cannot be declared.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer
from .common import CHARACTERS, TYPES, characters, current_skill

CITES = ("declare.defenders", "covert", "dash", "status", "modifiers")
GIVEN = obj(
    "The conflict just declared.",
    {
        "type": choice_of("Conflict type.", TYPES),
        "characters": CHARACTERS,
        "evaded": array("Defending characters evaded by covert.", NAME, default=[]),
        "moved_in_covert": mapping(
            "Attacking characters with covert moved or played into the conflict after it was declared: name -> the "
            "defending character its covert would choose (its covert does not resolve).",
            "covert character",
            NAME,
            default={},
        ),
    },
    required=["type", "characters"],
)
CHOICES = obj(
    "The defending player's declaration.",
    {"defenders": array("Names of the characters he commits as defenders ([] for no defenders).", NAME)},
)
OUTCOME = obj(
    "Whether the declaration is legal, and the defenders.",
    {
        "legal": boolean("Every declared character can defend."),
        "problem": string("Why not (when legal is false).", nullable=True),
        "defenders": array(
            "The defenders: each {name, skill} with its current skill of the conflict's type (its glory added or "
            "subtracted when honored or dishonored).",
            {"type": "object"},
        ),
        "covert_not_resolved": array(
            "Covert characters moved or played into the conflict after its declaration: their covert does not "
            "resolve, nobody is evaded by them.",
            NAME,
        ),
    },
    required=["legal", "problem", "defenders"],
)
STATE = state(
    reads={"type": "conflict", "characters": "cards", "evaded": "conflict", "moved_in_covert": "conflict"},
    writes={"defender": "conflict"},
    once={"defender": ("attacker", "a conflict has one Declare defenders step (3.2.1)")},
)


@dataclass(frozen=True)
class Inputs:
    type: str
    chars: dict
    evaded: tuple
    defenders: list
    moved_in: dict


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    (
        "is not an attacking character with covert",
        "given.moved_in_covert naming a character that is not an attacker with covert",
    ),
    ("is not one of the defending player's characters", "a defender choices.defenders names that is not his"),
)


def build(given: dict, choices: dict) -> Inputs:
    defenders = choice(choices, "defenders", "the characters the defending player declares ([] for none)")
    chars = characters(given)
    moved = dict(given.get("moved_in_covert") or {})
    attackers = {c["name"]: c for c in chars.get("attacker", [])}
    theirs = {c["name"] for c in chars.get("defender", [])}
    for name, target in moved.items():
        if name not in attackers or not attackers[name]["covert"]:
            raise ScenarioError(
                ("given", "moved_in_covert", name), f"'{name}' is not an attacking character with covert"
            )
        if target not in theirs:
            raise ScenarioError(("given", "moved_in_covert", name), f"'{target}' is not a defending character")
    return Inputs(given["type"], chars, tuple(given.get("evaded") or ()), defenders, moved)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    mine = {c["name"]: c for c in inp.chars.get("defender", [])}
    rule = rs.cite("declare.defenders")
    out = []  # each defender with its current skill (its status applied), as lcg/conflict counts it
    late = list(inp.moved_in)
    for name, target in inp.moved_in.items():
        t.step(
            rs.cite("covert"),
            f"{name} was moved into the conflict after it was declared: its covert does not resolve, "
            f"{target} is not evaded",
            False,
        )
    for i, name in enumerate(inp.defenders):
        if name not in mine:
            raise ScenarioError(
                ("choices", "defenders", i), f"'{name}' is not one of the defending player's characters"
            )
        c = mine[name]
        problem = None
        if c["bowed"]:
            problem = (rule, f"{name} is bowed: only ready characters can be declared as defenders")
        elif name in inp.evaded:
            problem = (rs.cite("covert"), f"{name} is evaded by covert: it cannot be declared as a defender")
        elif c[inp.type].missing:
            problem = (rs.cite("dash"), f"{name} has a dash {inp.type} skill: it cannot participate")
        if problem:
            t.step(problem[0], problem[1], False)
            return t.done({"legal": False, "problem": problem[1], "defenders": [], "covert_not_resolved": late})
        out.append({"name": name, "skill": current_skill(t, rs, c, inp.type)})
    t.step(rule, "the defending player declares which (if any) ready characters defend", [d["name"] for d in out])
    return t.done(
        {
            "legal": True,
            "problem": None,
            "defenders": out,
            "covert_not_resolved": late,
            "state": {"defender": out},
        }
    )
