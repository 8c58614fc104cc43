"""Overlaying a more-experienced version on a card in play: whether it may, and what it costs.

One level above: free. More than one level above with a higher Gold cost: pay
the difference; otherwise free. No underlaying. The Uniqueness rule still
applies. Gold: only during your Dynasty Phase (the later version face up in a
Province); Lotus: any time you could play the later version. Ivory: not in
source. Levels: Inexperienced -1 (Gold), non-Experienced 0, Experienced 1,
Experienced N = N.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import boolean, integer, obj, string
from ..state import state
from ..trace import Tracer

VERSION = {
    "level": integer(
        "Experience level: -1 Inexperienced (Gold), 0 non-Experienced, 1 Experienced, N Experienced N.", example=1
    ),
    "gold_cost": integer("Gold cost.", minimum=0, example=7),
}


@dataclass(frozen=True)
class Inputs:
    g: dict


CITES = ("overlay", "unique")
GIVEN = obj(
    "The card in play, the later version and the moment.",
    {
        "in_play": obj("The version you control in play.", VERSION, required=["level", "gold_cost"]),
        "new": obj(
            "The version to overlay (the same card or its Experienced [Name]).",
            {**VERSION, "name": string("Its title.", example="Kakita Kaiten")},
            required=["level", "gold_cost"],
        ),
        "own_dynasty_phase": boolean(
            "Gold: it is your Dynasty Phase and the later version is face up in your Province.", default=False
        ),
        "could_play_now": boolean("Lotus: you could normally play the later version now.", default=False),
        "unique_conflict": boolean(
            "It is Unique and another Unique card of the same name (not the card being overlaid) is in play.",
            default=False,
        ),
    },
    required=["in_play", "new"],
)
OUTCOME = obj(
    "Whether the overlay is allowed and its cost.",
    {
        "legal": boolean("The overlay may be made."),
        "cost": integer("Gold to pay (only when legal).", minimum=0),
        "failed": {"type": "array", "items": {"type": "string"}, "description": "The checks that fail."},
    },
    required=["legal", "failed"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is not an experience level", "a level below -1"),)


def build(given: dict, choices: dict) -> Inputs:
    for side in ("in_play", "new"):
        if given[side]["level"] < -1:
            raise ScenarioError(
                ("given", side, "level"),
                f"{given[side]['level']} is not an experience level (-1 Inexperienced, 0, 1 or more Experienced)",
            )
    return Inputs(given)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("overlay")
    old, new, g = inp.g["in_play"], inp.g["new"], inp.g
    failed = []
    if rs.overlay_only_in_own_dynasty_phase:
        when = t.step(
            rule,
            "overlay during your Dynasty Phase, the later version face up in a Province",
            g.get("own_dynasty_phase", False),
        )
    else:
        when = t.step(
            rule,
            "overlay any time you would normally play the more-experienced version",
            g.get("could_play_now", False),
        )
    if not when:
        failed.append("timing")
    gap = new["level"] - old["level"]
    if not t.step(rule, "only a more-experienced version overlays (no underlaying)", gap > 0, levels=gap):
        failed.append("not-more-experienced")
    if not t.step(rs.cite("unique"), "the Uniqueness rule still applies", not g.get("unique_conflict", False)):
        failed.append("unique")
    if failed:
        return t.done({"legal": False, "failed": failed})
    if gap == 1:
        cost = t.step(rule, "one level above: overlaying costs nothing", 0)
    else:
        cost = t.step(
            rule,
            "more than one level above: pay the difference if the later version costs more",
            max(0, new["gold_cost"] - old["gold_cost"]),
            levels=gap,
            costs=[old["gold_cost"], new["gold_cost"]],
        )
    return t.done({"legal": True, "cost": cost, "failed": []})
