"""The entry-format page, generated from the checked-in JSON Schemas.

The schemas in `l5r_rules/schemas/` are the single source of truth for every
YAML file kind; this module flattens one into rows (field path, type, required,
allowed values, default, example, description) so the site documents exactly
what `validate` and `resolve` check.

The scenario schema is generated from the engine procedures' declarations
(`l5r_rules/engine/schema_gen.py`); for it the page also documents, per game and
procedure, its purpose, what it models under each ruleset (the rule entries it
cites, or what the edition's source lacks), the game state it reads and writes in
a chain, where it can end the game, every `given` and `choices` field, the
outcome's fields (each list saying whether its order counts), what the rules
refuse and what a scenario can get wrong, and one complete example scenario per
game: enough to write a scenario from the page alone.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from .. import yamlio
from ..engine import RULESETS, schema_gen
from ..engine.game_end import CONDITIONS
from ..engine.ruleset import RULE_WORDS
from ..engine.scenario import GENERIC
from ..engine.state import QUANTITIES
from ..schemas import SCHEMA_DIR, schema

KNOWN_ORDER = ("entry", "concept", "errata", "scenario")


@dataclass(frozen=True)
class FieldRow:
    path: str
    type: str
    required: bool
    allowed: str
    description: str
    default: str = ""  # as JSON (valid YAML), "" when the schema declares none
    example: str = ""
    shape: str = ""  # the shared shape ($defs name) this field has; its fields are listed once, under that name
    order: str = ""  # for an outcome's list: "in order" or "any" (compared as a multiset), from the schema's x-order


@dataclass(frozen=True)
class Cited:
    ruleset: str
    entries: tuple[str, ...]  # glossary entry ids, in the procedure's order
    missing: str = ""  # why this ruleset's source lacks the procedure
    lacks: tuple[
        str, ...
    ] = ()  # rules of the procedure this ruleset's source does not state (those cases: not in source)

    @property
    def status(self) -> str:
        """modelled (it cites entries), or not-in-source (the edition's source has none of its rules)."""
        return "modelled" if self.entries else "not-in-source"


@dataclass(frozen=True)
class ProcedureDoc:
    key: str  # "<system>/<name>"
    name: str
    purpose: str
    details: str  # how it decides and where editions differ (the module docstring; our words)
    cites: tuple[Cited, ...]
    given: tuple[FieldRow, ...]
    choices: tuple[FieldRow, ...]
    no_choices: str  # what to do when the procedure takes no decisions ("" when it takes some)
    outcome: tuple[FieldRow, ...]
    refuses: tuple[tuple[str, str], ...] = ()  # (error text `expect.error` can match, when the rules refuse it)
    checks: tuple[tuple[str, str], ...] = ()  # (error text, when): facts a scenario gets wrong for this procedure
    reads: tuple[tuple[str, str], ...] = ()  # (given field, quantity) it reads from a chain's game state
    writes: tuple[tuple[str, str], ...] = ()  # (state field, quantity) its outcome's state sets
    ends: tuple[tuple[str, str], ...] = ()  # (game_over.step, what ends the game there)
    after_game_end: bool = False  # it may follow the end of the game in a chain
    once: tuple[tuple[str, str, str], ...] = ()  # (state field, field that starts anew, rule): set once in a chain

    @property
    def anchor(self) -> str:
        return "procedure-" + self.key.replace("/", "-")


@dataclass(frozen=True)
class GameDoc:
    system: str
    rulesets: tuple[str, ...]
    procedures: tuple[ProcedureDoc, ...]
    example: str  # one complete scenario of this game, as YAML


@dataclass(frozen=True)
class SchemaDoc:
    name: str
    title: str
    description: str
    rows: tuple[FieldRow, ...]
    games: tuple[GameDoc, ...] = ()  # scenario schema only
    status: tuple[FieldRow, ...] = ()  # scenario schema only: the outcome when a source cannot answer
    shapes: tuple[tuple[str, str, tuple[FieldRow, ...]], ...] = ()  # scenario schema only: (name, meaning, rows)
    conditions: tuple[tuple[str, str], ...] = ()  # scenario schema only: game_over.condition -> meaning
    game_over: tuple[FieldRow, ...] = ()  # scenario schema only: the fields of game_over
    generic: tuple[tuple[str, str], ...] = ()  # scenario schema only: errors any procedure's scenario can meet
    quantities: tuple[tuple[str, str], ...] = ()  # scenario schema only: what a state field can hold


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


def _json(value) -> str:
    return json.dumps(value, ensure_ascii=False)


def _is_map(node: dict) -> bool:
    return isinstance(node.get("additionalProperties"), dict) and "properties" not in node


def _key(node: dict) -> str:
    return f"<{(node.get('propertyNames') or {}).get('title', 'name')}>"


def _type(node: dict, root: dict | None = None) -> str:
    root = root or {}
    if "const" in node:
        return "constant"
    if "enum" in node:
        return "one of"
    if "oneOf" in node:
        return " or ".join(dict.fromkeys(_type(_resolve(alt, root), root) for alt in node["oneOf"]))
    t = node.get("type")
    if isinstance(t, list):
        return " or ".join(t)
    if t == "array":
        items = _resolve(node.get("items", {}), root) if isinstance(node.get("items"), dict) else {}
        inner = "value" if "enum" in items else ("mapping" if items.get("type") == "object" else items.get("type"))
        return f"list of {inner}s" if inner else "list"
    if t == "object" and _is_map(node):
        return f"mapping {_key(node)} → {_type(_resolve(node['additionalProperties'], root), root)}"
    return t or "any"


def _allowed(node: dict, root: dict | None = None) -> str:
    root = root or {}
    if "const" in node:
        return repr(node["const"]).replace("True", "true")
    if "oneOf" in node:
        return " or ".join(
            alt.get("title") or _allowed(_resolve(alt, root), root) or _type(alt, root) for alt in node["oneOf"]
        )
    items = node.get("items") if isinstance(node.get("items"), dict) else {}
    values = node.get("enum") or items.get("enum")
    if values:
        return ", ".join("null" if v is None else str(v) for v in values)
    parts = []
    if "pattern" in node:
        parts.append(f"pattern {node['pattern']}")
    if "minimum" in node:
        parts.append(f"≥ {node['minimum']}")
    if "minItems" in node:
        parts.append(f"at least {node['minItems']} item{'s' if node['minItems'] != 1 else ''}")
    if "minProperties" in node:
        parts.append(f"at least {node['minProperties']} key{'s' if node['minProperties'] != 1 else ''}")
    if _is_map(node):
        inner = _allowed(_resolve(node["additionalProperties"], root), root)
        if inner:
            parts.append(f"each value {inner}")
    return "; ".join(parts)


def _row(path: str, node: dict, required: bool, root: dict, shape: str = "") -> FieldRow:
    return FieldRow(
        path,
        _type(node, root),
        required,
        _allowed(node, root),
        node.get("description", ""),
        _json(node["default"]) if "default" in node else "",
        _json(node["examples"][0]) if node.get("examples") else "",
        shape,
        node.get("x-order", ""),
    )


def _shared(node: dict, shared: frozenset) -> str:
    """The shared shape a field (or a list's items) refers to, if it is one listed on its own."""
    items = node.get("items") if isinstance(node.get("items"), dict) else {}
    for ref in (node.get("$ref"), items.get("$ref")):
        if isinstance(ref, str) and ref.split("/")[-1] in shared:
            return ref.split("/")[-1]
    return ""


def _walk(
    node: dict, root: dict, prefix: str, required: set[str], rows: list[FieldRow], shared: frozenset = frozenset()
) -> None:
    props = node.get("properties", {})
    for name, raw in props.items():
        sub = _resolve(raw, root)
        path = f"{prefix}{name}"
        shape = _shared(raw, shared)
        rows.append(_row(path, sub, name in required, root, shape))
        if not shape:
            _inner(sub, root, path, rows, shared)


def _inner(node: dict, root: dict, path: str, rows: list[FieldRow], shared: frozenset = frozenset()) -> None:
    """The fields inside a field: of a mapping, of a list's items, of a mapping's values."""
    if node.get("type") == "object" or (isinstance(node.get("type"), list) and "object" in node["type"]):
        if "properties" in node:
            _walk(node, root, path + ".", set(node.get("required", [])), rows, shared)
        elif _is_map(node):
            _inner(_resolve(node["additionalProperties"], root), root, f"{path}.{_key(node)}", rows, shared)
    items = _resolve(node.get("items", {}), root) if isinstance(node.get("items"), dict) else {}
    if items.get("type") == "object" and "properties" in items:
        _walk(items, root, path + "[].", set(items.get("required", [])), rows, shared)
    elif items.get("type") == "array" or _is_map(items):
        _inner(items, root, path + "[]", rows, shared)


def fields(node: dict, root: dict, prefix: str, shared: frozenset = frozenset()) -> tuple[FieldRow, ...]:
    """The rows of one shape, paths starting with `prefix` (e.g. 'given.'); fields of a `shared` shape
    are one row naming it, their own fields being listed once with the shape."""
    rows: list[FieldRow] = []
    node = _resolve(node, root)
    _walk(node, root, prefix, set(node.get("required", [])), rows, shared)
    return tuple(rows)


def _shared_shapes(root: dict) -> frozenset:
    """Shapes used by several procedures that have fields of their own (an army, a card): documented once."""

    own = {p.def_name(part) for p in schema_gen.procedures() for part in ("given", "choices", "outcome")}
    return frozenset(
        n
        for n, node in root.get("$defs", {}).items()
        if n not in own and n not in ("status-outcome", "game-over") and "properties" in node
    )


def _cited(proc) -> tuple[Cited, ...]:
    """Per ruleset of the procedure's game: the entries it cites, or why the source lacks it (the whole
    procedure, or each rule of it the edition does not state: those cases answer status: not-in-source)."""

    out = []
    for rs in RULESETS.values():
        if rs.system != proc.system:
            continue
        if proc.key in rs.missing:
            out.append(Cited(rs.id, (), rs.missing[proc.key]))
            continue
        entries = tuple(dict.fromkeys(rs.cites[k] for k in proc.cites if k in rs.cites))
        lacks = tuple(
            dict.fromkeys(RULE_WORDS.get(k, k) for k in proc.cites if k not in rs.cites and k not in _ENGINE_KEYS)
        )
        missing = "" if entries else f"{rs.document} states no rule on {', '.join(lacks)}"
        out.append(Cited(rs.id, entries, missing, lacks))
    return tuple(out)


# rule keys a procedure cites only where an edition has the rule and nothing of the procedure depends on
# (a game end it can reach, a reading of a dash): their absence is not a gap of the procedure
_ENGINE_KEYS = frozenset({"victory", "victory.provinces", "victory.stronghold", "source-gap", "missing-value"})


def _games(root: dict, shared: frozenset) -> tuple[GameDoc, ...]:
    """Per game: its rulesets, procedures (shapes from the checked-in schema) and example scenario."""

    defs = root.get("$defs", {})
    games = []
    for system in schema_gen.systems():
        procs = []
        for p in schema_gen.procedures():
            if p.system != system:
                continue
            choices = defs[p.def_name("choices")]
            procs.append(
                ProcedureDoc(
                    p.key,
                    p.name,
                    p.purpose,
                    p.details,
                    _cited(p),
                    fields(defs[p.def_name("given")], root, "given.", shared),
                    fields(choices, root, "choices.", shared),
                    "" if choices.get("properties") else choices["description"],
                    fields(defs[p.def_name("outcome")], root, "outcome.", shared),
                    p.refuses,
                    p.checks,
                    tuple(p.state.reads.items()),
                    tuple(p.state.writes.items()),
                    tuple(p.ends.items()),
                    p.state.after_game_end,
                    tuple((f, anew, rule) for f, (anew, rule) in p.state.once.items()),
                )
            )
        example = next((e for e in root.get("examples", []) if e.get("system") == system), None)
        games.append(
            GameDoc(
                system,
                tuple(r.id for r in RULESETS.values() if r.system == system),
                tuple(procs),
                yamlio.dumps(example) if example else "",
            )
        )
    return tuple(games)


def schema_doc(name: str) -> SchemaDoc:
    root = schema(name)
    rows: list[FieldRow] = []
    _walk(root, root, "", set(root.get("required", [])), rows)
    doc = SchemaDoc(name, root.get("title", name), root.get("description", ""), tuple(rows))
    if name == "scenario":
        defs = root.get("$defs", {})
        shared = _shared_shapes(root)
        status = defs.get("status-outcome", {})
        doc = SchemaDoc(
            doc.name,
            doc.title,
            doc.description,
            doc.rows,
            _games(root, shared),
            fields(status, root, "outcome.") if status else (),
            tuple((n, defs[n].get("description", ""), fields(defs[n], root, "", shared)) for n in sorted(shared)),
            tuple(CONDITIONS.items()),
            fields(defs["game-over"], root, "game_over.") if "game-over" in defs else (),
            GENERIC,
            tuple(QUANTITIES.items()),
        )
    return doc
