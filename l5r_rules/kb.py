"""Read the knowledge base as plain data: the one loader every reader uses.

Readers (search index, site build, export, rules engine) call `load_kb()`. Every
file goes through the safe loader (`yamlio.load_plain`) and its JSON Schema, so a
file `l5r-rules validate` would reject stops the reader with one
`GlossaryFileError` line (path:line:col, code) instead of crashing it later or
silently dropping the file. The cross-file checks (references) stay in validate.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from . import yamlio
from .checked import load_checked
from .editions import Registry
from .layout import Layout, find_root, yaml_files
from .registry import Document, load_documents, load_registry_data


@dataclass
class KnowledgeBase:
    layout: Layout
    documents: dict[str, Document]
    entries: dict[str, dict]
    registry: Registry = field(default_factory=lambda: Registry((), ()))  # games and editions
    concepts: dict[str, dict] = field(default_factory=dict)
    errata: dict[str, dict] = field(default_factory=dict)
    cards: dict[str, dict] = field(default_factory=dict)
    authority: dict | None = None  # glossary/_authority.yaml: which source wins, per game
    skip: list[dict] = field(default_factory=list)  # glossary/_skip.yaml: paragraphs not imported, with reasons

    def entries_of(self, edition: str) -> list[dict]:
        """One edition's entries in source order."""
        return sorted((e for e in self.entries.values() if e["edition"] == edition), key=lambda e: e["order"])

    @property
    def edition_order(self) -> list[str]:
        """Edition ids in publication order (from the registry)."""
        return self.registry.order


def _load_dir(folder: Path, pattern: str, schema_name: str) -> dict[str, dict]:
    """Every file's data by id; an id that is not its file's name (L5R020) is refused, as validate refuses it:
    `show` found the entry under its new id and `resolve` under its file name (hostile round 10, #34)."""
    out: dict[str, dict] = {}
    for path in yaml_files(folder, pattern):
        data = load_checked(path, schema_name)
        if data["id"] != path.stem:
            line, col = yamlio.load_file(path).where(("id",))
            raise yamlio.GlossaryFileError(
                path,
                yamlio.YamlProblem(
                    "L5R020", line, col, "id", f"'{data['id']}' differs from the file name '{path.stem}' (rename one)"
                ),
            )
        out[data["id"]] = data
    return out


def _load_optional(path: Path, schema_name: str, code: str = "L5R010"):
    return load_checked(path, schema_name, code) if path.exists() or path.is_symlink() else None


def load_kb(root: Path | None = None) -> KnowledgeBase:
    layout = Layout(root or find_root())
    if layout.write_journal.exists():  # a killed writer's commit, half done: no reader takes it as the glossary
        raise yamlio.GlossaryFileError(
            layout.write_journal,
            yamlio.YamlProblem(
                "L5R105",
                1,
                1,
                "(file)",
                "a folder has the name of the write journal: remove it"
                if layout.write_journal.is_dir() and not layout.write_journal.is_symlink()
                else "an interrupted write (a killed import, link or refresh) left the glossary half-written: run "
                "`l5r-rules refresh` (or the command again); it finishes that write",
            ),
        )
    skip = _load_optional(layout.skip_list, "skip", "L5R071")
    sources = load_registry_data(layout)
    kb = KnowledgeBase(
        layout=layout,
        documents={d.id: d for d in load_documents(layout, sources)},
        registry=Registry.from_json(sources),
        entries=_load_dir(layout.entries, "*/*.yaml", "entry"),
        concepts=_load_dir(layout.concepts, "*.yaml", "concept"),
        errata=_load_dir(layout.errata, "*.yaml", "errata"),
        cards=_load_dir(layout.cards, "*.yaml", "card"),
        authority=_load_optional(layout.authority, "authority"),
        skip=list(skip["skip"]) if skip else [],
    )
    _check_registry_use(kb)
    return kb


def _check_registry_use(kb: KnowledgeBase) -> None:
    """Refuse, as validate does (L5R032, L5R070), a registry listing an id twice or an entry of an edition it
    does not list: the site would silently drop that edition's pages, search its filter."""
    registry_path = kb.layout.sources_registry
    for kind, ids in (("game", kb.registry.game_ids), ("edition", kb.registry.order)):
        twice = sorted({i for i in ids if ids.count(i) > 1})
        if twice:
            raise yamlio.GlossaryFileError(
                registry_path,
                yamlio.YamlProblem(
                    "L5R070", 1, 1, f"{kind}s", f"'{twice[0]}' is listed twice (run `l5r-rules validate`)"
                ),
            )
    editions, games = set(kb.registry.order), set(kb.registry.game_ids)
    for entry in kb.entries.values():
        if entry["edition"] not in editions or entry["game"] not in games:
            path = kb.layout.entry_path(entry["edition"], entry["id"])
            raise yamlio.GlossaryFileError(
                path,
                yamlio.YamlProblem(
                    "L5R032",
                    1,
                    1,
                    "edition",
                    f"'{entry['edition']}' ({entry['game']}) is not an edition and game of "
                    "the registry (glossary/_sources.yaml)",
                ),
            )
