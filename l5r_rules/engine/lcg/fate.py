"""Fate phase (4.2-4.4): discard characters with no fate, remove 1 fate from the rest, fate on unclaimed rings.

An honored character discarded gains its controller 1 honor, a dishonored one loses him 1: at 25 or 0
honor the game ends there and the phase stops.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..game_end import lcg_check, lcg_playing
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import COUNT, INT, NAME, array, choice_of, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    characters: dict  # player -> tuple of (name, fate)
    rings: dict  # unclaimed ring -> fate on it
    choices: dict
    status: dict  # player -> {name: status}
    honor: dict | None
    first_player: str | None = None


CITES = ("fate.discard", "fate.remove", "fate.rings", "status", "victory")
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
                        "status": choice_of(
                            "Personal honor status (an honored one discarded gains its controller 1 honor, "
                            "a dishonored one loses him 1).",
                            ("honored", "ordinary", "dishonored"),
                            default="ordinary",
                        ),
                    },
                    required=["name", "fate"],
                ),
            ),
            example={"first": [{"name": "A", "fate": 0}, {"name": "B", "fate": 2}]},
        ),
        "unclaimed_rings": mapping("For each unclaimed ring: the fate on it.", "ring", COUNT, example={"air": 0}),
        "honor": mapping(
            "Each player's honor, needed when an honored or dishonored character is discarded.",
            "player",
            INT,
            example={"first": 10},
        ),
        "first_player": string(
            "The first player (a player named in given.characters): needed only when both players reach a "
            "victory condition at once (the first player wins)."
        ),
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
            "For each player given: the characters discarded, in order ([] for none, also for a player whose "
            "turn to discard never came because the game ended first).",
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
        "honor": mapping("Each player's honor afterwards (when given).", "player", INT),
    },
    required=["discarded", "fate", "rings"],
)
STATE = state(
    updates={"characters": "cards", "unclaimed_rings": "rings", "honor": "honor"},
)
ENDS = {
    "discard": "a discarded honored (dishonored) character gains (loses) its controller 1 honor: he has 25 "
    "(0) honor (4.2)"
}

ORDERED = ("discarded.*",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("give", "an honored or dishonored character discarded without its controller's honor given"),)


def build(given: dict, choices: dict) -> Inputs:
    for player, chars in given["characters"].items():
        names = [c["name"] for c in chars]
        for i, n in enumerate(names):
            if n in names[:i]:  # the outcome names each character
                raise ScenarioError(
                    ("given", "characters", player, i, "name"),
                    f"a second '{n}' of {player}; give each character its own name (e.g. '{n} 2')",
                )
    lcg_playing(given.get("honor"), ("given", "honor"))
    return Inputs(
        {p: tuple((c["name"], c["fate"]) for c in cs) for p, cs in given["characters"].items()},
        dict(given.get("unclaimed_rings", {})),
        choices,
        {p: {c["name"]: c.get("status", "ordinary") for c in cs} for p, cs in given["characters"].items()},
        dict(given["honor"]) if given.get("honor") is not None else None,
        given.get("first_player"),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    discarded, remaining = {}, {}
    honor = dict(inp.honor) if inp.honor is not None else None
    for player, chars in inp.characters.items():  # 4.2 for every player, then 4.3
        broke = [n for n, f in chars if f == 0]
        if len(broke) > 1:
            order = choice(inp.choices, "discard_order", f"{player} discards {len(broke)} characters one at a time")
            order = order.get(player) if isinstance(order, dict) else None
            if order is None or sorted(order) != sorted(broke):
                raise ScenarioError(("choices", "discard_order", player), f"must list exactly {sorted(broke)}")
            broke = list(order)
        discarded[player] = t.step(rs.cite("fate.discard"), f"{player} discards each character with no fate", broke)
        for name in broke:
            status = inp.status[player][name]
            if status == "ordinary":
                continue
            if honor is None or player not in honor:
                raise ScenarioError(("given", "honor", player), f"{name} leaves play {status}: give {player}'s honor")
            honor[player] += 1 if status == "honored" else -1
            t.step(
                rs.cite("status"),
                f"{name} leaves play {status}: {player} {'gains' if status == 'honored' else 'loses'} 1 honor",
                honor[player],
                character=name,
            )
            over = lcg_check(t, rs, "discard", honor, first_player=inp.first_player)
            if over:  # the phase stops: no further discard, no fate removed, none placed on the rings
                return t.done({**_out(inp, discarded, {}, dict(inp.rings), honor, name, player), "game_over": over})
    for player, chars in inp.characters.items():
        remaining[player] = {n: f - 1 for n, f in chars if f > 0}
        t.step(rs.cite("fate.remove"), f"remove 1 fate from each of {player}'s characters", remaining[player])
    rings = t.step(
        rs.cite("fate.rings"), "place 1 fate on each unclaimed ring", {r: f + 1 for r, f in inp.rings.items()}
    )
    return t.done(_out(inp, discarded, remaining, rings, honor))


def _out(inp: Inputs, discarded: dict, remaining: dict, rings: dict, honor, stop: str = "", at: str = "") -> dict:
    """The phase's outcome and state; `stop`/`at`: the game ended as `stop` (of player `at`) was discarded."""
    if stop:  # the phase stopped there: later discards and the fate removal did not happen
        discarded = {**discarded, at: discarded[at][: discarded[at].index(stop) + 1]}
        # a player whose turn to discard never came discarded nothing: [] (the outcome names every player)
        discarded = {p: discarded.get(p, []) for p in inp.characters}
        remaining = {
            p: {n: f for n, f in chars if n not in discarded.get(p, [])} for p, chars in inp.characters.items()
        }
    out = {"discarded": discarded, "fate": remaining, "rings": rings}
    chars = {
        p: [
            {"name": n, "fate": f, **({"status": inp.status[p][n]} if inp.status[p][n] != "ordinary" else {})}
            for n, f in remaining.get(p, {}).items()
        ]
        for p in inp.characters
    }
    state = {"characters": chars, "unclaimed_rings": rings}
    if honor is not None:
        out["honor"] = honor
        state["honor"] = honor
    return {**out, "state": state}
