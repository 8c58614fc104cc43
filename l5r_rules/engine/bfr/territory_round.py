"""The territory-card round (upkeep step 3; not in round 1): play one or pass, clockwise, until all pass in a row.

From the start player clockwise, each player either plays 1 of his territory cards
or passes. A player who passed may still play one on a later turn, unless all the
other players have passed too: the step ends once all players have passed one after
another. Whether each card may be played at all: see bfr/territory-play.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice, unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer

CITES = ("upkeep",)
GIVEN = obj(
    "The players in turn order.",
    {"players": array("Clans clockwise from the start player.", NAME, min_items=1, example=["Krabbe", "Kranich"])},
    required=["players"],
)
CHOICES = obj(
    "What each player does on his turns.",
    {
        "turns": array(
            "Each turn, in order.",
            obj(
                "One turn.",
                {
                    "clan": string("Whose turn."),
                    "do": choice_of("play (1 territory card) or pass.", ("play", "pass")),
                },
                required=["clan", "do"],
            ),
        )
    },
)
OUTCOME = obj(
    "Where the round stands.",
    {
        "played": mapping("Territory cards each clan played.", "clan", {"type": "integer", "minimum": 0}),
        "ended": boolean("All players have passed one after another: the upkeep phase ends."),
        "next": string("Whose turn it is now (null once the step has ended).", nullable=True),
    },
    required=["played", "ended", "next"],
)
# (text the error contains, when): turns the rules refuse; the format page documents them for expect.error
REFUSES = (
    ("the territory step has ended", "a turn after all players have passed one after another"),
    ("it is not his turn", "a turn by a player out of clockwise order"),
)


@dataclass(frozen=True)
class Inputs:
    players: tuple
    turns: tuple


STATE = state()  # its given is one situation: nothing a chain carries changes


def build(given: dict, choices: dict) -> Inputs:
    players = tuple(given["players"])
    unique(players, ("given", "players"))
    return Inputs(players, tuple(choice(choices, "turns", "each player's turn in order (play or pass)")))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("upkeep")
    n = len(inp.players)
    played = {c: 0 for c in inp.players}
    at, passes = 0, 0
    for i, turn in enumerate(inp.turns):
        where = ("choices", "turns", i, "clan")
        if passes == n:
            raise ScenarioError(where, "the territory step has ended: all players have passed one after another")
        if turn["clan"] != inp.players[at]:
            raise ScenarioError(
                where, f"it is not his turn: it is {inp.players[at]}'s (clockwise from the start player)"
            )
        if turn["do"] == "play":
            if passes:
                t.step(rule, f"{turn['clan']} plays a card on a later turn: not all the other players had passed", True)
            played[turn["clan"]] += 1
            passes = 0
            t.step(rule, f"{turn['clan']} plays 1 territory card", played[turn["clan"]])
        else:
            passes += 1
            t.step(rule, f"{turn['clan']} passes ({passes} in a row)", passes)
        at = (at + 1) % n
    ended = passes == n
    t.step(rule, "the step ends once all players have passed one after another", ended, passes=passes)
    return t.done({"played": played, "ended": ended, "next": None if ended else inp.players[at]})
