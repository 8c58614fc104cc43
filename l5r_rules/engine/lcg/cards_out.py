"""Running out of cards: drawing from an empty conflict deck, or refilling from an empty dynasty deck.

Each time a player must draw (or refill) and his deck is empty, he loses 5 honor,
shuffles the matching discard pile into a new deck and goes on. With the discard
pile empty too, the book does not say what happens (unsettled). At 0 honor he
is eliminated.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, integer, obj
from ..state import state
from ..trace import Tracer

CITES = ("running-out", "victory")
GIVEN = obj(
    "A player who must draw (or refill) from a deck.",
    {
        "deck": choice_of("Which deck.", ("conflict", "dynasty")),
        "cards": integer("Cards left in that deck.", minimum=0, example=1),
        "discard": integer("Cards in the matching discard pile.", minimum=0, example=12),
        "honor": integer("His honor.", example=10),
        "count": integer("Cards to draw (or provinces to refill).", minimum=1, example=3),
    },
    required=["deck", "cards", "discard", "honor", "count"],
)
OUTCOME = obj(
    "After the draws.",
    {
        "honor": integer("Honor afterwards."),
        "reshuffles": integer("Times the discard pile became a new deck.", minimum=0),
        "cards": integer("Cards left in the deck.", minimum=0),
        "discard": integer("Cards left in the discard pile.", minimum=0),
        "eliminated": boolean("Honor reached 0: the player is eliminated."),
    },
    required=["honor", "reshuffles", "cards", "discard", "eliminated"],
)
STATE = state(
    updates={"cards": "cards", "discard": "cards", "honor": "honor"},
)
ENDS = {
    "draw": "drawing (or refilling) from an empty deck costs 5 honor and leaves the player at 0 (winners: 'opponent')"
}


@dataclass(frozen=True)
class Inputs:
    deck: str
    cards: int
    discard: int
    honor: int
    count: int


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("a player has four non-stronghold provinces to refill", "more than 4 provinces to refill"),
    ("honor is a pool of tokens, never below 0", "a negative honor"),
)


def build(given: dict, choices: dict) -> Inputs:
    if given["honor"] < 0:
        raise ScenarioError(("given", "honor"), f"{given['honor']}: honor is a pool of tokens, never below 0")
    if given["deck"] == "dynasty" and given["count"] > 4:
        raise ScenarioError(
            ("given", "count"),
            f"{given['count']} provinces to refill: a player has four non-stronghold provinces to refill",
        )
    return Inputs(given["deck"], given["cards"], given["discard"], given["honor"], given["count"])


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("running-out")
    cards, discard, honor, shuffles = inp.cards, inp.discard, inp.honor, 0
    verb = "draw" if inp.deck == "conflict" else "refill a province"
    for n in range(1, inp.count + 1):
        if cards == 0:
            if discard == 0:
                raise Unsettled(
                    rule,
                    f"the {inp.deck} deck and its discard pile are both empty: the rule has the player lose 5 honor "
                    "and "
                    "shuffle the discard pile into a new deck, then continue; it does not say what happens when "
                    "there is nothing to shuffle",
                )
            raw = honor - 5
            honor = max(raw, 0)  # honor is a pool of tokens: it cannot hold fewer than none
            cards, discard, shuffles = discard, 0, shuffles + 1
            t.step(
                rule,
                f"{verb} #{n}: no cards remain in the {inp.deck} deck: lose 5 honor, shuffle the discard "
                "pile into a new deck",
                honor,
                deck=cards,
                **({"raw": raw, "floored": 0} if raw < 0 else {}),
            )
            if honor <= 0:
                t.step(rs.cite("victory"), "the first player to have 0 honor is eliminated", True, honor=honor)
                over = {"winners": ["opponent"], "losers": ["player"], "condition": "honor-0", "step": "draw"}
                out = {"honor": honor, "cards": cards, "discard": discard}
                return t.done({**out, "reshuffles": shuffles, "eliminated": True, "game_over": over, "state": out})
        cards -= 1
    t.step(rule, f"{inp.count} card(s) taken from the {inp.deck} deck", cards, reshuffles=shuffles)
    out = {"honor": honor, "cards": cards, "discard": discard}
    return t.done({**out, "reshuffles": shuffles, "eliminated": False, "state": out})
