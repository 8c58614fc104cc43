"""Using a triggered ability: once per round unless it says otherwise, "Limit X per [period]", "Max X per [period]",
and an action only in an action window.

Unless it says otherwise each triggered ability may be triggered once per round. "Limit X per
[period]" replaces that: each copy of the ability may be used X times that period (a card that left
play and came back is a new instance, with no memory of its uses). "Max X per [period]" counts the
uses from every copy by title. Limits and maximums are per player, and a use whose effects were
canceled still counts. An action ability may be triggered only in an action window.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer

CITES = ("ability.triggered", "ability.action", "ability.window", "ability.limit", "ability.max")
PERIOD = obj(
    "A number of uses per period.",
    {
        "count": integer("X.", minimum=1, example=2),
        "period": string("The period (round, phase, conflict, ...).", example="round"),
    },
    required=["count", "period"],
)
GIVEN = obj(
    "The ability a player wants to trigger, and its uses so far by him.",
    {
        "ability": obj(
            "The ability.",
            {
                "card": string("The title of the card bearing it.", example="Doji Whisperer"),
                "type": choice_of("action, reaction or interrupt.", ("action", "reaction", "interrupt")),
                "limit": {**PERIOD, "description": 'Its "Limit X per [period]", if it has one.'},
                "max": {**PERIOD, "description": 'Its "Max X per [period]", if it has one.'},
            },
            required=["card", "type"],
        ),
        "in_action_window": boolean("It is an action window now (an action ability needs one).", default=True),
        "uses": obj(
            "His uses so far in the period that counts (the round, or the period of its limit or maximum), those "
            "whose effects were canceled included.",
            {
                "this_copy": integer("Uses of this copy of the ability.", minimum=0, default=0),
                "all_copies": integer("Uses of the ability from every copy by title (for a maximum).", minimum=0),
            },
        ),
        "left_play_since": boolean(
            "This copy left play and re-entered since its uses: a new instance with no memory of them.", default=False
        ),
        "canceled": array("Of those uses, the ones whose effects were canceled (they still count).", NAME, default=[]),
    },
    required=["ability"],
)
OUTCOME = obj(
    "Whether he may trigger it now.",
    {
        "legal": boolean("He may trigger it."),
        "uses_counted": integer("The uses of this copy that count against its limit (or once per round).", minimum=0),
        "failed": array(
            "The rules it breaks, as tags: action window, limit, once per round, max ([] when legal).",
            {"type": "string"},
        ),
    },
    required=["legal", "uses_counted", "failed"],
)
CHECKS = (("counts this copy's uses too", "uses.all_copies smaller than uses.this_copy"),)
STATE = state()  # its given is one situation: the uses so far


@dataclass(frozen=True)
class Inputs:
    ability: dict
    window: bool
    this_copy: int
    all_copies: int | None
    fresh: bool
    canceled: tuple = ()


def build(given: dict, choices: dict) -> Inputs:
    uses = given.get("uses") or {}
    if uses.get("all_copies") is not None and uses["all_copies"] < uses.get("this_copy", 0):
        raise ScenarioError(
            ("given", "uses", "all_copies"),
            f"{uses['all_copies']} uses from every copy: that count counts this copy's uses too "
            f"({uses.get('this_copy', 0)})",
        )
    return Inputs(
        dict(given["ability"]),
        bool(given.get("in_action_window", True)),
        uses.get("this_copy", 0),
        uses.get("all_copies"),
        bool(given.get("left_play_since", False)),
        tuple(given.get("canceled") or ()),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    a = inp.ability
    failed = []
    if a["type"] == "action":
        if not t.step(
            rs.cite("ability.window"),
            "an action ability may only be triggered during an action window",
            inp.window,
            sentence="An action ability may only be triggered during an action window.",
        ):
            failed.append("action window")
    used = inp.this_copy
    if inp.fresh:
        used = t.step(
            rs.cite("ability.limit"),
            "the card left play and re-entered: a new instance with no memory of its uses",
            0,
            had=inp.this_copy,
        )
    if inp.canceled and (a.get("limit") or a.get("max")):
        t.step(
            rs.cite("ability.limit" if a.get("limit") else "ability.max"),
            "a use whose effects were canceled still counts",
            list(inp.canceled),
            sentence="If the effects of an ability with a limit are canceled, the use of the ability is still counted "
            "against the limit."
            if a.get("limit")
            else None,
        )
    if a.get("limit"):
        _below_cap(t, rs, "limit", a["limit"], used, "this copy's uses (canceled ones count)", failed)
    else:
        key = "ability.action" if a["type"] == "action" else "ability.triggered"
        sentence = (
            "Unless otherwise noted by the ability, each action ability may be initiated only once each round."
            if a["type"] == "action"
            else "Unless otherwise specified by the ability itself, each triggered ability may be triggered once per "
            "round."
        )
        if not t.step(rs.cite(key), "once per round: not yet used this round", used < 1, uses=used, sentence=sentence):
            failed.append("once per round")
    if a.get("max"):
        total = inp.all_copies if inp.all_copies is not None else used
        _below_cap(t, rs, "max", a["max"], total, "uses from every copy by title", failed)
    return t.done({"legal": not failed, "uses_counted": used, "failed": failed})


def _below_cap(t: Tracer, rs: Ruleset, kind: str, cap: dict, uses: int, counted: str, failed: list) -> None:
    """An ability's Limit or Max ('Limit 2 per round.'): the uses counted so far must stay below its count."""
    if not t.step(
        rs.cite(f"ability.{kind}"),
        f"{kind.title()} {cap['count']} per {cap['period']}: {counted} below {cap['count']}",
        uses < cap["count"],
        uses=uses,
    ):
        failed.append(kind)
