"""Regions revealed in the Events Phase: brought into play attached to their Province, left there, or discarded.

Lotus: Province by Province, left to right, a Region must be brought into play
attached to its Province if the attachment is legal; one not brought into play
is discarded; either way the Province is refilled. Gold: after every Province is
handled, the face-up Regions that can legally attach enter play, left to right
(the empty Provinces are refilled); a Region must be brought in if it legally can
and has no cost, otherwise it may be discarded at the end of the Dynasty Phase
or left there. Lotus says nothing of a Region's cost here (unsettled). Ivory has
no Region rules: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    regions: tuple  # dicts: name, province, legal, has_cost


CITES = ("region.events-phase", "region.stays")
GIVEN = obj(
    "The Regions face up in the active player's Provinces in his Events Phase, left to right.",
    {
        "regions": array(
            "Each Region, in the order of its Province from left to right.",
            obj(
                "A Region in a Province.",
                {
                    "name": string("The Region's title.", example="Kyuden Kakita"),
                    "province": string("The Province it is in (one Region per Province).", example="2"),
                    "legal": boolean("Attaching it to that Province is legal (e.g. no Region is attached there)."),
                    "has_cost": boolean("It has a Gold cost.", default=False),
                },
                required=["name", "province", "legal"],
            ),
            min_items=1,
            example=[{"name": "Kyuden Kakita", "province": "2", "legal": True}],
        ),
    },
    required=["regions"],
)
OUTCOME = obj(
    "What becomes of each Region.",
    {
        "regions": mapping(
            "For each Region (by title): where it goes and when.",
            "region",
            obj(
                "A Region's fate.",
                {
                    "goes": choice_of(
                        "in-play: attached to its Province; discarded; stays: face up in its Province.",
                        ("in-play", "discarded", "stays"),
                    ),
                    "when": choice_of(
                        "at-its-province: while its Province is handled (Lotus); after-all-provinces: once every "
                        "Province is handled (Gold).",
                        ("at-its-province", "after-all-provinces"),
                    ),
                },
                required=["goes", "when"],
            ),
            example={"Kyuden Kakita": {"goes": "in-play", "when": "at-its-province"}},
        ),
        "entered": array("The Regions brought into play, in the order they enter.", NAME),
        "refilled": array("The Provinces refilled with a face-down Dynasty card.", NAME),
    },
    required=["regions", "entered", "refilled"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes

ORDERED = ("entered",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("name each", "two Regions with one name"),
    ("is given a second card", "two cards in one Province"),
)


def build(given: dict, choices: dict) -> Inputs:
    names, provinces = set(), set()
    for i, r in enumerate(given["regions"]):
        if r["name"] in names:  # the outcome names each Region by its title
            raise ScenarioError(("given", "regions", i, "name"), f"a second Region named '{r['name']}'; name each")
        if r["province"] in provinces:
            raise ScenarioError(
                ("given", "regions", i, "province"),
                f"Province '{r['province']}' is given a second card: give each Province's card once",
            )
        names.add(r["name"])
        provinces.add(r["province"])
    return Inputs(tuple(given["regions"]))


def resolve(inp: Inputs, rs: Ruleset):
    rs.require("ccg/region")
    t = Tracer()
    rule = rs.cite("region.events-phase")
    later = rs.regions_after_all_provinces
    when = "after-all-provinces" if later else "at-its-province"
    out, entered, refilled = {}, [], []
    for r in inp.regions:
        name, province, legal, cost = r["name"], r["province"], r["legal"], r.get("has_cost", False)
        if cost:
            if rs.region_cost_frees_it is None:
                raise Unsettled(
                    rule,
                    f"{name} has a cost: the Events Phase says a Region must be brought into play if the attachment "
                    "is legal, and does not say whether one with a cost is paid for or left",
                )
            forced = not rs.region_cost_frees_it
        else:
            forced = True
        if legal and forced:
            goes = "in-play"
            what = f"{name} can legally attach to Province {province}: it must be brought into play attached to it"
        elif rs.region_not_in_play_discarded:
            goes = "discarded"
            what = f"{name} cannot legally attach to Province {province}: it is not brought into play, so discarded"
        else:
            goes = "stays"
            why = "cannot legally attach" if not legal else "has a cost"
            what = (
                f"{name} {why}: it need not be brought into play; it may be discarded at the end of the Dynasty "
                "Phase or left there for the next turn"
            )
        step_rule = rs.cite("region.stays") if goes == "stays" else rule
        t.step(step_rule, what + (" (once every Province is handled)" if later else ""), goes, legal=legal, cost=cost)
        out[name] = {"goes": goes, "when": when}
        if goes == "in-play":
            entered.append(name)
        if goes != "stays":
            refilled.append(province)
    if refilled:
        t.step(rule, "refill the emptied Provinces with face-down Dynasty cards", refilled)
    return t.done({"regions": out, "entered": entered, "refilled": refilled})
