"""Honor gains and losses of a Shadowlands Horde player (Lotus): they simply do not occur.

Not negation: it applies even to gains and losses that may not be modified. Any
other player's changes occur as given. A Horde player also may not take an
action that causes unconditional Honor losses to other players, nor a Political
action (`action`). Gold and Ivory have no such rule: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..game_end import ccg_low_honor
from ..ruleset import Ruleset
from ..shapes import INT, array, boolean, integer, obj
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    family_honor: int
    horde: bool
    changes: tuple
    action: dict | None = None


CITES = ("horde.honor", "horde.actions", "victory")
GIVEN = obj(
    "A player and the Honor changes he would experience.",
    {
        "player": obj(
            "The player.",
            {
                "family_honor": integer("Family Honor before the changes (may be negative).", example=5),
                "horde": boolean("He plays a Shadowlands Horde deck.", default=False),
            },
            required=["family_honor"],
        ),
        "changes": array(
            'Honor changes in order: gains positive, losses negative (including ones that "may not be modified").',
            INT,
            min_items=1,
            example=[2, -3],
        ),
        "action": obj(
            "An action the player wants to take (give changes, action or both).",
            {
                "unconditional_loss_to_others": boolean(
                    "It causes other players an Honor loss unconditionally (not one they may avoid).", default=False
                ),
                "political": boolean("It is a Political action.", default=False),
            },
        ),
    },
    required=["player"],
)
OUTCOME = obj(
    "The player's Honor afterwards.",
    {
        "applied": array("The changes that occurred, in order.", INT),
        "family_honor": integer("Family Honor afterwards."),
        "action_legal": boolean("With action: he may take it."),
    },
    required=["applied", "family_honor"],
)

STATE = state(updates={"player.family_honor": "honor"})
ENDS = {"change": "a change leaves Family Honor below -19 (Gold, Lotus; losers player); later changes do not occur"}

ORDERED = ("applied",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("a change of 0 is neither an Honor gain nor a loss", "a change of 0"),
    ("give the Honor changes, the action, or both", "neither changes nor action"),
)


def build(given: dict, choices: dict) -> Inputs:
    p = given["player"]
    if "changes" not in given and "action" not in given:
        raise ScenarioError(("given", "changes"), "give the Honor changes, the action, or both")
    for i, change in enumerate(given.get("changes", ())):
        if change == 0:
            raise ScenarioError(
                ("given", "changes", i), "a change of 0 is neither an Honor gain nor a loss: leave it out"
            )
    return Inputs(p["family_honor"], p.get("horde", False), tuple(given.get("changes", ())), given.get("action"))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("horde.honor")
    out = {}
    if inp.action is not None:
        out["action_legal"] = _action(inp, rs, t)
    if not inp.changes:
        return t.done({"applied": [], "family_honor": inp.family_honor, **out})
    if inp.horde:
        t.step(rule, "a Shadowlands Horde player does not experience Honor gains or losses (not negation)", [])
        return t.done({"applied": [], "family_honor": inp.family_honor, **out, **_state(inp.family_honor)})
    total = t.step(
        rule, "not a Shadowlands Horde player: each gain and loss occurs", inp.family_honor + sum(inp.changes)
    )
    honor, applied = inp.family_honor, []
    for change in inp.changes:  # in order: the game ends at the first change that leaves him below the floor
        honor += change
        applied.append(change)
        over = ccg_low_honor(t, rs, "change", honor, "player") if change < 0 else None
        if over:
            return t.done({"applied": applied, "family_honor": honor, **out, "game_over": over, **_state(honor)})
    return t.done({"applied": list(inp.changes), "family_honor": total, **out, **_state(total)})


def _state(honor: int) -> dict:
    return {"state": {"player": {"family_honor": honor}}}


def _action(inp: Inputs, rs: Ruleset, t: Tracer) -> bool:
    rule = rs.cite("horde.actions")
    loss, political = inp.action.get("unconditional_loss_to_others", False), inp.action.get("political", False)
    if not inp.horde:
        return t.step(rule, "not a Shadowlands Horde player: the Horde's limits on actions do not apply", True)
    ok = True
    if loss:
        ok = t.step(
            rule,
            "a Shadowlands Horde player may take this action, which causes other players an unconditional Honor loss",
            False,
            sentence="You may not take actions that cause unconditional Honor losses to other players.",
        )
    if political:
        ok = t.step(
            rule,
            "a Shadowlands Horde player may take this Political action",
            False,
            sentence="You may not take Political actions.",
        )
    if ok:
        t.step(rule, "the action neither causes others an unconditional Honor loss nor is Political", True)
    return ok
