"""Stat bonuses and penalties with the floor of 0 applied last and the left-over penalty remembered.

A stat is its base plus every effect still in force, then the floor; ending an
effect (an Item destroyed) removes its amount. Setting a stat applies whatever
bonus or penalty makes the current value equal the new number. Family Honor and
Honor Requirements have no floor; signed ("+"/"-") stats have none only where the
edition says so (`Ruleset.signed_stats_unfloored`: Lotus yes, Gold does not list them).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import INT, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer

UNFLOORED = frozenset({"family-honor", "honor-requirement"})


@dataclass(frozen=True)
class Inputs:
    stat: str
    base: int
    signed: bool
    events: tuple  # dicts: {bonus: n} | {penalty: n} | {set: n} | {end: label}, each with optional label


EFFECTS = ("bonus", "penalty", "set", "end")
STATS = ("force", "chi", "gold-cost", "personal-honor", "province-strength", "family-honor", "honor-requirement")

CITES = ("stats.floor", "stats.set", "province.zero")
GIVEN = obj(
    "A stat and the effects applied to it, in order.",
    {
        "stat": choice_of(
            "Which stat. family-honor and honor-requirement have no minimum of 0; the others are "
            "floored at 0 after all effects.",
            STATS,
            example="force",
        ),
        "base": integer("Its starting (printed) value.", example=3),
        "signed": boolean(
            "The stat is printed with a leading + or - (no floor where the edition says so: Lotus).", default=False
        ),
        "events": array(
            "Effects in order; each is exactly one of bonus, penalty, set or end.",
            obj(
                "One effect: exactly one of bonus, penalty, set, end (plus an optional label).",
                {
                    "label": string(
                        "Name of the effect (an Item, a card played) so a later `end` can remove it. "
                        "Default: 'effect N' (N counts from 1).",
                        example="Katana",
                    ),
                    "bonus": integer("Raise by this much.", minimum=0, example=2),
                    "penalty": integer("Lower by this much.", minimum=0, example=3),
                    "set": integer(
                        "Set the stat to this number (applied as the bonus or penalty that reaches it).", example=0
                    ),
                    "end": string(
                        "Label of an earlier effect that ends: its change no longer applies.", example="Katana"
                    ),
                },
            ),
            example=[{"label": "Katana", "bonus": 2}, {"penalty": 6}, {"end": "Katana"}],
        ),
    },
    required=["stat", "base", "events"],
)
OUTCOME = obj(
    "The stat after all effects.",
    {
        "value": integer("Final value (floored at 0 where a floor applies)."),
        "raw": integer("Final value before the floor."),
        "leftover_penalty": integer(
            "How far below 0 the raw value is, remembered for later bonuses (0 without floor).", minimum=0
        ),
        "history": array("The value after each effect, in order.", INT),
        "province_destroyed": boolean(
            "province-strength reduced to 0: false, a Province is not destroyed by its Strength becoming 0 "
            "(only then in the outcome)."
        ),
    },
    required=["value", "raw", "leftover_penalty", "history"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes

ORDERED = ("history",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("no earlier effect labelled", "an effect ending one that was never applied"),)


def build(given: dict, choices: dict) -> Inputs:
    for i, ev in enumerate(given["events"]):
        if sum(k in ev for k in EFFECTS) != 1:
            raise ScenarioError(("given", "events", i), "an event is exactly one of bonus, penalty, set or end")
    return Inputs(given["stat"], given["base"], bool(given.get("signed", False)), tuple(given["events"]))


def resolve(inp: Inputs, rs: Ruleset):
    rs.require("ccg/stat")
    t = Tracer()
    rule = rs.cite("stats.floor")
    floor = not ((inp.signed and rs.signed_stats_unfloored) or inp.stat in UNFLOORED)
    active: dict[str, int] = {}
    values = []

    def current() -> tuple[int, int]:
        raw = inp.base + sum(active.values())
        return raw, (max(0, raw) if floor else raw)

    for i, ev in enumerate(inp.events):
        label = ev.get("label", f"effect {i + 1}")
        if "bonus" in ev or "penalty" in ev:
            active[label] = ev.get("bonus", 0) - ev.get("penalty", 0)
        elif "set" in ev:
            raw, _ = current()
            active[label] = ev["set"] - raw
            t.step(
                rs.cite("stats.set"),
                f"{label}: set to {ev['set']} by the bonus or penalty that reaches it",
                active[label],
                raw=raw,
            )
        elif "end" in ev:
            if ev["end"] not in active:
                raise ScenarioError(("given", "events", i, "end"), f"no earlier effect labelled '{ev['end']}'")
            t.step(rule, f"{ev['end']} ends: its change no longer applies", -active.pop(ev["end"]))
        raw, value = current()
        values.append(
            t.step(
                rule,
                f"after {label}: base plus effects, then the minimum of 0 last"
                if floor
                else f"after {label}: no minimum for this stat",
                value,
                raw=raw,
                floored=value if floor else None,
            )
        )
    raw, value = current()
    out = {"value": value, "raw": raw, "leftover_penalty": max(0, -raw) if floor else 0, "history": values}
    if inp.stat == "province-strength" and value == 0:
        out["province_destroyed"] = t.step(
            rs.cite("province.zero"),
            "destroyed by its Strength becoming 0 (Provinces are not)",
            False,
        )
    return t.done(out)
