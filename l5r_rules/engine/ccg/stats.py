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
from ..trace import Tracer

UNFLOORED = frozenset({"family-honor", "honor-requirement"})


@dataclass(frozen=True)
class Inputs:
    stat: str
    base: int
    signed: bool
    events: tuple  # dicts: {bonus: n} | {penalty: n} | {set: n} | {end: label}, each with optional label


EFFECTS = ("bonus", "penalty", "set", "end")


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
            t.step(rs.cite("stats.set"), f"{label}: set to {ev['set']} by the bonus or penalty that reaches it",
                   active[label], raw=raw)
        elif "end" in ev:
            if ev["end"] not in active:
                raise ScenarioError(("given", "events", i, "end"), f"no earlier effect labelled '{ev['end']}'")
            t.step(rule, f"{ev['end']} ends: its change no longer applies", -active.pop(ev["end"]))
        raw, value = current()
        values.append(t.step(rule, f"after {label}: base plus effects, then the minimum of 0 last" if floor
                             else f"after {label}: no minimum for this stat", value, raw=raw,
                             floored=value if floor else None))
    raw, value = current()
    return t.done({"value": value, "raw": raw, "leftover_penalty": max(0, -raw) if floor else 0, "history": values})
