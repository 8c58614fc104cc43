"""Conflict opportunities (3.2): whose opportunity it is, alternating between players with opportunities left.

Each player has one military and one political conflict opportunity a phase. The
opportunities alternate between the players who still have one, in player order
(the first player first), until each player has declared or passed each of his; a
player whose opponent has none left takes his remaining ones in turn. Each turn
uses one opportunity (declaring that type, or passing it: the opportunity is
forfeit). When nobody has one left, the phase advances to 3.4.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import array, boolean, choice_of, mapping, obj
from ..state import state
from ..trace import Tracer
from .common import TYPES

PLAYERS = ("first", "second")
CITES = ("declare", "first-player")
GIVEN = obj(
    "The conflict opportunities open when the turns below begin.",
    {
        "opportunities": mapping(
            "Each player's conflict opportunities still open (leave a player out: both open, as at the start of the "
            "conflict phase).",
            "player",
            obj("His opportunities.", {t: boolean(f"His {t} opportunity is open.", default=True) for t in TYPES}),
            default={},
            example={"first": {"military": False}},
        ),
        "last": choice_of(
            "Who used the last conflict opportunity before these turns (leave out at the start of the phase).",
            PLAYERS,
        ),
    },
)
CHOICES = obj(
    "The opportunities used, in order.",
    {
        "turns": array(
            "Each opportunity used, in order ([] for none yet).",
            obj(
                "One opportunity.",
                {
                    "player": choice_of("Who uses it.", PLAYERS),
                    "type": choice_of("The conflict type he declares or passes.", TYPES),
                    "do": choice_of(
                        "declare the conflict, or pass it (forfeiting that opportunity).", ("declare", "pass")
                    ),
                },
                required=["player", "type", "do"],
            ),
        )
    },
)
OUTCOME = obj(
    "Who has the next conflict opportunity.",
    {
        "next": choice_of(
            "The player with the next opportunity (null: none remains, advance to 3.4).", (*PLAYERS, None)
        ),
        "remaining": mapping(
            "Each player's open conflict opportunities, by type.",
            "player",
            {"type": "array", "items": {"enum": list(TYPES)}},
        ),
        "declared": mapping(
            "The conflicts each player declared in these turns.",
            "player",
            {"type": "array", "items": {"enum": list(TYPES)}},
        ),
        "complete": boolean("No player has a conflict opportunity left."),
    },
    required=["next", "remaining", "declared", "complete"],
)
STATE = state(reads={"opportunities": "turn", "last": "turn"}, writes={"opportunities": "turn", "last": "turn"})
# (text the error contains, when): decisions the rules refuse; the format page documents them for expect.error
REFUSES = (
    ("it is not his conflict opportunity", "a turn by a player other than the one whose opportunity it is"),
    ("was already declared or passed this phase", "a conflict type the player has already declared or passed"),
)


@dataclass(frozen=True)
class Inputs:
    open: dict
    turns: tuple
    last: str | None = None


def build(given: dict, choices: dict) -> Inputs:
    turns = choice(choices, "turns", "each conflict opportunity used, in order ([] for none yet)")
    opp = given.get("opportunities") or {}
    for p in opp:
        if p not in PLAYERS:
            raise ScenarioError(("given", "opportunities", p), f"'{p}' is not a player (first or second)")
    return Inputs(
        {p: {t: (opp.get(p) or {}).get(t, True) for t in TYPES} for p in PLAYERS}, tuple(turns), given.get("last")
    )


def _next(open_: dict, last: str | None) -> str | None:
    """Alternate between players with remaining opportunities, in player order."""
    order = PLAYERS if last is None else (("second", "first") if last == "first" else ("first", "second"))
    return next((p for p in order if any(open_[p].values())), None)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("declare")
    open_ = {p: dict(v) for p, v in inp.open.items()}
    declared = {p: [] for p in PLAYERS}
    current = _next(open_, inp.last)
    if inp.last is None:
        t.step(
            rs.cite("first-player"),
            "the first player has the first conflict opportunity",
            "first",
            sentence="The first player becomes the active player first during "
            "the dynasty phase and the conflict phase.",
        )
    t.step(
        rule, "conflict opportunities alternate between players with remaining opportunities, in player order", current
    )
    for i, turn in enumerate(inp.turns):
        where = ("choices", "turns", i)
        p = turn["player"]
        if p != current:
            raise ScenarioError(
                where + ("player",),
                f"it is not his conflict opportunity: it is {current}'s"
                if current
                else "no conflict opportunity remains",
            )
        if not open_[p][turn["type"]]:
            raise ScenarioError(
                where + ("type",),
                f"{p}'s {turn['type']} conflict opportunity was already declared or passed this phase",
            )
        open_[p][turn["type"]] = False
        if turn["do"] == "declare":
            declared[p].append(turn["type"])
        current = _next(open_, p)
        t.step(
            rule,
            f"{p} {'declares' if turn['do'] == 'declare' else 'passes (forfeits)'} his {turn['type']} conflict; "
            + (f"next opportunity: {current}" if current else "no opportunity remains"),
            current,
        )
    remaining = {p: [k for k in TYPES if open_[p][k]] for p in PLAYERS}
    if current is None:
        t.step(rule, "no player has a conflict opportunity remaining: advance to step 3.4", True)
    out = {"next": current, "remaining": remaining, "declared": declared, "complete": current is None}
    last = inp.turns[-1]["player"] if inp.turns else inp.last
    return t.done({**out, "state": {"opportunities": open_, **({"last": last} if last else {})}})
