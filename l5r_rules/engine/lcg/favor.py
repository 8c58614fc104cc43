"""Glory count and claiming the Imperial Favor (3.4.1-3.4.2)."""

from __future__ import annotations

from dataclasses import dataclass

from ..given import choice
from ..ruleset import Ruleset
from ..shapes import array, boolean, choice_of, integer, obj, string
from ..state import each_of, state
from ..trace import Tracer

PLAYERS = ("first", "second")


@dataclass(frozen=True)
class Inputs:
    characters: dict  # player -> tuple of (name, glory, bowed)
    rings: dict  # player -> claimed rings
    favor: dict | None  # current {holder, type}
    choices: dict


CITES = ("glory.count", "count", "glory.rule", "glory.tie", "glory.claim")
SIDES = ("military", "political")


def _player(which: str) -> dict:
    return obj(
        f"The {which} player.",
        {
            "characters": array(
                "Characters he controls.",
                obj(
                    "A character.",
                    {
                        "name": string("Character name.", example="Doji Whisperer"),
                        "glory": integer("Printed glory.", minimum=0, example=2),
                        "bowed": boolean("Bowed (a bowed character's glory does not count).", default=False),
                    },
                    required=["name", "glory"],
                ),
                example=[{"name": "Doji Whisperer", "glory": 2}],
            ),
            "claimed_rings": integer("Rings in his claimed pool (1 glory each).", minimum=0, default=0, example=1),
        },
        required=["characters"],
    )


_FAVOR = obj(
    "The Imperial Favor: who holds it and the side it is set to.",
    {
        "holder": choice_of("Who holds it.", PLAYERS),
        "type": choice_of("Side it is set to.", SIDES),
    },
    example={"holder": "first", "type": "military"},
)
GIVEN = obj(
    "Each player's characters and claimed rings, and the Favor now.",
    {
        "first": _player("first"),
        "second": _player("second"),
        "imperial_favor": {**_FAVOR, "description": "The Imperial Favor now, if someone holds it (kept on a tie)."},
    },
    required=["first", "second"],
)
CHOICES = obj(
    "The winner's decision.",
    {
        "favor_side": choice_of(
            "Needed when someone wins the count: the side (military or political) he sets the Favor to.",
            SIDES,
            example="political",
        ),
    },
)
OUTCOME = obj(
    "The glory count and the Favor afterwards.",
    {
        "totals": obj(
            "Each player's glory total.",
            {p: integer(f"The {p} player's total.", minimum=0) for p in PLAYERS},
            required=PLAYERS,
        ),
        "winner": choice_of("first, second, or null on a tie.", (*PLAYERS, None)),
        "imperial_favor": {
            **_FAVOR,
            "type": ["object", "null"],
            "description": "The Favor afterwards ({holder, type}), or null if nobody holds it.",
        },
    },
    required=["totals", "winner", "imperial_favor"],
)
STATE = state(
    reads={
        **each_of(PLAYERS, characters="cards", claimed_rings="rings"),
        "imperial_favor": "favor",
    },
    writes={"imperial_favor": "favor"},
)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(
        {
            p: tuple((c["name"], c["glory"], bool(c.get("bowed", False))) for c in given[p]["characters"])
            for p in PLAYERS
        },
        {p: given[p].get("claimed_rings", 0) for p in PLAYERS},
        given.get("imperial_favor"),
        choices,
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    totals = {}
    for p in PLAYERS:
        ready = [g for _, g, bowed in inp.characters[p] if not bowed]
        bowed = [n for n, _, b in inp.characters[p] if b]
        if bowed:
            t.step(
                rs.cite("count"),
                f"{p}: the glory of bowed characters is not counted",
                bowed,
                sentence="When instructed to count a total of game values on a subset of characters, values on bowed "
                "characters are not counted.",
            )
        totals[p] = t.step(
            rs.cite("glory.count"),
            f"{p}: glory of ready characters plus 1 per claimed ring",
            sum(ready) + inp.rings[p],
            glory=ready,
            rings=inp.rings[p],
        )
    t.step(
        rs.cite("glory.rule"),
        "each player counts the glory of each ready character he controls",
        dict(totals),
        sentence="A player counts the glory value of each ready character he or she controls whenever a glory count is "
        "required.",
    )
    if totals["first"] == totals["second"]:
        t.step(
            rs.cite("glory.tie"),
            "tied: the Imperial Favor stays as it is",
            inp.favor,
            sentence="If players have the same total, the Imperial Favor remains in its current state (either "
            "unclaimed or under the possession of the player who currently has it, remaining set on its current side).",
        )
        out = {"totals": totals, "winner": None, "imperial_favor": inp.favor}
        return t.done({**out, "state": {"imperial_favor": inp.favor}} if inp.favor else out)
    winner = max(PLAYERS, key=totals.get)
    side = choice(inp.choices, "favor_side", "the side (military or political) the winner sets the Favor to")
    favor = t.step(
        rs.cite("glory.claim"),
        "the winner claims the Imperial Favor and sets its side",
        {"holder": winner, "type": side},
    )
    return t.done({"totals": totals, "winner": winner, "imperial_favor": favor, "state": {"imperial_favor": favor}})
