"""Honor bid (draw phase 2.2-2.4): the higher bidder gives the difference to the lower bidder.

A player left with 0 honor is eliminated, one with 25 or more wins: the game ends at the transfer.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game_end import lcg_check, lcg_playing
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import boolean, integer, obj
from ..state import state
from ..trace import Tracer

PLAYERS = ("first", "second")


@dataclass(frozen=True)
class Inputs:
    honor: dict
    bids: dict
    modifiers: dict


def per_player(description: str, what: str, *, required=PLAYERS, example=None, **kw) -> dict:
    """A mapping `{first: ..., second: ...}` of integers (both required unless `required` says otherwise)."""
    node = obj(description, {p: integer(f"The {p} player's {what}.", **kw) for p in PLAYERS}, required=required)
    return {**node, "examples": [example]} if example else node


CITES = ("bid", "bid.reveal", "bid.value", "bid.transfer", "give", "victory")
GIVEN = obj(
    "Each player's honor before the bid.",
    {
        "honor": per_player("Honor before the bid.", "honor", example={"first": 10, "second": 8}),
        "bid_modifiers": per_player(
            "Card effects changing a bid's value (the modified bid may exceed 5 or be 0).",
            "modifier",
            required=(),
            default=0,
            example={"second": 2},
        ),
    },
    required=["honor"],
)
CHOICES = obj(
    "The dials.",
    {
        "bids": per_player(
            "Always needed: each player's dial setting; a bid outside 1-5 makes the outcome legal: false.",
            "bid",
            example={"first": 4, "second": 2},
        ),
    },
)
OUTCOME = obj(
    "The bid's result.",
    {
        "legal": boolean("Both bids are 1 to 5 (when false, nothing else is in the outcome)."),
        "honor": per_player("Honor after the transfer (only when legal).", "honor"),
    },
    required=["legal"],
)
STATE = state(updates={"honor": "honor"})
ENDS = {"transfer-honor": "after the transfer a player has 0 honor (eliminated) or 25 or more (wins)"}


def build(given: dict, choices: dict) -> Inputs:
    bids = choice(choices, "bids", "each player's dial setting (1-5)")
    lcg_playing(given["honor"], ("given", "honor"))
    return Inputs(
        {p: given["honor"][p] for p in PLAYERS},
        {p: bids[p] for p in PLAYERS},
        {p: given.get("bid_modifiers", {}).get(p, 0) for p in PLAYERS},
    )


def transfer(bids: dict, honor: dict, rule: str, t: Tracer, give: str | None = None) -> dict:
    hi, lo = sorted(PLAYERS, key=lambda p: -bids[p])
    diff = bids[hi] - bids[lo]
    t.step(
        rule,
        "the higher bidder gives the difference to the lower bidder; equal bids transfer nothing",
        diff,
        bids=dict(bids),
    )
    after = dict(honor)
    if diff:
        # honor is a pool of tokens: the giver gives what his pool holds, and those tokens are what the other
        # player receives (lcg-give: "those tokens are removed ... and are added to that opponent's token pool")
        given = min(diff, max(after[hi], 0))
        after[hi] -= given
        after[lo] += given
        if give:
            t.step(
                give,
                f"the honor given leaves the {hi} player's honor pool and is added to the {lo} player's"
                + (f" (his pool holds only {given} of the {diff} owed)" if given < diff else ""),
                after,
                sentence="If a player is instructed to give tokens to an opponent, those tokens are removed from the "
                "giving player's pool of tokens (or specified game area), and are added to that opponent's token pool.",
                **({"owed": diff, "given": given} if given < diff else {}),
            )
    return after


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    for p in PLAYERS:
        ok = 1 <= inp.bids[p] <= 5
        t.step(rs.cite("bid"), f"{p} selects a bid from 1 to 5", ok, bid=inp.bids[p])
        if not ok:
            return t.done({"legal": False})
    t.step(
        rs.cite("bid.reveal"),
        "the players reveal their bids at the same time",
        dict(inp.bids),
        sentence="The players simultaneously reveal their bids.",
    )
    bids = {p: inp.bids[p] + inp.modifiers[p] for p in PLAYERS}
    if any(inp.modifiers.values()):
        t.step(rs.cite("bid.value"), "a modified bid resolves as the modified value (may exceed 5 or be 0)", bids)
        bids = {p: max(0, b) for p, b in bids.items()}
    after = transfer(bids, inp.honor, rs.cite("bid.transfer"), t, rs.cite("give"))
    out = {"legal": True, "honor": after, "state": {"honor": after}}
    over = lcg_check(t, rs, "transfer-honor", after, first_player="first")
    return t.done({**out, "game_over": over} if over else out)
