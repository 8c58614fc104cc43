"""LCG victory checks: 25 honor wins, 0 honor loses, breaking the stronghold province wins;
ties go to the first player."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, integer, obj
from ..state import each_of, state
from ..trace import Tracer

PLAYERS = ("first", "second")


@dataclass(frozen=True)
class Inputs:
    honor: dict
    stronghold_broken: dict  # player -> his stronghold province is broken


CITES = ("victory", "victory.stronghold")


def _player(which: str, honor: int) -> dict:
    return obj(
        f"The {which} player.",
        {
            "honor": integer("His honor (25 or more wins, 0 or less loses).", example=honor),
            "stronghold_broken": boolean("His stronghold province is broken (he loses).", default=False),
        },
        required=["honor"],
    )


GIVEN = obj(
    "Both players at the moment of the check.",
    {
        "first": _player("first", 25),
        "second": _player("second", 7),
    },
    required=["first", "second"],
)
OUTCOME = obj(
    "Who wins.",
    {
        "winner": choice_of(
            "first, second, or null (nobody yet); when both reach a victory condition at once, first.",
            ("first", "second", None),
        ),
    },
    required=["winner"],
)
STATE = state(reads=each_of(PLAYERS, honor="honor", stronghold_broken="provinces"))
ENDS = {"check": "a player has 25 or more honor, 0 honor, or a broken stronghold province at the moment checked"}


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("honor is a pool of tokens, never below 0", "a negative honor"),)


def build(given: dict, choices: dict) -> Inputs:
    for p in PLAYERS:
        if given[p]["honor"] < 0:
            raise ScenarioError(("given", p, "honor"), f"{given[p]['honor']}: honor is a pool of tokens, never below 0")
    return Inputs(
        {p: given[p]["honor"] for p in PLAYERS}, {p: bool(given[p].get("stronghold_broken", False)) for p in PLAYERS}
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("victory")
    wins: dict = {}  # winner -> the condition that makes him win
    for p in PLAYERS:
        other = PLAYERS[1 - PLAYERS.index(p)]
        if t.step(rule, f"{p} wins with 25 or more honor", inp.honor[p] >= 25, honor=inp.honor[p]):
            wins.setdefault(p, "honor-25")
        if t.step(rule, f"{p} is eliminated at 0 honor: his opponent wins", inp.honor[p] <= 0, honor=inp.honor[p]):
            wins.setdefault(other, "honor-0")
        if t.step(
            rs.cite("victory.stronghold"), f"{p}'s stronghold province is broken: he loses", inp.stronghold_broken[p]
        ):
            wins.setdefault(other, "stronghold-broken")
    if not wins:
        return t.done({"winner": None})
    both = len(wins) > 1
    if both:
        t.step(rule, "both reach a victory condition at once: the first player wins", "first")
    winner = "first" if both else next(iter(wins))
    over = {
        "winners": [winner],
        "losers": [p for p in PLAYERS if p != winner],
        "condition": wins[winner],
        "step": "check",
    }
    return t.done({"winner": winner, "game_over": {**over, "simultaneous": True} if both else over})
