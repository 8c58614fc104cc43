"""A destroyed Province: what happens to the cards in it and attached to it, and to its place in the row.

Lotus ("Play Areas") and Gold ("Preparing the Field"): completely remove its
space, destroy the cards attached to it, discard the unplayed cards in it, and
move together the Provinces on either side of it. Ivory's worked example (Battle
Actions): the card in it goes to the discard pile, its slot is not refilled but
goes away, and the cards on either side move together; Ivory says nothing of
cards attached to a destroyed Province (not in source).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game_end import ccg_provinces
from ..given import known, unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    provinces: tuple
    destroyed: str
    cards_in: tuple
    attached: tuple


CITES = ("province.destroyed", "province.attached", "victory", "victory.provinces")
GIVEN = obj(
    "The player's Provinces and the one destroyed.",
    {
        "provinces": array("His Provinces, left to right, by name.", NAME, min_items=1, example=["1", "2", "3", "4"]),
        "destroyed": string("The Province destroyed (one of provinces).", example="2"),
        "cards_in": array(
            "The unplayed cards in it (face up or face down).", NAME, default=[], example=["Hida Saiyuki"]
        ),
        "attached": array("The cards attached to it (a Region, Fortifications).", NAME, default=[]),
    },
    required=["provinces", "destroyed"],
)
OUTCOME = obj(
    "The player's Provinces afterwards and where the cards went.",
    {
        "provinces": array("His Provinces left, left to right (its space is gone).", NAME),
        "discarded": array("The cards that were in it, now in his discard pile.", NAME),
        "destroyed_cards": array("The cards that were attached to it, destroyed.", NAME),
        "refilled": boolean("Its place is refilled with a Dynasty card (never: the slot goes away)."),
        "adjacent": {
            "type": ["array", "null"],
            "items": NAME,
            "description": "The two Provinces that were on either side of it, now adjacent (null: it was at an end).",
        },
    },
    required=["provinces", "discarded", "destroyed_cards", "refilled", "adjacent"],
)

STATE = state(updates={"provinces": "provinces"})
ENDS = {"province": "the Province destroyed was his last (losers: player; winners: 'opponent')"}

ORDERED = ("provinces", "adjacent")  # outcome lists whose order is part of the answer (the others compare in any order)


def build(given: dict, choices: dict) -> Inputs:
    provinces = given["provinces"]
    unique(provinces, ("given", "provinces"))
    known(given["destroyed"], provinces, ("given", "destroyed"), "one of given.provinces")
    return Inputs(
        tuple(provinces), given["destroyed"], tuple(given.get("cards_in", ())), tuple(given.get("attached", ()))
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("province.destroyed")
    destroyed_cards: list = []
    if inp.attached:
        destroyed_cards = t.step(
            rs.cite("province.attached"),
            f"the cards attached to Province {inp.destroyed} are destroyed with it",
            list(inp.attached),
        )
    discarded = t.step(
        rule,
        f"the unplayed cards in Province {inp.destroyed} go to the discard pile",
        list(inp.cards_in),
    )
    t.step(rule, f"Province {inp.destroyed}'s slot for Dynasty cards is not refilled", "its space goes away")
    refilled = False
    i = inp.provinces.index(inp.destroyed)
    left = list(inp.provinces[:i]) + list(inp.provinces[i + 1 :])
    adjacent = [inp.provinces[i - 1], inp.provinces[i + 1]] if 0 < i < len(inp.provinces) - 1 else None
    t.step(
        rule,
        "move together the Provinces on either side of it"
        + (f" ({adjacent[0]} and {adjacent[1]} become adjacent)" if adjacent else " (it was at an end of the row)")
        + "; his Provinces left, left to right",
        left,
        adjacent=adjacent,
    )
    out = {
        "provinces": left,
        "discarded": discarded,
        "destroyed_cards": destroyed_cards,
        "refilled": refilled,
        "adjacent": adjacent,
        "state": {"provinces": left},
    }
    over = ccg_provinces(t, rs, "province", len(left), "player")
    return t.done({**out, "game_over": over} if over else out)
