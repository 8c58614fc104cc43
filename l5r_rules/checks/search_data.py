"""The search's glossary data: hints (glossary/hints/<edition>.yaml) and synonyms (glossary/_synonyms.yaml).

Hints are questions a player might type that an entry answers, our words, indexed with the entry
(l5r_rules/search/hints.py). The registry says which editions have them (`hints: true`); a file must
cover every entry of its edition and name no other, so that a new edition, a renamed entry or a
removed one is never silently uncovered (L5R120-L5R123). A hint must not name an edition or a game
(its words would filter the question) nor only repeat its entry's heading (L5R124-L5R125). A synonym
key that an edition or game word takes first never applies (L5R126). Schema problems: L5R010-L5R012.
"""

from __future__ import annotations

import re

from .loaded import Glossary, _read
from .problems import Problem
from .schema_check import _schema_problems

_WORD = re.compile(r"\w+(?:['’]\w+)*")


def _words(text: str) -> list[str]:
    return _WORD.findall(text.lower())


def _edition_phrases(registry: dict) -> dict[tuple[str, ...], str]:
    """What names an edition or a game in a hint: its id, its label and its short name (not a soft word:
    "gold" is also the currency, which a hint may ask about) -> the edition or game it names.
    (Not every word the registry lets a question filter by: "board game" in a Battle for Rokugan hint
    says what kind of game it is, and a player may type it so.)"""
    soft = {w.lower() for e in registry["editions"] for w in e.get("soft_words") or []}
    out: dict[tuple[str, ...], str] = {}
    for game in registry["games"]:
        out[tuple(_words(game["id"]))] = game["id"]
    for edition in registry["editions"]:
        for name in (edition["id"], edition["label"], edition["short"]):
            if name.lower() not in soft:
                out[tuple(_words(name))] = edition["id"]
    return out


def _filter_phrases(registry: dict) -> dict[tuple[str, ...], str]:
    """Every registry word a question filters by (games' and editions' `words`) -> what it names."""
    out = {}
    for game in registry["games"]:
        out.update({tuple(_words(w)): game["id"] for w in game["words"]})
    for edition in registry["editions"]:
        out.update({tuple(_words(w)): edition["id"] for w in edition["words"]})
    return out


def _named(words: list[str], phrases: dict[tuple[str, ...], str]) -> str | None:
    for n in range(len(words)):
        for phrase, who in phrases.items():
            if phrase and tuple(words[n : n + len(phrase)]) == phrase:
                return who
    return None


def check(g: Glossary) -> list[Problem]:
    if not g.registry_ok:
        return []  # the registry's problem is the one to fix first
    registry = g.registry.data
    out = _hints(g, registry, _edition_phrases(registry))
    out += _synonyms(g, _filter_phrases(registry))
    return out


def _hints(g: Glossary, registry: dict, phrases) -> list[Problem]:
    out: list[Problem] = []
    with_hints = {e["id"]: i for i, e in enumerate(registry["editions"]) if e.get("hints")}
    entries: dict[str, dict[str, dict]] = {}  # edition -> id -> entry, of the files that passed their checks
    named: dict[str, set[str]] = {}  # edition -> every entry file's id (its name), a broken one's too
    for doc in g.entries:
        named.setdefault(doc.path.parent.name, set()).add(doc.path.stem)
    for doc in g.checked(g.entries):
        if doc.data["id"] == doc.path.stem and doc.data["edition"] == doc.path.parent.name:  # else L5R020/L5R022
            entries.setdefault(doc.data["edition"], {})[doc.data["id"]] = doc.data
    files = sorted(g.layout.hints.glob("*.yaml")) if g.layout.hints.is_dir() else []
    for edition, i in with_hints.items():
        if not g.layout.hints_file(edition).is_file():
            out.append(
                g.registry.problem(
                    "L5R121",
                    ("editions", i, "hints"),
                    f"'{edition}' has hints, but glossary/hints/{edition}.yaml is missing",
                )
            )
    for path in files:
        edition = path.stem
        doc = _read(g.layout, path, out)
        if edition not in with_hints:
            out.append(
                doc.problem(
                    "L5R120",
                    (),
                    f"'{edition}' is no edition with `hints: true` in glossary/_sources.yaml: no reader reads it",
                )
            )
            continue
        schema = _schema_problems(doc, "hints")
        out += schema
        if doc.loaded.problems or schema:
            continue
        own = entries.get(edition, {})
        for key in ("hints", "hints_de"):
            for entry_id, questions in (doc.data.get(key) or {}).items():
                if entry_id not in named.get(edition, ()):
                    out.append(doc.problem("L5R122", (key, entry_id), f"'{entry_id}' is not an entry of {edition}"))
                    continue
                if entry_id not in own:
                    continue  # its entry file has a problem of its own
                heading = _words(own[entry_id]["term"])
                for n, question in enumerate(questions):
                    words = _words(question)
                    who = _named(words, phrases)
                    if who:
                        out.append(doc.problem("L5R124", (key, entry_id, n), f"the hint names '{who}': {question!r}"))
                    elif words == heading:
                        out.append(doc.problem("L5R125", (key, entry_id, n), f"the hint is the heading: {question!r}"))
        missing = sorted(set(own) - set(doc.data["hints"]))
        out += [doc.problem("L5R123", ("hints",), f"'{entry_id}' has no hint") for entry_id in missing]
    return out


def _synonyms(g: Glossary, phrases) -> list[Problem]:
    path = g.layout.synonyms
    if not (path.exists() or path.is_symlink()):
        return []
    out: list[Problem] = []
    doc = _read(g.layout, path, out)
    out += _schema_problems(doc, "synonyms")
    if out:
        return out
    entry_ids = {d.data.get("id") for d in g.checked(g.entries) if isinstance(d.data, dict)}
    for key in doc.data.get("player_words") or {}:
        if key in doc.data["synonyms"]:
            out.append(doc.problem("L5R127", ("player_words", key), f"'{key}' is both a synonym and a player's word"))
        for n, asked in enumerate(doc.data["player_words"][key]["asked"]):
            if asked["finds"] not in entry_ids:
                out.append(
                    doc.problem("L5R127", ("player_words", key, "asked", n, "finds"), f"'{asked['finds']}' is no entry")
                )
    for key in [*doc.data["synonyms"], *(doc.data.get("player_words") or {})]:
        # the planner reads an edition or game word at a position before it tries a synonym there
        words = _words(key)
        who = next((w for p, w in phrases.items() if p and tuple(words[: len(p)]) == p), None)
        if who:
            out.append(
                doc.problem(
                    "L5R126",
                    ("synonyms" if key in doc.data["synonyms"] else "player_words", key),
                    f"'{key}' starts with a word that names '{who}': the key never applies",
                )
            )
    return out
