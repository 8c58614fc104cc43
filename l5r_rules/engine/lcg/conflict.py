"""Conflict resolution (steps 3.2.3-3.2.5): skill of ready participants, winner, unopposed, broken province.

A side needs a total of at least 1 and a participating character to win; a
tie at 1 or more goes to the attacker. A dash skill cannot take part. The
Imperial Favor adds 1 to its holder's total in conflicts of its type when the
holder has a participant.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset
from ..trace import Tracer
from ..values import parse_num

SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Inputs:
    type: str
    sides: dict  # side -> tuple of (name, skill Num, bowed)
    modifiers: dict  # side -> int added to the player's total
    favor: dict | None  # {holder: side, type: military|political}
    province_strength: int


def build(given: dict, choices: dict) -> Inputs:
    sides = {s: tuple((c["name"], parse_num(c["skill"], ("given", s, i, "skill")), bool(c.get("bowed", False)))
                      for i, c in enumerate(given.get(s, ()))) for s in SIDES}
    return Inputs(given["type"], sides, {s: given.get("modifiers", {}).get(s, 0) for s in SIDES},
                  given.get("imperial_favor"), given["province_strength"])


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    total, present = {}, {}
    for side in SIDES:
        parts, names = [], []
        for name, skill, bowed in inp.sides[side]:
            if skill.missing:
                t.step(rs.cite("dash"), f"{name} has a dash {inp.type} skill: cannot participate, removed home bowed",
                       0, character=name)
                continue
            names.append(name)
            if bowed:
                t.step(rs.cite("bowed"), f"{name} is bowed: participating but adds no skill", 0, character=name)
                continue
            parts.append(skill.value)
        sum_ = sum(parts) + inp.modifiers[side]
        total[side] = t.step(rs.cite("conflict.compare"), f"{side}: {inp.type} skill of ready participants plus modifiers",
                             sum_, skills=parts, modifiers=inp.modifiers[side])
        present[side] = names
        fav = inp.favor
        if fav and fav.get("holder") == side and fav.get("type") == inp.type and names:
            total[side] = t.step(rs.cite("conflict.favor"), f"{side} holds the {inp.type} Imperial Favor: +1 to the total",
                                 total[side] + 1)
    a, d = total["attacker"], total["defender"]
    can = {s: total[s] >= 1 and bool(present[s]) for s in SIDES}
    t.step(rs.cite("conflict.win"), "to win, a side needs at least 1 skill and a participating character", can)
    if can["attacker"] and (a >= d or not can["defender"]):
        winner = "attacker"
    elif can["defender"] and (d > a or not can["attacker"]):  # same reading as for the attacker
        winner = "defender"
    else:
        winner = None
    t.step(rs.cite("conflict.compare"), "higher total wins; a tie goes to the attacker; nobody wins at 0", winner,
           attacker=a, defender=d)
    out = {"totals": total, "winner": winner, "unopposed": False, "defender_honor_loss": 0, "province_broken": False}
    if winner == "attacker":
        unopposed = t.step(rs.cite("conflict.unopposed"), "unopposed: the defender has no participating character",
                           not present["defender"])
        out["unopposed"] = unopposed
        out["defender_honor_loss"] = 1 if unopposed else 0
        out["province_broken"] = t.step(
            rs.cite("conflict.break"), "broken if the attacker won by at least the province strength",
            a - d >= inp.province_strength, difference=a - d, strength=inp.province_strength)
    return t.done(out)
