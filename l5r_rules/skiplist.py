"""The skip list (glossary/_skip.yaml): source paragraphs deliberately not imported.

Each item names a document, the paragraph where a skipped run starts (`from`,
a prefix of the paragraph after whitespace is collapsed), optionally where it
ends (`to`, inclusive; default: the same paragraph), whether every matching
paragraph is meant (`every: true`, for repeated page headers), and a `reason`.
An item that matches nothing is stale and fails the coverage check.
"""

from __future__ import annotations

from dataclasses import dataclass

from . import yamlio
from .checked import load_checked
from .layout import Layout
from .normalize import collapse
from .registry import load_registry_data


@dataclass(frozen=True)
class SkipItem:
    document: str
    start: str
    end: str | None
    reason: str
    every: bool = False


def load_skip_list(layout: Layout) -> list[SkipItem]:
    if not layout.skip_list.exists() and not layout.skip_list.is_symlink():
        return []
    data = load_checked(layout.skip_list, "skip", "L5R071")
    _check_documents(layout, data)
    return [
        SkipItem(
            document=i["document"],
            start=collapse(i["from"]),
            end=collapse(i["to"]) if i.get("to") else None,
            reason=i["reason"],
            every=bool(i.get("every")),
        )
        for i in data.get("skip", [])
    ]


def unknown_documents(items: list, documents: set[str]) -> list[tuple[int, str]]:
    """(index, document) of each skip item whose document the registry does not list (validate: L5R084)."""
    return [(i, item["document"]) for i, item in enumerate(items) if item.get("document") not in documents]


def _check_documents(layout: Layout, data: dict) -> None:
    """A skip item naming no document of the registry would silently skip nothing (and its paragraph be
    imported): refused like validate refuses it (L5R084)."""
    documents = {d["id"] for d in load_registry_data(layout)["documents"]}
    bad = unknown_documents(data.get("skip") or [], documents)
    if bad:
        i, doc = bad[0]
        line, col = yamlio.load_file(layout.skip_list).where(("skip", i, "document"))
        raise yamlio.GlossaryFileError(
            layout.skip_list,
            yamlio.YamlProblem("L5R084", line, col, f"skip[{i}].document", unknown_message(doc, documents)),
        )


def unknown_message(doc: str, documents: set[str]) -> str:
    return f"'{doc}' is not a document of the registry (documents: {', '.join(sorted(documents))})"


def skipped_indices(norms: list[str], items: list[SkipItem]) -> tuple[dict[int, SkipItem], list[tuple[SkipItem, str]]]:
    """Which paragraph indices each item skips, and the stale items with why."""
    skipped: dict[int, SkipItem] = {}
    stale: list[tuple[SkipItem, str]] = []
    for item in items:
        starts = [i for i, n in enumerate(norms) if n.startswith(item.start)]
        if not starts:
            stale.append((item, f"no paragraph starts with {item.start!r}"))
            continue
        for start in starts if item.every else starts[:1]:
            if item.end is None:
                skipped[start] = item
                continue
            end = next((j for j in range(start, len(norms)) if norms[j].startswith(item.end)), None)
            if end is None:
                stale.append((item, f"no paragraph after {item.start!r} starts with {item.end!r}"))
                break
            for j in range(start, end + 1):
                skipped[j] = item
    return skipped, stale
