"""An edition read front to back: its section headings and entries in the order the book prints them.

The site's "Read front to back" page and the judge packet lay a book out the same way, from
this one list; neither owns it.
"""

from __future__ import annotations

from .urls import section_anchor


def book_blocks(entries: list[dict]) -> list[dict]:
    """The book view as a flat list: section headings (when not entries themselves) and entries, in source order.

    `entries` are one edition's entries in source order. A section block is
    `{"kind": "section", "title", "level", "anchor"}`; an entry block `{"kind": "entry", "entry", "level"}`,
    its level the depth of its section path (headings of level 2 to 6).
    """
    blocks: list[dict] = []
    opened: list[str] = []
    for entry in entries:
        path = list(entry["source"]["section"]) or [entry["term"]]
        for depth, name in enumerate(path[:-1]):
            if len(opened) <= depth or opened[depth] != name:
                opened = opened[:depth] + [name]
                blocks.append(
                    {
                        "kind": "section",
                        "title": name,
                        "level": min(depth + 2, 6),
                        "anchor": section_anchor(path[: depth + 1]),
                    }
                )
        opened = path
        blocks.append({"kind": "entry", "entry": entry, "level": min(len(path) + 1, 6)})
    return blocks
