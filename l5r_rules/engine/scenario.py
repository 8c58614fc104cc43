"""Scenario files: load with positions, validate against the checked-in schema, run, compare.

A scenario is a ruling as data: which procedure, under which ruleset, with
which facts (`given`) and player decisions (`choices`), and what must come out
(`expect`: a partial outcome match and the cited rule ids in order, or the
error the scenario must fail with).

Everything wrong with a file is a `Problem` with the field's path and line.
The schema (generated from the procedures' declarations by schema_gen.py) says
which procedures and rulesets belong to each game and the shape of each
procedure's given and choices; checks it cannot say (whole numbers in range, an
`expect` that checks something) are here; checks that need the procedure's
reading of `given` raise ScenarioError from the procedure's `build`.
"""

from __future__ import annotations

import difflib
import json
from dataclasses import dataclass, replace
from pathlib import Path

from jsonschema import Draft202012Validator

from .. import yamlio
from ..normalize import CONTROL
from ..schemas import say, short, validator
from . import shapes
from .errors import EngineError, NotInSource, ScenarioError, Unsettled
from .procedures import module
from .ruleset import RULESETS
from .state import NONE, STALE_CHECKED, get, has, put
from .trace import Result, Step

MAX_NUMBER = 10**6  # no L5R value or count comes near; larger is a typo (and 4300+ digits cannot be printed)
# No L5R situation lists more than a few dozen of anything (modifiers, cards, events); a longer list is a
# mistake, and bounding it bounds the engine's work and its numbers (1,000 doublings: 302 digits, printable).
MAX_ITEMS = 1000


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


def _unknown_fields(err) -> list[Problem]:
    """One problem per field the schema does not declare, at that field's line, with the fields it allows."""
    allowed = list(err.schema.get("properties", {}))
    out = []
    for key in err.instance:
        if key in allowed:
            continue
        near = difflib.get_close_matches(str(key), allowed, n=1)
        hint = f"did you mean '{near[0]}'? " if near else ""
        listed = f"fields here: {', '.join(allowed)}" if allowed else err.schema.get("description", "no fields here")
        out.append(Problem(tuple(err.absolute_path) + (key,), f"is not a field here ({hint}{listed})"))
    return out


def _numbers(node, path: tuple):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _numbers(v, path + (k,))
    elif isinstance(node, list):
        if len(node) > MAX_ITEMS:
            yield path, node  # reported as too long; its items are not looked at
            return
        for i, v in enumerate(node):
            yield from _numbers(v, path + (i,))
    elif isinstance(node, (int, float)) and not isinstance(node, bool):
        yield path, node


def _strings(node, path: tuple):
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _strings(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node[:MAX_ITEMS]):
            yield from _strings(v, path + (i,))
    elif isinstance(node, str):
        yield path, node


def _meaning_problems(data: dict) -> list[Problem]:
    """What the schema cannot say; each check looks only at fields of the right type."""
    out = []
    for path, text in _strings(data, ()):  # a name with ESC or U+202E would steer a terminal, or a page
        m = CONTROL.search(text)
        if m:
            out.append(Problem(path, f"holds the control character U+{ord(m.group()):04X}; remove it"))
    places = [((key,), data.get(key)) for key in ("given", "choices")]
    then = data.get("then")
    for i, step in enumerate(then if isinstance(then, list) else ()):
        if isinstance(step, dict):
            places += [(("then", i, key), step.get(key)) for key in ("given", "choices")]
    for where, node in places:
        for path, n in _numbers(node, where):
            if isinstance(n, list):
                out.append(Problem(path, f"lists {len(n)} items; at most {MAX_ITEMS} (no situation needs more)"))
            elif isinstance(n, float):  # the schema's "integer" lets 3.0 and 1e9 through
                out.append(Problem(path, f"{short(n)} is a decimal number; write a whole number"))
            elif abs(n) > MAX_NUMBER:
                out.append(Problem(path, f"{short(n)} is out of range (at most {MAX_NUMBER} either way)"))
    expect = data.get("expect")
    if isinstance(expect, dict) and not (expect.get("outcome") or "rules" in expect or "error" in expect):
        out.append(
            Problem(
                ("expect",),
                "checks nothing: give expect.outcome (keys the outcome must have), expect.rules or expect.error",
            )
        )
    if isinstance(expect, dict) and "error" in expect and ("outcome" in expect or "rules" in expect):
        out.append(
            Problem(
                ("expect", "error"), "an expected error replaces expect.outcome and expect.rules; give one or the other"
            )
        )
    return out


def schema_problems(data) -> list[Problem]:
    if data is None:
        return [
            Problem(
                (), "is empty: a scenario is a mapping with id, system, ruleset, procedure, source, given and expect"
            )
        ]
    out = []
    for err in validator("scenario").iter_errors(data):
        if err.validator == "additionalProperties" and err.validator_value is False and isinstance(err.instance, dict):
            out += _unknown_fields(err)
        else:
            out.append(Problem(tuple(err.absolute_path), say(err)))
    out.sort(key=lambda p: list(map(str, p.path)))
    if isinstance(data, dict):
        out += _meaning_problems(data)
    return out


def load(path: Path) -> tuple[dict | None, list[Problem]]:
    """The scenario's data, or None and every problem with its line."""
    # The safe loader refuses oversized files, tags, alias bombs, deep nesting and long integers
    # with their codes (yamlio.py), before any of it is built.
    loaded = yamlio.load_file(Path(path))
    problems = [Problem((), p.message, p.line, p.code, p.field) for p in loaded.problems]
    if not problems:
        problems = schema_problems(loaded.data)
    for p in problems:
        if p.path:
            p.line = loaded.where(p.path)[0]
    problems.sort(key=lambda p: p.line)  # stable: problems on one line keep their order
    return (None if problems else loaded.data), problems


# (text the error contains, when): errors any procedure's scenario can meet (the format page lists them once;
# each procedure's own are its REFUSES, what the rules refuse, and CHECKS, facts the scenario gets wrong)
GENERIC = (
    ("missing decision '", "a player's decision the procedure reaches and choices does not give"),
    ("(given: ", "a name that given does not define (the message lists those it does)"),
    ("is listed twice", "a name given twice where each must be once"),
    ("which no earlier step produced", "a chained step needing state that no earlier step gave or wrote"),
    ("and does not output", "a chained step reading state that an earlier step changed under another name"),
    ("again, which step", "a chained step setting again what the game sets once (defenders once per conflict)"),
    ("the game has already ended", "a given honor that means the game is over (LCG: 0, or 25 or more)"),
)
UNANSWERED = ("not-in-source", "unsettled")  # `status` of an outcome the edition's source cannot give
# The outcome of any procedure when the edition's text cannot answer (see run); shown on the format page.
STATUS_OUTCOME = shapes.obj(
    "The outcome of any procedure when the edition's source cannot answer (instead of the procedure's own outcome).",
    {
        "status": shapes.choice_of(
            "not-in-source: the edition's source lacks the rule (e.g. the Gold file stops "
            "before it); unsettled: its text does not decide this case.",
            ("not-in-source", "unsettled"),
        ),
        "reason": shapes.string("With not-in-source: what is missing."),
        "question": shapes.string("With unsettled: the question the text leaves open."),
    },
    required=["status"],
)


def run(data: dict) -> Result:
    """Resolve a validated scenario (one procedure, or a chain: see `run_chain`)."""
    if data.get("then"):
        return run_chain(data)
    rs = RULESETS[data["ruleset"]]
    mod = module(data["system"], data["procedure"])
    inputs = mod.build(data.get("given") or {}, data.get("choices") or {})
    return _resolve(mod, inputs, rs)


def _merge(base: dict, top: dict) -> dict:
    """`top` laid over `base`: mappings merge field by field, anything else is replaced."""
    out = dict(base)
    for key, value in top.items():
        out[key] = _merge(out[key], value) if isinstance(value, dict) and isinstance(out.get(key), dict) else value
    return out


def _given_problems(system: str, procedure: str, given: dict) -> list:
    """The merged state's fields for one chained step, checked against that procedure's given shape."""
    root = validator("scenario").schema
    check = Draft202012Validator({"$ref": f"#/$defs/{system}-{procedure}-given", "$defs": root["$defs"]})
    return sorted(check.iter_errors(given), key=lambda e: list(map(str, e.absolute_path)))


def _shape(node: dict, defs: dict) -> dict:
    while isinstance(node, dict) and isinstance(node.get("$ref"), str):
        node = {**defs.get(node["$ref"].split("/")[-1], {}), **{k: v for k, v in node.items() if k != "$ref"}}
    return node if isinstance(node, dict) else {}


def declared_only(value, node: dict, defs: dict):
    """`value` with every mapping field its shape does not declare left out, at any depth.

    A chain's state holds the fields of every step's procedure (`first` may carry one procedure's honor and
    another's characters); each procedure reads the fields it declares and ignores the rest."""
    node = _shape(node, defs)
    if isinstance(value, dict) and isinstance(node.get("properties"), dict):
        props = node["properties"]
        return {k: declared_only(v, props[k], defs) for k, v in value.items() if k in props}
    if isinstance(value, dict) and isinstance(node.get("additionalProperties"), dict):
        return {k: declared_only(v, node["additionalProperties"], defs) for k, v in value.items()}
    if isinstance(value, list) and isinstance(node.get("items"), dict):
        return [declared_only(v, node["items"], defs) for v in value]
    return value


def _paths(node, prefix: str = ""):
    """Every dotted path of a mapping's fields, at any depth ('player', 'player.family_honor')."""
    if isinstance(node, dict):
        for k, v in node.items():
            path = f"{prefix}{k}"
            yield path
            yield from _paths(v, path + ".")


def _set_when(path: str, set_at: dict) -> int:
    """The last step that gave or wrote `path`, or a mapping holding it, or a field inside it."""
    related = [n for p, n in set_at.items() if p == path or path.startswith(p + ".") or p.startswith(path + ".")]
    return max(related, default=0)


class _Chain:
    """Which step set each field of the state, and what each step changed (for the flow checks)."""

    def __init__(self, steps: list):
        self.steps = steps  # (where, procedure, given, choices)
        self.set_at: dict[str, int] = {}
        self.done: list[tuple[int, str, object]] = []  # (n, procedure, State) of each step run

    def name(self, n: int) -> str:
        return f"step {n} ({self.steps[n - 1][1]})"

    def given_at(self, n: int) -> str:
        return f"step {n}'s given"

    def check(self, n: int, mod, decl, state: dict) -> None:
        """Refuse step n when it needs state no earlier step produced, or state a step changed under another name,
        or when it would set again what the game sets once (`STATE.once`: defenders once per conflict)."""
        for path, (anew, rule) in decl.once.items():
            at = self.set_at.get(path)
            if at is not None and at < n and at >= self.set_at.get(anew, 0):
                raise ScenarioError(
                    self.steps[n - 1][0] + ("procedure",),
                    f"({self.steps[n - 1][1]}) {self.name(n)} would set {path!r} again, which {self.name(at)} set: "
                    f"{rule} (declare a new {anew!r} first, or leave this step out)",
                )
        required = mod.GIVEN.get("required", ())
        if n > 1:
            missing = [f for f in required if f not in state]
            if missing:
                before = self.done[-1]
                writes = ", ".join(before[2].writes) or "nothing"
                raise ScenarioError(
                    self.steps[n - 1][0] + ("given",),
                    f"({self.steps[n - 1][1]}) {self.name(n)} needs {', '.join(repr(f) for f in missing)}, which no "
                    f"earlier step produced ({self.name(before[0])} outputs {writes}): give it in {self.given_at(n)}",
                )
        for path, quantity in decl.reads.items():
            if quantity not in STALE_CHECKED or not has(state, path):
                continue
            since = _set_when(path, self.set_at)
            for m, _, other in self.done:
                if m <= since or quantity not in other.changes:
                    continue
                if any(path == w or path.startswith(w + ".") for w in other.writes):
                    continue
                raise ScenarioError(
                    self.steps[n - 1][0] + ("given",),
                    f"({self.steps[n - 1][1]}) {self.name(n)} reads {path!r} ({quantity}), but {self.name(m)} "
                    f"changed {quantity} and does not output {path!r} (it outputs "
                    f"{', '.join(w for w, q in other.writes.items() if q == quantity)}): give {path!r} as it is after "
                    f"step {m} in {self.given_at(n)}",
                )

    def given(self, n: int, given: dict) -> None:
        for path in _paths(given):
            self.set_at[path] = n

    def wrote(self, n: int, procedure: str, decl, state_out: dict) -> None:
        for path in decl.writes:
            if has(state_out, path):
                self.set_at[path] = n
        self.done.append((n, procedure, decl))


def run_chain(data: dict) -> Result:
    """Run the scenario's procedure, then each step of `then`, on one game state.

    The state starts as the first `given`; before each step its own `given` is laid on top
    (mappings merged field by field) and the procedure reads the fields it declares (checked
    against its shape; fields of other procedures inside a shared mapping are left out); each field
    its outcome's `state` declares (engine/state.py) then replaces that field whole (a ring gone from
    `unclaimed_rings` is gone). A step needing state no earlier step produced, or state an earlier
    step changed under another name, is a scenario error naming both steps. A step that cannot be
    answered (not in source, unsettled) ends the chain with that answer; a step that ends the game
    ends it too (later steps are listed under `not_played`), except a procedure that runs at the
    game's end. Errors point at the step (`then[i].given...`).
    """
    rs = RULESETS[data["ruleset"]]
    steps = [((), data["procedure"], data.get("given") or {}, data.get("choices") or {})]
    steps += [
        (("then", i), s["procedure"], s.get("given") or {}, s.get("choices") or {}) for i, s in enumerate(data["then"])
    ]
    defs = validator("scenario").schema["$defs"]
    flow = _Chain(steps)
    state: dict = {}
    trace: list[Step] = []
    chain: dict = {}
    outcome: dict = {}
    ended = False
    not_played: list[str] = []
    for n, (where, procedure, given, choices) in enumerate(steps, 1):
        mod = module(data["system"], procedure)
        decl = getattr(mod, "STATE", NONE)
        if ended and not decl.after_game_end:
            not_played.append(f"{n}.{procedure}")
            continue
        shape = defs[f"{data['system']}-{procedure}-given"]
        declared = shape.get("properties", {})
        # the state as earlier steps left it, trimmed to what this procedure declares; then this step's own
        # given as written (a field misspelt inside it is an error, not silently left out)
        earlier = declared_only({k: v for k, v in state.items() if k in declared}, shape, defs)
        state = _merge(state, given)
        flow.given(n, given)
        mine = _merge(earlier, {k: v for k, v in given.items() if k in declared})
        flow.check(n, mod, decl, state)
        errors = _given_problems(data["system"], procedure, mine)
        if errors:
            err = errors[0]
            raise ScenarioError(where + ("given",) + tuple(err.absolute_path), f"({procedure}) {say(err)}")
        try:
            inputs = mod.build(mine, choices)
            result = _resolve(mod, inputs, rs)
        except ScenarioError as exc:
            raise ScenarioError(where + exc.path, f"({procedure}) {exc.message}") from None
        trace += [replace(s, what=f"[{n}. {procedure}] {s.what}") for s in result.trace]
        # each step's outcome without its `state` (the scenario's `state` is the one game state)
        chain[f"{n}.{procedure}"] = {k: v for k, v in result.outcome.items() if k != "state"}
        outcome = result.outcome
        if outcome.get("status") in UNANSWERED:  # not in source / unsettled: the chain cannot go on
            break
        written = outcome.get("state") or {}
        for path in decl.writes:  # the procedure's new values replace the old whole (or are laid over it)
            if has(written, path):
                new = get(written, path)
                if path in decl.merged and has(state, path) and isinstance(new, dict):
                    new = _merge(get(state, path), new)
                state = put(state, path, new)
        flow.wrote(n, procedure, decl, written)
        ended = ended or bool(outcome.get("game_over"))
    out = {**outcome, "chain": chain, "state": state}
    if not_played:
        out["not_played"] = not_played
    return Result(out, tuple(trace))


def _resolve(mod, inputs, rs) -> Result:
    """One procedure's resolution; NotInSource/Unsettled become outcomes, ScenarioError propagates.

    A procedure that can end the game (it declares ENDS) always says so: `game_over` is null while the game
    goes on."""
    try:
        result = mod.resolve(inputs, rs)
        if getattr(mod, "ENDS", None) and "game_over" not in result.outcome:
            return Result({**result.outcome, "game_over": None}, result.trace)
        return result
    except NotInSource as exc:
        return Result(
            {"status": "not-in-source", "reason": exc.reason},
            (Step(exc.rule, "the procedure's rule is not in this edition's source", {}, exc.reason),)
            if exc.rule
            else (),
        )
    except Unsettled as exc:
        return Result(
            {"status": "unsettled", "question": exc.question},
            (Step(exc.rule, "this edition's text does not decide the case", {}, exc.question),),
        )


def _child(node: dict | None, key, defs: dict) -> dict | None:
    """The schema of field `key` inside `node` (a mapping's declared field or its values), or None."""
    node = _shape(node, defs) if node else None
    if not node:
        return None
    if isinstance(node.get("properties"), dict) and key in node["properties"]:
        return node["properties"][key]
    if isinstance(node.get("additionalProperties"), dict):
        return node["additionalProperties"]
    return None


def _in_any_order(node: dict | None, defs: dict) -> bool:
    """A list the outcome declares with no meaningful order (`x-order: any`): compared as a multiset."""
    return bool(node) and _shape(node, defs).get("x-order") == "any"


def _key(value) -> str:
    return json.dumps(value, sort_keys=True, ensure_ascii=False, default=str)


def _match(expected, actual, path: tuple, node: dict | None = None, defs: dict | None = None) -> list[Problem]:
    defs = defs or {}
    if isinstance(expected, dict) and isinstance(actual, dict):
        out = []
        for k, v in expected.items():
            if k not in actual:
                out.append(Problem(path + (k,), f"outcome has no '{k}'"))
            else:
                out += _match(v, actual[k], path + (k,), _child(node, k, defs), defs)
        return out
    if isinstance(expected, list) and isinstance(actual, list) and _in_any_order(node, defs):
        if sorted(map(_key, expected)) == sorted(map(_key, actual)):
            return []
        return [Problem(path, f"expected {expected!r} (in any order), got {actual!r}")]
    if expected != actual:
        return [Problem(path, f"expected {expected!r}, got {actual!r}")]
    return []


def _outcome_shape(data: dict, result: Result, defs: dict) -> dict | None:
    """The declared shape of the outcome `expect.outcome` is matched against (a chain's: each step's under chain)."""
    system = data.get("system")
    if not system or not data.get("procedure"):
        return None
    if result.outcome.get("status") in UNANSWERED:
        return defs.get("status-outcome")
    chain = result.outcome.get("chain")
    if not chain:
        return defs.get(f"{system}-{data['procedure']}-outcome")
    steps = {k: defs.get(f"{system}-{k.split('.', 1)[1]}-outcome") for k in chain}
    last = list(chain)[-1].split(".", 1)[1]
    node = dict(_shape(defs.get(f"{system}-{last}-outcome") or {}, defs))
    props = dict(node.get("properties") or {})
    props["chain"] = {"type": "object", "properties": {k: v for k, v in steps.items() if v}}
    props.pop("state", None)  # the chain's one game state: lists there compare in order
    return {**node, "properties": props}


def check(data: dict, result: Result) -> list[Problem]:
    """Differences between `expect` and the result (outcome subset, rule ids in order).

    A list the outcome declares in any order (`x-order: any`, the format page says which) matches the same
    items in any order; every other list must be equal in order."""
    expect = data.get("expect") or {}
    defs = validator("scenario").schema.get("$defs", {})
    shape = _outcome_shape(data, result, defs)
    out = _match(expect.get("outcome", {}), result.outcome, ("expect", "outcome"), shape, defs)
    if "rules" in expect and list(expect["rules"]) != result.rules:
        out.append(Problem(("expect", "rules"), f"cited rules differ: expected {expect['rules']}, got {result.rules}"))
    return out


__all__ = ["EngineError", "Problem", "ScenarioError", "check", "load", "run"]
