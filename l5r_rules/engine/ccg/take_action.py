"""Taking an action: announce it, choose its targets, pay its costs, resolve its effects in order; cancel and negate.

Lotus: four steps (announce, select the initial targets, pay all costs, resolve the effects in the
order written); effects are independent, so a negated effect leaves the rest to occur, except one that
only says how another is done ("move a unit home bowed"), which stops with it; canceling an action
negates all its effects; it is successful unless all of them are negated; an Action card played from
the hand is then discarded. Gold: a canceled action does not count as taken and its costs are not
refunded; effects it produced before it was canceled are not undone; a negated effect leaves the
others to occur; a cost prevented in part ends the attempt (the card returns, nothing is refunded)
unless the player completes the payment; an Action card goes to the discard pile. Ivory's basic rules
say none of this: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, integer, obj, string
from ..state import state
from ..trace import Tracer

CITES = (
    "action.steps",
    "action.announce",
    "action.target",
    "action.costs",
    "action.resolve",
    "action.manner",
    "action.cancel",
    "action.card",
)
GIVEN = obj(
    "One action as it is taken, and what stops any of it.",
    {
        "action": string("The action (its card or ability, in words).", example="Tsuruchi Technique"),
        "action_card_from_hand": boolean("It is an Action card played from the hand.", default=False),
        "costs_paid": boolean(
            "Every cost was paid in full (false: part of a cost was prevented and the player does not complete it).",
            default=True,
        ),
        "effects": array(
            "Its effects in the order written.",
            obj(
                "One effect.",
                {
                    "name": string("The effect in words (the outcome names it).", example="bow the target"),
                    "negated": boolean("This effect is negated (or prohibited from occurring).", default=False),
                    "manner_of": string(
                        "It only says how another effect (named here) is done, e.g. 'bowed' in 'move a unit home "
                        "bowed': it stops when that one stops."
                    ),
                },
                required=["name"],
            ),
            min_items=1,
            example=[{"name": "move the unit home"}, {"name": "bowed", "manner_of": "move the unit home"}],
        ),
        "canceled_after": integer(
            "The action is canceled after this many of its effects resolved (0: before any; leave out: not canceled).",
            minimum=0,
        ),
    },
    required=["action", "effects"],
)
OUTCOME = obj(
    "What the action did.",
    {
        "occurred": array("The effects that occurred, in order.", NAME),
        "stopped": array("The effects that did not occur (negated, canceled, or stopped with another).", NAME),
        "counts_as_taken": boolean("Gold: the action counts as taken (a canceled one does not)."),
        "successful": boolean("Lotus: successful (false when all its effects are negated)."),
        "costs_refunded": boolean("Costs paid are refunded (never)."),
        "card_to": string(
            "Where an Action card from the hand goes (the discard pile), or where it returns.", nullable=True
        ),
        "failed": boolean("The attempt failed: a cost was not paid in full."),
    },
    required=["occurred", "stopped", "costs_refunded", "failed"],
)
ORDERED = ("occurred", "stopped")  # outcome lists whose order is part of the answer
CHECKS = (
    ("is not an effect of this action", "an effect's manner_of naming no effect before it"),
    ("more effects than the action has", "canceled_after beyond the number of effects"),
)
STATE = state()  # one action as it happens


@dataclass(frozen=True)
class Inputs:
    action: str
    from_hand: bool
    paid: bool
    effects: tuple
    canceled_after: int | None


def build(given: dict, choices: dict) -> Inputs:
    names = []
    for i, e in enumerate(given["effects"]):
        if e.get("manner_of") is not None and e["manner_of"] not in names:
            raise ScenarioError(
                ("given", "effects", i, "manner_of"), f"'{e['manner_of']}' is not an effect of this action before it"
            )
        names.append(e["name"])
    after = given.get("canceled_after")
    if after is not None and after > len(names):
        raise ScenarioError(("given", "canceled_after"), f"{after}: more effects than the action has ({len(names)})")
    return Inputs(
        given["action"],
        bool(given.get("action_card_from_hand", False)),
        given.get("costs_paid", True),
        tuple(given["effects"]),
        after,
    )


def resolve(inp: Inputs, rs: Ruleset):
    rs.require("ccg/take-action")
    t = Tracer()
    out: dict = {"occurred": [], "stopped": [], "costs_refunded": False, "failed": False}
    lotus_steps = rs.action_four_steps
    if lotus_steps:
        t.step(rs.cite("action.steps"), "taking an action: announce, target, pay costs, resolve effects", 4)
        t.step(rs.cite("action.announce"), f"announce {inp.action}", inp.action)
        t.step(rs.cite("action.target"), "select all required initial targets", True)
    else:
        t.step(
            rs.cite("action.steps"), "an action resolves completely before another (a Reaction aside) is played", True
        )
    if not inp.paid:
        out["failed"] = t.step(
            rs.cite("action.costs"),
            "a cost is not paid in full: the attempt fails, and what was paid is not refunded",
            True,
        )
        out["stopped"] = [e["name"] for e in inp.effects]
        if inp.from_hand:
            out["card_to"] = "hand"
        return t.done(out)
    canceled = inp.canceled_after is not None
    done: list = []
    for i, e in enumerate(inp.effects):
        name = e["name"]
        if canceled and i >= inp.canceled_after:
            out["stopped"].append(name)
            continue
        if e.get("negated"):
            t.step(rs.cite("action.resolve"), f"{name} is negated: the other effects still occur", False)
            out["stopped"].append(name)
            continue
        if e.get("manner_of") and e["manner_of"] in out["stopped"]:
            t.step(rs.cite("action.manner"), f"{name} only says how {e['manner_of']} is done: it stops with it", False)
            out["stopped"].append(name)
            continue
        done.append(t.step(rs.cite("action.resolve"), f"resolve {name}", name))
    out["occurred"] = done
    if canceled:
        t.step(
            rs.cite("action.cancel"),
            f"{inp.action} is canceled"
            + (f" after {inp.canceled_after} effect(s): those are not undone" if inp.canceled_after else ""),
            out["stopped"],
        )
    if not lotus_steps:
        out["counts_as_taken"] = not canceled
        if canceled:
            t.step(
                rs.cite("action.cancel"),
                "a canceled action does not count as taken, and its costs are not refunded",
                False,
            )
    else:
        out["successful"] = t.step(
            rs.cite("action.cancel"),
            "a resolved action is successful unless all its effects are negated",
            bool(done),
        )
    if inp.from_hand:
        out["card_to"] = t.step(
            rs.cite("action.card"), "the Action card played from the hand is discarded", "discard pile"
        )
    return t.done(out)
