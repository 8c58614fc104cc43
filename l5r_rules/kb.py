"""Read the knowledge base as plain data: the one loader every reader uses.

Readers (search index, site build, rules engine) call `load_kb()`; it assumes a
glossary that `l5r-rules validate` accepts and does no checking of its own.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import yamlio
from .layout import Layout, find_root
from .registry import Document, load_documents


@dataclass
class KnowledgeBase:
    layout: Layout
    documents: dict[str, Document]
    entries: dict[str, dict]
    concepts: dict[str, dict] = field(default_factory=dict)
    errata: dict[str, dict] = field(default_factory=dict)

    def entries_of(self, edition: str) -> list[dict]:
        """One edition's entries in source order."""
        return sorted((e for e in self.entries.values() if e["edition"] == edition), key=lambda e: e["order"])


def _load_dir(folder: Path, pattern: str = "*.yaml") -> dict[str, dict]:
    out: dict[str, dict] = {}
    if folder.is_dir():
        for path in sorted(folder.glob(pattern)):
            data = yamlio.load_plain(path)
            if isinstance(data, dict):
                out[data.get("id", path.stem)] = data
    return out


def load_kb(root: Path | None = None) -> KnowledgeBase:
    layout = Layout(root or find_root())
    return KnowledgeBase(
        layout=layout,
        documents={d.id: d for d in load_documents(layout)},
        entries=_load_dir(layout.entries, "*/*.yaml"),
        concepts=_load_dir(layout.concepts),
        errata=_load_dir(layout.errata),
    )
