"""The turn's own steps for one player: the Straighten Phase and the draw of a Fate card.

Gold and Lotus: the Straighten Phase straightens all his bowed cards and his Stronghold; the End
Phase draws a Fate card (Lotus: then a hand above the maximum of eight is discarded down to it, cards
of his choice; Gold names a maximum hand size but its file never gives the number, so whether a card is
discarded is not in the source: `discarded` is null). Ivory's learn-to-play book draws the Fate card just before the
Dynasty Phase ends.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, choice_of, integer, obj
from ..state import state
from ..trace import Tracer

CITES = ("turn.straighten", "turn.end", "turn.hand-size", "turn.draw")
GIVEN = obj(
    "The step and the player's cards.",
    {
        "step": choice_of(
            "straighten (his Straighten Phase), end-phase (Gold, Lotus: his End Phase) or dynasty-end (Ivory: the end "
            "of his Dynasty Phase).",
            ("straighten", "end-phase", "dynasty-end"),
        ),
        "bowed": array(
            "His bowed cards, his Stronghold among them if bowed.", NAME, default=[], example=["Stronghold"]
        ),
        "hand": integer("Cards in his hand before the step.", minimum=0, example=7),
        "fate_deck": integer("Cards left in his Fate deck (leave out if enough).", minimum=0),
    },
    required=["step"],
)
CHOICES = obj(
    "His decision.",
    {
        "discard": integer(
            "Lotus, needed when his hand is above eight after the draw: how many cards he discards.", minimum=0
        )
    },
)
OUTCOME = obj(
    "After the step.",
    {
        "straightened": array("Cards straightened.", NAME),
        "bowed": array("Cards still bowed.", NAME),
        "drawn": integer("Fate cards drawn.", minimum=0),
        "hand": integer("Cards in his hand afterwards (Gold: after the draw, before any discard).", minimum=0),
        "discarded": integer(
            "Cards discarded down to the maximum hand size (null: Gold, whose file names a maximum hand size "
            "without its number, so whether he discards is not in the source).",
            minimum=0,
            nullable=True,
        ),
    },
    required=["drawn"],
)
REFUSES = (
    ("down to his maximum hand size", "Lotus: a discard that leaves more than eight cards, or fewer than needed"),
)
CHECKS = (
    ("is not a step of", "a step the edition's turn does not have here (Ivory's draw is at dynasty-end)"),
    ("give his hand", "a draw without given.hand"),
)
STATE = state(updates={"bowed": "cards", "hand": "cards"})


@dataclass(frozen=True)
class Inputs:
    step: str
    bowed: tuple
    hand: int | None
    deck: int | None
    choices: dict


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(given["step"], tuple(given.get("bowed") or ()), given.get("hand"), given.get("fate_deck"), choices)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    if inp.step == "straighten":
        up = t.step(rs.cite("turn.straighten"), "straighten his Stronghold and all his bowed cards", list(inp.bowed))
        return t.done({"straightened": up, "bowed": [], "drawn": 0, "state": {"bowed": []}})
    wanted = "dynasty-end" if rs.draw_in_dynasty_phase else "end-phase"
    if inp.step != wanted:
        raise ScenarioError(("given", "step"), f"{inp.step} is not a step of {rs.document} that draws: {wanted} is")
    if inp.hand is None:
        raise ScenarioError(("given", "hand"), "give his hand: the step draws a card into it")
    key = "turn.draw" if rs.draw_in_dynasty_phase else "turn.end"
    drawn = 1 if inp.deck is None or inp.deck > 0 else 0
    hand = inp.hand + t.step(rs.cite(key), "draw a Fate card into his hand", drawn)
    out = {"drawn": drawn, "hand": hand, "discarded": 0}
    if rs.max_hand_unstated:
        t.step(
            rs.cite("turn.hand-size"),
            f"the source ({rs.document}) names a maximum hand size but never its number, nor when cards above it are "
            "discarded: whether he discards is not in this source",
            None,
            hand=hand,
            sentence="You may ask any player's current and maximum hand size at any time.",
        )
        out["discarded"] = None
        return t.done({**out, "state": {"hand": hand}})
    cap = rs.end_phase_max_hand
    if cap is not None and hand > cap:
        t.step(
            rs.cite("turn.hand-size"),
            f"his maximum hand size is {cap}",
            cap,
            sentence="You have a **maximum hand size** of eight.",
        )
        n = choice(inp.choices, "discard", f"how many of his {hand} cards he discards (down to {cap})")
        if hand - n != cap:
            raise ScenarioError(
                ("choices", "discard"),
                f"discarding {n} leaves {hand - n}: he discards down to his maximum hand size, {cap}",
            )
        hand = t.step(rs.cite("turn.end"), f"above {cap} cards: he discards {n} of his choice", cap, discarded=n)
        out.update(hand=hand, discarded=n)
    return t.done({**out, "state": {"hand": hand}})
