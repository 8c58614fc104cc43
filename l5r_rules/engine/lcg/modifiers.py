"""Modifier arithmetic: a value recalculated from its base with every active modifier, in the book's order.

Additive and subtractive modifiers come before doubling and halving; fractions
are rounded up after all modifiers; a "set" modifier overrides every non-set
modifier, and of several set modifiers the most recently applied wins; a result
below 0 is treated as 0. A dash value cannot be modified.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from math import ceil

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import array, choice_of, described, integer, obj
from ..state import state
from ..trace import Tracer
from ..values import PRINTED_STAT, parse_num

CITES = ("modifiers", "dash")
KINDS = ("add", "double", "halve", "set")
GIVEN = obj(
    "A value and the modifiers active on it, in the order they were applied.",
    {
        "base": described(PRINTED_STAT, 'The base value (usually printed); "-" for a dash.', example=3),
        "modifiers": array(
            "Active modifiers in the order applied.",
            obj(
                "A modifier.",
                {
                    "kind": choice_of("add (a + or - number), double, halve, or set.", KINDS),
                    "value": integer("For add: the amount (negative subtracts); for set: the value.", example=-2),
                },
                required=["kind"],
            ),
            default=[],
            example=[{"kind": "add", "value": 2}, {"kind": "halve"}],
        ),
    },
    required=["base"],
)
OUTCOME = obj(
    "The value after every modifier.",
    {
        "value": integer("The resulting value (null: a dash, which cannot be modified).", nullable=True),
        "raw": {
            "description": "Before rounding and the floor of 0 (a fraction as 'n/d').",
            "type": ["integer", "string", "null"],
        },
    },
    required=["value"],
)


@dataclass(frozen=True)
class Inputs:
    base: object
    modifiers: tuple


STATE = state()  # its given is one situation, not game state a chain carries


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("modifier needs its value", "an add, subtract or set modifier without its value"),)


def build(given: dict, choices: dict) -> Inputs:
    mods = tuple(given.get("modifiers") or ())
    for i, m in enumerate(mods):
        if m["kind"] in ("add", "set") and "value" not in m:
            raise ScenarioError(("given", "modifiers", i, "value"), f"a {m['kind']} modifier needs its value")
    return Inputs(parse_num(given["base"], ("given", "base")), mods)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("modifiers")
    if inp.base.missing:
        t.step(rs.cite("dash"), "a dash value cannot be modified by card abilities and effects", None)
        return t.done({"value": None, "raw": None})
    sets = [m["value"] for m in inp.modifiers if m["kind"] == "set"]
    if sets:
        value = t.step(
            rule, "a set modifier overrides all non-set modifiers; the most recent set wins", sets[-1], sets=sets
        )
        raw = value
    else:
        adds = [m["value"] for m in inp.modifiers if m["kind"] == "add"]
        value = Fraction(inp.base.value + sum(adds))
        t.step(rule, "additive and subtractive modifiers first", int(value), base=inp.base.value, adds=adds)
        mult = [m["kind"] for m in inp.modifiers if m["kind"] in ("double", "halve")]
        for kind in mult:
            value = value * 2 if kind == "double" else value / 2
        if mult:
            t.step(rule, "then doubling and halving", str(value), order=mult)
        raw = value
        if value.denominator != 1:
            value = t.step(rule, "fractional values are rounded up after all modifiers", ceil(value), raw=str(raw))
        value = int(value)
    if value < 0:
        value = t.step(rule, "a resultant value below zero is treated as zero", 0, raw=int(value))
    raw_out = str(raw) if isinstance(raw, Fraction) and raw.denominator != 1 else int(raw)
    return t.done({"value": int(value), "raw": raw_out})
