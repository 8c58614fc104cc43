"""LCG duel (D.1-D.9): honor bids and transfer, bid added to the dueling skill, higher skill wins.

A duelist's skill is its current skill plus its bid: an honored character adds its
glory, a dishonored one subtracts it; all modifiers apply together, so only the result
is floored at 0 (a dishonored skill below 0 is not floored before the bid is added).
The honor transfer at D.5 can end the game (a player at 0 honor is eliminated, one at
25 wins): the duel then stops there.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..game_end import lcg_check, lcg_playing
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, described, integer, obj, string
from ..state import each_of, state
from ..trace import Tracer
from ..values import PRINTED_STAT, parse_num
from .common import current_skill, honor_status, printed_glory
from .honor_bid import transfer

SIDES = ("challenger", "challengee")


@dataclass(frozen=True)
class Inputs:
    names: dict
    skill: dict  # side -> Num
    honor: dict  # side -> honor of the controlling player
    bids: dict
    status: dict | None = None  # side -> (status, glory)
    first_player: str | None = None
    favor: str | None = None


CITES = (
    "dash",
    "duel.roles",
    "duel.bid",
    "duel.reveal",
    "duel.transfer",
    "give",
    "victory",
    "status",
    "modifiers",
    "duel.modify",
    "duel.compare",
    "conflict.favor",
)


def _side(role: str, example: dict) -> dict:
    return obj(
        f"The {role}: a character and the honor of its controller.",
        {
            "name": string("Character name (the outcome names winner and loser by it).", example=example["name"]),
            "skill": described(
                PRINTED_STAT,
                'Its skill of the duel\'s type as printed; "-" makes the duel illegal.',
                example=example["skill"],
            ),
            "player_honor": integer(
                "Honor of the character's controller (honor moves by the bids).", example=example["player_honor"]
            ),
            "status": honor_status(
                "Personal honor status: honored adds its glory to the skill, dishonored subtracts it (the glory and "
                "the bid apply together: only the dueling skill is floored at 0)."
            ),
            "glory": printed_glory("Printed glory (counts only while honored or dishonored)."),
        },
        required=["name", "skill", "player_honor"],
        example=example,
    )


def _per_side(description: str, what: str, **kw) -> dict:
    return obj(description, {s: integer(f"The {s}'s {what}.", **kw) for s in SIDES}, required=SIDES)


GIVEN = obj(
    "The two characters in the duel.",
    {
        "challenger": _side(
            "challenger (the initiating player's character)",
            {"name": "Kakita Toshimoko", "skill": 4, "player_honor": 10},
        ),
        "challengee": _side("challengee", {"name": "Hida Kisada", "skill": 3, "player_honor": 8}),
        "imperial_favor": choice_of(
            "Whose controller holds the Imperial Favor (set to the duel's type): it adds to a player's total "
            "in a conflict, never to a character's skill, so it changes no dueling skill.",
            SIDES,
        ),
        "first_player": choice_of(
            "Whose controller is the first player: needed only when the transfer leaves both players at a victory "
            "condition at once (the first player wins).",
            SIDES,
        ),
    },
    required=["challenger", "challengee"],
)
CHOICES = obj(
    "The duel's honor bids.",
    {
        "bids": {
            **_per_side("Always needed: each player's duel bid, 1 to 5 (any other number is an error).", "bid"),
            "examples": [{"challenger": 3, "challengee": 1}],
        },
    },
)
OUTCOME = obj(
    "The duel's result.",
    {
        "legal": boolean("Both characters have a skill (false: a dash skill; nothing else is in the outcome)."),
        "skill": _per_side(
            "Dueling skill: skill, its status's glory and the bid applied together (not below 0).", "dueling skill"
        ),
        "winner": string("Name of the winning character, or null on equal skill.", nullable=True),
        "loser": string("Name of the losing character, or null on equal skill.", nullable=True),
        "honor": _per_side("Honor of each controller after the bids' transfer.", "controller's honor"),
    },
    required=["legal"],
)
STATE = state(
    updates=each_of(SIDES, player_honor="honor"),
)
ENDS = {"transfer-honor": "after the bids' transfer (D.5) a controller has 0 honor (eliminated) or 25 or more (wins)"}


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("a duel bid is 1 to 5", "a bid outside 1-5 (lcg-d-3-duel-honor-bid)"),)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    (
        "both players reach a victory condition at once",
        "a transfer leaving both players at a victory condition, without given.first_player",
    ),
)


def build(given: dict, choices: dict) -> Inputs:
    bids = choice(choices, "bids", "each player's duel bid (1-5)")
    for s in SIDES:
        if not 1 <= bids[s] <= 5:
            raise ScenarioError(("choices", "bids", s), f"a duel bid is 1 to 5, not {bids[s]}")
    for s in SIDES:
        lcg_playing({"player_honor": given[s]["player_honor"]}, ("given", s))
    return Inputs(
        {s: given[s]["name"] for s in SIDES},
        {s: parse_num(given[s]["skill"], ("given", s, "skill")) for s in SIDES},
        {s: given[s]["player_honor"] for s in SIDES},
        {s: bids[s] for s in SIDES},
        {s: (given[s].get("status", "ordinary"), given[s].get("glory", 0)) for s in SIDES},
        given.get("first_player"),
        given.get("imperial_favor"),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    for s in SIDES:
        if inp.skill[s].missing:
            t.step(rs.cite("dash"), f"{inp.names[s]} has a dash skill: cannot be {s} in a duel of that type", False)
            return t.done({"legal": False})
    t.step(rs.cite("duel.roles"), "the initiating player's character is the challenger", dict(inp.names))
    t.step(rs.cite("duel.bid"), "each player secretly bids 1 to 5", dict(inp.bids))
    t.step(
        rs.cite("duel.reveal"),
        "the players reveal their bids at the same time",
        dict(inp.bids),
        sentence="The players simultaneously reveal their bids.",
    )
    honor = transfer(
        {("first" if s == "challenger" else "second"): inp.bids[s] for s in SIDES},
        {("first" if s == "challenger" else "second"): inp.honor[s] for s in SIDES},
        rs.cite("duel.transfer"),
        t,
        rs.cite("give"),
    )
    honor = {"challenger": honor["first"], "challengee": honor["second"]}
    state_out = {s: {"player_honor": honor[s]} for s in SIDES}
    over = lcg_check(t, rs, "transfer-honor", honor, first_player=inp.first_player)
    if over:
        return t.done({"legal": True, "honor": honor, "game_over": over, "state": state_out})
    status = inp.status or {s: ("ordinary", 0) for s in SIDES}
    current = {
        s: current_skill(
            t,
            rs,
            {"name": inp.names[s], "skill": inp.skill[s], "status": status[s][0], "glory": status[s][1]},
            "skill",
            floor=False,
        )
        for s in SIDES
    }
    if inp.favor:
        t.step(
            rs.cite("conflict.favor"),
            f"the {inp.favor}'s controller holds the Imperial Favor: it modifies a player's total in a conflict, "
            "not a character's skill, so the duel ignores it",
            0,
            sentence="This modifier applies to the **player's** total skill that is counted for the conflict, but "
            "does not modify the skill value of any of the characters participating in the conflict.",
        )
    raw = {s: current[s] + inp.bids[s] for s in SIDES}
    skill = {s: max(v, 0) for s, v in raw.items()}
    t.step(rs.cite("duel.modify"), "each player adds his bid to his character's skill", raw)
    if raw != skill:  # the dishonored glory and the bid are modifiers applied together; only the result floors
        t.step(
            rs.cite("modifiers"),
            "all modifiers apply together; a result below zero is treated as zero",
            skill,
            unfloored=raw,
            sentence="Negative modifiers that would take a value below zero can be applied, but, after all active "
            "modifiers have been applied, any resultant value below zero is treated as zero.",
        )
    if skill["challenger"] == skill["challengee"]:
        winner = None
    else:
        winner = max(SIDES, key=skill.get)
    t.step(rs.cite("duel.compare"), "higher skill wins; equal skill: nobody wins or loses", winner)
    return t.done(
        {
            "legal": True,
            "skill": skill,
            "winner": winner and inp.names[winner],
            "loser": winner and inp.names[[s for s in SIDES if s != winner][0]],
            "honor": honor,
            "state": state_out,
        }
    )
