"""Who goes first: the highest Starting Family Honor (Lotus, Ivory), or Gold's Focus-value cut.

Lotus and Ivory: ties are broken at random (the scenario states the result).
Gold: each player adds the Focus value of a card cut from his Fate deck; tied
players keep cutting and adding until the tie breaks (the scenario states each
cut's Focus value, in order).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import COUNT, INT, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    honor: dict
    choices: dict


CITES = ("first-player",)
GIVEN = obj(
    "The players and their Strongholds' Starting Family Honor.",
    {
        "players": mapping(
            "For each player: his Starting Family Honor.",
            "player",
            INT,
            min_properties=2,
            example={"Allen": 7, "Bob": 6},
        ),
    },
    required=["players"],
)
CHOICES = obj(
    "The random results the rules call for (stated, never assumed).",
    {
        "random_pick": string("Lotus, Ivory: the tied player chosen at random (coin or dice).", example="Allen"),
        "cuts": mapping(
            "Gold: for each player, the Focus values of the cards cut from his Fate deck, in order (the tied "
            "players' later cuts follow the first).",
            "player",
            {"type": "array", "items": COUNT},
            example={"Allen": [2], "Bob": [1]},
        ),
    },
)
OUTCOME = obj(
    "The starting player.",
    {
        "first": string("The player who goes first."),
        "totals": mapping("Each player's final total (Honor, plus cuts in Gold).", "player", INT),
    },
    required=["first", "totals"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("is not one of the tied players", "a pick that is not one of the tied players"),
    ("needs cut number", "a re-cut with no cut given for a tied player"),
)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(dict(given["players"]), choices)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("first-player")
    totals = dict(inp.honor)
    tied = sorted(totals)
    if rs.first_player_adds_cut_focus:
        cuts = choice(inp.choices, "cuts", "the Focus value of each card cut from each player's Fate deck")
        n = 0
        while len(tied) > 1:
            for p in tied:
                got = cuts.get(p, [])
                if len(got) <= n:
                    raise ScenarioError(
                        ("choices", "cuts", p), f"{p} needs cut number {n + 1} (tied with {', '.join(tied)})"
                    )
                totals[p] += got[n]
            best = max(totals[p] for p in tied)
            tied = t.step(
                rule,
                f"cut {n + 1}: each {'player' if n == 0 else 'tied player'} adds the Focus value of a random card",
                [p for p in tied if totals[p] == best],
                totals={p: totals[p] for p in sorted(totals)},
            )
            n += 1
        return t.done({"first": tied[0], "totals": totals})
    best = max(totals.values())
    tied = t.step(rule, "the highest Starting Family Honor goes first", [p for p in tied if totals[p] == best])
    if len(tied) > 1:
        pick = choice(inp.choices, "random_pick", f"{', '.join(tied)} tie: which one did the coin or dice choose?")
        if pick not in tied:
            raise ScenarioError(
                ("choices", "random_pick"), f"'{pick}' is not one of the tied players ({', '.join(tied)})"
            )
        tied = [t.step(rule, "a tie: chosen at random among the tied players", pick, tied=tied)]
    return t.done({"first": tied[0], "totals": totals})
