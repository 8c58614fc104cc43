"""What readers assume of every string in the glossary (L5R013-L5R015).

- No control characters (C0 except tab and newline, DEL, C1) and no bidi controls
  (U+202A-U+202E, U+2066-U+2069) anywhere: a term holding ESC or U+202E would reach
  10 HTML pages raw and could steer a terminal or make a printed rule read otherwise
  than its bytes (L5R013). The terminal and the site escape them too; validate
  refuses them so that no glossary with them is ever published.
- No string of spaces only: a blank term, title, alias or section is a heading no
  one can find or link (L5R014).
- Page ranges in order: `source.page_end` after `source.page`, page breaks between
  them in order (L5R015).
"""

from __future__ import annotations

import re

from ..layout import yaml_files
from ..normalize import CONTROL
from .loaded import Doc, Glossary, _read
from .problems import Problem

# Fields that are one line wherever they are shown (a heading, a navigation label, a name, an id): a line break
# in one would start a Markdown block of its own on every page that shows it ("Gold\n# x" made an <h1>)
ONE_LINE = frozenset(
    {"id", "term", "title", "label", "short", "badge", "name", "aliases", "section", "words", "soft_words", "game"}
    | {"edition", "editions", "games", "document", "publisher", "language", "file", "format", "type", "entry"}
)
LINE_BREAK = re.compile("[\n\r\u2028\u2029\x85]")


def _strings(data, path: tuple = ()):
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(key, str):
                yield (*path, key), key, True
            yield from _strings(value, (*path, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _strings(value, (*path, i))
    elif isinstance(data, str):
        yield path, data, False


def _field(path: tuple) -> str | None:
    """The name of the field a string sits in (a list item's: its list's)."""
    return next((p for p in reversed(path) if isinstance(p, str)), None)


def _string_problems(doc: Doc) -> list[Problem]:
    out = []
    for path, value, is_key in _strings(doc.data):
        m = CONTROL.search(value)
        if m:
            what = "key" if is_key else "value"
            out.append(
                doc.problem(
                    "L5R013",
                    path,
                    f"the {what} holds the control character U+{ord(m.group()):04X} at character {m.start() + 1}; "
                    "remove it (a terminal or a page would show it raw)",
                )
            )
        elif not is_key and _field(path) in ONE_LINE and LINE_BREAK.search(value):
            out.append(
                doc.problem(
                    "L5R013",
                    path,
                    "holds a line break, but this field is one line (a heading, a label or a name): write it on "
                    "one line (on a page the break would start a block of its own)",
                )
            )
        elif value and not value.strip():
            out.append(doc.problem("L5R014", path, "is blank (only spaces): write it, or remove the item"))
    return out


def _page_problems(doc: Doc) -> list[Problem]:
    source = doc.data.get("source") if isinstance(doc.data, dict) else None
    if not isinstance(source, dict) or not isinstance(source.get("page"), int):
        return []
    page, end = source["page"], source.get("page_end")
    out = []
    if isinstance(end, int) and end <= page:
        out.append(
            doc.problem(
                "L5R015",
                ("source", "page_end"),
                f"page_end {end} is not after page {page} (a one-page entry has no page_end)",
            )
        )
        return out
    last = page
    for i, brk in enumerate(source.get("page_breaks") or []):
        p = brk.get("page") if isinstance(brk, dict) else None
        if isinstance(p, int) and (p <= last or (isinstance(end, int) and p > end)):
            out.append(
                doc.problem(
                    "L5R015",
                    ("source", "page_breaks", i, "page"),
                    f"page {p} is out of order: page breaks run from page {page} to page_end {end}, "
                    "each after the one before",
                )
            )
        last = p if isinstance(p, int) else last
    return out


def check(g: Glossary) -> list[Problem]:
    out: list[Problem] = []
    docs = [*g.checked(g.entries), *g.checked(g.concepts), *g.checked(g.errata)]
    if g.registry_ok:
        docs.append(g.registry)
    layout = g.layout
    others = [layout.skip_list, layout.authority, layout.errata_curated, layout.card_names, layout.synonyms]
    others.append(layout.engine_status)
    others += [*yaml_files(layout.cards), *yaml_files(layout.hints)]
    for path in others:
        if path.is_file():
            ignored: list[Problem] = []  # YAML problems: the file's own check reports them
            doc = _read(layout, path, ignored)
            if not ignored:
                docs.append(doc)
    for doc in docs:
        out += _string_problems(doc)
    for doc in g.checked(g.entries):
        out += _page_problems(doc)
    return out
