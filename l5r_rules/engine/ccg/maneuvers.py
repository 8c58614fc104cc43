"""Maneuvers and allies: who may assign in which segment, and the ally's one-time Honor gain.

Infantry units assign only in the Infantry Maneuvers Segment; Cavalry units in
either. An invited ally gains 2 Honor the first time he assigns units in an
attack (Gold: "only once per Attack Phase"; Lotus: "the first time each attack").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import INT, NAME, array, boolean, choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    leaders: dict  # attacker, defender -> player name
    invited: dict  # player -> side(s) invited to
    assignments: tuple  # dicts: player, segment, side, units: [{name, cavalry, bowed}]
    family_honors: dict | None = None


CITES = ("maneuver.infantry", "maneuver.cavalry", "maneuver.cavalry-unit", "allies")
_SIDE = ("attacker", "defender")
GIVEN = obj(
    "Who leads the attack, who was invited, and each assignment of units in order.",
    {
        "attacker": string("The attacking player.", example="Allen"),
        "defender": string("The defending player.", example="Bob"),
        "invited": mapping(
            "For each other player: the sides (attacker, defender) that invited him to ally.",
            "player",
            {"type": "array", "items": {"enum": list(_SIDE)}},
            example={"Cindy": ["attacker"]},
        ),
        "family_honors": mapping(
            "Optional: each ally's Family Honor before the attack (the outcome adds his 2 Honor to it).",
            "player",
            INT,
            example={"Cindy": 6},
        ),
        "assignments": array(
            "Assignments in the order they happen.",
            obj(
                "One player's assignment in one segment.",
                {
                    "player": string("Who assigns (the attacker, the defender or an ally).", example="Cindy"),
                    "segment": choice_of(
                        "Maneuvers segment: infantry (any unit) or cavalry (Cavalry units only).",
                        ("infantry", "cavalry"),
                    ),
                    "side": choice_of("The army joined.", _SIDE),
                    "units": array(
                        "Units assigned.",
                        obj(
                            "A unit.",
                            {
                                "name": string("Its leading Personality.", example="Cindy 1"),
                                "cavalry": boolean("The unit is Cavalry.", default=False),
                                "bowed": boolean("The Personality is bowed (may not be assigned).", default=False),
                            },
                            required=["name"],
                        ),
                    ),
                },
                required=["player", "segment", "side", "units"],
            ),
            example=[{"player": "Cindy", "segment": "infantry", "side": "attacker", "units": [{"name": "Cindy 1"}]}],
        ),
    },
    required=["attacker", "defender", "assignments"],
)
OUTCOME = obj(
    "Allies' Honor and the illegal assignments.",
    {
        "honor": mapping("Honor gained by each ally who assigned units.", "player", INT, example={"Cindy": 2}),
        "illegal": array(
            "Units (by name) assigned illegally (bowed, or not Cavalry in the Cavalry segment), and the player "
            "(by name) of each assignment by an ally who was not invited to that side or has already allied with "
            "the other side this attack.",
            NAME,
        ),
        "family_honors": mapping("With given.family_honors: each of them afterwards.", "player", INT),
    },
    required=["honor", "illegal"],
)

STATE = state(updates={"family_honors": "honor"})


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("his units join the", "a leader assigning his units to the other side's army"),)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("cannot attack himself", "the same player as attacker and defender"),)


def build(given: dict, choices: dict) -> Inputs:
    if given["attacker"] == given["defender"]:
        raise ScenarioError(("given", "defender"), f"'{given['defender']}' cannot attack himself: name the defender")
    for i, a in enumerate(given["assignments"]):
        own = next((s for s in _SIDE if given[s] == a["player"]), None)
        if own and a["side"] != own:  # otherwise skipped as a leader's own assignment, never checked
            raise ScenarioError(
                ("given", "assignments", i, "side"),
                f"{a['player']} is the {own}: his units join the {own}'s army, not the {a['side']}'s",
            )
    return Inputs(
        {"attacker": given["attacker"], "defender": given["defender"]},
        {p: tuple(s) for p, s in given.get("invited", {}).items()},
        tuple(given["assignments"]),
        dict(given.get("family_honors") or {}),
    )


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
            if not t.step(
                rs.cite(key),
                f"{u['name']} assigns in the {seg} segment" + ("" if seg == "infantry" else " (Cavalry units only)"),
                ok,
                cavalry=u.get("cavalry", False),
                bowed=u.get("bowed", False),
            ):
                illegal.append(u["name"])
                if seg == "cavalry" and not u.get("cavalry", False):
                    t.restate(
                        rs.stated("maneuver.cavalry-unit"),
                        f"{u['name']}'s unit is not Cavalry: an Infantry unit",
                        False,
                        sentence="If any Follower or the Personality does not have the **Cavalry** trait, the unit is "
                        "Infantry.",
                    )
        if player in inp.leaders.values() or not a["units"]:
            continue
        if side not in inp.invited.get(player, ()) or sides.get(player, side) != side:
            t.step(rs.cite("allies"), f"{player} may ally only if invited, and with one side only", False, side=side)
            illegal.append(player)
            continue
        sides[player] = side
        first = player not in honor
        gain = t.step(
            rs.cite("allies"),
            f"{player} allies: {rs.ally_honor} Honor the first time he assigns this attack",
            rs.ally_honor if first else 0,
            first=first,
        )
        honor[player] = honor.get(player, 0) + gain
    out = {"honor": honor, "illegal": illegal}
    if inp.family_honors:
        after = {p: v + honor.get(p, 0) for p, v in inp.family_honors.items()}
        out.update(family_honors=after, state={"family_honors": after})
    return t.done(out)
