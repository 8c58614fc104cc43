"""Units going home after a battle, and after the last battle of an attack.

Lotus: when a battle ends the Attacker's surviving units go home bowed, the
Defender's stay; allies' units go home bowed like the Attacker's; after the
last battle, units still at battlefields go home, the Defender's as they are and
the rest bowed. Ivory: when the battle ends attacking units go home and bow,
defending units go home without bowing, so after the last battle too. Gold's
file stops at "All surviving": not in source. Ivory's worked example (Battle
Actions) gives the Conqueror keyword: an attacking unit led by a Conqueror does
not bow going home, nor do his Followers. Lotus and Gold state no Conqueror
rule: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import array, boolean, choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer

SIDES = ("attacker", "defender", "attacking-ally", "defending-ally")


@dataclass(frozen=True)
class Inputs:
    moment: str
    units: tuple  # dicts: name, side, bowed


CITES = ("go-home.battle", "go-home.attack", "go-home.allies", "go-home.conqueror")
CONQUEROR = (
    "Because he has the Conqueror keyword, thanks to the text of Army Like a Tide, Sairei does not bow, and his "
    "Followers do not either."
)
GIVEN = obj(
    "Surviving units at a battlefield and the moment.",
    {
        "moment": choice_of(
            "end-of-battle: this battle's Resolution Segment ends; after-last-battle: the attack's last battle "
            "has ended and these units are still at a battlefield.",
            ("end-of-battle", "after-last-battle"),
        ),
        "units": array(
            "The surviving units at the battlefield.",
            obj(
                "A unit.",
                {
                    "name": string("Its Personality (the outcome names the unit by it).", example="Hida Yakamo"),
                    "side": choice_of("Whose it is: the leaders' or an ally's.", SIDES),
                    "bowed": boolean("The Personality is bowed now.", default=False),
                    "conqueror": boolean(
                        "The Personality has the Conqueror keyword (Ivory: he and his Followers do not bow going "
                        "home; Lotus and Gold state no such rule: not in source).",
                        default=False,
                    ),
                },
                required=["name", "side"],
            ),
            min_items=1,
            example=[{"name": "Hida Yakamo", "side": "attacker"}],
        ),
    },
    required=["moment", "units"],
)
OUTCOME = obj(
    "Where each unit is afterwards.",
    {
        "units": mapping(
            "For each unit (by Personality): at home or not, bowed or not.",
            "unit",
            obj(
                "A unit's place and state.",
                {"home": boolean("It is at home."), "bowed": boolean("It is bowed.")},
                required=["home", "bowed"],
            ),
            example={"Hida Yakamo": {"home": True, "bowed": True}},
        ),
    },
    required=["units"],
)

STATE = state(updates={"units": "cards"})


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("name each unit", "two units with one name"),)


def build(given: dict, choices: dict) -> Inputs:
    seen = set()
    for i, u in enumerate(given["units"]):
        if u["name"] in seen:  # the outcome names each unit by its Personality
            raise ScenarioError(("given", "units", i, "name"), f"a second unit named '{u['name']}'; name each unit")
        seen.add(u["name"])
    return Inputs(given["moment"], tuple(given["units"]))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    out = {}
    last = inp.moment == "after-last-battle"
    for u in inp.units:
        name, side, bowed = u["name"], u["side"], u.get("bowed", False)
        if u.get("conqueror", False) and side == "attacker":
            rule = rs.cite("go-home.conqueror")
            res = {"home": True, "bowed": bowed}
            what = f"{name} has the Conqueror keyword: he and his Followers do not bow going home"
            out[name] = t.step(rule, what, res, side=side, was_bowed=bowed, conqueror=True, sentence=CONQUEROR)
            continue
        if u.get("conqueror", False):
            rs.cite("go-home.conqueror")  # an edition without the keyword: not in source
        if side.endswith("ally") and not last:
            res = {"home": True, "bowed": True}
            what = f"{name} (an ally's unit) returns home bowed at the end of each battle, like the Attacker's"
            rule = rs.cite("go-home.allies")
        elif last:
            rule = rs.cite("go-home.attack")
            res = {"home": True, "bowed": bowed if side == "defender" else True}
            what = f"after the last battle {name} " + (
                "(a defending unit) returns home without bowing"
                if side == "defender"
                else "returns home bowed, as an attacking unit does"
            )
        elif side == "attacker":
            rule = rs.cite("go-home.battle")
            res = {"home": True, "bowed": True}
            what = f"{name} (the Attacker's) returns home bowed"
        else:
            rule = rs.cite("go-home.battle")
            home = rs.defenders_home_after_each_battle
            res = {"home": home, "bowed": bowed}
            what = f"{name} (the Defender's) " + ("returns home without bowing" if home else "stays as he is")
        out[name] = t.step(rule, what, res, side=side, was_bowed=bowed)
    # the units still at the battlefield, as a later step reads them (those at home have left it)
    left = [{**u, "bowed": out[u["name"]]["bowed"]} for u in inp.units if not out[u["name"]]["home"]]
    return t.done({"units": out, "state": {"units": left}} if left else {"units": out})
