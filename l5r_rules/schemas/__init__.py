"""The checked-in JSON Schemas: one per kind of YAML file. Used by validate, the build and the tests;
`say` words a schema error for a person, the same way for every file."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator

SCHEMA_DIR = Path(__file__).resolve().parent


@cache
def schema(name: str) -> dict:
    """Load `<name>.schema.json`, e.g. schema('entry')."""
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


@cache
def validator(name: str):

    return Draft202012Validator(schema(name))


_KINDS = {
    dict: "a mapping",
    list: "a list",
    str: "a string",
    bool: "true/false",
    int: "an integer",
    float: "a decimal number",
    type(None): "empty (null)",
}
_TYPES = {
    "object": "a mapping",
    "array": "a list",
    "string": "a string",
    "integer": "an integer",
    "boolean": "true or false",
    "null": "null",
    "number": "a number",
}


def short(value) -> str:
    """repr() of a value, cut to 60 characters: a message never repeats a whole (maybe huge) value."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _required_in(node) -> list[str]:
    """The field names a `not` sub-schema requires, wherever they sit in it (not: {anyOf: [{required}]})."""
    if isinstance(node, dict):
        return [*node.get("required", []), *(n for v in node.values() for n in _required_in(v))]
    if isinstance(node, list):
        return [n for v in node for n in _required_in(v)]
    return []


def error_path(err) -> tuple:
    """Where a jsonschema error is: its instance's path, and for a bad key (propertyNames) the key itself, so
    that the line shown is the key's, not the mapping's first key."""
    path = tuple(err.absolute_path)
    if "propertyNames" in err.relative_schema_path and isinstance(err.instance, str):
        return (*path, err.instance)
    return path


def say(err) -> str:
    """A jsonschema error as a short message that says what is wrong and never dumps a value or the schema
    (its own message repeats the whole value first, so a long one hid the reason, and `not` printed the
    schema)."""
    v, rule, value = err.validator, err.validator_value, err.instance
    if v == "type":
        wanted = rule if isinstance(rule, list) else [rule]
        return f"must be {' or '.join(_TYPES.get(t, t) for t in wanted)}, not {_KINDS.get(type(value), 'that')}"
    if v == "enum":
        values = ", ".join("null" if x is None else str(x) for x in dict.fromkeys(rule))
        title = err.schema.get("title") if isinstance(err.schema, dict) else None
        # the scenario schema's per-game branches title their lists ("a ccg procedure"), see schema_gen
        return (
            f"{short(value)} is not {title} (one of: {values})" if title else f"{short(value)} is not one of: {values}"
        )
    if v in ("oneOf", "anyOf"):
        return f"{short(value)} is not an allowed value here"
    if v == "not":
        names = list(dict.fromkeys(_required_in(rule)))
        if names:
            why = rule.get("description") if isinstance(rule, dict) else None  # the schema gives its reason
            return f"must not have {' or '.join(repr(n) for n in names)} here" + (f" ({why})" if why else "")
        return f"{short(value)} is not allowed here"
    if v in ("maxLength", "minLength") and isinstance(value, str):
        most = "at most" if v == "maxLength" else "at least"
        return f"{short(value)} is {len(value)} characters long; {most} {rule}"
    if v in ("maxItems", "minItems") and isinstance(value, list):
        most = "at most" if v == "maxItems" else "at least"
        return f"holds {len(value)} items; {most} {rule}"
    if v in ("maxProperties", "minProperties") and isinstance(value, dict):
        most = "at most" if v == "maxProperties" else "at least"
        return f"holds {len(value)} fields; {most} {rule}"
    if v == "pattern":
        title = err.schema.get("title") if isinstance(err.schema, dict) else None  # the form in words, if given
        if title:
            return f"{short(value)} is not {title} (pattern {rule})"
        return f"{short(value)} does not have the form this field takes (pattern {rule})"
    text = err.message.replace(repr(value), short(value)) if len(repr(value)) > 60 else err.message
    return text if len(text) <= 200 else text[:197] + "..."
