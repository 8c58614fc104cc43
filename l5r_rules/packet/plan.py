"""Which packets there are: one per edition, one "what changed" per pair of editions of one game.

Editions and games come from the registry (glossary/_sources.yaml); pairs are every
two editions of one game, older first, in publication order. Nothing is listed here.
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import combinations

from ..editions import Registry

PAPERS = {"a4": "A4", "letter": "Letter"}  # --paper value -> CSS @page size


class PlanError(ValueError):
    """An --edition or --changes value the registry does not allow; str() is the one-line reason."""


@dataclass(frozen=True)
class Packet:
    kind: str  # "edition" or "changes"
    editions: tuple[str, ...]  # one edition, or (older, newer)
    paper: str  # a key of PAPERS

    @property
    def filename(self) -> str:
        if self.kind == "edition":
            return f"{self.editions[0]}-rules-{self.paper}.pdf"
        return f"changes-{'-'.join(self.editions)}-{self.paper}.pdf"


def change_pairs(registry: Registry, editions_with_entries: list[str]) -> list[tuple[str, str]]:
    """Every two editions of one game that both have entries, older first."""
    out = []
    for game in registry.game_ids:
        mine = [e for e in registry.order if registry.game_of[e] == game and e in editions_with_entries]
        out += list(combinations(mine, 2))
    return out


def plan(
    registry: Registry,
    editions_with_entries: list[str],
    papers: list[str],
    editions: tuple[str, ...] = (),
    changes: tuple[str, ...] = (),
) -> list[Packet]:
    """The packets to make; with neither `editions` nor `changes` given, all of them."""
    known = [e for e in registry.order if e in editions_with_entries]
    pairs = change_pairs(registry, editions_with_entries)
    for edition in editions:
        if edition not in known:
            raise PlanError(f"--edition {edition!r}: not an edition with entries (choose from {', '.join(known)})")
    wanted_pairs = []
    for spec in changes:
        pair = _pair(spec, pairs)
        wanted_pairs.append(pair)
    if not editions and not changes:
        editions, wanted_pairs = tuple(known), pairs
    packets = []
    for paper in papers:
        packets += [Packet("edition", (e,), paper) for e in dict.fromkeys(editions)]
        packets += [Packet("changes", p, paper) for p in dict.fromkeys(wanted_pairs)]
    return packets


def _pair(spec: str, pairs: list[tuple[str, str]]) -> tuple[str, str]:
    choices = ", ".join("-".join(p) for p in pairs) or "none"
    for a, b in pairs:  # edition ids may hold hyphens themselves: match whole names
        if spec.strip() in (f"{a}-{b}", f"{b}-{a}"):
            return a, b  # older first, whichever way it was typed
    raise PlanError(f"--changes {spec!r}: not two editions of one game (choose from {choices})")
