"""Scenario files: load with positions, validate against the checked-in schema, run, compare.

A scenario is a ruling as data: which procedure, under which ruleset, with
which facts (`given`) and player decisions (`choices`), and what must come out
(`expect`: a partial outcome match and the cited rule ids in order, or the
error the scenario must fail with).

Everything wrong with a file is a `Problem` with the field's path and line:
checks the schema cannot say (the procedure belongs to the system, numbers in
range, an `expect` that checks something) are here; checks that need the
procedure's reading of `given` raise ScenarioError from the procedure's `build`.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import yaml

from .. import yamlio
from ..schemas import validator
from .errors import EngineError, NotInSource, ScenarioError, Unsettled
from .procedures import PROCEDURES, module
from .ruleset import RULESETS
from .trace import Result, Step

MAX_BYTES = 1_000_000  # the largest real scenario is ~3 KB
MAX_DEPTH = 32  # the deepest real scenario nests 7 levels
MAX_NUMBER = 10**6  # no L5R value or count comes near; larger is a typo (and 4300+ digits cannot be printed)
_Parser = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


@dataclass
class Problem:
    path: tuple
    message: str
    line: int = 1
    code: str = ""  # the loader's stable code (L5R0xx), where it gives one
    field: str = ""  # the loader's field name, where it has no path

    def render(self, file: str) -> str:
        """One line: `file:line: [CODE ]field message` (a multi-line message keeps its first line)."""
        first = (self.message.strip().splitlines() or [""])[0]
        code = f"{self.code} " if self.code else ""
        return f"{file}:{self.line}: {code}{self.field or yamlio.dotted(self.path)} {first}"


_KINDS = {dict: "a mapping", list: "a list", str: "a string", bool: "true/false", int: "an integer",
          float: "a decimal number", type(None): "empty (null)"}
_TYPES = {"object": "a mapping", "array": "a list", "string": "a string", "integer": "an integer",
          "boolean": "true or false", "null": "null", "number": "a number"}


def _short(value) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _say(err) -> str:
    """A jsonschema error as a short message that never repeats a whole (maybe huge) value."""
    if err.validator == "type":
        wanted = err.validator_value if isinstance(err.validator_value, list) else [err.validator_value]
        return f"must be {' or '.join(_TYPES.get(t, t) for t in wanted)}, not {_KINDS.get(type(err.instance), 'that')}"
    if err.validator == "enum":
        return f"{_short(err.instance)} is not one of: {', '.join(map(str, dict.fromkeys(err.validator_value)))}"
    if err.validator in ("oneOf", "anyOf"):
        return f"{_short(err.instance)} is not an allowed value here"
    return err.message if len(err.message) <= 200 else err.message[:197] + "..."


def _numbers(node, path: tuple):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _numbers(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _numbers(v, path + (i,))
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield path, node


def _meaning_problems(data: dict) -> list[Problem]:
    """What the schema cannot say; each check looks only at fields of the right type."""
    out = []
    system, ruleset, procedure = (data.get(k) if isinstance(data.get(k), str) else None
                                  for k in ("system", "ruleset", "procedure"))
    if system and ruleset in RULESETS and RULESETS[ruleset].system != system:
        out.append(Problem(("ruleset",), f"ruleset '{ruleset}' is not a {system} ruleset"))
    if system and procedure and f"{system}/{procedure}" not in PROCEDURES:
        names = sorted(k.split("/")[1] for k in PROCEDURES if k.startswith(system + "/"))
        out.append(Problem(("procedure",), f"'{procedure}' is not a {system} procedure (one of: {', '.join(names)})"))
    for key in ("given", "choices"):
        for path, n in _numbers(data.get(key), (key,)):
            if isinstance(n, float):  # the schema's "integer" lets 3.0 and 1e9 through
                out.append(Problem(path, f"{_short(n)} is a decimal number; write a whole number"))
            elif abs(n) > MAX_NUMBER:
                out.append(Problem(path, f"{_short(n)} is out of range (at most {MAX_NUMBER} either way)"))
    expect = data.get("expect")
    if isinstance(expect, dict) and not (expect.get("outcome") or "rules" in expect or "error" in expect):
        out.append(Problem(("expect",), "checks nothing: give expect.outcome (keys the outcome must have), "
                                        "expect.rules or expect.error"))
    if isinstance(expect, dict) and "error" in expect and ("outcome" in expect or "rules" in expect):
        out.append(Problem(("expect", "error"), "an expected error replaces expect.outcome and expect.rules; "
                                                "give one or the other"))
    return out


def schema_problems(data) -> list[Problem]:
    if data is None:
        return [Problem((), "is empty: a scenario is a mapping with id, system, ruleset, procedure, source, "
                            "given and expect")]
    out = [Problem(tuple(err.absolute_path), _say(err)) for err in
           sorted(validator("scenario").iter_errors(data), key=lambda e: list(map(str, e.absolute_path)))]
    if isinstance(data, dict):
        out += _meaning_problems(data)
    return out


def _shape_problems(path: Path) -> list[Problem]:
    """Refuse what no scenario needs before building it: a huge file, aliases (*name), deep nesting.

    Scenario files are short hand-written rulings; an alias would hide a fact
    (and aliases can expand exponentially), deep nesting exhausts the parser.
    Syntax errors and bad encodings are left to the loader, which reports them.
    """
    size = path.stat().st_size
    if size > MAX_BYTES:
        return [Problem((), f"is {size} bytes; a scenario file is at most {MAX_BYTES} bytes")]
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        return []
    depth = 0
    try:
        for event in yaml.parse(text, Loader=_Parser):
            if isinstance(event, yaml.AliasEvent):
                return [Problem((), f"uses an alias (*{event.anchor}); write the value out: scenario files "
                                    "do not use YAML anchors and aliases", event.start_mark.line + 1)]
            if isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                depth += 1
                if depth > MAX_DEPTH:
                    return [Problem((), f"nests more than {MAX_DEPTH} levels deep; no scenario needs that",
                                    event.start_mark.line + 1)]
            elif isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
                depth -= 1
    except yaml.YAMLError:
        return []
    return []


def load(path: Path) -> tuple[dict | None, list[Problem]]:
    """The scenario's data, or None and every problem with its line."""
    path = Path(path)
    try:
        problems = _shape_problems(path)
        if problems:
            return None, problems
        loaded = yamlio.load_file(path)
    except OSError as exc:
        return None, [Problem((), f"cannot be read: {exc.strerror or exc}")]
    except (RecursionError, ValueError, MemoryError) as exc:  # a loader limit: reported, never a traceback
        return None, [Problem((), f"cannot be read: {type(exc).__name__}: {exc}")]
    problems = [Problem((), p.message, p.line, p.code, p.field) for p in loaded.problems]
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
