"""Find the references an entry's text makes, and resolve each to entry ids.

Kinds of reference (all matched in the entry's text, whitespace collapsed):

    title+page  `see "Targeting and Redirection" on page 45`, `See Personal Honor on page 12`
    page        `see page 77`, `(page 5)`, `starting on page 70`
    see         a glossary entry's `See "ability".` / `*See conditional.*`

A title is looked up among the edition's headings (exact name, then by
words); with a table of contents, headings on the cited page are preferred.
A bare page is resolved through the table of contents to the sections on that
page; among their entries the one that repeats three words in a row of the
citing sentence wins, then the one whose heading the sentence names, else the
section that starts on that page (or contains it), if it has an entry of its own.
Anything else is reported, with the reason, never guessed.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..normalize import collapse
from .terms import STOP, TermIndex, clean, significant, words
from .toc import TocSection, sections_on_page

_PAGE = re.compile(r"\bpages?\s+(\d+)")
_QUOTED_BEFORE = re.compile(r"[\"“]\*?(?P<title>[^\"“”]{1,80}?)\*?[\"”]\s*(?:\*\s*)?on\s+$")
_UNQUOTED_BEFORE = re.compile(r"\b[Ss]ee\s+(?P<title>(?:[A-Z][\w.]*|D\.\d)(?:\s+(?:[A-Z][\w.]*|and|of))*?)\s+on\s+$")
_SEE = re.compile(r"^\*?\w[^:]*:\s*\*?See\s+[\"“]?(?P<title>[^\"”.*]+)[\"”]?\.?\*?\s*$")
_LEAD_IN = re.compile(r"[\s(*–-]*(?:see\s+)?(?:starting\s+)?(?:on\s+)?(?:the\s+)?$", re.I)
_CLAUSE_START = re.compile(r".*(?:[.!?;]\s|\(|\s[-–]\s)", re.S)


def clause_before(before: str) -> str:
    """The words of the sentence that lead up to a page reference, without 'see', 'on' or '('."""
    head = before[: _LEAD_IN.search(before).start()]
    m = _CLAUSE_START.match(head)
    return head[m.end() :].strip() if m else head.strip()


@dataclass
class Reference:
    entry: str
    kind: str  # title+page | page | see
    quote: str  # the words as printed, e.g. 'see "Duel timing" on page 23'
    page: int | None = None
    title: str | None = None
    targets: list[str] = field(default_factory=list)
    how: str = ""  # how it was resolved
    reason: str = ""  # why it could not be resolved (then targets is empty)
    clause: str = ""  # for a bare page: the words before it in its sentence

    def as_dict(self) -> dict:
        return {k: v for k, v in self.__dict__.items() if k != "clause" and v not in (None, "", [])}


def find_references(entry: dict) -> list[Reference]:
    text = collapse(entry["text"])
    refs: list[Reference] = []
    m = _SEE.match(text) if entry["kind"] == "glossary-term" else None
    if m:
        refs.append(Reference(entry["id"], "see", m.group(0).split(":", 1)[1].strip(" *"), title=clean(m["title"])))
    for m in _PAGE.finditer(text):
        before = text[: m.start()]
        page = int(m.group(1))
        q = _QUOTED_BEFORE.search(before) or _UNQUOTED_BEFORE.search(before)
        if q:
            refs.append(
                Reference(entry["id"], "title+page", text[q.start() : m.end()], page=page, title=clean(q["title"]))
            )
        else:
            clause = clause_before(before)
            refs.append(Reference(entry["id"], "page", f"{clause} … page {page}".strip(), page=page, clause=clause))
    return refs


def _trigrams(text: str) -> set[tuple[str, ...]]:
    w = words(text)
    return {g for g in zip(w, w[1:], w[2:]) if sum(x not in STOP for x in g) >= 2}


def _sharing_words(clause: str, index: TermIndex, among: list[str]) -> list[str]:
    """Entries among `among` whose text repeats three words in a row from the clause; the most such."""
    want = _trigrams(clause)
    scored = [(len(want & _trigrams(index.text[i])), i) for i in among]
    best = max((n for n, _ in scored), default=0)
    return [i for n, i in scored if n == best] if best else []


def _named_in(clause: str, index: TermIndex, among: list[str]) -> list[str]:
    """Entries among `among` whose heading words all occur in the clause; the most specific ones."""
    have = significant(clause)
    scored = []
    for entry_id in among:
        want = index.sig.get(entry_id)
        if want and want <= have:
            scored.append((-len(want), entry_id))
    if not scored:
        return []
    best = min(s[0] for s in scored)
    return [i for s, i in scored if s == best]


def _closest_section(starting: list[TocSection], clause: str) -> TocSection | None:
    """Of the sections with an entry of their own, the one whose heading shares most words with the clause."""
    own = [s for s in starting if s.entry]
    if not own:
        return None
    have = significant(clause)
    return max(own, key=lambda s: (len(significant(s.heading) & have), -starting.index(s)))


def resolve(ref: Reference, index: TermIndex, table: list[TocSection]) -> None:
    """Fill ref.targets and ref.how, or ref.reason."""
    if ref.kind == "see":
        ref.targets = index.lookup(ref.title)[:1]
        ref.how = "heading named by See"
        if not ref.targets:
            ref.reason = f"no heading named '{ref.title}'"
        return
    on_page = sections_on_page(table, ref.page) if table else []
    page_ids = {i for s in on_page for i in s.members}
    if ref.kind == "title+page":
        hits = index.lookup(ref.title, page_ids) if page_ids else []
        if hits:
            ref.targets, ref.how = hits[:1], f"heading '{ref.title}', on page {ref.page} by the table of contents"
            return
        hits = index.exact(ref.title)
        if hits:
            ref.targets = hits[:1]
            ref.how = f"heading '{ref.title}'" + (" (the table of contents puts it on another page)" if table else "")
            return
        missing = [s.missing for s in on_page if s.missing and "missing" in s.missing]
        ref.reason = missing[0] if missing else f"no heading named '{ref.title}'"
        return
    # a bare page
    if not table:
        ref.reason = "the document has no table of contents to resolve a bare page number"
        return
    if not on_page:
        ref.reason = f"page {ref.page} is outside the table of contents"
        return
    candidates = sorted(page_ids - {ref.entry}, key=lambda i: index.order[i])
    sharing = _sharing_words(ref.clause, index, candidates)
    if len(sharing) == 1:
        ref.targets, ref.how = (
            sharing,
            f"page {ref.page} by the table of contents; that entry repeats the sentence's words",
        )
        return
    named = _named_in(ref.clause, index, candidates)
    if named:
        ref.targets, ref.how = named, f"page {ref.page} by the table of contents; the sentence names the heading"
        return
    starting = [s for s in on_page if s.page == ref.page] or [max(on_page, key=lambda s: s.page)]
    section = _closest_section(starting, ref.clause)
    if section:
        ref.targets, ref.how = [section.entry], f"page {ref.page} by the table of contents: section '{section.heading}'"
        return
    reasons = [s.missing for s in starting if s.missing]
    if reasons:
        ref.reason = f"page {ref.page}: " + reasons[0]
    else:
        ref.reason = (
            f"page {ref.page} is in '{starting[0].heading}', which has no entry of its own, "
            "and the sentence names none of its entries"
        )
