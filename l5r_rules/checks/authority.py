"""The authority ladder (glossary/_authority.yaml): schema, cited entries exist, quotes are verbatim (L5R080-L5R081).

Every answer shows which source wins; that claim must rest on the rulebooks'
own words, so each step's quotes are checked against the entries' text.
"""

from __future__ import annotations

from ..normalize import collapse
from .loaded import Glossary, _read
from .problems import Problem
from .references import registry_games
from .schema_check import _schema_problems


def check(g: Glossary) -> list[Problem]:
    path = g.layout.authority
    if not path.exists():
        return []
    out: list[Problem] = []
    doc = _read(g.layout, path, out)
    out += _schema_problems(doc, "authority")
    if out or not isinstance(doc.data, dict):
        return out
    texts = {d.data["id"]: collapse(d.data.get("text") or "") for d in g.checked(g.entries)}
    games = registry_games(g)
    for game, ladder in (doc.data.get("games") or {}).items():
        if games is not None and game not in games:
            out.append(
                doc.problem(
                    "L5R032",
                    ("games", game),
                    f"'{game}' is not a game of the registry (known: {', '.join(sorted(games))})",
                )
            )
        for i, step in enumerate(ladder):
            for j, cite in enumerate(step.get("cites") or []):
                where = ("games", game, i, "cites", j)
                if cite["entry"] not in texts:
                    out.append(doc.problem("L5R080", where + ("entry",), f"'{cite['entry']}' is not an entry id"))
                elif collapse(cite["quote"]) not in texts[cite["entry"]]:
                    out.append(
                        doc.problem(
                            "L5R081", where + ("quote",), f"the quote does not occur in the text of '{cite['entry']}'"
                        )
                    )
    return out
