"""Small builders for the JSON-Schema fragments procedures declare next to their code.

Each procedure module declares `GIVEN`, `CHOICES` (if it takes decisions) and
`OUTCOME` with these builders; `schema_gen` assembles them into
`l5r_rules/schemas/scenario.schema.json`, which `l5r-rules resolve` and the tests
validate against, and the site's format page documents.

Why builders rather than raw dicts: every field must say what it means (the
description is the first, required argument), objects are closed
(`additionalProperties: false`, so a misspelt field is an error, never ignored)
and `required` names only declared fields (checked here, at import time).
Everything returned is plain JSON Schema (2020-12): `default` and `examples` are
annotations the validator ignores and the format page shows.

A shape used by several procedures is declared once with `named(...)`: the
generated schema holds it once under `$defs` and refers to it with `$ref`.
"""

from __future__ import annotations

from typing import Any

_UNSET: Any = object()
NAMED: dict[str, dict] = {}  # $defs name -> shape, filled as procedure modules are imported


def _annotate(node: dict, default=_UNSET, example=_UNSET) -> dict:
    if default is not _UNSET:
        node["default"] = default
    if example is not _UNSET:
        node["examples"] = [example]
    return node


def obj(description: str, properties: dict, *, required=(), example=_UNSET, default=_UNSET) -> dict:
    """A mapping with exactly these fields; `required` lists the ones that must be given."""
    unknown = [r for r in required if r not in properties]
    if unknown:
        raise ValueError(f"required fields {unknown} are not declared properties")
    node = {"description": description, "type": "object", "properties": dict(properties), "additionalProperties": False}
    if required:
        node["required"] = list(required)
    return _annotate(node, default, example)


def mapping(
    description: str, key: str, values: dict, *, min_properties: int | None = None, default=_UNSET, example=_UNSET
) -> dict:
    """A mapping from names the scenario chooses (a clan, a province, a player) to `values`.

    `key` says what the names are; it is kept as `propertyNames.title` (an annotation: any
    name is allowed) so the format page can write the field as `field.<key>`.
    """
    node = {
        "description": description,
        "type": "object",
        "propertyNames": {"title": key},
        "additionalProperties": values,
    }
    if min_properties is not None:
        node["minProperties"] = min_properties
    return _annotate(node, default, example)


def integer(
    description: str, *, minimum: int | None = None, nullable: bool = False, default=_UNSET, example=_UNSET
) -> dict:
    node: dict = {"description": description, "type": ["integer", "null"] if nullable else "integer"}
    if minimum is not None:
        node["minimum"] = minimum
    return _annotate(node, default, example)


def string(
    description: str, *, nullable: bool = False, pattern: str | None = None, default=_UNSET, example=_UNSET
) -> dict:
    node: dict = {"description": description, "type": ["string", "null"] if nullable else "string"}
    if pattern:
        node["pattern"] = pattern
    return _annotate(node, default, example)


def boolean(description: str, *, default=_UNSET, example=_UNSET) -> dict:
    return _annotate({"description": description, "type": "boolean"}, default, example)


def choice_of(description: str, values, *, default=_UNSET, example=_UNSET) -> dict:
    """One of a closed list of words."""
    return _annotate({"description": description, "enum": list(values)}, default, example)


def array(description: str, items: dict, *, min_items: int | None = None, default=_UNSET, example=_UNSET) -> dict:
    node: dict = {"description": description, "type": "array", "items": items}
    if min_items is not None:
        node["minItems"] = min_items
    return _annotate(node, default, example)


def any_of_shapes(description: str, *alternatives: dict, example=_UNSET) -> dict:
    """Exactly one of several shapes (JSON Schema `oneOf`), e.g. a number or a signed string."""
    return _annotate({"description": description, "oneOf": list(alternatives)}, example=example)


def described(ref: dict, description: str, *, default=_UNSET, example=_UNSET) -> dict:
    """A use of a `named` shape with the field's own description (JSON Schema allows siblings of `$ref`)."""
    return _annotate({**ref, "description": description}, default, example)


def named(name: str, shape: dict) -> dict:
    """Register `shape` as `$defs/<name>` and return a reference to it."""
    if name in NAMED and NAMED[name] != shape:
        raise ValueError(f"two different shapes named {name!r}")
    NAMED[name] = shape
    return {"$ref": f"#/$defs/{name}"}


# Item shapes for lists and mappings of plain values (the list or mapping carries the description).
INT = {"type": "integer"}
COUNT = {"type": "integer", "minimum": 0}
NAME = {"type": "string"}
