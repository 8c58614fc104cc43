"""Every reference resolves (L5R030-L5R061, L5R070 for missing source files)."""

from __future__ import annotations

import difflib

from ..normalize import collapse
from ..registry import source_file_problem, source_text_problem
from .loaded import Glossary
from .problems import Problem


def _hint(name: str, known) -> str:
    close = difflib.get_close_matches(name, list(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def check(g: Glossary) -> list[Problem]:
    out: list[Problem] = []
    documents: dict[str, dict] = {}
    if g.registry_ok:
        out += _registry_lines(g)
        for d in g.registry.data["documents"]:
            documents[d["id"]] = d

    out += _registry_ids(g)

    # Ids that exist (even in a file with other problems) vs. the data of files that passed the schema.
    # A file that could not be read still names its entry: no follow-on "not an entry" for it.
    # (and an id that differs from its file name is one L5R020, so references by either name count.)
    known = {d.path.stem for d in g.entries} | {
        d.data["id"] for d in g.entries if isinstance(d.data, dict) and isinstance(d.data.get("id"), str)
    }
    entries = {d.data["id"]: d.data for d in g.checked(g.entries)}
    concepts = {d.path.stem for d in g.concepts} | {  # as for entries: a concept file that cannot be read
        d.data["id"] for d in g.concepts if isinstance(d.data, dict) and isinstance(d.data.get("id"), str)
    }  # still names its concept (a YAML error in ccg-yu was first reported as 'ccg-yu' unknown elsewhere)

    for doc in g.checked(g.entries):
        data = doc.data
        if not isinstance(data, dict):
            continue
        source = data.get("source") if isinstance(data.get("source"), dict) else {}
        doc_id = source.get("document")
        if isinstance(doc_id, str) and g.registry_ok:  # a broken registry is one problem, not one per entry
            if doc_id not in documents:
                out.append(
                    doc.problem(
                        "L5R030",
                        ("source", "document"),
                        f"'{doc_id}' is not in glossary/_sources.yaml{_hint(doc_id, documents)}",
                    )
                )
            else:
                for key in ("game", "edition"):
                    if data.get(key) != documents[doc_id].get(key):
                        out.append(
                            doc.problem(
                                "L5R031",
                                (key,),
                                f"'{data.get(key)}' differs from the {key} of document '{doc_id}' "
                                f"('{documents[doc_id].get(key)}')",
                            )
                        )
        for key in ("related", "related_from_book"):
            for i, rel in enumerate(data.get(key) or []):
                if isinstance(rel, str) and rel not in known:
                    fix = " (run `l5r-rules link`)" if key == "related_from_book" else ""
                    out.append(doc.problem("L5R040", (key, i), f"'{rel}' is not an entry id{_hint(rel, entries)}{fix}"))
                elif rel == data.get("id"):  # shown as its own "Related" link (hostile round 9b, #45)
                    out.append(doc.problem("L5R044", (key, i), f"'{rel}' is this entry itself: related names others"))

    game_of = {e["id"]: e["game"] for e in g.registry.data["editions"]} if g.registry_ok else {}
    for doc in g.checked(g.concepts):
        data = doc.data
        if not isinstance(data, dict):
            continue
        games = data.get("games") or []  # optional: a concept without it lines up any game's entries
        for edition in data.get("entries") or {}:
            # a ccg concept listing an LCG entry was compared as "one rule across editions" (hostile round 5, 50)
            if games and edition in game_of and game_of[edition] not in games:
                out.append(
                    doc.problem(
                        "L5R059",
                        ("entries", edition),
                        f"'{edition}' is an edition of {game_of[edition]}, a game this concept's games "
                        f"({', '.join(map(str, games))}) do not name",
                    )
                )
        for edition, ids in (data.get("entries") or {}).items():
            for i, entry_id in enumerate(ids or []):
                if entry_id not in known:
                    out.append(
                        doc.problem(
                            "L5R050",
                            ("entries", edition, i),
                            f"'{entry_id}' is not an entry id{_hint(entry_id, entries)}",
                        )
                    )
                elif entry_id in entries and entries[entry_id].get("edition") != edition:
                    out.append(
                        doc.problem(
                            "L5R051",
                            ("entries", edition, i),
                            f"'{entry_id}' is an entry of edition '{entries[entry_id].get('edition')}', "
                            f"not '{edition}'",
                        )
                    )
        for i, diff in enumerate(data.get("differences") or []):
            for j, entry_id in enumerate((diff or {}).get("entries") or []):
                if entry_id not in known:
                    out.append(
                        doc.problem(
                            "L5R050",
                            ("differences", i, "entries", j),
                            f"'{entry_id}' is not an entry id{_hint(entry_id, entries)}",
                        )
                    )
        for i, rel in enumerate(data.get("related") or []):
            if rel not in concepts:
                out.append(doc.problem("L5R052", ("related", i), f"'{rel}' is not a concept id{_hint(rel, concepts)}"))
        for i, link in enumerate(data.get("cross_game") or []):
            if isinstance(link, dict) and link.get("concept") not in concepts:
                out.append(
                    doc.problem("L5R052", ("cross_game", i, "concept"), f"'{link.get('concept')}' is not a concept id")
                )

    for doc in g.checked(g.errata):
        data = doc.data
        if not isinstance(data, dict):
            continue
        entry_id = data.get("entry")
        if isinstance(entry_id, str) and entry_id not in known:
            out.append(doc.problem("L5R060", ("entry",), f"'{entry_id}' is not an entry id{_hint(entry_id, entries)}"))
        elif entry_id in entries and data.get("edition") != entries[entry_id].get("edition"):
            out.append(
                doc.problem(
                    "L5R062",
                    ("edition",),
                    f"'{data.get('edition')}' differs from the edition of '{entry_id}' "
                    f"('{entries[entry_id].get('edition')}')",
                )
            )
        if entry_id in entries and isinstance(data.get("quote"), str):
            if collapse(data["quote"]) not in collapse(entries[entry_id].get("text", "")):
                out.append(doc.problem("L5R061", ("quote",), f"the quote does not occur in the text of '{entry_id}'"))
        for i, entry_ref in enumerate(data.get("affects") or []):
            if entry_ref not in known:
                out.append(
                    doc.problem(
                        "L5R060", ("affects", i), f"'{entry_ref}' is not an entry id{_hint(entry_ref, entries)}"
                    )
                )
        for i, concept_ref in enumerate(data.get("concepts") or []):
            if concept_ref not in concepts:
                out.append(
                    doc.problem(
                        "L5R060", ("concepts", i), f"'{concept_ref}' is not a concept id{_hint(concept_ref, concepts)}"
                    )
                )
    return out


def _registry_ids(g: Glossary) -> list[Problem]:
    """Every edition and game id used anywhere is one the registry lists (L5R032)."""
    if not g.registry_ok:
        return []
    reg = g.registry.data
    games = {x["id"] for x in reg["games"]}
    editions = {x["id"] for x in reg["editions"]}
    out: list[Problem] = []

    def need(doc, value, known, kind, where) -> None:
        if isinstance(value, str) and value not in known:
            out.append(
                doc.problem(
                    "L5R032", where, f"'{value}' is not a {kind} of the registry (known: {', '.join(sorted(known))})"
                )
            )

    for i, ed in enumerate(reg["editions"]):
        need(g.registry, ed["game"], games, "game", ("editions", i, "game"))
    for i, d in enumerate(reg["documents"]):
        need(g.registry, d["game"], games, "game", ("documents", i, "game"))
        need(g.registry, d["edition"], editions, "edition", ("documents", i, "edition"))
    for doc in g.checked(g.entries):
        need(doc, doc.data.get("game"), games, "game", ("game",))
        need(doc, doc.data.get("edition"), editions, "edition", ("edition",))
    for doc in g.checked(g.concepts):
        for i, game in enumerate(doc.data.get("games") or []):
            need(doc, game, games, "game", ("games", i))
        for ed in doc.data.get("entries") or {}:
            need(doc, ed, editions, "edition", ("entries", ed))
        for i, point in enumerate(doc.data.get("differences") or []):
            for j, ed in enumerate(point.get("editions") or []):
                need(doc, ed, editions, "edition", ("differences", i, "editions", j))
    for doc in g.checked(g.errata):
        need(doc, doc.data.get("edition"), editions, "edition", ("edition",))
    return out


def registry_games(g: Glossary) -> set[str] | None:
    """The registry's game ids, or None when the registry is broken (then it is the one problem)."""
    return {x["id"] for x in g.registry.data["games"]} if g.registry_ok else None


def _registry_lines(g: Glossary) -> list[Problem]:
    """The registry names each game, edition and document once, and each document's file under sources/."""

    out: list[Problem] = []
    reg = g.registry.data
    for key in ("games", "editions", "documents"):
        seen: dict[str, int] = {}
        for i, item in enumerate(reg[key]):
            if item["id"] in seen:
                out.append(
                    g.registry.problem(
                        "L5R070", (key, i, "id"), f"'{item['id']}' is listed twice (first at {key}[{seen[item['id']]}])"
                    )
                )
            seen.setdefault(item["id"], i)
    out += _word_collisions(g)
    files: dict[str, int] = {}
    for i, d in enumerate(reg["documents"]):
        problem = source_file_problem(g.layout, d["file"])
        encoding = None if problem else source_text_problem((g.layout.root / d["file"]).read_bytes())
        if problem:
            out.append(g.registry.problem("L5R070", ("documents", i, "file"), problem))
        elif encoding:  # check-sources and link send the user here: say it as import does, at the byte
            out.append(Problem(d["file"], *encoding[:3], "(document)", encoding[3]))
        elif d["file"] in files:
            out.append(
                g.registry.problem(
                    "L5R070",
                    ("documents", i, "file"),
                    f"'{d['file']}' is also the file of documents[{files[d['file']]}]",
                )
            )
        files.setdefault(d["file"], i)
    return out


def _word_collisions(g: Glossary) -> list[Problem]:
    """A question word may name one edition or game only: two claims of one word filter a question wrongly."""
    reg = g.registry.data
    owner: dict[str, str] = {}
    out: list[Problem] = []
    claims = [("games", i, "words", g_["id"], w) for i, g_ in enumerate(reg["games"]) for w in g_["words"]]
    claims += [
        ("editions", i, key, e["id"], w)
        for i, e in enumerate(reg["editions"])
        for key in ("words", "soft_words")
        for w in e.get(key) or []
    ]
    for key, i, field, who, word in claims:
        norm = " ".join(word.lower().split())
        if norm in owner and owner[norm] != who:
            out.append(
                g.registry.problem(
                    "L5R070",
                    (key, i, field),
                    f"'{word}' already names '{owner[norm]}': a question word may name one edition or game only",
                )
            )
        owner.setdefault(norm, who)
    return out
