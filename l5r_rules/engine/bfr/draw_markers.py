"""Drawing combat markers (upkeep phase, step 2): the bluff back behind the screen, then draw up to 6.

Each player puts his bluff marker faceup behind his screen, then draws combat
markers facedown from his pool until he has 6 markers in all behind his screen;
those 6 are his hand. A pool too small to reach 6: the text does not say.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..ruleset import Ruleset
from ..shapes import COUNT, boolean, integer, mapping, obj
from ..state import state
from ..trace import Tracer

CITES = ("upkeep",)
HAND = 6
GIVEN = obj(
    "Each player's screen and pool at the start of step 2.",
    {
        "players": mapping(
            "Each clan's markers.",
            "clan",
            obj(
                "One player.",
                {
                    "behind_screen": integer(
                        "Combat markers still behind his screen (those he kept in the planning phase).",
                        minimum=0,
                        example=1,
                    ),
                    "bluff_behind_screen": boolean(
                        "His bluff marker is one of them (it was not placed on the board).", default=False
                    ),
                    "pool": integer("Markers left in his combat marker pool (leave out if enough).", minimum=0),
                },
                required=["behind_screen"],
            ),
            min_properties=1,
            example={"Krabbe": {"behind_screen": 1}},
        )
    },
    required=["players"],
)
OUTCOME = obj(
    "Each player's hand for the round.",
    {
        "drawn": mapping("Markers each player draws from his pool.", "clan", COUNT),
        "hand": mapping("Markers behind each player's screen afterwards (his hand).", "clan", COUNT),
    },
    required=["drawn", "hand"],
)
# (text the error contains, when): inputs the rules refuse; the format page documents them for expect.error
REFUSES = (("more than 6 markers behind his screen", "a player with more markers behind his screen than a hand of 6"),)


@dataclass(frozen=True)
class Inputs:
    players: dict


STATE = state(updates={"players": "tokens"})


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(dict(given["players"]))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("upkeep")
    drawn, hand = {}, {}
    for clan, p in inp.players.items():
        behind = p["behind_screen"]
        if p.get("bluff_behind_screen") and behind == 0:
            raise ScenarioError(("given", "players", clan, "behind_screen"), "the bluff behind his screen counts here")
        if not p.get("bluff_behind_screen"):
            behind = t.step(rule, f"{clan} places his bluff marker faceup behind his screen", behind + 1)
        if behind > HAND:
            raise ScenarioError(
                ("given", "players", clan), f"{clan} would have {behind}: more than 6 markers behind his screen"
            )
        need = HAND - behind
        if "pool" in p and p["pool"] < need:
            raise Unsettled(
                rule,
                f"{clan} must draw {need} markers to reach 6 but has {p['pool']} in his pool; the rulebook does not "
                "say what happens when the pool runs short.",
            )
        drawn[clan] = t.step(rule, f"{clan} draws markers facedown until 6 lie behind his screen", need, had=behind)
        hand[clan] = HAND
    after = {clan: {**inp.players[clan], "behind_screen": n, "bluff_behind_screen": True} for clan, n in hand.items()}
    for clan, p in after.items():  # the pool gives up what was drawn
        if "pool" in p:
            p["pool"] -= drawn[clan]
    return t.done({"drawn": drawn, "hand": hand, "state": {"players": after}})
