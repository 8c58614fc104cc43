"""End-of-game honor: flowers, face-up control tokens, secret objective, 5 per territory;
no honor from the Shadowlands.

In a chain after bfr/resolution-phase, whose `territories` holds each territory's provinces (a list), this
step's `territories` holds each territory's controller (a mapping) under the same name: give it in this
step's `given` for every territory named before (a mapping replaces the list of the same territory; one
left out keeps its list, which this step refuses as the wrong type).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import INT, boolean, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    provinces: dict  # name -> {controller, flowers, face_up_control, shadowlands, honor_marker, defense_marker}
    territories: dict  # territory -> {controller, shadowlands}
    objectives: dict  # clan -> honor from the secret objective


CITES = ("scoring", "scoring.shadowlands", "scoring.markers")
_CONTROLLER = string("Controlling clan, or null.", nullable=True, example="Krabbe")
GIVEN = obj(
    "The board at the end of the game.",
    {
        "provinces": mapping(
            "For each province: its state at the end.",
            "province",
            obj(
                "A province.",
                {
                    "controller": _CONTROLLER,
                    "flowers": integer(
                        "Flowers (printed and on markers): 1 honor each to its controller.", minimum=0, default=0
                    ),
                    "face_up_control": integer(
                        "Face-up control tokens: 1 honor each, none in the Shadowlands.", minimum=0, default=0
                    ),
                    "shadowlands": boolean("A Shadowlands province.", default=False),
                    "honor_marker": integer("Honor on an honor bonus marker.", minimum=0, default=0),
                    "defense_marker": boolean("Has a defense bonus marker (1 honor).", default=False),
                },
            ),
            example={"A": {"controller": "Krabbe", "flowers": 2, "face_up_control": 1}},
        ),
        "territories": mapping(
            "For each territory: its controller (5 honor) and whether it is in the Shadowlands (no honor).",
            "territory",
            obj(
                "A territory.",
                {
                    "controller": _CONTROLLER,
                    "shadowlands": boolean("A Shadowlands territory.", default=False),
                },
            ),
            default={},
            example={"Krabbe-Territorium": {"controller": "Krabbe"}},
        ),
        "objectives": mapping(
            "For each clan: honor from its secret objective.", "clan", INT, default={}, example={"Krabbe": 4}
        ),
    },
    required=["provinces"],
)
OUTCOME = obj(
    "Each clan's honor and the winner.",
    {
        "honor": mapping("Each clan's final honor.", "clan", INT, example={"Krabbe": 12, "Kranich": 9}),
        "winner": string("The clan with the most honor, or null on a tie.", nullable=True),
        "unsettled": string("Present on a tie: the rulebook names no tie-breaker."),
    },
    required=["honor", "winner"],
)

STATE = state(reads={"provinces": "tokens", "territories": "provinces", "objectives": "tokens"}, after_game_end=True)
ENDS = {"count": "honor is counted at the game's end: the clan with the most honor wins (winners [] on a tie)"}


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("has face-up control tokens but no controller", "face-up tokens in a province with no controller"),)


def build(given: dict, choices: dict) -> Inputs:
    for name, p in given["provinces"].items():
        if p.get("face_up_control", 0) and not p.get("controller"):
            raise ScenarioError(
                ("given", "provinces", name, "controller"),
                f"{name} has face-up control tokens but no controller: name the clan whose tokens they are",
            )
    return Inputs(dict(given["provinces"]), dict(given.get("territories", {})), dict(given.get("objectives", {})))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("scoring")
    clans = sorted({p.get("controller") for p in inp.provinces.values() if p.get("controller")} | set(inp.objectives))
    honor = {}
    for clan in clans:
        mine = {n: p for n, p in inp.provinces.items() if p.get("controller") == clan}
        flowers = t.step(
            rule, f"{clan}: flowers in controlled provinces", sum(p.get("flowers", 0) for p in mine.values())
        )
        sl = [n for n, p in mine.items() if p.get("shadowlands") and p.get("face_up_control", 0)]
        if sl:
            t.step(
                rs.cite("scoring.shadowlands"),
                f"{clan}: face-up control tokens in the Shadowlands give no honor",
                0,
                provinces=sl,
            )
        tokens = t.step(
            rule,
            f"{clan}: 1 per face-up control token outside the Shadowlands",
            sum(p.get("face_up_control", 0) for p in mine.values() if not p.get("shadowlands")),
        )
        markers = sum(p.get("honor_marker", 0) + (1 if p.get("defense_marker") else 0) for p in mine.values())
        if markers:
            t.step(rs.cite("scoring.markers"), f"{clan}: honor bonus markers, and 1 per defense bonus marker", markers)
        objective = t.step(rule, f"{clan}: honor from the secret objective", inp.objectives.get(clan, 0))
        owned = [n for n, ter in inp.territories.items() if ter.get("controller") == clan]
        counted = [n for n in owned if not inp.territories[n].get("shadowlands")]
        if len(counted) < len(owned):
            t.step(rs.cite("scoring.shadowlands"), f"{clan}: Shadowlands territories give no honor", 0)
        terr = t.step(rule, f"{clan}: 5 honor per controlled territory", 5 * len(counted), territories=counted)
        honor[clan] = flowers + tokens + markers + objective + terr
    best = max(honor.values(), default=0)
    top = [c for c, v in honor.items() if v == best]
    t.step(rule, "the clan with the most honor wins", top[0] if len(top) == 1 else None, honor=honor)
    out = {"honor": honor, "winner": top[0] if len(top) == 1 else None}
    if len(top) > 1:
        out["unsettled"] = f"tie between {top}: the rulebook names no tie-breaker"
    winners = top if len(top) == 1 else []
    out["game_over"] = {
        "winners": winners,
        "losers": [c for c in honor if c not in top] if winners else [],
        "condition": "most-honor",
        "step": "count",
    }
    return t.done(out)
