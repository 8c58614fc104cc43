"""The record of how an outcome was reached: each step names the glossary entry it applies.

A judge reads the trace to check the engine against the rulebook, and the
golden files pin it so a changed rule or entry id shows up in review.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Step:
    rule: str
    what: str
    inputs: dict = field(default_factory=dict)
    result: Any = None
    raw: int | None = None
    floored: int | None = None
    sentence: str | None = None  # optional: the sentence of `rule`'s text this step applies (verbatim)

    def to_json(self) -> dict:
        out = {"rule": self.rule, "what": self.what, "inputs": self.inputs, "result": self.result}
        if self.raw is not None or self.floored is not None:
            out["raw"] = self.raw
            out["floored"] = self.floored
        if self.sentence is not None:
            out["sentence"] = self.sentence
        return out


@dataclass(frozen=True)
class Result:
    outcome: dict
    trace: tuple[Step, ...]

    @property
    def rules(self) -> list[str]:
        """Cited entry ids in order, without repeats next to each other."""
        out: list[str] = []
        for step in self.trace:
            if not out or out[-1] != step.rule:
                out.append(step.rule)
        return out

    def to_json(self) -> dict:
        return {"outcome": self.outcome, "trace": [s.to_json() for s in self.trace]}


class Tracer:
    """Collects steps while a procedure runs; `step` returns the result for inline use."""

    def __init__(self) -> None:
        self.steps: list[Step] = []

    def step(
        self,
        rule: str,
        what: str,
        result: Any = None,
        raw: int | None = None,
        floored: int | None = None,
        sentence: str | None = None,
        **inputs: Any,
    ) -> Any:
        """Record a step; `sentence` (optional) names the sentence of the rule's text it applies, verbatim
        (the narration quotes it; without it the narration picks the sentence nearest to `what`)."""
        self.steps.append(Step(rule, what, dict(inputs), result, raw, floored, sentence))
        return result

    def restate(self, rule: str | None, what: str, result: Any = None, sentence: str | None = None) -> Any:
        """A step that cites a second statement of the rule just applied (e.g. Lotus's glossary restating
        it), recorded only where the edition has one: `rule` from Ruleset.stated, None records nothing.
        Returns `result` either way."""
        if rule is not None:
            self.step(rule, what, result, sentence=sentence)
        return result

    def done(self, outcome: dict) -> Result:
        return Result(outcome, tuple(self.steps))
