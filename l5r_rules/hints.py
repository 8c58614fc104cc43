"""Search hints (glossary/hints/<edition>.yaml): questions a player might type that an entry answers.

Why: a judge types "can a tapped guy still block", the rule says "A bowed Personality cannot be
assigned to defend". Synonyms (glossary/_synonyms.yaml) bridge single words; a hint bridges a whole
way of asking. Each edition's file maps its entry ids to a few such questions, written blind from the
rulebooks' entries (by someone who saw no evaluation question and no search result;
l5r_rules/search/hints.md says how). They are our words, never rule text: the indexer puts them in a
field of their entry (search/fields.py: `hints`, and `hints_de` for German questions), which counts in
the entry's whole-text part, and nothing shows them.

They are glossary data: the registry says which editions have them (`hints: true`), the files are read
through the safe loader and their schema (schemas/hints.schema.json), validate checks that each covers
every entry of its edition and names no other (L5R120-L5R125), `import --rename` carries an entry's
hints to its new id (`renamed`), and the index rebuilds when a file changes (search/freshness.py walks
the glossary). `scripts/bench_search.py` prints the figures without them too. This module is data
access only (no search import): validate, import and the indexer read the files through it.
"""

from __future__ import annotations

import functools
import re

from . import yamlio
from .kb import load_checked
from .layout import Layout

_KEY_LINE = re.compile(r"(?m)^( {1,8})([a-z0-9]+(?:-[a-z0-9]+)*)(:[ \t]*)$")  # an entry id as a mapping key
KEYS = {"hints": "en", "hints_de": "de"}  # a file's mapping -> the language of its questions


def editions(registry) -> list[str]:
    """The editions whose registry line says they have hints, in registry order."""
    return [e.id for e in registry.editions if e.hints]


def read(layout: Layout, registry) -> dict[str, dict[str, list[str]]]:
    """language ("en", "de") -> entry id -> its hints (whitespace collapsed), from the file of every
    edition that has hints; a file validate would refuse raises yamlio.GlossaryFileError (one line)."""
    out: dict[str, dict[str, list[str]]] = {lang: {} for lang in KEYS.values()}
    for edition in editions(registry):
        data = load_checked(layout.hints_file(edition), "hints")
        for key, lang in KEYS.items():
            for entry_id, questions in (data.get(key) or {}).items():
                out[lang][entry_id] = [" ".join(q.split()) for q in questions]
    return out


def _files(layout: Layout):
    """(path, data) of every hints file that loads as a mapping (validate reports the others)."""
    for path in sorted(layout.hints.glob("*.yaml")) if layout.hints.is_dir() else []:
        try:
            data = yamlio.load_plain(path)
        except yamlio.GlossaryFileError:
            continue
        if isinstance(data, dict):
            yield path, data


def renamed(layout: Layout, renames: list[tuple[str, str]]) -> dict:
    """For `import --rename OLD=NEW` (and accepted renames): each hints file that holds an old id,
    rewritten with its hints under the new id (path -> text), for import to write with the entries.

    The renames apply at once (lotus-yu -> lotus-yu-trait beside lotus-glossary-yu -> lotus-yu moves both), a
    new id that already has hints keeps them, and only the renamed keys' lines change: the rest of the file,
    its comments and indentation, stays as written."""
    moves = dict(renames)
    out: dict = {}
    for path, data in _files(layout):
        wanted = dict(data)
        for key in KEYS:
            mapping = data.get(key)
            if isinstance(mapping, dict):
                stays = {k for k in mapping if k not in moves}
                wanted[key] = {moves[k] if k in moves and moves[k] not in stays else k: v for k, v in mapping.items()}
        if wanted == data:
            continue
        text = path.read_text(encoding="utf-8")
        keys = {o: n for key in KEYS if isinstance(data.get(key), dict) for o, n in zip(data[key], wanted[key])}
        edited = _KEY_LINE.sub(functools.partial(_rekey, keys), text)
        if yamlio.loads(edited, positions=False).data != wanted:  # a layout the line edit cannot follow: dump afresh
            header = "".join(line + "\n" for line in text.splitlines() if line.startswith("#"))
            edited = header + yamlio.dumps(wanted)
        out[path] = edited
    return out


def _rekey(keys: dict[str, str], m: re.Match) -> str:
    return m.group(1) + keys.get(m.group(2), m.group(2)) + m.group(3)


def hinted(layout: Layout) -> set[str]:
    """Every entry id some hints file names (import treats an entry's hints like a curated field)."""
    out: set[str] = set()
    for _path, data in _files(layout):
        for key in KEYS:
            if isinstance(data.get(key), dict):
                out.update(data[key])
    return out
