"""Ids: equal to the file stem, unique, entries in their edition's folder (L5R020-L5R022); a renamed
entry's former ids (`former_ids`, each forwarding to it on the site) shadow no entry and no other
entry's former id (L5R023)."""

from __future__ import annotations

from .loaded import Doc, Glossary
from .problems import Problem


def _ids(docs: list[Doc], out: list[Problem], check_folder: bool) -> None:
    first: dict[str, Doc] = {}
    for doc in docs:
        data = doc.data
        if not isinstance(data, dict) or not isinstance(data.get("id"), str):
            continue
        entry_id = data["id"]
        if entry_id != doc.path.stem:
            out.append(
                doc.problem(
                    "L5R020",
                    ("id",),
                    f"'{entry_id}' differs from the file name '{doc.path.stem}' (rename the file or fix the id)",
                )
            )
        if entry_id in first:
            out.append(doc.problem("L5R021", ("id",), f"'{entry_id}' is also the id of {first[entry_id].rel}"))
        else:
            first[entry_id] = doc
        if check_folder and isinstance(data.get("edition"), str) and doc.path.parent.name != data["edition"]:
            out.append(
                doc.problem(
                    "L5R022",
                    ("edition",),
                    f"entry of edition '{data['edition']}' is stored under '{doc.path.parent.name}/'",
                )
            )


def _former_ids(docs: list[Doc], out: list[Problem]) -> None:
    live = {d.data["id"] for d in docs if isinstance(d.data, dict) and isinstance(d.data.get("id"), str)}
    seen: dict[str, str] = {}
    for doc in docs:
        data = doc.data
        if not isinstance(data, dict) or not isinstance(data.get("former_ids"), list):
            continue
        for i, old in enumerate(data["former_ids"]):
            if old in live:
                out.append(doc.problem("L5R023", ("former_ids", i), f"'{old}' is the id of an entry"))
            elif old in seen:
                out.append(doc.problem("L5R023", ("former_ids", i), f"'{old}' is also a former id of {seen[old]}"))
            else:
                seen[old] = doc.rel


def check(g: Glossary) -> list[Problem]:
    out: list[Problem] = []
    _ids(g.checked(g.entries), out, check_folder=True)
    _former_ids(g.checked(g.entries), out)
    _ids(g.checked(g.concepts), out, check_folder=False)
    _ids(g.checked(g.errata), out, check_folder=False)
    return out
