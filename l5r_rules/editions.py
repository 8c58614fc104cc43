"""Games and editions: read from the registry (`glossary/_sources.yaml`), never listed in code.

Everything that shows or filters by edition asks a `Registry`: the site (tabs in
publication order, badges and their colours, labels), search (filters, the words
in a question that name an edition), the CLI (what --edition accepts) and validate
(every edition or game id an entry, concept or errata record uses). Adding an
edition is a registry line, its document and its outline: no code changes.

This module imports nothing heavy: search reads the registry from its index
(`Registry.from_json`), everything else from the glossary (`load_registry`).
"""

from __future__ import annotations

from pathlib import Path
from typing import NamedTuple

from .layout import Layout, find_root

# NamedTuples and a plain class, not dataclasses: `l5r-rules search` imports this at every start.


class GameInfo(NamedTuple):
    id: str
    label: str
    words: tuple[str, ...] = ()


class EditionInfo(NamedTuple):
    id: str
    game: str
    label: str
    short: str
    badge: str
    words: tuple[str, ...] = ()
    soft_words: tuple[str, ...] = ()
    glossary_is_rules: bool = False  # its glossary entries are its rules, not definitions (search policy)
    hints: bool = False  # it has search hints, glossary/hints/<id>.yaml


class Registry:
    """The games and the editions (in publication order) of one checkout."""

    def __init__(self, games: tuple[GameInfo, ...], editions: tuple[EditionInfo, ...]) -> None:
        self.games, self.editions = tuple(games), tuple(editions)
        self._by_id = {e.id: e for e in self.editions}

    @property
    def order(self) -> list[str]:
        """Edition ids in publication order."""
        return [e.id for e in self.editions]

    @property
    def game_ids(self) -> list[str]:
        return [g.id for g in self.games]

    @property
    def game_of(self) -> dict[str, str]:
        return {e.id: e.game for e in self.editions}

    def edition(self, edition_id: str) -> EditionInfo | None:
        return self._by_id.get(edition_id)

    def label(self, edition_id: str) -> str:
        info = self._by_id.get(edition_id)
        return info.label if info else edition_id

    def short(self, edition_id: str) -> str:
        info = self._by_id.get(edition_id)
        return info.short if info else edition_id

    def game_label(self, game_id: str) -> str:
        return next((g.label for g in self.games if g.id == game_id), game_id)

    def game_short(self, game_id: str) -> str:
        """A game's name in a short line ("LCG rules first"): its one edition's short name, else the
        abbreviation its label gives in parentheses ("collectible card game (CCG)"), else its label."""
        editions = [e for e in self.editions if e.game == game_id]
        if len(editions) == 1:
            return editions[0].short
        label = self.game_label(game_id)
        return label[label.rindex("(") + 1 : -1] if label.endswith(")") and "(" in label else label

    def rank(self, edition_id: str) -> int:
        """Position in publication order (unknown editions last), for sorting."""
        return self.order.index(edition_id) if edition_id in self._by_id else len(self.editions)

    def facts(self) -> dict[str, dict]:
        """Edition id -> its properties (what the search policy's rules may test: `edition: ...`)."""
        return {e.id: e._asdict() for e in self.editions}

    def to_json(self) -> dict:
        return {"games": [g._asdict() for g in self.games], "editions": [e._asdict() for e in self.editions]}

    @classmethod
    def from_json(cls, data: dict) -> Registry:
        games = tuple(GameInfo(g["id"], g["label"], tuple(g.get("words") or ())) for g in data.get("games") or ())
        editions = tuple(
            EditionInfo(
                e["id"],
                e["game"],
                e["label"],
                e["short"],
                e["badge"],
                tuple(e.get("words") or ()),
                tuple(e.get("soft_words") or ()),
                bool(e.get("glossary_is_rules")),
                bool(e.get("hints")),
            )
            for e in data.get("editions") or ()
        )
        return cls(games, editions)


def load_registry(root: Path | None = None) -> Registry:
    """The registry of a checkout (GlossaryFileError if `_sources.yaml` is unsafe or off its schema)."""
    # Imported here, not at the top: `l5r-rules search` imports this module at every start and reads the
    # registry from its index, never through the YAML loader and schemas (yaml, jsonschema) it brings in.
    from .checked import load_checked

    layout = Layout(root or find_root())
    return Registry.from_json(load_checked(layout.sources_registry, "sources", "L5R070"))


def badge_css(registry: Registry) -> str:
    """The edition badge colours, one CSS rule per edition (the site build writes this file)."""
    lines = ["/* Generated from glossary/_sources.yaml (editions[].badge) by the site build. */"]
    lines += [f".l5r-ed-{e.id} {{ background: {e.badge}; }}" for e in registry.editions]
    return "\n".join(lines) + "\n"
