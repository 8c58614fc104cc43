"""Where things live in a checkout. One place, so every reader agrees.

glossary/_sources.yaml            the registry of source documents
glossary/_skip.yaml               paragraphs deliberately not imported, with reasons
glossary/entries/<edition>/*.yaml one file per entry, file stem = id
glossary/concepts/*.yaml          one file per concept
glossary/errata/*.yaml            one file per erratum / change record
glossary/cards/*.yaml             the card index: one file per card the rulebooks name
glossary/_authority.yaml          the authority ladder: which source wins, per game
glossary/_errata_curated.yaml     hand-curated inputs of errata/ (summaries, affected entries)
glossary/_card_names.yaml         hand-curated inputs of cards/ (each book's card names, and its non-cards)
glossary/hints/<edition>.yaml     search hints: questions a player might type that each entry answers
glossary/_synonyms.yaml           judges' words -> the rulebooks' words, for search
glossary/_engine_status.yaml      the curated engine status of each entry no passing scenario cites
sources/                          the rulebooks, byte for byte as received
build/                            generated output (index, site Markdown, site)
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path


def find_root(start: Path | None = None) -> Path:
    """The checkout root: $L5R_ROOT, else the nearest parent holding glossary/_sources.yaml."""
    env = os.environ.get("L5R_ROOT")
    if env:
        return Path(env).resolve()
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if (candidate / "glossary" / "_sources.yaml").is_file():
            return candidate
    pkg_root = Path(__file__).resolve().parent.parent
    if (pkg_root / "glossary" / "_sources.yaml").is_file():
        return pkg_root
    return here


@dataclass(frozen=True)
class Layout:
    root: Path

    @property
    def glossary(self) -> Path:
        return self.root / "glossary"

    @property
    def sources_registry(self) -> Path:
        return self.glossary / "_sources.yaml"

    @property
    def skip_list(self) -> Path:
        return self.glossary / "_skip.yaml"

    @property
    def entries(self) -> Path:
        return self.glossary / "entries"

    @property
    def concepts(self) -> Path:
        return self.glossary / "concepts"

    @property
    def errata(self) -> Path:
        return self.glossary / "errata"

    @property
    def cards(self) -> Path:
        return self.glossary / "cards"

    @property
    def authority(self) -> Path:
        return self.glossary / "_authority.yaml"

    @property
    def errata_curated(self) -> Path:
        return self.glossary / "_errata_curated.yaml"

    @property
    def card_names(self) -> Path:
        return self.glossary / "_card_names.yaml"

    @property
    def hints(self) -> Path:
        """Search hints, one file per edition whose registry line says `hints: true`."""
        return self.glossary / "hints"

    def hints_file(self, edition: str) -> Path:
        return self.hints / f"{edition}.yaml"

    @property
    def synonyms(self) -> Path:
        """Judges' words -> the rulebooks' words, for search."""
        return self.glossary / "_synonyms.yaml"

    @property
    def engine_status(self) -> Path:
        return self.glossary / "_engine_status.yaml"

    @property
    def sources(self) -> Path:
        return self.root / "sources"

    @property
    def rulings(self) -> Path:
        """The worked examples as engine scenarios: pytest checks them, the site shows them."""
        return self.root / "tests" / "rulings"

    @property
    def build(self) -> Path:
        return self.root / "build"

    def entry_path(self, edition: str, entry_id: str) -> Path:
        return self.entries / edition / f"{entry_id}.yaml"

    def entry_files(self) -> list[Path]:
        return yaml_files(self.entries, "*/*.yaml")


def yaml_files(folder: Path, pattern: str = "*.yaml") -> list[Path]:
    """The glossary files readers read in `folder`: hidden names (editor lock files such as
    `.#x.yaml`) are left out here and reported by validate (L5R103) instead."""
    if not folder.is_dir():
        return []
    return sorted(p for p in folder.glob(pattern) if not p.name.startswith("."))
