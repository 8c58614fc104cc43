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

from . import yamlio
from .kb import load_checked
from .layout import Layout

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
    rewritten with its hints under the new id (path -> text), for import to write with the entries."""
    out: dict = {}
    for path, data in _files(layout):
        changed = False
        for key in KEYS:
            mapping = data.get(key)
            if not isinstance(mapping, dict):
                continue
            for old, new in renames:
                if old in mapping and new not in mapping:
                    mapping = {new if k == old else k: v for k, v in mapping.items()}
                    changed = True
            data[key] = mapping
        if changed:
            lines = path.read_text(encoding="utf-8").splitlines()
            header = "".join(line + "\n" for line in lines if line.startswith("#"))
            out[path] = header + yamlio.dumps(data)
    return out


def hinted(layout: Layout) -> set[str]:
    """Every entry id some hints file names (import treats an entry's hints like a curated field)."""
    out: set[str] = set()
    for _path, data in _files(layout):
        for key in KEYS:
            if isinstance(data.get(key), dict):
                out.update(data[key])
    return out
