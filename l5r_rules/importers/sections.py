"""Group a document's paragraphs into entries: one per smallest titled section.

Paragraphs on the skip list are dropped first. Then every heading opens a
section; the body paragraphs up to the next heading are that section's entry.
A heading whose section has no body of its own only appears in the section
path of the entries below it; a heading with neither body nor subsections
becomes an entry whose text is the heading itself, so nothing is lost. In
sections listed as `inline_terms`, each "term: definition" paragraph is an
entry of its own.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..normalize import collapse
from ..vocab import slugify
from .joins import layout
from .outline import Outline
from .paragraphs import Para

_INLINE_TERM = re.compile(r"^\**([^:\n*]{1,60}?)\**:\s")


@dataclass
class Section:
    term: str
    path: list[str]
    kind: str
    page: int | None
    paras: list[Para] = field(default_factory=list)
    has_children: bool = False

    @property
    def last_page(self) -> int | None:
        """The last page any of its paragraphs is printed on (the source's page markers)."""
        pages = [p.page for p in self.paras if p.page is not None] + ([self.page] if self.page else [])
        return max(pages) if pages else None

    @property
    def text(self) -> str:
        """The body as Markdown, laid out by joins.py: split sentences joined, lost list marks
        restored, hard-wrapped lines kept as lines of one paragraph."""
        if not self.paras:
            return self.term
        return "".join(sep + text for sep, text in layout(self.paras))

    def page_breaks(self) -> list[dict]:
        """[{line: 14, page: 72}, ..]: the 1-based line of `text` where each later page begins."""
        out: list[dict] = []
        line, page = 1, self.page
        for (sep, _text), p in zip(layout(self.paras), self.paras):
            line += sep.count("\n")
            if p.page is not None and page is not None and p.page > page:
                out.append({"line": line, "page": p.page})
            if p.page is not None:
                page = p.page if page is None else max(page, p.page)
            line += p.text.count("\n")
        return out


def classify(paras: list[Para], outline: Outline) -> list[Para]:
    """Give level-0 paragraphs that are really headings their level."""
    prev: str | None = None
    body_only = False
    seen: dict[str, int] = {}
    for p in paras:
        occurrence = seen[p.norm] = seen.get(p.norm, 0) + 1
        if body_only:
            p.level = 0
        elif p.level == 0 and (
            outline.forced_occurrence(p.text, occurrence) or outline.looks_like_heading(p.text, prev, p.page)
        ):
            p.level = outline.level_of(p.text, occurrence)
        elif p.level > 0 and outline.forced_occurrence(p.text, occurrence):
            p.level = outline.level_of(p.text, occurrence)
        elif p.level > 0 and collapse(p.text) in outline._refused:
            p.level = 0
        prev = p.text
        if outline.body_after and p.level > 0 and collapse(p.text) == collapse(outline.body_after):
            body_only = True
    return paras


def split(paras: list[Para], outline: Outline) -> list[Section]:
    sections: list[Section] = []
    stack: list[tuple[int, str]] = []  # (level, title)
    current: Section | None = None
    inline_root: str | None = None

    def path() -> list[str]:
        return [collapse(title) for _, title in stack]

    splits = _split_points(paras, outline)
    opened: list[tuple[Section, dict]] = []
    for p in paras:
        split_here = splits.get(p.index)
        if p.level > 0 or split_here:
            level, title = (split_here["level"], split_here["term"]) if split_here else (p.level, p.text)
            while stack and stack[-1][0] >= level:
                stack.pop()
            if stack and current is not None and current.path == path() and not current.paras:
                current.has_children = True
            stack.append((level, title))
            here = path()
            current = Section(
                term=collapse(title),
                path=here,
                kind=outline.kind_for(collapse(title), here[:-1] + [here[-1]]),
                page=p.page,
            )
            sections.append(current)
            inline_root = next((t for t in reversed(here) if t in outline.inline_terms), None)
            if not split_here:
                continue
            opened.append((current, split_here))
        if inline_root is not None:
            m = _INLINE_TERM.match(p.norm)
            bare = next((t for t in outline.inline_terms_without_colon if p.norm.startswith(t + " ")), None)
            if m or bare:
                term = bare or m.group(1).strip()
                current = Section(
                    term=term,
                    path=path() + [term],
                    kind=outline.inline_term_kind.get(inline_root, "glossary-term"),
                    page=p.page,
                )
                sections.append(current)
                current.paras.append(p)
                continue
        if current is None:
            current = Section(term="Front matter", path=["Front matter"], kind="overview", page=p.page)
            sections.append(current)
        if current.page is None:
            current.page = p.page
        current.paras.append(p)

    for section, item in opened:
        if collapse(item["term"]) not in collapse(section.text):
            raise ValueError(
                f"split before {item['before']!r}: its term {item['term']!r} is not printed in the entry's own text"
            )

    # Mark headings that are only titles of the sections below them.
    for i, s in enumerate(sections):
        if s.paras:
            continue
        nxt = sections[i + 1] if i + 1 < len(sections) else None
        if nxt is not None and nxt.path[: len(s.path)] == s.path and len(nxt.path) > len(s.path):
            s.has_children = True
    return [s for s in sections if s.paras or not s.has_children]


def _split_points(paras: list[Para], outline: Outline) -> dict[int, dict]:
    """The body paragraph (by index) where each of the outline's `splits` opens a new entry."""
    points: dict[int, dict] = {}
    for item in outline.splits:
        start = collapse(item["before"])
        body = [p for p in paras if p.level == 0]
        hits = [p for p in body if p.norm == start] or [p for p in body if p.norm.startswith(start)]
        n = item.get("occurrence")
        if n is None and len(hits) != 1:
            raise ValueError(f"split before {item['before']!r} matches {len(hits)} body paragraphs, not exactly 1")
        if n is not None and n > len(hits):
            raise ValueError(f"split before {item['before']!r}: occurrence {n}, but it matches {len(hits)}")
        points[hits[(n or 1) - 1].index] = item
    return points


def assign_ids(sections: list[Section], edition: str) -> list[str]:
    """Stable ids: edition + term. On a clash the first in document order keeps it,
    later ones get the parent section's slug inserted, then a number."""
    ids: list[str] = []
    seen: set[str] = set()
    for s in sections:
        term_slug = slugify(s.term) or "section"
        candidates = [f"{edition}-{term_slug}"]
        if len(s.path) > 1:
            candidates.append(f"{edition}-{slugify(s.path[-2])}-{term_slug}")
        candidates = [c[:90].rstrip("-") for c in candidates]
        unique = next((c for c in candidates if c not in seen), None)
        n = 2
        while unique is None:
            unique = f"{candidates[-1]}-{n}" if f"{candidates[-1]}-{n}" not in seen else None
            n += 1
        seen.add(unique)
        ids.append(unique)
    return ids
