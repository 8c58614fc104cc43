"""Claiming the contested ring (3.2.7) and returning home (3.2.8).

The winner claims the contested ring into his claimed ring pool; with no winner it
returns to the unclaimed ring pool (a winner whose ring effect was canceled still
claims it). Then each ready participating character bows
and every participant returns to its controller's home area.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, obj
from ..state import state
from ..trace import Tracer
from .common import CHARACTERS, CLAIMED, RINGS, SIDES, UNCLAIMED, characters, plain

CITES = ("ring.claim", "ring.home", "bow", "cancel")
_PARTICIPANT = obj(
    "A participating character.",
    {
        "name": {"type": "string", "description": "Character name."},
        "skill": {"description": "Its skill in the conflict (not used here)."},
        "bowed": boolean("Bowed.", default=False),
    },
    required=["name"],
)
GIVEN = obj(
    "The conflict after its ring effect.",
    {
        "ring": choice_of("The contested ring.", RINGS),
        "winner": choice_of("Who won the conflict.", ("attacker", "defender", None)),
        "claimed_rings": CLAIMED,
        "unclaimed_rings": UNCLAIMED,
        "attacker": array("Attacking characters.", _PARTICIPANT, default=[]),
        "defender": array("Defending characters.", _PARTICIPANT, default=[]),
        "characters": CHARACTERS,
        "ring_effect_canceled": boolean(
            "The winner's ring effect was canceled (the ring is still claimed: lcg-cancel).", default=False
        ),
    },
    required=["ring", "winner"],
)
OUTCOME = obj(
    "Where the ring went and who went home bowed.",
    {
        "claimed_by": choice_of(
            "attacker, defender, or null (the ring returns to the unclaimed pool).", (*SIDES, None)
        ),
        "claimed_rings": CLAIMED,
        "unclaimed_rings": UNCLAIMED,
        "bowed_home": array("Every participant, in the order given (attackers first): each ends bowed, at home.", NAME),
    },
    required=["claimed_by", "claimed_rings", "unclaimed_rings", "bowed_home"],
)
STATE = state(
    reads={
        "ring": "conflict",
        "winner": "conflict",
        "claimed_rings": "rings",
        "unclaimed_rings": "rings",
        "attacker": "conflict",
        "defender": "conflict",
        "characters": "cards",
    },
    writes={
        "claimed_rings": "rings",
        "unclaimed_rings": "rings",
        "attacker": "conflict",
        "defender": "conflict",
        "characters": "cards",
    },
)


@dataclass(frozen=True)
class Inputs:
    ring: str
    winner: str | None
    claimed: dict
    unclaimed: dict
    participants: dict
    chars: dict
    canceled: bool = False


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("is contested: it is not claimed yet", "the contested ring given among the claimed rings"),
    ("participates twice", "a participant given twice"),
)


def build(given: dict, choices: dict) -> Inputs:
    seen: set = set()
    for side in SIDES:
        for i, c in enumerate(given.get(side, [])):
            if c["name"] in seen:
                raise ScenarioError(
                    (("given", side, i, "name")), f"'{c['name']}' participates twice; give each its own name"
                )
            seen.add(c["name"])
    if any(given["ring"] in rings for rings in (given.get("claimed_rings") or {}).values()):
        raise ScenarioError(("given", "claimed_rings"), f"the {given['ring']} ring is contested: it is not claimed yet")
    claimed = {s: list((given.get("claimed_rings") or {}).get(s, [])) for s in SIDES}
    return Inputs(
        given["ring"],
        given["winner"],
        claimed,
        dict(given.get("unclaimed_rings") or {}),
        {s: [dict(c) for c in given.get(s, [])] for s in SIDES},
        characters(given),
        bool(given.get("ring_effect_canceled", False)),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    claimed, unclaimed = inp.claimed, dict(inp.unclaimed)
    unclaimed.pop(inp.ring, None)
    if inp.winner and inp.canceled:
        t.step(
            rs.cite("cancel"),
            f"the {inp.ring} ring's effect was canceled: the ring is still claimed",
            True,
            sentence="If a ring effect that is resolving for winning a conflict is canceled, the ring is still "
            "claimed.",
        )
    if inp.winner:
        claimed[inp.winner] = [*claimed[inp.winner], inp.ring]
        t.step(rs.cite("ring.claim"), f"the {inp.winner} won: claims the {inp.ring} ring", inp.winner)
    else:
        unclaimed[inp.ring] = 0
        t.step(rs.cite("ring.claim"), f"no player won: the {inp.ring} ring returns to the unclaimed ring pool", None)
    bowed = [c["name"] for s in SIDES for c in inp.participants[s] if not c.get("bowed")]
    t.step(rs.cite("ring.home"), "bow each ready participating character", bowed)
    already = [c["name"] for s in SIDES for c in inp.participants[s] if c.get("bowed")]
    if already:
        t.step(
            rs.cite("bow"),
            "a participant already bowed does not bow again",
            already,
            sentence="A bowed card cannot bow again until it is ready.",
        )
    home = [c["name"] for s in SIDES for c in inp.participants[s]]
    t.step(rs.cite("ring.home"), "return each participating character home; no longer participating", home)
    out = {"claimed_by": inp.winner, "claimed_rings": claimed, "unclaimed_rings": unclaimed, "bowed_home": home}
    state = {"claimed_rings": claimed, "unclaimed_rings": unclaimed, "attacker": [], "defender": []}
    if inp.chars:  # the characters in play: every participant now bowed
        for lst in inp.chars.values():
            for c in lst:
                c["bowed"] = c["bowed"] or c["name"] in home
        state["characters"] = {s: [plain(c) for c in lst] for s, lst in inp.chars.items()}
    return t.done({**out, "state": state})
