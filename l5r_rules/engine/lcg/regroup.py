"""Regroup phase (5.2-5.5): ready bowed cards, discard from provinces, return the rings, pass the first player token.

Each faceup card in a broken province must be discarded; from unbroken provinces a
player may choose to discard faceup dynasty cards (a holding too). Each province
emptied this way is refilled facedown; a province whose holding remains is not
refilled. Claimed rings return to the unclaimed pool, and the first player token
passes to the opponent.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, mapping, obj, string
from ..state import state
from ..trace import Tracer
from .common import RINGS, UNCLAIMED

PLAYERS = ("first", "second")
CITES = ("regroup.ready", "regroup.discard", "refill", "holding", "regroup.rings", "regroup.first", "first-player")
_PROVINCE = obj(
    "A province and the card on it.",
    {
        "name": string("Province name."),
        "broken": boolean("Broken.", default=False),
        "card": string("The dynasty card on it (leave out for none).", nullable=True),
        "faceup": boolean("The card is faceup.", default=True),
        "holding": boolean("The card is a holding.", default=False),
    },
    required=["name"],
)
GIVEN = obj(
    "The game at the start of the regroup phase.",
    {
        "first_player": choice_of("Who holds the first player token.", PLAYERS),
        "bowed": array("Bowed cards in play.", NAME, default=[]),
        "provinces": mapping("Each player's provinces.", "player", array("His provinces.", _PROVINCE), default={}),
        "claimed_rings": mapping(
            "Each player's claimed rings.", "player", array("Rings.", choice_of("A ring.", RINGS)), default={}
        ),
        "unclaimed_rings": {
            **UNCLAIMED,
            "description": "The unclaimed ring pool and the fate on each ring (give it to have the returned rings "
            "added to it, with no fate, in the outcome's state).",
        },
    },
    required=["first_player"],
)
CHOICES = obj(
    "Optional discards.",
    {
        "discard": mapping(
            "Each player's choice of faceup cards to discard from his unbroken provinces ([] for none); needed for "
            "a player with a faceup card in an unbroken province.",
            "player",
            {"type": "array", "items": NAME},
        )
    },
)
OUTCOME = obj(
    "After the regroup phase.",
    {
        "readied": array("Cards readied.", NAME),
        "discarded": mapping(
            "Cards each player discarded from provinces (each province refilled facedown).",
            "player",
            {"type": "array", "items": NAME},
        ),
        "refilled": mapping(
            "Each player's provinces refilled facedown from his dynasty deck (one per card discarded).",
            "player",
            {"type": "array", "items": NAME},
        ),
        "not_refilled": mapping(
            "Each player's provinces whose faceup holding remains there: not refilled.",
            "player",
            {"type": "array", "items": NAME},
        ),
        "returned_rings": array("Rings returned to the unclaimed ring pool.", choice_of("A ring.", RINGS)),
        "first_player": choice_of("Who is first player now.", PLAYERS),
    },
    required=["readied", "discarded", "refilled", "not_refilled", "returned_rings", "first_player"],
)
STATE = state(
    updates={
        "first_player": "turn",
        "bowed": "cards",
        "provinces": "provinces",
        "claimed_rings": "rings",
        "unclaimed_rings": "rings",
    },
)


@dataclass(frozen=True)
class Inputs:
    first: str
    bowed: tuple
    provinces: dict
    rings: dict
    choices: dict
    unclaimed: dict | None = None


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("is not a faceup card in", "a discard of a card that is not faceup in an unbroken province of his"),)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(
        given["first_player"],
        tuple(given.get("bowed") or ()),
        dict(given.get("provinces") or {}),
        dict(given.get("claimed_rings") or {}),
        choices,
        dict(given["unclaimed_rings"]) if given.get("unclaimed_rings") is not None else None,
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    t.step(rs.cite("regroup.ready"), "simultaneously ready each bowed card in play", list(inp.bowed))
    discarded, refilled, kept = {}, {}, {}
    order = [inp.first] + [p for p in inp.provinces if p != inp.first]
    for p in order:
        if p not in inp.provinces:
            continue
        provs = inp.provinces[p]
        forced = [v["card"] for v in provs if v.get("broken") and v.get("card") and v.get("faceup", True)]
        optional = [v["card"] for v in provs if not v.get("broken") and v.get("card") and v.get("faceup", True)]
        chosen = []
        if optional:
            picks = choice(inp.choices, "discard", f"{p}: which faceup cards of his unbroken provinces he discards")
            chosen = picks.get(p) if isinstance(picks, dict) else None
            if chosen is None:
                raise ScenarioError(
                    ("choices", "discard", p), f"{p} has faceup cards {optional}: list those he discards ([] for none)"
                )
            wrong = [c for c in chosen if c not in optional]
            if wrong:
                raise ScenarioError(
                    ("choices", "discard", p), f"{wrong[0]} is not a faceup card in {p}'s unbroken provinces"
                )
        discarded[p] = t.step(
            rs.cite("regroup.discard"),
            f"{p} discards each faceup card of his broken provinces"
            + (" and those he chooses from his unbroken ones" if chosen else "")
            + "; each is "
            "replaced facedown",
            forced + list(chosen),
            broken=forced,
            chosen=list(chosen),
        )
        gone = set(discarded[p])
        refilled[p] = [v["name"] for v in provs if v.get("card") and v.get("faceup", True) and v["card"] in gone]
        if refilled[p]:
            t.step(
                rs.cite("refill"),
                f"{p} refills each emptied province: the top card of his dynasty deck, facedown",
                refilled[p],
                sentence="If a player is instructed to refill a province, that player takes the top card of his or her "
                "dynasty deck and places it facedown (without looking at it) on the province.",
            )
        kept[p] = [
            v["name"]
            for v in provs
            if v.get("holding") and v.get("card") and v.get("faceup", True) and v["card"] not in gone
        ]
        if any(v.get("holding") and v.get("card") in gone for v in provs):
            t.step(
                rs.cite("holding"),
                f"{p} discards a faceup holding: its province is refilled facedown, as normal",
                refilled[p],
            )
        if kept[p]:
            t.step(rs.cite("holding"), f"{p}'s holding remains: its province is not refilled", kept[p])
    rings = [r for p in PLAYERS for r in inp.rings.get(p, [])]
    t.step(rs.cite("regroup.rings"), "simultaneously return each claimed ring to the unclaimed ring pool", rings)
    new_first = "second" if inp.first == "first" else "first"
    t.step(rs.cite("regroup.first"), "the first player token passes to the opponent", new_first)
    t.step(
        rs.cite("first-player"),
        f"{new_first} is first player until the token passes again",
        new_first,
        sentence="The chosen player remains first player until the first player token passes to the other player.",
    )
    provinces = {
        p: [{**v, "card": None} if v.get("card") and v["card"] in discarded.get(p, []) else dict(v) for v in provs]
        for p, provs in inp.provinces.items()
    }  # a refilled province holds a facedown card the scenario does not know: no card named
    state_out = {
        "first_player": new_first,
        "bowed": [],
        "provinces": provinces,
        "claimed_rings": {p: [] for p in inp.rings},
    }
    if inp.unclaimed is not None:
        state_out["unclaimed_rings"] = {**inp.unclaimed, **{r: 0 for r in rings}}
    return t.done(
        {
            "readied": list(inp.bowed),
            "discarded": discarded,
            "refilled": refilled,
            "not_refilled": kept,
            "returned_rings": rings,
            "first_player": new_first,
            "state": state_out,
        }
    )
