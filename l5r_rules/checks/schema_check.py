"""Check each file against its JSON Schema (L5R010-L5R012; L5R070 registry, L5R071 skip list; L5R084 a skip
item naming no document of the registry)."""

from __future__ import annotations

from ..schemas import error_path, say, validator
from ..skiplist import unknown_documents, unknown_message
from .loaded import Doc, Glossary, _read
from .problems import Problem


def _schema_problems(doc: Doc, schema_name: str) -> list[Problem]:
    if doc.loaded.problems:
        return []
    out = []
    for err in validator(schema_name).iter_errors(doc.data):
        path = error_path(err)
        if err.validator == "additionalProperties":
            extra = sorted(set(err.instance) - set(err.schema.get("properties", {})))
            for name in extra:
                out.append(
                    doc.problem(
                        "L5R011",
                        path + (name,),
                        f"unknown field '{name}' (allowed: {', '.join(err.schema.get('properties', {}))})",
                    )
                )
        elif err.validator == "required":
            out.append(doc.problem("L5R012", path, err.message))
        else:
            out.append(doc.problem("L5R010", path, say(err)))
    return out


def check(g: Glossary) -> list[Problem]:
    out: list[Problem] = []
    for doc in g.entries:
        out += _schema_problems(doc, "entry")
    for doc in g.concepts:
        out += _schema_problems(doc, "concept")
    for doc in g.errata:
        out += _schema_problems(doc, "errata")
    if g.registry is not None:
        out += [
            Problem(p.path, p.line, p.col, "L5R070", p.field, p.message)
            for p in _schema_problems(g.registry, "sources")
        ]
    if g.layout.skip_list.exists() or g.layout.skip_list.is_symlink():
        yaml_problems: list[Problem] = []
        skip = _read(g.layout, g.layout.skip_list, yaml_problems)
        out += yaml_problems
        schema = [Problem(p.path, p.line, p.col, "L5R071", p.field, p.message) for p in _schema_problems(skip, "skip")]
        out += schema
        if not yaml_problems and not schema and g.registry_ok and isinstance(skip.data, dict):
            documents = {d["id"] for d in g.registry.data["documents"]}
            for i, doc in unknown_documents(skip.data.get("skip") or [], documents):
                out.append(skip.problem("L5R084", ("skip", i, "document"), unknown_message(doc, documents)))
    return out
