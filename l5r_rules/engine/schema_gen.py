"""Generate `l5r_rules/schemas/scenario.schema.json` from the procedures' own declarations.

    python -m l5r_rules.engine.schema_gen           # (re)write the schema
    python -m l5r_rules.engine.schema_gen --check   # exit 1 if the checked-in schema is stale

Why generated: each procedure module declares the shape of its `given`, `choices`
and outcome next to the code that reads them (`GIVEN`, `CHOICES`, `OUTCOME`, built
with shapes.py) and the rule keys it cites (`CITES`). Adding a procedure is then
one module plus one line in `procedures.PROCEDURES`; the schema, the format page
and the tests follow. Systems, rulesets and source documents come from the
engine's tables (`PROCEDURES`, `RULESETS`), never from a hand-kept list.

The schema branches by `system`: for each game it lists that game's procedures and
rulesets, and for each `system` + `procedure` it applies that procedure's `given`
and `choices` shapes. Outcome shapes are under `$defs/<system>-<procedure>-outcome`
(and `$defs/status-outcome` for any procedure) for readers such as the format page;
`expect.outcome` is compared with the real outcome by `scenario.check`.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from types import ModuleType

from .. import yamlio
from . import shapes
from .game_end import GAME_OVER
from .procedures import PROCEDURES, module
from .ruleset import RULESETS
from .scenario import STATUS_OUTCOME
from .state import NONE, QUANTITIES

TARGET = Path(__file__).resolve().parent.parent / "schemas" / "scenario.schema.json"
ROOT = Path(__file__).resolve().parents[2]
COMMAND = "python -m l5r_rules.engine.schema_gen"
SLUG = "^[a-z0-9]+(-[a-z0-9]+)*$"
SOURCE_KINDS = ("worked-example", "derived-edge-case")
# One complete scenario per game for the format page (files in tests/rulings/, checked to resolve as expected).
EXAMPLES = ("gold/gold-buy-requirement-equal.yaml", "lcg/lcg-victory-25.yaml", "bfr/bfr-one-above-defender.yaml")
NO_CHOICES = "{key} takes no decisions; leave choices out"


@dataclass(frozen=True)
class Procedure:
    """One engine procedure and what its module declares."""

    key: str  # "<system>/<name>", as in PROCEDURES

    @property
    def system(self) -> str:
        return self.key.split("/")[0]

    @property
    def name(self) -> str:
        return self.key.split("/")[1]

    @cached_property
    def module(self) -> ModuleType:
        return module(self.system, self.name)

    @property
    def purpose(self) -> str:
        """The first paragraph of the module's docstring: what the procedure decides."""
        return " ".join(self._paragraphs[0].split())

    @property
    def details(self) -> str:
        """The rest of the module's docstring: how the procedure decides, and where editions differ."""
        return " ".join(" ".join(self._paragraphs[1:]).split())

    @property
    def _paragraphs(self) -> list[str]:
        return (self.module.__doc__ or "").strip().split("\n\n")

    @property
    def cites(self) -> tuple[str, ...]:
        return tuple(self.module.CITES)

    @property
    def given(self) -> dict:
        return self.module.GIVEN

    @property
    def choices(self) -> dict | None:
        return getattr(self.module, "CHOICES", None)

    @property
    def outcome(self) -> dict:
        return self.module.OUTCOME

    @property
    def state(self):
        """What the procedure reads from and writes to a chain's game state (engine/state.py)."""
        return getattr(self.module, "STATE", NONE)

    @property
    def ends(self) -> dict:
        """step -> what can end the game there (engine/game_end.py); empty when the procedure cannot end it."""
        return dict(getattr(self.module, "ENDS", {}))

    @property
    def refuses(self) -> tuple[tuple[str, str], ...]:
        """(text the error message contains, when) for each input the procedure refuses as against the rules."""
        return tuple(getattr(self.module, "REFUSES", ()))

    @property
    def checks(self) -> tuple[tuple[str, str], ...]:
        """(text the error message contains, when) for each fact a scenario of this procedure can get wrong."""
        return tuple(getattr(self.module, "CHECKS", ()))

    def def_name(self, part: str) -> str:
        return f"{self.system}-{self.name}-{part}"

    def rulesets(self) -> list[str]:
        return [r.id for r in RULESETS.values() if r.system == self.system]


def procedures() -> list[Procedure]:
    """Every procedure of the engine, in PROCEDURES order; a module missing a declaration is an error."""
    out = []
    for key in PROCEDURES:
        proc = Procedure(key)
        missing = [name for name in ("CITES", "GIVEN", "OUTCOME") if not hasattr(proc.module, name)]
        if missing:
            raise SystemExit(f"{proc.module.__file__}: declare {', '.join(missing)} (see engine/shapes.py)")
        out.append(proc)
    return out


def systems() -> list[str]:
    return list(dict.fromkeys(key.split("/")[0] for key in PROCEDURES))


def _examples() -> list[dict]:
    return [yamlio.load_plain(ROOT / "tests" / "rulings" / name) for name in EXAMPLES]


def _envelope(procs: list[Procedure]) -> dict:
    documents = list(dict.fromkeys(r.document for r in RULESETS.values()))
    games = ", ".join(f"{s} ({', '.join(r.id for r in RULESETS.values() if r.system == s)})" for s in systems())
    return {
        "id": {
            "description": "Unique id of the scenario, a lowercase-hyphen slug equal to the file name; pytest "
            "names the case by file and id.",
            "type": "string",
            "pattern": SLUG,
            "examples": ["gold-buy-requirement-equal"],
        },
        "title": {"description": "One line saying what the scenario shows.", "type": "string"},
        "system": {
            "description": "Game: " + ", ".join(systems()) + ". Decides which procedures and rulesets are allowed.",
            "enum": systems(),
        },
        "ruleset": {
            "description": f"Edition whose rules apply; it must belong to the game: {games}.",
            "enum": list(RULESETS),
        },
        "procedure": {
            "description": "Procedure of that game to run (names differ per game; see the branches "
            "below); given and choices follow its declaration.",
            "type": "string",
        },
        "source": {
            "description": "Where the scenario comes from.",
            "type": "object",
            "properties": {
                "document": {
                    "description": "Source document id from glossary/_sources.yaml: the ruleset's rulebook.",
                    "enum": documents,
                },
                "section": {"description": "Section of the document (heading as printed).", "type": "string"},
                "kind": {
                    "description": "worked-example: an example printed in the rulebook; derived-edge-case: a case "
                    "built from the rule text (e.g. a threshold).",
                    "enum": list(SOURCE_KINDS),
                },
                "entry": {
                    "description": "Glossary entry id holding the example or the rule.",
                    "type": "string",
                    "pattern": SLUG,
                },
                "note": {
                    "description": "Our own words on how the scenario reads the source (labelled as ours, never "
                    "rule text).",
                    "type": "string",
                },
            },
            "additionalProperties": False,
            "required": ["document", "section", "kind", "entry"],
        },
        "given": {"description": "Facts of the situation; the fields depend on the procedure.", "type": "object"},
        "choices": {
            "description": "Every player decision the procedure needs; a missing one is an error naming "
            "it, never a default.",
            "type": "object",
        },
        "then": {
            "description": "Optional: further procedures of the same game run in order on one game state (a "
            "chain, e.g. declare a conflict, resolve it, resolve the ring effect, claim the ring). The state starts "
            "as the first step's given; each step lays its own given on top, reads the fields its procedure "
            "declares; each field of its outcome's `state` then replaces that field. The scenario's outcome is the "
            "last step's, with `chain` "
            "(each step's outcome by '<n>.<procedure>') and `state`; the trace is every step's, in order.",
            "type": "array",
            "minItems": 1,
            "items": {
                "description": "One further step of the chain.",
                "type": "object",
                "properties": {
                    "procedure": {"description": "Procedure of the scenario's game to run next.", "type": "string"},
                    "given": {
                        "description": "Facts this step adds to (or changes in) the game state; checked against "
                        "the procedure's given once merged with the state.",
                        "type": "object",
                    },
                    "choices": {"description": "Every player decision this step needs.", "type": "object"},
                },
                "additionalProperties": False,
                "required": ["procedure"],
            },
        },
        "expect": {
            "description": "What must come out: expect.outcome and/or expect.rules, or expect.error.",
            "type": "object",
            "properties": {
                "outcome": {
                    "description": "Partial match: every key given here must be in the computed "
                    "outcome with an equal value; mappings match recursively (extra "
                    "keys in the outcome are fine), lists and other values must be "
                    "equal as a whole. The outcome's fields per procedure are under "
                    "$defs/<system>-<procedure>-outcome.",
                    "type": "object",
                },
                "rules": {
                    "description": "Glossary entry ids the resolution cites, in order (consecutive "
                    "repeats collapsed); must equal them exactly when given.",
                    "type": "array",
                    "items": {"type": "string"},
                },
                "error": {
                    "description": "Instead of an outcome: the scenario must fail with an error whose "
                    "message contains this text (replaces outcome and rules).",
                    "type": "string",
                },
            },
            "additionalProperties": False,
        },
    }


def _branches(procs: list[Procedure]) -> list[dict]:
    out = []
    for system in systems():
        names = [p.name for p in procs if p.system == system]
        rulesets = [r.id for r in RULESETS.values() if r.system == system]
        chained = {
            "properties": {"procedure": {"title": f"a {system} procedure", "enum": names}},
            "allOf": [
                {
                    "if": {"properties": {"procedure": {"const": p.name}}, "required": ["procedure"]},
                    "then": {"properties": {"choices": {"$ref": f"#/$defs/{p.def_name('choices')}"}}},
                }
                for p in procs
                if p.system == system
            ],
        }
        out.append(
            {
                "if": {"properties": {"system": {"const": system}}, "required": ["system"]},
                "then": {
                    "properties": {
                        "procedure": {"title": f"a {system} procedure", "enum": names},
                        "then": {"items": chained},
                    }
                },
            }
        )
        # only for a known ruleset: an unknown one is reported once, by the top-level enum
        out.append(
            {
                "if": {
                    "properties": {"system": {"const": system}, "ruleset": {"enum": list(RULESETS)}},
                    "required": ["system", "ruleset"],
                },
                "then": {"properties": {"ruleset": {"title": f"a {system} ruleset", "enum": rulesets}}},
            }
        )
    for p in procs:
        out.append(
            {
                "description": f"{p.key}: {p.purpose}",
                "if": {
                    "properties": {"system": {"const": p.system}, "procedure": {"const": p.name}},
                    "required": ["system", "procedure"],
                },
                "then": {
                    "properties": {
                        "given": {"$ref": f"#/$defs/{p.def_name('given')}"},
                        "choices": {"$ref": f"#/$defs/{p.def_name('choices')}"},
                    }
                },
            }
        )
    return out


def _given_field(procs: list[Procedure], system: str, path: str, first: Procedure) -> dict | None:
    """The given shape of a dotted path in `first`'s declaration, else its outcome's field of that path (the value
    it writes has its outcome's shape: lcg/setup's honor is first/second, not the conflict's attacker/defender),
    else the given shape of another procedure of the system."""
    others = [q.given for q in procs if q.system == system and q is not first]
    for root in [first.given, first.outcome] + others:
        node = root
        for part in path.split("."):
            node = shapes.NAMED.get(node["$ref"].split("/")[-1], {}) if "$ref" in node and len(node) <= 2 else node
            node = (node.get("properties") or {}).get(part)
            if node is None:
                break
        if node is not None:
            return node
    return None


def _state_shape(p: Procedure, procs: list[Procedure]) -> dict:
    """outcome.state as the procedure declares it (STATE.writes): each field with the shape a later step reads."""
    tree: dict = {}
    for path, quantity in p.state.writes.items():
        node = _given_field(procs, p.system, path, p)
        if node is None:
            raise SystemExit(f"{p.key}: STATE writes {path!r}, which no {p.system} procedure reads as given")
        parts = path.split(".")
        branch = tree
        for part in parts[:-1]:
            branch = branch.setdefault(part, {})
        branch[parts[-1]] = shapes.described(
            {k: v for k, v in node.items() if k not in ("description", "default", "examples")},
            f"{QUANTITIES[quantity][:1].upper()}{QUANTITIES[quantity][1:]}: as a later step reads given.{path}. "
            + node.get("description", ""),
        )

    def fold(branch: dict, where: str) -> dict:  # a leaf is a shape (it has a description), else a mapping
        props = {k: v if "description" in v else fold(v, f"{where}.{k}") for k, v in branch.items()}
        return shapes.obj(f"The fields of {where} it sets.", props)

    props = {k: v if "description" in v else fold(v, k) for k, v in tree.items()}
    return shapes.obj(
        "The game state this step leaves for the next step of a chained scenario: only these fields, each "
        "replacing the field of that name (at that depth) whole; a field missing here keeps its value.",
        props,
    )


def _outcome(p: Procedure, procs: list[Procedure]) -> dict:
    """The procedure's outcome shape with `state` (from STATE.writes) and `game_over` (from ENDS) added."""
    node = dict(p.outcome)
    props = {k: v for k, v in node.get("properties", {}).items() if k not in ("state", "game_over")}
    if p.state.writes:
        props["state"] = _state_shape(p, procs)
    if p.ends:
        over = shapes.NAMED[GAME_OVER["$ref"].split("/")[-1]]
        steps = "; ".join(f"{k}: {v}" for k, v in p.ends.items())
        props["game_over"] = {
            **{k: v for k, v in over.items() if k != "examples"},
            "type": ["object", "null"],
            "description": over["description"] + " null: the game goes on.",
            "properties": {
                **over["properties"],
                "step": shapes.choice_of(f"The step at which the game ended: {steps}.", tuple(p.ends)),
            },
        }
    node["properties"] = props
    return _ordered(node, tuple(getattr(p.module, "ORDERED", ())), "")


def _ordered(node, ordered: tuple, path: str, every: bool = False):
    """Mark every list of an outcome `x-order`: in order (the paths a procedure declares in ORDERED, dotted,
    `*` for a mapping's values; every list inside `state`) or any (compared as a multiset: its order carries
    no meaning)."""
    if not isinstance(node, dict) or "$ref" in node:
        return node
    out = dict(node)
    kinds = node.get("type") if isinstance(node.get("type"), list) else [node.get("type")]
    if "array" in kinds:
        out["x-order"] = "in order" if every or path in ordered else "any"
        if isinstance(node.get("items"), dict):
            out["items"] = _ordered(node["items"], ordered, path + "[]", every)
    if isinstance(node.get("properties"), dict):
        out["properties"] = {
            k: _ordered(v, ordered, f"{path}.{k}".lstrip("."), every or (k == "state" and not path))
            for k, v in node["properties"].items()
        }
    if isinstance(node.get("additionalProperties"), dict):
        out["additionalProperties"] = _ordered(node["additionalProperties"], ordered, f"{path}.*".lstrip("."), every)
    return out


def _refs(node) -> set[str]:
    if isinstance(node, dict):
        found = {node["$ref"].split("/")[-1]} if isinstance(node.get("$ref"), str) else set()
        return found.union(*(_refs(v) for v in node.values()))
    if isinstance(node, list):
        return set().union(*(_refs(v) for v in node))
    return set()


def build() -> dict:
    """The scenario schema as a dict (what `scenario.schema.json` must contain)."""
    procs = procedures()
    defs: dict[str, dict] = {}
    for p in procs:
        defs[p.def_name("given")] = p.given
        defs[p.def_name("choices")] = p.choices or shapes.obj(NO_CHOICES.format(key=p.key), {})
        defs[p.def_name("outcome")] = _outcome(p, procs)
    defs["status-outcome"] = STATUS_OUTCOME
    todo = _refs(defs)
    while todo - set(defs):  # shared shapes, and the shapes they use
        for name in sorted(todo - set(defs)):
            if name not in shapes.NAMED:
                raise SystemExit(f"$ref to an undeclared shape {name!r}")
            defs[name] = shapes.NAMED[name]
        todo = _refs(defs)
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://l5r-rules.invalid/schemas/scenario.schema.json",
        "$comment": f"generated by `{COMMAND}` from the procedures' declarations (GIVEN, CHOICES, OUTCOME in "
        "l5r_rules/engine/<system>/*.py) and the engine's tables; do not edit",
        "title": "Rules engine scenario",
        "description": "One ruling as data: a procedure resolved under one edition's ruleset with the facts "
        "(given) and every player decision (choices), and what must come out (expect). Files live "
        "in tests/rulings/<ruleset>/*.yaml; run one with `l5r-rules resolve FILE`.",
        "type": "object",
        "additionalProperties": False,
        "required": ["id", "system", "ruleset", "procedure", "source", "given", "expect"],
        "properties": _envelope(procs),
        "allOf": _branches(procs),
        "$defs": dict(sorted(defs.items())),
        "examples": _examples(),
    }


def _dump(node, indent: int = 0, width: int = 110) -> str:
    """JSON with each small node on one line (readable diffs, a third of the lines of indent-only JSON)."""
    flat = json.dumps(node, ensure_ascii=False)
    if len(flat) + indent <= width or not isinstance(node, (dict, list)) or not node:
        return flat
    pad = " " * (indent + 1)
    if isinstance(node, dict):
        items = [f"{pad}{json.dumps(k, ensure_ascii=False)}: {_dump(v, indent + 1, width)}" for k, v in node.items()]
        return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
    items = [pad + _dump(v, indent + 1, width) for v in node]
    return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"


def render() -> str:
    return _dump(build()) + "\n"


def main(argv: list[str] | None = None) -> int:
    args = sys.argv[1:] if argv is None else argv
    text = render()
    current = TARGET.read_text(encoding="utf-8") if TARGET.is_file() else ""
    if args == ["--check"]:
        if current != text:
            print(f"{TARGET}: stale; regenerate it with `{COMMAND}`", file=sys.stderr)
            return 1
        print(f"{TARGET}: up to date")
        return 0
    if args:
        print(f"usage: {COMMAND} [--check]", file=sys.stderr)
        return 2
    if current != text:
        tmp = TARGET.with_suffix(".tmp")
        tmp.write_text(text, encoding="utf-8")
        tmp.replace(TARGET)  # never a half-written schema
    print(f"{TARGET}: {'written' if current != text else 'unchanged'} ({len(text.splitlines())} lines)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
