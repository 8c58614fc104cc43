"""Where `l5r-rules import --keep-orphans` parks entries the sources no longer produce.

An entry whose heading disappeared from its source but which carries curated
fields is never deleted silently. With --keep-orphans its file is moved, as it
was, to glossary/orphans/<edition>/<id>.yaml: outside glossary/entries/, so the
search, the site and the checks of entries ignore it, while validate lists each
orphan (L5R043) until someone moves its curated fields to the entry that
replaces it, or decides they are no longer wanted, and deletes the file.
"""

from __future__ import annotations

from pathlib import Path

from ..layout import Layout, yaml_files


def orphans_folder(layout: Layout) -> Path:
    return layout.glossary / "orphans"


def orphan_path(layout: Layout, edition: str, entry_id: str) -> Path:
    return orphans_folder(layout) / edition / f"{entry_id}.yaml"


def orphan_files(layout: Layout) -> list[Path]:
    folder = orphans_folder(layout)
    return yaml_files(folder, "*/*.yaml")
