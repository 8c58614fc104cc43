"""Revealing an Event: does it resolve, and when (Gold's once-per-game rule; Lotus removed it).

Gold: an Event revealed in its player's Events Phase resolves unless it has
resolved before this game; either way it is discarded. One revealed at another
time resolves in his next Events Phase if still in the Province. Lotus: an Event
revealed in the Events Phase resolves and is discarded (the once-per-game rule
was removed); one revealed at another time is resolved by the next Events Phase,
which resolves "the card in the Province" if it is an Event (no Lotus rule
resolves it sooner). Ivory has no Event rules: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    name: str
    revealed: str
    resolved_before: bool
    still_in_province: bool


CITES = ("event.resolve", "event.once", "event.later")
GIVEN = obj(
    "An Event just revealed in a Province.",
    {
        "event": string("The Event's title.", example="Bountiful Harvest"),
        "revealed": choice_of(
            "When it was revealed: in its player's own Events Phase, or at another time.",
            ("events-phase", "other-time"),
        ),
        "resolved_before": boolean("An Event of this title has already resolved this game.", default=False),
        "still_in_province": boolean(
            "For other-time: it is still in the Province at its player's next Events Phase.", default=True
        ),
    },
    required=["event", "revealed"],
)
OUTCOME = obj(
    "What the Event does.",
    {
        "resolves": boolean("It resolves."),
        "when": choice_of("When it resolves (null: never).", ("now", "next-events-phase", None)),
        "discarded": boolean("It is discarded (and the Province refilled) when handled."),
    },
    required=["resolves", "when", "discarded"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is about an Event revealed at another time", "still_in_province with revealed: events-phase"),)


def build(given: dict, choices: dict) -> Inputs:
    if "still_in_province" in given and given["revealed"] != "other-time":
        raise ScenarioError(("given", "still_in_province"), "is about an Event revealed at another time (other-time)")
    return Inputs(
        given["event"], given["revealed"], given.get("resolved_before", False), given.get("still_in_province", True)
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("event.resolve")
    when = "now"
    if inp.revealed == "other-time":
        later = rs.cite("event.later")  # every edition with Event rules states this case (Gold, Lotus)
        if not t.step(
            later,
            "revealed at another time: it resolves in the next Events Phase if still in the Province",
            inp.still_in_province,
        ):
            return t.done({"resolves": False, "when": None, "discarded": False})
        when = "next-events-phase"
    once = rs.cite("event.once")
    if rs.events_once_per_game:
        fresh = t.step(
            once,
            f"each Event resolves only once per game: {inp.name} has resolved before: "
            f"{'yes' if inp.resolved_before else 'no'}",
            not inp.resolved_before,
        )
    else:
        fresh = t.step(
            once,
            "the rule that each Event may resolve only once per game was removed",
            True,
            resolved_before=inp.resolved_before,
        )
    t.step(
        rule,
        f"{inp.name} {'resolves' if fresh else 'is discarded with no effect'}; it is discarded and the "
        "Province refilled",
        fresh,
    )
    return t.done({"resolves": fresh, "when": when if fresh else None, "discarded": True})
