"""Glory count and claiming the Imperial Favor (3.4.1-3.4.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..given import choice
from ..ruleset import Ruleset
from ..trace import Tracer

PLAYERS = ("first", "second")


@dataclass(frozen=True)
class Inputs:
    characters: dict  # player -> tuple of (name, glory, bowed)
    rings: dict  # player -> claimed rings
    favor: dict | None  # current {holder, type}
    choices: dict


def build(given: dict, choices: dict) -> Inputs:
    return Inputs({p: tuple((c["name"], c["glory"], bool(c.get("bowed", False))) for c in given[p]["characters"])
                   for p in PLAYERS}, {p: given[p].get("claimed_rings", 0) for p in PLAYERS},
                  given.get("imperial_favor"), choices)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    totals = {}
    for p in PLAYERS:
        ready = [g for _, g, bowed in inp.characters[p] if not bowed]
        totals[p] = t.step(rs.cite("glory.count"), f"{p}: glory of ready characters plus 1 per claimed ring",
                           sum(ready) + inp.rings[p], glory=ready, rings=inp.rings[p])
    if totals["first"] == totals["second"]:
        t.step(rs.cite("glory.claim"), "tied: the Imperial Favor stays as it is", inp.favor)
        return t.done({"totals": totals, "winner": None, "imperial_favor": inp.favor})
    winner = max(PLAYERS, key=totals.get)
    side = choice(inp.choices, "favor_side", "the side (military or political) the winner sets the Favor to")
    favor = t.step(rs.cite("glory.claim"), "the winner claims the Imperial Favor and sets its side",
                   {"holder": winner, "type": side})
    return t.done({"totals": totals, "winner": winner, "imperial_favor": favor})
