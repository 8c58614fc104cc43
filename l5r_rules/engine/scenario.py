"""Scenario files: load with positions, validate against the checked-in schema, run, compare.

A scenario is a ruling as data: which procedure, under which ruleset, with
which facts (`given`) and player decisions (`choices`), and what must come out
(`expect`: a partial outcome match and the cited rule ids in order).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .. import yamlio
from ..schemas import validator
from .errors import EngineError, NotInSource, ScenarioError, Unsettled
from .procedures import module
from .ruleset import RULESETS
from .trace import Result, Step


@dataclass
class Problem:
    path: tuple
    message: str
    line: int = 1

    def render(self, file: str) -> str:
        return f"{file}:{self.line}: {yamlio.dotted(self.path)} {self.message}"


def schema_problems(data) -> list[Problem]:
    out = []
    for err in sorted(validator("scenario").iter_errors(data), key=lambda e: list(map(str, e.absolute_path))):
        out.append(Problem(tuple(err.absolute_path), err.message))
    if isinstance(data, dict) and data.get("ruleset") in RULESETS and data.get("system"):
        if RULESETS[data["ruleset"]].system != data["system"]:
            out.append(Problem(("ruleset",), f"ruleset '{data['ruleset']}' is not a {data['system']} ruleset"))
    return out


def load(path: Path) -> tuple[dict | None, list[Problem]]:
    """The scenario's data, or None and every problem with its line."""
    loaded = yamlio.load_file(Path(path))
    problems = [Problem(tuple(), p.message, p.line) for p in loaded.problems]
    if not problems:
        problems = schema_problems(loaded.data)
    for p in problems:
        if p.path:
            p.line = loaded.where(p.path)[0]
    return (None if problems else loaded.data), problems


def run(data: dict) -> Result:
    """Resolve a validated scenario; NotInSource/Unsettled become outcomes, ScenarioError propagates."""
    rs = RULESETS[data["ruleset"]]
    mod = module(data["system"], data["procedure"])
    inputs = mod.build(data.get("given") or {}, data.get("choices") or {})
    try:
        return mod.resolve(inputs, rs)
    except NotInSource as exc:
        return Result({"status": "not-in-source", "reason": exc.reason},
                      (Step(exc.rule, "the procedure's rule is not in this edition's source", {}, exc.reason),)
                      if exc.rule else ())
    except Unsettled as exc:
        return Result({"status": "unsettled", "question": exc.question},
                      (Step(exc.rule, "this edition's text does not decide the case", {}, exc.question),))


def _match(expected, actual, path: tuple) -> list[Problem]:
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for k, v in expected.items():
            if k not in actual:
                out.append(Problem(path + (k,), f"outcome has no '{k}'"))
            else:
                out += _match(v, actual[k], path + (k,))
        return out
    if expected != actual:
        return [Problem(path, f"expected {expected!r}, got {actual!r}")]
    return []


def check(data: dict, result: Result) -> list[Problem]:
    """Differences between `expect` and the result (outcome subset, rule ids in order)."""
    expect = data.get("expect") or {}
    out = _match(expect.get("outcome", {}), result.outcome, ("expect", "outcome"))
    if "rules" in expect and list(expect["rules"]) != result.rules:
        out.append(Problem(("expect", "rules"), f"cited rules differ: expected {expect['rules']}, got {result.rules}"))
    return out


__all__ = ["EngineError", "Problem", "ScenarioError", "check", "load", "run"]
