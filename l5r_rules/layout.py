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

from .filetx import JOURNAL_NAME

PROJECT_DIR = Path(__file__).resolve().parent.parent  # this program's own checkout (its code, site config)


class NotACheckout(Exception):
    """No checkout where the command looked: str() is the one line to print (exit status 2)."""


def is_checkout(folder: Path) -> bool:
    """A checkout is a folder holding glossary/ with its registry, glossary/_sources.yaml."""
    return (folder / "glossary" / "_sources.yaml").is_file()


def find_root(start: Path | None = None) -> Path:
    """The checkout: $L5R_ROOT, else the nearest of `start` (default: the working folder) and its
    parents that holds glossary/_sources.yaml. Never the installed package's own checkout: a command
    run outside a checkout must say so (NotACheckout), not quietly read another glossary."""
    env = os.environ.get("L5R_ROOT")
    if env:
        return checked_root(Path(env), "L5R_ROOT")
    here = (start or Path.cwd()).resolve()
    for candidate in (here, *here.parents):
        if is_checkout(candidate):
            return candidate
    raise NotACheckout(
        f"{here}: no glossary here: neither it nor a folder above it holds glossary/_sources.yaml "
        "(run inside a checkout, or pass --root)"
    )


def checked_root(root: Path, given_as: str = "--root") -> Path:
    """`root` resolved, or NotACheckout when it holds no glossary/_sources.yaml."""
    root = root.resolve()
    if not is_checkout(root):
        # a control character typed in the path is shown, not cut out by the terminal's output (round 7, #101)
        shown = str(root) if str(root).isprintable() else repr(str(root))[1:-1]
        if not root.is_dir():
            raise NotACheckout(f"{shown}: no such folder: {given_as} names {'a file' if root.exists() else 'nothing'}")
        what = "no glossary/ folder" if not (root / "glossary").is_dir() else "no glossary/_sources.yaml (the registry)"
        raise NotACheckout(f"{shown}: no glossary here: {given_as} names a folder with {what}; give a checkout")
    return root


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
    def write_journal(self) -> Path:
        """The journal of a multi-file write to glossary/ in progress (filetx.py)."""
        return self.glossary / JOURNAL_NAME

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
