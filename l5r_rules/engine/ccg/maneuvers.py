"""Maneuvers and allies: who may assign in which segment, and the ally's one-time Honor gain.

Infantry units assign only in the Infantry Maneuvers Segment; Cavalry units in
either. An invited ally gains 2 Honor the first time he assigns units in an
attack (Gold: "only once per Attack Phase"; Lotus: "the first time each attack").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    leaders: dict  # attacker, defender -> player name
    invited: dict  # player -> side(s) invited to
    assignments: tuple  # dicts: player, segment, side, units: [{name, cavalry, bowed}]


def build(given: dict, choices: dict) -> Inputs:
    return Inputs({"attacker": given["attacker"], "defender": given["defender"]},
                  {p: tuple(s) for p, s in given.get("invited", {}).items()}, tuple(given["assignments"]))


def resolve(inp: Inputs, rs: Ruleset):
    rs.require("ccg/maneuvers")
    t = Tracer()
    honor: dict[str, int] = {}
    sides: dict[str, str] = {}
    illegal = []
    for a in inp.assignments:
        player, seg, side = a["player"], a["segment"], a["side"]
        for u in a["units"]:
            ok = not u.get("bowed", False) and (seg == "infantry" or u.get("cavalry", False))
            key = "maneuver.infantry" if seg == "infantry" else "maneuver.cavalry"
            if not t.step(rs.cite(key), f"{u['name']} assigns in the {seg} segment"
                          + ("" if seg == "infantry" else " (Cavalry units only)"), ok,
                          cavalry=u.get("cavalry", False), bowed=u.get("bowed", False)):
                illegal.append(u["name"])
        if player in inp.leaders.values() or not a["units"]:
            continue
        if side not in inp.invited.get(player, ()) or sides.get(player, side) != side:
            t.step(rs.cite("allies"), f"{player} may ally only if invited, and with one side only", False, side=side)
            illegal.append(player)
            continue
        sides[player] = side
        first = player not in honor
        gain = t.step(rs.cite("allies"), f"{player} allies: {rs.ally_honor} Honor the first time he assigns this attack",
                      rs.ally_honor if first else 0, first=first)
        honor[player] = honor.get(player, 0) + gain
    return t.done({"honor": honor, "illegal": illegal})
