"""Conflict opportunities (3.2): whose opportunity it is, alternating between players with opportunities left.

Each player has one military and one political conflict opportunity a phase. The
opportunities alternate between the players who still have one, in player order
(the first player first), until each player has declared or passed each of his; a
player whose opponent has none left takes his remaining ones in turn. Each turn
uses one opportunity (declaring that type, or passing it: the opportunity is
forfeit). A player need not say which type he passes: such a pass uses up one of his
open opportunities, and which type it was is settled when he declares the other.
When nobody has one left, the phase advances to 3.4.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import array, boolean, choice_of, integer, mapping, obj
from ..state import state
from ..trace import Tracer
from .common import TYPES

PLAYERS = ("first", "second")
CITES = ("declare", "first-player", "pass")
GIVEN = obj(
    "The conflict opportunities open when the turns below begin.",
    {
        "opportunities": mapping(
            "Each player's conflict opportunities still open (leave a player out: both open, as at the start of the "
            "conflict phase).",
            "player",
            obj(
                "His opportunities.",
                {
                    **{t: boolean(f"His {t} opportunity is open.", default=True) for t in TYPES},
                    "passed_without_type": integer(
                        "Opportunities he passed without saying which type (lcg-pass: he need not): each uses up "
                        "one of the types still open, which one is settled when he declares the other.",
                        minimum=0,
                        default=0,
                    ),
                },
            ),
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
                    "type": choice_of(
                        "The conflict type he declares or passes (a pass may leave it out: a player need not say "
                        "which type he passes).",
                        TYPES,
                    ),
                    "do": choice_of(
                        "declare the conflict, or pass it (forfeiting that opportunity).", ("declare", "pass")
                    ),
                },
                required=["player", "do"],
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
            "Each player's open conflict opportunities, by type (after a pass without a type: the types he may "
            "still declare, of which he has one opportunity fewer; see left).",
            "player",
            {"type": "array", "items": {"enum": list(TYPES)}},
        ),
        "declared": mapping(
            "The conflicts each player declared in these turns.",
            "player",
            {"type": "array", "items": {"enum": list(TYPES)}},
        ),
        "left": mapping(
            "How many conflict opportunities each player has left.", "player", {"type": "integer", "minimum": 0}
        ),
        "complete": boolean("No player has a conflict opportunity left."),
    },
    required=["next", "remaining", "declared", "complete"],
)
STATE = state(updates={"opportunities": "turn", "last": "turn"})
# (text the error contains, when): decisions the rules refuse; the format page documents them for expect.error
REFUSES = (
    ("it is not his conflict opportunity", "a turn by a player other than the one whose opportunity it is"),
    ("was already declared or passed this phase", "a conflict type the player has already declared or passed"),
)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    (
        "more passes without a type than open opportunities",
        "given.opportunities.<player>.passed_without_type above the types still open",
    ),
    ("a declaration names its type", "a turn with do: declare and no type"),
)


@dataclass(frozen=True)
class Inputs:
    open: dict
    turns: tuple
    last: str | None = None
    untyped: dict | None = None  # player -> opportunities passed without a type, not yet settled


def build(given: dict, choices: dict) -> Inputs:
    turns = choice(choices, "turns", "each conflict opportunity used, in order ([] for none yet)")
    opp = given.get("opportunities") or {}
    for p in opp:
        if p not in PLAYERS:
            raise ScenarioError(("given", "opportunities", p), f"'{p}' is not a player (first or second)")
    open_ = {p: {t: (opp.get(p) or {}).get(t, True) for t in TYPES} for p in PLAYERS}
    untyped = {p: (opp.get(p) or {}).get("passed_without_type", 0) for p in PLAYERS}
    for p in PLAYERS:
        if untyped[p] > sum(open_[p].values()):
            raise ScenarioError(
                ("given", "opportunities", p, "passed_without_type"),
                f"{p} has more passes without a type than open opportunities ({untyped[p]} for "
                f"{sum(open_[p].values())})",
            )
    for i, turn in enumerate(turns):
        if turn["do"] == "declare" and "type" not in turn:
            raise ScenarioError(("choices", "turns", i, "type"), "a declaration names its type (military or political)")
    return Inputs(open_, tuple(turns), given.get("last"), untyped)


def _left(open_: dict, untyped: dict, p: str) -> int:
    return sum(open_[p].values()) - untyped[p]


def _next(open_: dict, last: str | None, untyped: dict | None = None) -> str | None:
    """Alternate between players with remaining opportunities, in player order."""
    untyped = untyped or {p: 0 for p in PLAYERS}
    order = PLAYERS if last is None else (("second", "first") if last == "first" else ("first", "second"))
    return next((p for p in order if _left(open_, untyped, p) > 0), None)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("declare")
    open_ = {p: dict(v) for p, v in inp.open.items()}
    untyped = dict(inp.untyped or {p: 0 for p in PLAYERS})
    declared = {p: [] for p in PLAYERS}
    current = _next(open_, inp.last, untyped)
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
        kind = turn.get("type")
        if kind is None:  # a pass without a type: one of his open opportunities is forfeit, which one is open
            untyped[p] += 1
            if untyped[p] >= sum(open_[p].values()):  # no choice left: every open type is forfeit
                open_[p] = {k: False for k in TYPES}
                untyped[p] = 0
            current = _next(open_, p, untyped)
            t.step(
                rs.cite("pass"),
                f"{p} passes a conflict opportunity without saying which type; "
                + (f"next opportunity: {current}" if current else "no opportunity remains"),
                current,
                sentence="When passing an opportunity to declare a conflict, a player is not required to specify which "
                "type of conflict he or she is passing.",
            )
            continue
        if not open_[p][kind]:
            raise ScenarioError(
                where + ("type",),
                f"{p}'s {kind} conflict opportunity was already declared or passed this phase",
            )
        open_[p][kind] = False
        if turn["do"] == "declare":
            declared[p].append(kind)
        if untyped[p] and untyped[p] >= sum(open_[p].values()):  # the typeless pass was the other type
            open_[p] = {k: False for k in TYPES}
            untyped[p] = 0
        current = _next(open_, p, untyped)
        t.step(
            rule,
            f"{p} {'declares' if turn['do'] == 'declare' else 'passes (forfeits)'} his {kind} conflict; "
            + (f"next opportunity: {current}" if current else "no opportunity remains"),
            current,
        )
    remaining = {p: [k for k in TYPES if open_[p][k]] for p in PLAYERS}
    left = {p: _left(open_, untyped, p) for p in PLAYERS}
    if current is None:
        t.step(rule, "no player has a conflict opportunity remaining: advance to step 3.4", True)
    out = {"next": current, "remaining": remaining, "declared": declared, "left": left, "complete": current is None}
    last = inp.turns[-1]["player"] if inp.turns else inp.last
    opportunities = {p: {**open_[p], **({"passed_without_type": untyped[p]} if untyped[p] else {})} for p in PLAYERS}
    return t.done({**out, "state": {"opportunities": opportunities, **({"last": last} if last else {})}})
