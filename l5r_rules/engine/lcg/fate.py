"""Fate phase (4.2-4.4): discard characters with no fate, remove 1 fate from the rest, fate on unclaimed rings."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import COUNT, NAME, array, integer, mapping, obj, string
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    characters: dict  # player -> tuple of (name, fate)
    rings: dict  # unclaimed ring -> fate on it
    choices: dict


CITES = ("fate.discard", "fate.remove", "fate.rings")
GIVEN = obj(
    "Characters in play with their fate, and the unclaimed rings.",
    {
        "characters": mapping(
            "For each player (e.g. first, second): his characters in play.",
            "player",
            array(
                "The player's characters.",
                obj(
                    "A character.",
                    {
                        "name": string(
                            "Character name, unique for the player (the outcome names it).", example="Doji Whisperer"
                        ),
                        "fate": integer("Fate on it (0: discarded).", minimum=0, example=1),
                    },
                    required=["name", "fate"],
                ),
            ),
            example={"first": [{"name": "A", "fate": 0}, {"name": "B", "fate": 2}]},
        ),
        "unclaimed_rings": mapping("For each unclaimed ring: the fate on it.", "ring", COUNT, example={"air": 0}),
    },
    required=["characters"],
)
CHOICES = obj(
    "The order of discards.",
    {
        "discard_order": mapping(
            "Needed for a player with two or more characters without fate: the order he "
            "discards them in (exactly those names).",
            "player",
            {"type": "array", "items": NAME},
            example={"first": ["C", "A"]},
        ),
    },
)
OUTCOME = obj(
    "What the fate phase did.",
    {
        "discarded": mapping(
            "For each player: the characters discarded, in order.",
            "player",
            {"type": "array", "items": NAME},
            example={"first": ["A"], "second": []},
        ),
        "fate": mapping(
            "For each player: fate left on each remaining character.",
            "player",
            {"type": "object", "additionalProperties": COUNT},
            example={"first": {"B": 1}},
        ),
        "rings": mapping("Fate on each unclaimed ring afterwards.", "ring", COUNT, example={"air": 1}),
    },
    required=["discarded", "fate", "rings"],
)


def build(given: dict, choices: dict) -> Inputs:
    for player, chars in given["characters"].items():
        names = [c["name"] for c in chars]
        for i, n in enumerate(names):
            if n in names[:i]:  # the outcome names each character
                raise ScenarioError(
                    ("given", "characters", player, i, "name"),
                    f"a second '{n}' of {player}; give each character its own name (e.g. '{n} 2')",
                )
    return Inputs(
        {p: tuple((c["name"], c["fate"]) for c in cs) for p, cs in given["characters"].items()},
        dict(given.get("unclaimed_rings", {})),
        choices,
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    discarded, remaining = {}, {}
    for player, chars in inp.characters.items():
        broke = [n for n, f in chars if f == 0]
        if len(broke) > 1:
            order = choice(inp.choices, "discard_order", f"{player} discards {len(broke)} characters one at a time")
            order = order.get(player) if isinstance(order, dict) else None
            if order is None or sorted(order) != sorted(broke):
                raise ScenarioError(("choices", "discard_order", player), f"must list exactly {sorted(broke)}")
            broke = list(order)
        discarded[player] = t.step(rs.cite("fate.discard"), f"{player} discards each character with no fate", broke)
        remaining[player] = {n: f - 1 for n, f in chars if f > 0}
        t.step(rs.cite("fate.remove"), f"remove 1 fate from each of {player}'s characters", remaining[player])
    rings = t.step(
        rs.cite("fate.rings"), "place 1 fate on each unclaimed ring", {r: f + 1 for r, f in inp.rings.items()}
    )
    return t.done({"discarded": discarded, "fate": remaining, "rings": rings})
