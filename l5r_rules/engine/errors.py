"""Why a scenario could not be resolved: one place for the engine's error kinds.

`ScenarioError` is a problem in the scenario file (a field, a missing player
decision); it carries the path of the offending field so the CLI can print
`file:line: field message`. `NotInSource` and `Unsettled` are not errors in the
file: they are honest answers ("the rulebook does not contain this rule", "the
rulebook's text does not decide this case") that the runner turns into outcomes.
"""

from __future__ import annotations


class EngineError(Exception):
    """Base class of everything the engine raises on purpose."""


class ScenarioError(EngineError):
    """A bad or incomplete scenario; `path` points at the field (e.g. ('choices', 'strike'))."""

    def __init__(self, path: tuple, message: str):
        super().__init__(message)
        self.path = tuple(path)
        self.message = message


class MissingChoice(ScenarioError):
    """A player decision the procedure needs is not in `choices`; never defaulted.

    `options`, where the procedure can list them (a closed set such as the tied clans), are the values
    the decision may take; the narration runs the scenario once per option (see narrate.py).
    """

    def __init__(self, name: str, message: str, options: tuple | None = None):
        super().__init__(("choices", name), f"missing decision '{name}': {message}")
        self.name = name
        self.why = message
        self.options = tuple(options) if options is not None else None


class NotInSource(EngineError):
    """The edition's source does not contain the rule (e.g. the truncated Gold file)."""

    def __init__(self, rule: str, reason: str):
        super().__init__(reason)
        self.rule = rule
        self.reason = reason


class Unsettled(EngineError):
    """The edition's text does not decide this case; the scenario must choose or accept the mark."""

    def __init__(self, rule: str, question: str):
        super().__init__(question)
        self.rule = rule
        self.question = question
