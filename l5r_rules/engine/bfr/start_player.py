"""The upkeep phase's new start player (not in round 1): the clan on the revealed initiative card.

A neutral initiative card may name several clans: of those, the one sitting
closer to the right of the current start player becomes the new start player
(turn order is clockwise, so "to the right" is counted against it). Where the
current start player is himself among them, the text does not settle it. In a
two-player game the start player card is not used, but the step still makes the
revealed clan the start player ("Der Spieler des aufgedeckten Klans ist der neue
Startspieler").
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unsettled
from ..given import known, unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    seats: tuple
    current: str
    revealed: tuple
    round: int


CITES = ("upkeep",)
GIVEN = obj(
    "The table and the initiative card revealed.",
    {
        "seats": array("Clans in clockwise seating (turn) order.", NAME, min_items=2, example=["Krabbe", "Drache"]),
        "current": string("The current start player's clan.", example="Krabbe"),
        "revealed": array("The clans the revealed initiative card names.", NAME, min_items=1, example=["Drache"]),
        "round": integer("The round whose upkeep phase this is.", minimum=1, example=2),
    },
    required=["seats", "current", "revealed", "round"],
)
OUTCOME = obj(
    "The start player for this round.",
    {"start_player": string("The new start player (in round 1: the one from setup).")},
    required=["start_player"],
)

STATE = state(updates={"current": "turn"})


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is not a clan in given.seats", "a revealed clan not at the table"),)


def build(given: dict, choices: dict) -> Inputs:
    seats = given["seats"]
    unique(seats, ("given", "seats"), "sits twice")
    known(given["current"], seats, ("given", "current"), "a clan in given.seats")
    for i, c in enumerate(given["revealed"]):
        known(c, seats, ("given", "revealed", i), "a clan in given.seats (a card naming absent clans: leave them out)")
    return Inputs(tuple(seats), given["current"], tuple(given["revealed"]), given["round"])


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("upkeep")
    if inp.round == 1:
        t.step(rule, "1. skipped in round 1: the start player was chosen during setup", inp.current)
        return t.done({"start_player": inp.current})
    if len(inp.seats) == 2:  # the step still names the start player; only the card (its ability) is left out
        t.step(rule, "with 2 players the start player card", "not used; a start player is still determined")
    if len(inp.revealed) == 1:
        who = t.step(rule, "1. the clan on the revealed initiative card is the new start player", inp.revealed[0])
        return t.done({"start_player": who, "state": {"current": who}})
    if inp.current in inp.revealed:
        raise Unsettled(rule, f"the card names the current start player ({inp.current}) among several clans")
    n, here = len(inp.seats), inp.seats.index(inp.current)
    rightward = [inp.seats[(here - k) % n] for k in range(1, n)]  # to his right: against the clockwise order
    who = t.step(
        rule,
        "1. several clans on a neutral card: the one sitting closer to the right of the current start player",
        next(c for c in rightward if c in inp.revealed),
        order_to_the_right=rightward,
    )
    return t.done({"start_player": who, "state": {"current": who}})
