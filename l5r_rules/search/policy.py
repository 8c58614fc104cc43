"""The search's ranking policy (policy.yaml): every knob, word list and post-scoring rule, read once.

Why: the ranking was tuned in constants spread over seven modules, with a hand-kept copy in the
site's export and a third in its JavaScript (issue 27). Now each knob is written once, in
policy.yaml, with its reason, the measurement that chose it and the test that pins its effect;
the modules bind their constants from here (`querying.SYNONYM_WEIGHT = policy.value(...)`), the
site's export sends the whole file to the browser (webindex.py), and the post-scoring factors are
data rules that `Rules` applies here and the site's policy.js applies there.

Reading: the file goes through the project's safe YAML loader (yamlio) and its schema
(schemas/policy.schema.json) with a few checks a schema cannot make (a rule's factor and a derived
list name knobs; every value's type fits the modules). A `l5r-rules search` process must not pay
for a YAML parser and jsonschema at every start, so the checked policy is kept as JSON in
`__pycache__/policy.json` beside this module (as Python keeps bytecode there), keyed by the YAML
file's content hash; a changed file is read and checked again.
Where the folder cannot be written the file is read on every start, only slower.
"""

from __future__ import annotations

import hashlib
import json
import math
import os
from pathlib import Path
from typing import Any

POLICY_FILE = Path(__file__).resolve().with_name("policy.yaml")
_CACHE = POLICY_FILE.parent / "__pycache__" / "policy.json"
_FORMAT = 1


class PolicyError(Exception):
    """policy.yaml is unreadable or breaks its schema (one line: path:line:col: CODE field message)."""


def _stamp(path: Path) -> list:
    """The cache's key: this reader's format and the YAML file's content hash (not its size and
    time: a file rewritten within the same second, or restored with an old time, is still read)."""
    data = path.read_bytes()
    # SHA-256, not CRC-32: an edit that kept the length and the CRC-32 was served the old values (hostile
    # round 11). A cold search imports hashlib anyway (random does).
    return [_FORMAT, len(data), hashlib.sha256(data).hexdigest()]


def _read_checked(path: Path) -> dict:
    """The policy file through the safe loader, its schema and the cross-checks (PolicyError)."""
    # imported here, on a changed policy only: yamlio and jsonschema cost a cold search ~40 ms
    from ..kb import load_checked
    from ..yamlio import GlossaryFileError

    try:
        data = load_checked(path, "policy")
    except GlossaryFileError as exc:
        raise PolicyError(str(exc)) from None
    problems = cross_check(data)
    if problems:
        raise PolicyError(f"{path}: {problems[0]}")
    return data


def cross_check(data: dict) -> list[str]:
    """What the schema cannot say: numbers a ranking can use, word lists a lower-case question can match,
    and derived lists, rule factors and rule operands that name knobs of the right kind."""
    knobs = data["knobs"]
    out = []
    for name, knob in knobs.items():
        value = knob["value"]
        if _is_number(value) and not (math.isfinite(value) and value >= 0):
            out.append(
                f"knobs.{name}.value: {value!r} is no weight, share or count (each is a finite number, 0 or more)"
            )
        if isinstance(value, list):
            upper = [w for w in value if isinstance(w, str) and w != w.lower()]
            if upper:
                out.append(f"knobs.{name}.value: {upper[0]!r} is not lower case (a question is read in lower case)")
        if isinstance(value, dict) and "from" in value:
            if not _is_word_list(knobs.get(value["from"], {}).get("value")):
                out.append(f"knobs.{name}.value.from: {value['from']!r} is no word list of this file")
    for n, rule in enumerate(data["rules"]):
        if not _is_number(knobs.get(rule["factor"], {}).get("value")):
            out.append(f"rules[{n}].factor: {rule['factor']!r} is no number of this file's knobs")
        for c, cond in enumerate(rule["when"]):
            for op in ("in", "not_in", "at_most"):
                ref = cond.get(op)
                if not (isinstance(ref, dict) and "policy" in ref):
                    continue
                if ref["policy"] not in knobs:
                    out.append(f"rules[{n}].when[{c}].{op}: {ref['policy']!r} is no knob of this file")
                    continue
                operand = knobs[ref["policy"]]["value"]
                wanted = "a number" if op == "at_most" else "a word list"
                if not (_is_number(operand) if op == "at_most" else _is_words(operand)):
                    out.append(f"rules[{n}].when[{c}].{op}: {ref['policy']!r} is not {wanted} ({op} takes {wanted})")
    ids = [r["id"] for r in data["rules"]]
    out += [f"rules: id {i!r} twice" for i in sorted({i for i in ids if ids.count(i) > 1})]
    return out


def _is_number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool)


def _is_word_list(value) -> bool:
    return isinstance(value, list) and all(isinstance(w, str) for w in value)


def _is_words(value) -> bool:
    """A word list, or one derived from another (`{from: ..., less: ..., plus: ...}`)."""
    return _is_word_list(value) or (isinstance(value, dict) and "from" in value)


def document(path: Path = POLICY_FILE) -> dict:
    """The whole checked policy: {"knobs": {name: {value, used_by, reason, ...}}, "rules": [...]}."""
    if path != POLICY_FILE:
        return _read_checked(path)
    global _document
    if _document is None:
        _document = _cached()
    return _document


_document: dict | None = None


def _cached() -> dict:
    stamp = _stamp(POLICY_FILE)
    try:
        cached = json.loads(_CACHE.read_text(encoding="utf-8"))
        if cached.get("stamp") == stamp:
            return cached["policy"]
    except (OSError, ValueError, AttributeError):
        pass
    data = _read_checked(POLICY_FILE)
    try:
        _CACHE.parent.mkdir(exist_ok=True)
        tmp = _CACHE.with_name(f"policy.{os.getpid()}.tmp")
        tmp.write_text(json.dumps({"stamp": stamp, "policy": data}, ensure_ascii=False), encoding="utf-8")
        os.replace(tmp, _CACHE)
    except OSError:
        pass  # a read-only install: read the YAML at every start
    return data


def values(data: dict | None = None) -> dict[str, Any]:
    """Knob name -> its value, derived word lists resolved (what the site's search reads)."""
    knobs = (data or document())["knobs"]
    out = {}
    for name, knob in knobs.items():
        value = knob["value"]
        if isinstance(value, dict) and "from" in value:
            without = set(value.get("without") or ())
            base = [w for w in knobs[value["from"]]["value"] if w not in without]
            value = base + [w for w in value.get("with") or () if w not in base]
        out[name] = value
    return out


_values: dict[str, Any] | None = None


def _all() -> dict[str, Any]:
    global _values
    if _values is None:
        _values = values()
    return _values


def value(name: str) -> Any:
    """One knob's value (a number, pattern, list or table)."""
    try:
        return _all()[name]
    except KeyError:
        raise PolicyError(f"{POLICY_FILE}: no knob {name!r}") from None


def number(name: str) -> float | int:
    found = value(name)
    if not _is_number(found):
        raise PolicyError(f"{POLICY_FILE}: knob {name!r} is no number")
    return found


def count(name: str) -> int:
    """A knob the code counts with (letters, words, candidates): a whole number, 1 or more."""
    found = number(name)
    if not isinstance(found, int) or found < 1:
        raise PolicyError(f"{POLICY_FILE}: knob {name!r} is {found!r}: it counts, so it is a whole number, 1 or more")
    return found


def words(name: str) -> frozenset[str]:
    """A word list as a set (membership tests)."""
    return frozenset(_word_list(name))


def word_list(name: str) -> tuple[str, ...]:
    """A word list in its written order (where order matters: fields, linkers, endings)."""
    return tuple(_word_list(name))


def _word_list(name: str) -> list[str]:
    found = value(name)
    if not _is_word_list(found):
        raise PolicyError(f"{POLICY_FILE}: knob {name!r} is no word list")
    return found


def pairs(name: str) -> tuple[tuple[str, str], ...]:
    found = value(name)
    if not isinstance(found, list) or not all(isinstance(p, list) and len(p) == 2 for p in found):
        raise PolicyError(f"{POLICY_FILE}: knob {name!r} is no list of pairs")
    return tuple((a, b) for a, b in found)


def table(name: str) -> dict[str, Any]:
    found = value(name)
    if not isinstance(found, dict) or "from" in found:
        raise PolicyError(f"{POLICY_FILE}: knob {name!r} is no table")
    return dict(found)


# -- the post-scoring rules ----------------------------------------------------------------------


class Rules:
    """The post-scoring rules, compiled once: `apply` gives a document's factor and what --explain says.

    `question` holds the question's facts (engine.Factors as a mapping: soft_editions, kinds, named,
    compares, ...), `editions` each edition's registry facts (editions.Registry.facts). A search scores
    some forty documents with the same question, so `bind` settles once what depends on the question
    alone (a rule whose question facts do not hold drops out; `{question: X}` operands are looked up)
    and leaves one small test per document condition: the same result as testing every condition of
    every rule for each document, in the same order of factors."""

    def __init__(self, rules: list[dict], knobs: dict[str, Any]):
        self.rules = [(rule, knobs[rule["factor"]], [_Condition(c, knobs) for c in rule["when"]]) for rule in rules]

    def bind(self, question) -> Bound:
        bound = []
        for n, (rule, times, conditions) in enumerate(self.rules):
            try:
                if all(c.holds_for(question) for c in conditions if c.subject == "question"):
                    tests = [c.bound(question) for c in conditions if c.subject != "question"]
                    bound.append((rule.get("why"), times, tests))
            except KeyError as exc:  # a fact the question does not have: the file's mistake, not the judge's
                raise PolicyError(f"{POLICY_FILE}: rules[{n}]: a question has no fact {exc.args[0]!r}") from None
        return Bound(bound)

    def apply(self, doc: dict, docnum: int, question, editions: dict[str, dict]) -> tuple[float, list]:
        return self.bind(question).apply(doc, docnum, editions)


class Bound:
    """The rules bound to one question (Rules.bind)."""

    def __init__(self, rules: list):
        self.rules = rules

    def apply(self, doc: dict, docnum: int, editions: dict[str, dict]) -> tuple[float, list[tuple[str, float]]]:
        factor = 1.0
        why: list[tuple[str, float]] = []
        edition = editions.get(doc.get("edition")) or {}
        for text, times, tests in self.rules:
            for test in tests:
                if not test(doc, docnum, edition):
                    break
            else:
                factor *= times
                if text:
                    why.append((text.format_map(_Fields(doc)), times))
        return factor, why


class _Fields(dict):
    """A document's fields for a rule's `why` text; a field it lacks reads as nothing."""

    def __missing__(self, key):
        return ""


_OPS = ("is", "in", "not_in", "at_most", "holds", "lacks")


class _Condition:
    """One condition of a rule: a subject (doc, edition or question: a fact's name) and one test."""

    def __init__(self, cond: dict, knobs: dict[str, Any]):
        self.subject = next(k for k in ("doc", "edition", "question") if k in cond)
        self.name = cond[self.subject]
        self.op = next(k for k in cond if k in _OPS)
        operand = cond[self.op]
        if isinstance(operand, dict) and "policy" in operand:
            operand = knobs[operand["policy"]]
        self.operand = operand  # or {"question": FACT}, looked up when bound to a question

    def _operand(self, question):
        operand = self.operand
        return question[operand["question"]] if isinstance(operand, dict) and "question" in operand else operand

    def _test(self, operand):
        """fact -> whether the condition holds, for an operand already looked up."""
        op = self.op
        if op == "is":
            if isinstance(operand, bool):
                return lambda fact: bool(fact) is operand
            return lambda fact: fact == operand
        if op == "in":
            return lambda fact: fact in operand
        if op == "not_in":
            return lambda fact: fact not in operand
        if op == "at_most":
            return lambda fact: (fact or 0) <= operand
        if op == "holds":
            return lambda fact: operand in (fact or ())
        return lambda fact: operand not in (fact or ())  # lacks

    def holds_for(self, question) -> bool:
        """A condition on the question itself."""
        return self._test(self._operand(question))(question[self.name])

    def bound(self, question):
        """A test (doc, docnum, edition facts) -> bool, for a condition on the document or its edition."""
        test, name = self._test(self._operand(question)), self.name
        if self.subject == "edition":
            return lambda doc, docnum, edition: test(edition.get(name))
        if name == "docnum":
            return lambda doc, docnum, edition: test(docnum)
        return lambda doc, docnum, edition: test(doc.get(name))


_rules: Rules | None = None


def rules() -> Rules:
    """The policy's rules over its knobs' values (a test may change a value: `_values`, then `_rules = None`)."""
    global _rules
    if _rules is None:
        _rules = Rules(document()["rules"], _all())
    return _rules
