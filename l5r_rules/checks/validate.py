"""Run every check over a glossary and collect all problems, sorted by file and line."""

from __future__ import annotations

from ..layout import Layout
from . import (
    authority,
    cards,
    curated,
    engine_status,
    evidence,
    identity,
    orphans,
    references,
    schema_check,
    search_data,
    strings,
    text_shape,
    translations,
    verbatim,
    walk_quotes,
)
from . import files as file_check
from .loaded import read_glossary
from .problems import Problem

# Run after the schema check, on files that passed it (Glossary.checked).
CHECKS = (
    identity.check,
    references.check,
    authority.check,
    evidence.check,
    cards.check,
    curated.check,
    translations.check,
    orphans.check,
    text_shape.check,
    verbatim.check,
    search_data.check,
    engine_status.check,
    walk_quotes.check,
    strings.check,
)


def run_all(layout: Layout) -> tuple[list[Problem], int]:
    """(problems, number of files read)."""
    if not layout.sources_registry.exists():
        return [
            Problem(
                str(layout.sources_registry),
                1,
                1,
                "L5R070",
                "(document)",
                "no sources registry here: is --root a checkout with glossary/_sources.yaml?",
            )
        ], 0
    g = read_glossary(layout)
    problems = list(g.yaml_problems) + file_check.check(g)
    schema = schema_check.check(g)
    problems += schema
    g.invalid = {p.path for p in g.yaml_problems} | {p.path for p in schema}
    for check in CHECKS:
        problems += check(g)
    files = 1 + len(g.entries) + len(g.concepts) + len(g.errata)
    return sorted(set(problems)), files


class InvalidGlossary(Exception):
    """`l5r-rules validate` rejects the glossary; str() is the one line to print."""


def refuse_invalid(layout: Layout, what: str) -> None:
    """InvalidGlossary unless validate passes: nothing is published or printed (site, packet) from a
    glossary it rejects (a dangling id, a quote its entry no longer holds, a control character in a term)."""
    problems, _files = run_all(layout)
    if problems:
        raise InvalidGlossary(
            f"the glossary has {len(problems)} problem(s), nothing was {what}: {problems[0]} "
            "(run `l5r-rules validate` to see every one)"
        )
