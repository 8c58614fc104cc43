"""The entry-format page, generated from the checked-in JSON Schemas.

The schemas in `l5r_rules/schemas/` are the single source of truth for every
YAML file kind; this module flattens one into rows (field path, type, required,
allowed values, description) so the site documents exactly what `validate` checks.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..schemas import SCHEMA_DIR, schema

KNOWN_ORDER = ("entry", "concept", "errata", "scenario")


@dataclass(frozen=True)
class FieldRow:
    path: str
    type: str
    required: bool
    allowed: str
    description: str


@dataclass(frozen=True)
class SchemaDoc:
    name: str
    title: str
    description: str
    rows: tuple[FieldRow, ...]


def available() -> list[str]:
    names = sorted(p.name[: -len(".schema.json")] for p in SCHEMA_DIR.glob("*.schema.json"))
    return [n for n in KNOWN_ORDER if n in names] + [n for n in names if n not in KNOWN_ORDER]


def _resolve(node: dict, root: dict) -> dict:
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/"):
        target = root
        for part in ref[2:].split("/"):
            target = target.get(part, {})
        merged = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        return _resolve(merged, root) if "$ref" in merged else merged
    return node


def _type(node: dict) -> str:
    if "const" in node:
        return "constant"
    if "enum" in node:
        return "one of"
    t = node.get("type")
    if isinstance(t, list):
        return " or ".join(t)
    if t == "array":
        items = node.get("items", {})
        inner = items.get("type") if isinstance(items, dict) else None
        if isinstance(items, dict) and "enum" in items:
            inner = "value"
        return f"list of {inner}s" if inner else "list"
    return t or "any"


def _allowed(node: dict) -> str:
    if "const" in node:
        return repr(node["const"]).replace("True", "true")
    items = node.get("items") if isinstance(node.get("items"), dict) else {}
    values = node.get("enum") or items.get("enum")
    if values:
        return ", ".join(str(v) for v in values)
    if "pattern" in node:
        return f"pattern {node['pattern']}"
    return ""


def _walk(node: dict, root: dict, prefix: str, required: set[str], rows: list[FieldRow]) -> None:
    props = node.get("properties", {})
    for name, sub in props.items():
        sub = _resolve(sub, root)
        path = f"{prefix}{name}"
        rows.append(FieldRow(path, _type(sub), name in required, _allowed(sub), sub.get("description", "")))
        if sub.get("type") == "object" and "properties" in sub:
            _walk(sub, root, path + ".", set(sub.get("required", [])), rows)
        items = _resolve(sub.get("items", {}), root) if isinstance(sub.get("items"), dict) else {}
        if items.get("type") == "object" and "properties" in items:
            _walk(items, root, path + "[].", set(items.get("required", [])), rows)


def schema_doc(name: str) -> SchemaDoc:
    root = schema(name)
    rows: list[FieldRow] = []
    _walk(root, root, "", set(root.get("required", [])), rows)
    return SchemaDoc(name, root.get("title", name), root.get("description", ""), tuple(rows))
