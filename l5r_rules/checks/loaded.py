"""Read every glossary file once, with positions, for the checks."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .. import yamlio
from ..layout import Layout, yaml_files
from .problems import Problem


@dataclass
class Doc:
    """One YAML file: its path relative to the root, its data and value positions."""

    rel: str
    path: Path
    loaded: yamlio.Loaded

    @property
    def data(self):
        return self.loaded.data

    def problem(self, code: str, field_path: tuple, message: str) -> Problem:
        line, col = self.loaded.where(field_path)
        return Problem(self.rel, line, col, code, yamlio.dotted(field_path), message)


@dataclass
class Glossary:
    layout: Layout
    registry: Doc | None
    entries: list[Doc] = field(default_factory=list)
    concepts: list[Doc] = field(default_factory=list)
    errata: list[Doc] = field(default_factory=list)
    yaml_problems: list[Problem] = field(default_factory=list)
    invalid: set[str] = field(default_factory=set)  # files with YAML or schema problems

    def checked(self, docs: list[Doc]) -> list[Doc]:
        """The docs whose YAML and schema are fine: only these are checked for references,
        so a wrong type is one schema error, never a crash or a cascade of follow-on errors."""
        return [d for d in docs if d.rel not in self.invalid]

    @property
    def registry_ok(self) -> bool:
        return self.registry is not None and self.registry.rel not in self.invalid


def _read(layout: Layout, path: Path, out: list[Problem]) -> Doc:
    """Load one file with the safe loader; its YAML problems go to `out`."""
    rel = str(path.relative_to(layout.root)) if path.is_relative_to(layout.root) else str(path)
    doc = Doc(rel, path, yamlio.load_file(path))
    for p in doc.loaded.problems:
        out.append(Problem(rel, p.line, p.col, p.code, p.field, p.message))
    return doc


def read_glossary(layout: Layout) -> Glossary:
    problems: list[Problem] = []
    registry = _read(layout, layout.sources_registry, problems) if layout.sources_registry.exists() else None
    g = Glossary(layout=layout, registry=registry)
    g.entries = [_read(layout, p, problems) for p in layout.entry_files()]
    g.concepts = [_read(layout, p, problems) for p in yaml_files(layout.concepts)]
    g.errata = [_read(layout, p, problems) for p in yaml_files(layout.errata)]
    g.yaml_problems = problems
    return g
