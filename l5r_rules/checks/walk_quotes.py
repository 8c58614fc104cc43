"""The timing walker's quotes still stand in the entries they cite (L5R082).

Each step of `l5r_rules/walk/sequences/<edition>.yaml` cites an entry with a
verbatim `quote`; `walk` and the site's timing pages print the entry's own words
at that place (walk.quoted). An entry edited since, so that it no longer holds
the words, would leave a step citing a rule it does not state: validate fails
until the sequence file quotes the entry as it is now. Only entries the
checkout holds are checked: a fixture or a data-only fork need not hold every
book (a cited id that is gone from the real glossary fails tests/test_walk.py,
and `walk` says so where it would quote it).
"""

from __future__ import annotations

from pathlib import Path

from .. import yamlio
from ..layout import PROJECT_DIR
from ..walk import SEQUENCES, holds_quote
from .loaded import Glossary
from .problems import Problem


def _cited(data, path: tuple = ()):
    """(field path, entry id, quote) of every {entry, quote} mapping in a sequence file, in file order."""
    if isinstance(data, dict):
        if isinstance(data.get("entry"), str) and isinstance(data.get("quote"), str):
            yield path, data["entry"], data["quote"]
        for key, value in data.items():
            yield from _cited(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _cited(value, (*path, i))


def _shown(path: Path, root: Path) -> str:
    for base in (root, PROJECT_DIR):
        if path.is_relative_to(base):
            return str(path.relative_to(base))
    return str(path)


def check(g: Glossary) -> list[Problem]:
    texts = {d.data["id"]: d.data.get("text") or "" for d in g.checked(g.entries) if isinstance(d.data, dict)}
    out: list[Problem] = []
    for path in sorted(SEQUENCES.glob("*.yaml")):
        loaded = yamlio.load_file(path)
        rel = _shown(path, g.layout.root)
        for where, entry, quote in _cited(loaded.data):
            if entry in texts and not holds_quote(texts[entry], quote):
                line, col = loaded.where((*where, "quote"))
                message = (
                    f"the text of '{entry}' no longer holds this quote: quote the entry as it is now "
                    "(walk and the site print the entry's own words)"
                )
                out.append(Problem(rel, line, col, "L5R082", yamlio.dotted((*where, "quote")), message))
    return out
