"""Ronin: a clan with no control token on the board at the start of the upkeep phase is a ronin this round.

A ronin that has at least one control token at the start of a later upkeep
phase is a ronin no longer. (What a ronin may place: see bfr/placement.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, mapping, obj
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    tokens: dict


CITES = ("ronin",)
GIVEN = obj(
    "Control tokens on the board at the start of the upkeep phase.",
    {
        "control_tokens": mapping(
            "For each clan: its control tokens on the board.",
            "clan",
            {"type": "integer", "minimum": 0},
            min_properties=1,
            example={"Einhorn": 0, "Krabbe": 3},
        ),
    },
    required=["control_tokens"],
)
OUTCOME = obj("Who is a ronin this round.", {"ronin": array("Ronin clans.", NAME)}, required=["ronin"])

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (
    (
        "more than a clan ever has",
        "more control tokens than the box gives a clan (30; setup places fewer, every successful defence or "
        "conquest adds one)",
    ),
)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(dict(given["control_tokens"]))


def resolve(inp: Inputs, rs: Ruleset):
    most = rs.bfr_control_tokens_per_clan
    for clan, n in inp.tokens.items():
        if n > most:
            raise ScenarioError(
                ("given", "control_tokens", clan),
                f"{clan}: {n} control tokens, more than a clan ever has (the box gives each clan {most})",
            )
    t = Tracer()
    rule = rs.cite("ronin")
    out = []
    for clan, n in inp.tokens.items():
        if t.step(
            rule,
            f"{clan}: no control token on the board at the start of the upkeep phase: a ronin",
            n == 0,
            control_tokens=n,
        ):
            out.append(clan)
    return t.done({"ronin": out})
