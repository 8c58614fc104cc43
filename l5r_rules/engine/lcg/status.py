"""Personal honor (honored, ordinary, dishonored): skill with glory added or subtracted, status changes, leaving play.

An honored character adds its glory to both skills, a dishonored one subtracts it
(a skill cannot go below 0). Honoring a dishonored character, or dishonoring an
honored one, returns it to ordinary; an honored character cannot become honored
(nor a dishonored one dishonored). When an honored character leaves play its
controller gains 1 honor; a dishonored one: he loses 1 honor. At 25 honor its
controller wins, at 0 he is eliminated: the game ends there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..game_end import lcg_check, lcg_playing
from ..ruleset import Ruleset
from ..shapes import array, choice_of, described, integer, obj
from ..state import state
from ..trace import Tracer
from .common import CHARACTER, characters, current_skill

CITES = ("status", "modifiers", "leaves-play", "dash", "victory")
EVENTS = ("honor", "dishonor", "leaves-play")
GIVEN = obj(
    "One character, what happens to it, and its controller's honor.",
    {
        "character": described(CHARACTER, "The character."),
        "events": array(
            "What happens to it, in order (honor, dishonor, leaves-play).", choice_of("An event.", EVENTS), default=[]
        ),
        "controller_honor": integer("Its controller's honor (needed when it leaves play).", example=10),
    },
    required=["character"],
)
OUTCOME = obj(
    "The character's status and skills, and its controller's honor.",
    {
        "status": choice_of(
            "Status after the events (null once it has left play).", ("honored", "ordinary", "dishonored", None)
        ),
        "military": integer("Current military skill (null: a dash, or out of play).", nullable=True),
        "political": integer("Current political skill (null: a dash, or out of play).", nullable=True),
        "controller_honor": integer("Its controller's honor afterwards (when given).", nullable=True),
    },
    required=["status", "military", "political", "controller_honor"],
)
STATE = state(updates={"controller_honor": "honor"})
ENDS = {
    "leaves-play": "it leaves play honored (dishonored): its controller gains (loses) 1 honor and has 25 (0); "
    "winners and losers name the controller and his opponent"
}


@dataclass(frozen=True)
class Inputs:
    char: dict
    events: tuple
    honor: int | None


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("has already left play", "an event after the character left play"),)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("give the controller's honor", "leaves-play without given.controller_honor"),)


def build(given: dict, choices: dict) -> Inputs:
    char = characters({"characters": {"attacker": [given["character"]]}})["attacker"][0]
    lcg_playing({"controller_honor": given.get("controller_honor")}, ("given",))
    return Inputs(char, tuple(given.get("events") or ()), given.get("controller_honor"))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    c = dict(inp.char)
    honor = inp.honor
    rule = rs.cite("status")
    for i, event in enumerate(inp.events):
        if c["status"] is None:
            raise ScenarioError(("given", "events", i), f"{c['name']} has already left play")
        before = c["status"]
        if event == "honor":
            after = {"dishonored": "ordinary", "ordinary": "honored", "honored": "honored"}[before]
        elif event == "dishonor":
            after = {"honored": "ordinary", "ordinary": "dishonored", "dishonored": "dishonored"}[before]
        else:
            if honor is None:
                raise ScenarioError(
                    ("given", "controller_honor"), "give the controller's honor: leaving play may change it"
                )
            change = {"honored": 1, "dishonored": -1, "ordinary": 0}[before]
            honor += change
            verb = {1: "gains 1 honor", -1: "loses 1 honor", 0: "neither gains nor loses honor"}[change]
            t.step(rule, f"{c['name']} leaves play {before}: its controller {verb}", honor, change=change)
            t.step(rs.cite("leaves-play"), "its tokens (status token, fate) return to the general token pool", True)
            c["status"] = None
            over = lcg_check(t, rs, "leaves-play", {"controller": honor, "opponent": None})
            if over:
                out = {"status": None, "military": None, "political": None, "controller_honor": honor}
                return t.done({**out, "game_over": over, "state": {"controller_honor": honor}})
            continue
        if after == before:
            t.step(
                rule,
                f"{'an' if before == 'honored' else 'a'} {before} character cannot become {before}: no change",
                before,
            )
        else:
            t.step(rule, f"{event} {c['name']}: {before} -> {after}", after, before=before)
        c["status"] = after
    done = {"state": {"controller_honor": honor}} if honor is not None else {}
    if c["status"] is None:
        return t.done({"status": None, "military": None, "political": None, "controller_honor": honor, **done})
    skills = {}
    for kind in ("military", "political"):
        skills[kind] = current_skill(t, rs, c, kind)
        if c[kind].missing and c["status"] != "ordinary":
            t.step(rs.cite("dash"), f"a dash {kind} skill cannot be modified", None)
    if c["status"] == "ordinary":
        t.step(rule, f"{c['name']} is ordinary: its glory does not change its skills", skills)
    return t.done({"status": c["status"], **skills, "controller_honor": honor, **done})
