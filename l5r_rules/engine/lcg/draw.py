"""Draw phase (2.2-2.5): honor bids, the transfer, then each player draws as many cards as his bid.

The bid drawn is the bid's value (a modified bid counts as modified). Drawing from
an empty conflict deck costs 5 honor and shuffles the discard pile into a new deck.
The game ends at the transfer when a player is left with 0 honor or reaches 25 (no
card is drawn), and with the draw when running out leaves a player at 0 honor: both
players draw at the same time, so both draws are made before that check, and two
players left at 0 by one draw reach it simultaneously (the first player wins).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unsettled
from ..game_end import lcg_check
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import obj
from ..state import state
from ..trace import Tracer
from . import honor_bid
from .honor_bid import PLAYERS, per_player

CITES = ("bid", "bid.reveal", "bid.value", "bid.transfer", "give", "victory", "draw", "running-out")
GIVEN = obj(
    "Each player before the draw phase.",
    {
        "honor": honor_bid.GIVEN["properties"]["honor"],
        "bid_modifiers": honor_bid.GIVEN["properties"]["bid_modifiers"],
        "hand": per_player("Cards in hand before drawing.", "hand size", minimum=0, example={"first": 2, "second": 0}),
        "conflict_deck": per_player(
            "Cards left in the conflict deck.", "conflict deck", minimum=0, example={"first": 30, "second": 1}
        ),
        "conflict_discard": per_player(
            "Cards in the conflict discard pile.",
            "conflict discard pile",
            minimum=0,
            required=(),
            default=0,
            example={"second": 9},
        ),
    },
    required=["honor", "hand", "conflict_deck"],
)
CHOICES = honor_bid.CHOICES
OUTCOME = obj(
    "After the draw.",
    {
        "legal": honor_bid.OUTCOME["properties"]["legal"],
        "honor": per_player("Honor afterwards.", "honor"),
        "hand": per_player("Cards in hand afterwards.", "hand size"),
        "conflict_deck": per_player("Cards left in the conflict deck.", "conflict deck"),
        "conflict_discard": per_player("Cards in the conflict discard pile.", "conflict discard pile"),
    },
    required=["legal"],
)
STATE = state(
    updates={"honor": "honor", "hand": "cards", "conflict_deck": "cards", "conflict_discard": "cards"},
)
ENDS = {
    "transfer-honor": "after the honor transfer a player has 0 honor (eliminated) or 25 or more (wins); "
    "no card is drawn",
    "draw-cards": "drawing from an empty conflict deck costs 5 honor and leaves a player at 0 honor",
}


@dataclass(frozen=True)
class Inputs:
    bid: object
    hand: dict
    deck: dict
    discard: dict


def build(given: dict, choices: dict) -> Inputs:
    choice(choices, "bids", "each player's dial setting (1-5)")
    return Inputs(
        honor_bid.build(given, choices),
        dict(given["hand"]),
        dict(given["conflict_deck"]),
        {p: (given.get("conflict_discard") or {}).get(p, 0) for p in PLAYERS},
    )


def resolve(inp: Inputs, rs: Ruleset):
    first = honor_bid.resolve(inp.bid, rs)
    t = Tracer()
    t.steps += list(first.trace)
    if not first.outcome["legal"]:
        return t.done(first.outcome)
    honor = dict(first.outcome["honor"])
    cards = {"hand": dict(inp.hand), "conflict_deck": dict(inp.deck), "conflict_discard": dict(inp.discard)}
    if "game_over" in first.outcome:
        over = first.outcome["game_over"]
        return t.done({"legal": True, "honor": honor, **cards, "game_over": over, "state": {"honor": honor, **cards}})
    bids = {p: max(inp.bid.bids[p] + inp.bid.modifiers[p], 0) for p in PLAYERS}
    hand, deck, discard = dict(inp.hand), dict(inp.deck), dict(inp.discard)
    # 2.5: both players draw at the same time, so both draws happen before the game's end is checked: two
    # players left at 0 honor by one draw reach a victory condition simultaneously (the first player wins)
    for p in PLAYERS:
        t.step(rs.cite("draw"), f"{p} draws X cards, X = his honor bid", bids[p], bid=bids[p])
        for _ in range(bids[p]):
            if deck[p] == 0:
                if discard[p] == 0:
                    raise Unsettled(
                        rs.cite("running-out"),
                        f"{p}'s conflict deck and discard pile are both empty: "
                        "the rule says to shuffle the discard pile into a new deck and go on drawing, "
                        "and does not say what happens when there is nothing to shuffle",
                    )
                raw = honor[p] - 5
                honor[p] = max(raw, 0)  # honor is a pool of tokens: it cannot hold fewer than none
                deck[p], discard[p] = discard[p], 0
                t.step(
                    rs.cite("running-out"),
                    f"{p}'s conflict deck is empty: loses 5 honor, shuffles the discard pile into a new deck",
                    honor[p],
                    deck=deck[p],
                    **({"raw": raw, "floored": 0} if raw < 0 else {}),
                )
                if honor[p] == 0:  # eliminated: the game ends with this draw, he draws no further card
                    break
            deck[p] -= 1
            hand[p] += 1
    if sum(honor[p] == 0 for p in PLAYERS) > 1:  # both left at 0 by one draw: at the same moment
        t.step(
            rs.cite("draw"),
            "the players draw simultaneously: both reach 0 honor at the same moment",
            True,
            sentence="Each player simultaneously draws X cards from his or her conflict deck.",
        )
    over = lcg_check(t, rs, "draw-cards", honor, first_player="first")
    if over:
        cards = {"hand": hand, "conflict_deck": deck, "conflict_discard": discard}
        return t.done({"legal": True, "honor": honor, **cards, "game_over": over, "state": {"honor": honor, **cards}})
    cards = {"hand": hand, "conflict_deck": deck, "conflict_discard": discard}
    return t.done({"legal": True, "honor": honor, **cards, "state": {"honor": honor, **cards}})
