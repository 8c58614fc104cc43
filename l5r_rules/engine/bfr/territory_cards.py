"""Territory cards at the end of the resolution phase: claimed, returned, or gone for good.

A clan controlling every province of a territory (scorched earth excepted)
takes its card from the board. A holder who loses control returns an unplayed
card under its field. A played card is out of the game: controlling the
territory later gives no card. Whether a clan that newly controls a territory
takes the card another clan held this phase, the text leaves open.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unsettled
from ..given import known
from ..ruleset import Ruleset
from ..shapes import NAME, array, mapping, obj
from ..state import state
from ..trace import Tracer
from . import territory


@dataclass(frozen=True)
class Inputs:
    territories: dict
    cards: dict
    control: dict
    scorched: frozenset


CITES = ("territory.cards",) + territory.CITES
GIVEN = obj(
    "Territories, their cards, and province control at the end of the resolution phase.",
    {
        "territories": {**territory.TERRITORIES, "description": "For each territory: its provinces."},
        "cards": mapping(
            "For each territory: where its card is: 'board' (under its field), 'played' (out of the game) or the "
            "clan holding it.",
            "territory",
            {"type": "string"},
            example={"Krabbe-Territorium": "board"},
        ),
        "control": mapping(
            "For each province: the controlling clan, or null.",
            "province",
            {"type": ["string", "null"]},
            example={"A": "Krabbe"},
        ),
        "scorched_earth": array("Provinces with scorched earth.", NAME, default=[]),
    },
    required=["territories", "cards", "control"],
)
OUTCOME = obj(
    "Where each card is afterwards.",
    {"cards": mapping("For each territory: 'board', 'played' or the holding clan.", "territory", {"type": "string"})},
    required=["cards"],
)

STATE = state(reads={"cards": "tokens", "control": "tokens"}, writes={"cards": "tokens"})


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is not a territory in given.cards", "a territory without its card's place"),)


def build(given: dict, choices: dict) -> Inputs:
    for t_, names in given["territories"].items():
        for j, p in enumerate(names):
            known(p, given["control"], ("given", "territories", t_, j), "a province in given.control")
    for t_ in given["cards"]:
        known(t_, given["territories"], ("given", "cards", t_), "a territory in given.territories")
    for t_ in given["territories"]:
        known(t_, given["cards"], ("given", "territories", t_), "a territory in given.cards (give 'board')")
    return Inputs(
        {k: tuple(v) for k, v in given["territories"].items()},
        dict(given["cards"]),
        dict(given["control"]),
        frozenset(given.get("scorched_earth", ())),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("territory.cards")
    owners = territory.controllers(territory.Inputs(inp.territories, inp.control, inp.scorched), rs, t)
    out = {}
    for name in inp.territories:
        card, owner = inp.cards[name], owners[name]
        if card == "played":
            out[name] = t.step(rule, f"{name}: its card was played; controlling it gives no new card", "played")
        elif card == "board":
            out[name] = t.step(
                rule, f"{name}: a clan controlling all its provinces takes the card", owner or "board", controller=owner
            )
        elif owner == card:
            out[name] = t.step(rule, f"{name}: {card} still controls it and keeps the card", card)
        elif owner is None:
            out[name] = t.step(
                rule, f"{name}: {card} lost control; the unplayed card goes back under its field", "board"
            )
        else:
            raise Unsettled(
                rule,
                f"{card} lost {name} and {owner} now controls it: the card returns under its field, and a controlling "
                "clan takes the card from the field, both at the end of the phase; the order is not stated",
            )
    return t.done({"cards": out, "state": {"cards": {**inp.cards, **out}}})
