"""The card index (glossary/cards/*.yaml): schema, id = file name, references exist,
the name is really there (L5R090-L5R091).

A judge starts from a card name; every entry listed for the card must name it (by
its name or one of the other spellings its record lists), so that the index never
sends anyone to a page that does not mention the card.
"""

from __future__ import annotations

import re

from ..layout import yaml_files
from ..normalize import collapse
from .loaded import Glossary, _read
from .problems import Problem
from .schema_check import _schema_problems


def check(g: Glossary) -> list[Problem]:
    folder = g.layout.cards
    if not folder.is_dir():
        return []
    out: list[Problem] = []
    texts = {d.data["id"]: collapse((d.data.get("text") or "").replace("*", "")) for d in g.checked(g.entries)}
    errata = {d.data["id"] for d in g.checked(g.errata)}
    for path in yaml_files(folder):
        problems: list[Problem] = []
        doc = _read(g.layout, path, problems)
        problems += _schema_problems(doc, "card")
        out += problems
        if problems or not isinstance(doc.data, dict):
            continue
        data = doc.data
        if data["id"] != path.stem:
            out.append(
                doc.problem(
                    "L5R020",
                    ("id",),
                    f"'{data['id']}' differs from the file name '{path.stem}' (rename the file or fix the id)",
                )
            )
        spellings = [data["name"], *(data.get("also_spelled") or [])]
        name = re.compile("|".join(rf"(?<!\w){re.escape(collapse(s))}(?!\w)" for s in spellings))
        for i, entry_id in enumerate(data["mentioned_in"]):
            if entry_id not in texts:
                out.append(doc.problem("L5R090", ("mentioned_in", i), f"'{entry_id}' is not an entry id"))
            elif not name.search(texts[entry_id]):
                out.append(
                    doc.problem(
                        "L5R091", ("mentioned_in", i), f"the text of '{entry_id}' does not name '{data['name']}'"
                    )
                )
        for i, record in enumerate(data.get("errata") or []):
            if record not in errata:
                out.append(doc.problem("L5R090", ("errata", i), f"'{record}' is not an errata record id"))
    return out
