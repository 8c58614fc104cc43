"""Territory control: a clan controls a territory if it controls each of its provinces without scorched earth."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import Unsettled
from ..given import known
from ..ruleset import Ruleset
from ..shapes import NAME, array, mapping, obj
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    territories: dict  # territory -> tuple of provinces
    control: dict  # province -> clan or None
    scorched: frozenset


CITES = ("territory", "scorched")
TERRITORIES = mapping(
    "For each territory: its provinces.",
    "territory",
    {"type": "array", "items": NAME, "minItems": 1},
    example={"Krabbe-Territorium": ["A", "B"]},
)
CONTROLLERS = mapping(
    "For each territory: the clan controlling it, or null.",
    "territory",
    {"type": ["string", "null"]},
    example={"Krabbe-Territorium": "Krabbe"},
)
GIVEN = obj(
    "Territories, their provinces and who controls each province.",
    {
        "territories": {**TERRITORIES, "description": "For each territory: its provinces (each one a key of control)."},
        "control": mapping(
            "For each province: the controlling clan, or null for none.",
            "province",
            {"type": ["string", "null"]},
            example={"A": "Krabbe", "B": None},
        ),
        "scorched_earth": array(
            "Provinces with scorched earth (they need not be controlled).", NAME, default=[], example=["B"]
        ),
    },
    required=["territories", "control"],
)
OUTCOME = obj("Who controls each territory.", {"territories": CONTROLLERS}, required=["territories"])

STATE = state()  # its given is one situation: nothing a chain carries changes


def build(given: dict, choices: dict) -> Inputs:
    what = "a province in given.control (give null for an uncontrolled one)"
    for t, names in given["territories"].items():
        for j, p in enumerate(names):
            known(p, given["control"], ("given", "territories", t, j), what)
    for j, p in enumerate(given.get("scorched_earth", ())):
        known(p, given["control"], ("given", "scorched_earth", j), what)
    return Inputs(
        {k: tuple(v) for k, v in given["territories"].items()},
        dict(given["control"]),
        frozenset(given.get("scorched_earth", ())),
    )


def controllers(inp: Inputs, rs: Ruleset, t: Tracer) -> dict:
    out = {}
    for name, provinces in inp.territories.items():
        live = [p for p in provinces if p not in inp.scorched]
        if len(live) < len(provinces):
            t.step(
                rs.cite("scorched"),
                f"{name}: provinces with scorched earth need not be controlled",
                live,
                scorched=[p for p in provinces if p in inp.scorched],
            )
        if provinces and not live:
            raise Unsettled(
                rs.cite("scorched"),
                f"every province of {name} holds scorched earth: a clan need control only the provinces without it, "
                "which are none; the rules do not say whether every clan then controls the territory or none does",
            )
        clans = {inp.control.get(p) for p in live}
        owner = next(iter(clans)) if len(clans) == 1 and None not in clans else None
        out[name] = t.step(
            rs.cite("territory"),
            f"{name}: controlled by the clan controlling each of its provinces",
            owner,
            provinces={p: inp.control.get(p) for p in live},
        )
    return out


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    return t.done({"territories": controllers(inp, rs, t)})
