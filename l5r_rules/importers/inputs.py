"""Everything import reads, read before anything is written.

The sources registry, the skip list, each selected document's source file and
outline, and every existing entry file that import would merge, replace or
remove. Each failure becomes an `ImportProblem` naming `path:line:col` (with
validate's code where it has one) instead of an exception, so that import can
refuse as a whole and write nothing.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .. import yamlio
from ..layout import Layout, yaml_files
from ..registry import (
    Document,
    edited_source_problem,
    load_documents,
    recorded_hashes,
    source_file_problem,
    source_text_problem,
)
from ..schemas import validator
from ..skiplist import SkipItem, load_skip_list
from .outline import OUTLINE_DIR, Outline, document_outline
from .problems import ImportProblem


def rel(layout: Layout, path: Path) -> str:
    """`path` as printed: relative to the checkout, or to the package's folder for outlines."""
    for base in (layout.root, OUTLINE_DIR.parents[2]):
        if path.is_relative_to(base):
            return str(path.relative_to(base))
    return str(path)


def _yaml_problems(layout: Layout, path: Path, loaded: yamlio.Loaded) -> list[ImportProblem]:
    return [ImportProblem(rel(layout, path), p.line, p.col, p.message, p.code) for p in loaded.problems]


def _load(layout: Layout, path: Path) -> tuple[yamlio.Loaded | None, list[ImportProblem]]:
    """A YAML file with positions, or the problems that stop import from using it."""
    if not path.is_file():
        return None, [ImportProblem(rel(layout, path), 1, 1, "is not a regular file; import cannot read it")]
    try:
        loaded = yamlio.load_file(path)
    except OSError as exc:
        return None, [ImportProblem(rel(layout, path), 1, 1, f"cannot be read: {exc.strerror or exc}")]
    return loaded, _yaml_problems(layout, path, loaded)


@dataclass
class Registry:
    documents: list[Document]
    loaded: yamlio.Loaded

    def file_field(self, doc: Document) -> tuple[str | int, ...]:
        """The path of the document's `file` field in the registry."""
        return ("documents", next(i for i, d in enumerate(self.documents) if d.id == doc.id), "file")


def read_registry(layout: Layout) -> tuple[Registry | None, list[ImportProblem]]:
    path = layout.sources_registry
    if not path.exists():
        return None, [
            ImportProblem(
                rel(layout, path),
                1,
                1,
                "no sources registry here: is --root a checkout with glossary/_sources.yaml?",
                "L5R070",
            )
        ]
    loaded, problems = _load(layout, path)
    if problems:
        return None, problems
    for err in validator("sources").iter_errors(loaded.data):
        line, col = loaded.where(tuple(err.absolute_path))
        problems.append(
            ImportProblem(
                rel(layout, path), line, col, f"{yamlio.dotted(tuple(err.absolute_path))} {err.message}", "L5R070"
            )
        )
    if problems:
        return None, problems
    return Registry(load_documents(layout), loaded), []


def read_skip_list(layout: Layout) -> tuple[list[SkipItem], list[ImportProblem]]:
    path = layout.skip_list
    if not path.exists():
        return [], []
    loaded, problems = _load(layout, path)
    if problems:
        return [], problems
    try:
        return load_skip_list(layout), []
    except yamlio.GlossaryFileError as exc:  # e.g. an item naming no document of the registry (L5R084)
        p = exc.problem
        return [], [ImportProblem(rel(layout, path), p.line, p.col, f"{p.field} {p.message}", p.code)]
    except (KeyError, TypeError, AttributeError) as exc:
        return [], [ImportProblem(rel(layout, path), 1, 1, f"skip list item without a field it needs: {exc}")]


def read_source(layout: Layout, registry: Registry, doc: Document) -> tuple[str | None, list[ImportProblem]]:
    """The document's text, or why it cannot be read (outside sources/, missing, not a file, edited since its
    hash was recorded in sources/SHA256SUMS, not UTF-8)."""
    path = doc.path(layout)
    problem = source_file_problem(layout, doc.file)
    if problem:
        where = registry.file_field(doc)
        return None, [
            ImportProblem(
                rel(layout, layout.sources_registry),
                *registry.loaded.where(where),
                f"{yamlio.dotted(where)} {problem}",
                "L5R070",
            )
        ]
    edited = edited_source_problem(layout, Path(doc.file).name, recorded_hashes(layout))
    if edited is not None:  # an edited book was imported and quoted as verbatim (hostile round 9b, #53)
        line, message = edited
        return None, [ImportProblem(rel(layout, layout.sources / "SHA256SUMS"), line, 1, message, "L5R039")]
    try:
        data = path.read_bytes()
    except OSError as exc:
        return None, [ImportProblem(rel(layout, path), 1, 1, f"source cannot be read: {exc.strerror or exc}")]
    encoding = source_text_problem(data)
    if encoding:
        line, col, code, message = encoding
        return None, [ImportProblem(rel(layout, path), line, col, message, code)]
    return data.decode("utf-8-sig"), []  # a byte-order mark is not part of the rulebook


def read_outline(layout: Layout, doc: Document) -> tuple[Outline | None, list[ImportProblem]]:
    """The document's outline; a document without an outline file uses the shape rule alone."""
    path = OUTLINE_DIR / f"{doc.id}.yaml"
    if not path.exists():
        return document_outline(doc), []
    loaded, problems = _load(layout, path)
    if problems:
        return None, problems
    try:
        outline = Outline(document=doc.id, **(loaded.data or {}))
        for pattern in [p for p, _ in outline.levels] + [outline.not_heading_pattern, outline.example_pattern]:
            if pattern:
                re.compile(pattern)
    except (TypeError, ValueError, KeyError, re.error) as exc:
        return None, [ImportProblem(rel(layout, path), 1, 1, f"outline cannot be used: {exc}")]
    return outline, []


@dataclass
class Existing:
    """An entry file as it is before import: its path, text, and data with positions."""

    path: Path
    text: str
    loaded: yamlio.Loaded

    @property
    def data(self) -> dict:
        return self.loaded.data


def read_existing(layout: Layout, edition: str) -> tuple[dict[str, Existing], list[ImportProblem]]:
    """Every entry file of an edition (id = file stem), or the problems that stop a safe merge."""
    folder = layout.entries / edition
    if not folder.exists():
        return {}, []
    if not folder.is_dir():
        return {}, [ImportProblem(rel(layout, folder), 1, 1, "is not a folder; import writes entries into it")]
    out: dict[str, Existing] = {}
    problems: list[ImportProblem] = []
    for path in yaml_files(folder):
        loaded, found = _load(layout, path)
        problems += found
        if found:
            continue
        if not isinstance(loaded.data, dict):
            problems.append(
                ImportProblem(
                    rel(layout, path),
                    1,
                    1,
                    "is not a YAML mapping, so import cannot tell "
                    "which of its fields are curated; fix or delete the file",
                )
            )
            continue
        out[path.stem] = Existing(path, path.read_text(encoding="utf-8"), loaded)
    return out, problems
