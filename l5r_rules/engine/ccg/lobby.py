"""Lobbying for the Imperial Favor (Lotus): a Political Limited action, once per turn.

You must have more Family Honor than each other player, and target and bow a
Personality you control with Personal Honor above 0 (a bowed card cannot pay a
cost of bowing). A Shadowlands Horde player may not take Political actions.
Gold states the once-per-turn Limited action but its lobbying rules (page 64)
are not in the file: not in source beyond that. Ivory: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ruleset import Ruleset
from ..shapes import INT, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    g: dict


CITES = ("lobby", "lobby.timing", "lobby.once", "costs.bow", "horde.honor", "dishonor")
GIVEN = obj(
    "The lobbying player, his Personality and the moment.",
    {
        "phase": choice_of("The current phase.", ("action", "attack", "dynasty", "other")),
        "own_turn": boolean("It is the lobbying player's own turn."),
        "lobbied_this_turn": boolean("He has already lobbied this turn.", default=False),
        "family_honor": integer("His Family Honor.", example=12),
        "others_family_honor": array("Each other player's Family Honor.", INT, min_items=1, example=[10]),
        "horde": boolean("He plays a Shadowlands Horde deck.", default=False),
        "personality": obj(
            "The Personality he targets and bows.",
            {
                "name": string("His name.", example="Doji Hoturi"),
                "personal_honor": integer("His current Personal Honor.", example=3),
                "bowed": boolean("He is already bowed.", default=False),
                "dishonored": boolean("He is Dishonored (a maximum Personal Honor of 0).", default=False),
            },
            required=["name", "personal_honor"],
        ),
    },
    required=["phase", "own_turn", "family_honor", "others_family_honor", "personality"],
)
OUTCOME = obj(
    "Whether he may lobby (and so gains the Imperial Favor).",
    {
        "legal": boolean("Every check passes: he gains the Imperial Favor."),
        "failed": array(
            "The checks that fail, as tags: timing, once-per-turn, horde, honor, personal-honor, bowed ([] when "
            "legal).",
            {"type": "string"},
        ),
    },
    required=["legal", "failed"],
)

STATE = state(reads={"family_honor": "honor"})


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(given)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    g, p = inp.g, inp.g["personality"]
    timing = rs.cite("lobby.timing")
    failed = []
    if not t.step(
        timing, "lobbying is a Limited action: only in your own Action Phase", g["phase"] == "action" and g["own_turn"]
    ):
        failed.append("timing")
    if not t.step(
        rs.cite("lobby.once"), "each player may lobby only once per turn", not g.get("lobbied_this_turn", False)
    ):
        failed.append("once-per-turn")
    if failed:  # refused before the lobbying conditions are even read
        return t.done({"legal": False, "failed": failed})
    rule = rs.cite("lobby")
    if g.get("horde", False) and not t.step(
        rs.cite("horde.honor"), "the player may take Political actions (a Shadowlands Horde player may not)", False
    ):
        failed.append("horde")
    best = max(g["others_family_honor"])
    if not t.step(
        rule, f"more Family Honor than each other player: {g['family_honor']} against {best}", g["family_honor"] > best
    ):
        failed.append("honor")
    ph = p["personal_honor"]
    if p.get("dishonored", False):
        ph = t.step(rs.cite("dishonor"), "a Dishonored Personality has a maximum Personal Honor of 0", min(ph, 0))
    if not t.step(rule, f"the Personality's Personal Honor must be greater than 0 ({ph})", ph > 0):
        failed.append("personal-honor")
    if not t.step(
        rs.cite("costs.bow"),
        "the Personality is unbowed and can pay the cost of bowing (a bowed card cannot)",
        not p.get("bowed", False),
    ):
        failed.append("bowed")
    return t.done({"legal": not failed, "failed": failed})
