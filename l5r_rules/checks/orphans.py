"""Entries parked by `import --keep-orphans` are listed until resolved (L5R043).

An orphan (importers/orphans.py) is an entry file whose id the sources no longer
produce but whose curated fields nobody has moved yet. Validate reports each
one so that parked work is not forgotten: move its curated fields to the entry
that replaces it (or decide they are no longer wanted), then delete the file.
"""

from __future__ import annotations

from .. import yamlio
from ..importers.curated import curated_fields
from ..importers.orphans import orphan_files
from .loaded import Glossary
from .problems import Problem


def check(g: Glossary) -> list[Problem]:
    files = orphan_files(g.layout)
    if not files:
        return []

    out: list[Problem] = []
    for path in files:
        rel = str(path.relative_to(g.layout.root))
        loaded = yamlio.load_file(path) if path.is_file() else yamlio.Loaded(data=None)
        fields = curated_fields(loaded.data) if isinstance(loaded.data, dict) else []
        line, col = loaded.where((fields[0],)) if fields else (1, 1)
        held = f"its curated field(s) {', '.join(fields)}" if fields else "its curated fields"
        out.append(
            Problem(
                rel,
                line,
                col,
                "L5R043",
                fields[0] if fields else "(document)",
                f"orphaned entry (parked by `l5r-rules import --keep-orphans`): the sources no longer "
                f"produce '{path.stem}'; move {held} to the entry that replaces it, then delete this file",
            )
        )
    return out
