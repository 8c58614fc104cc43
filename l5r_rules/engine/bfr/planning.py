"""The planning phase's turns: from the start player clockwise, 1 marker per turn, until each keeps 1.

A ronin who cannot place a marker on his turn is skipped and has no further
turn this phase. Any other player who cannot place: the text does not say.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unsettled
from ..given import unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    players: tuple


CITES = ("planning", "ronin")
GIVEN = obj(
    "The players in turn order.",
    {
        "players": array(
            "Players clockwise from the start player.",
            obj(
                "A player.",
                {
                    "clan": string("His clan.", example="Krabbe"),
                    "hand": integer(
                        "Combat markers behind his screen at the start of the phase.", minimum=1, default=6
                    ),
                    "ronin": boolean("He is a ronin this round.", default=False),
                    "stuck_at": integer(
                        "His own turn number (1 = first) at which he cannot place a marker.", minimum=1
                    ),
                },
                required=["clan"],
            ),
            min_items=2,
            example=[{"clan": "Krabbe"}, {"clan": "Kranich"}],
        ),
    },
    required=["players"],
)
OUTCOME = obj(
    "The order of placements.",
    {
        "order": array("The clan placing at each turn, in order.", NAME),
        "kept": mapping("Markers each clan keeps behind its screen.", "clan", {"type": "integer"}),
    },
    required=["order", "kept"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes

ORDERED = ("order",)  # outcome lists whose order is part of the answer (the others compare in any order)


def build(given: dict, choices: dict) -> Inputs:
    clans = [p["clan"] for p in given["players"]]
    unique(clans, ("given", "players"), field=("clan",))
    return Inputs(tuple(given["players"]))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("planning")
    left = {p["clan"]: p.get("hand", 6) for p in inp.players}
    turns = {p["clan"]: 0 for p in inp.players}
    out_of_phase: set[str] = set()
    order = []
    while True:
        moved = False
        for p in inp.players:
            c = p["clan"]
            if c in out_of_phase or left[c] <= 1:
                continue
            turns[c] += 1
            if p.get("stuck_at") == turns[c]:
                if not p.get("ronin", False):
                    raise Unsettled(rule, f"{c} cannot place a marker on his turn: the rules say so only for a ronin")
                t.step(
                    rs.cite("ronin"),
                    f"{c}, a ronin, cannot place: his turn is skipped for the rest of the phase",
                    left[c],
                )
                out_of_phase.add(c)
                continue
            left[c] -= 1
            order.append(c)
            moved = True
        if not moved:
            break
    t.step(
        rule,
        "in turn from the start player, each places 1 marker until each has only 1 left",
        len(order),
        kept=dict(left),
    )
    return t.done({"order": order, "kept": left})
