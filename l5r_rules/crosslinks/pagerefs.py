"""Find the references an entry's text makes, and resolve each to entry ids.

Kinds of reference (all matched in the entry's text, whitespace collapsed):

    title+page  `see "Targeting and Redirection" on page 45`, `See Personal Honor on page 12`,
                `siehe „Erfolgreiche Verteidigung“ auf Seite 10`
    page        `see page 77`, `(page 5)`, `starting on page 70`, `(see p. 21)`, `auf Seite 8`
    title       `Siehe dazu „Die Schattenlande“ weiter unten` (a heading, no page)
    see         a glossary entry's `See "ability".` / `*See conditional.*`

A title is looked up among the edition's headings (exact name, then by
words); with a page map, headings on the cited page are preferred; "weiter
unten" / "weiter oben" (further below / above) picks the nearest heading by
that name after / before the citing entry.
A bare page is resolved through the page map (the book's table of contents,
or the entries' pages from the page markers) to the entries on that page:
the one that repeats three words in a row of the citing sentence wins, then
the one whose heading the sentence names; with a table of contents, else the
section that starts on that page (or contains it), if it has an entry of its
own. A book with no page map at all (Battle for Rokugan) resolves a bare page
only by the heading its sentence names. A page of another book ("see p. 29
of the Advanced Rulebook") is reported as such. Anything else is reported,
with the reason, never guessed.

`CANDIDATE` is the broad pattern every page-like or "siehe" token matches;
`unscanned` lists the tokens in an entry that no reference accounts for.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from ..normalize import collapse
from .terms import STOP, TermIndex, clean, significant, words
from .toc import TocSection, sections_on_page

CANDIDATE = re.compile(r"(?i)\b(?:pages?|pp?\.|seiten?|s\.)\s*\d+|\bsiehe\b")
_PAGE = re.compile(r"\b(?:[Pp]ages?|pp?\.|Seiten?|S\.)\s*(\d+)")
_QUOTED_BEFORE = re.compile(
    r"(?:\b[Ss]iehe\s+)?[\"“„]\*?(?P<title>[^\"“”„]{1,80}?)\*?[\"”“]\s*(?:\*\s*)?(?:on|auf)\s+$"
)
_SIEHE = re.compile(
    r"\b[Ss]iehe(?:\s+dazu)?\s+[„\"“](?P<title>[^„\"“”]{1,80}?)[“\"”](?P<where>\s+weiter\s+(?:unten|oben))?"
)
_OTHER_BOOK = re.compile(r"^\s+(?:of|in)\s+the\s+(?P<book>(?:[A-Z][\w-]*\s+)*?(?:Rulebook|Rules|Book))\b")
_UNQUOTED_BEFORE = re.compile(r"\b[Ss]ee\s+(?P<title>(?:[A-Z][\w.]*|D\.\d)(?:\s+(?:[A-Z][\w.]*|and|of))*?)\s+on\s+$")
_SEE = re.compile(r"^\*?\w[^:]*:\s*\*?See\s+[\"“]?(?P<title>[^\"”.*]+)[\"”]?\.?\*?\s*$")
_LEAD_IN = re.compile(r"[\s(*–-]*(?:see\s+)?(?:starting\s+)?(?:on\s+|auf\s+)?(?:the\s+)?$", re.I)
_CLAUSE_START = re.compile(r".*(?:[.!?;]\s|\(|\s[-–]\s)", re.S)


def clause_before(before: str) -> str:
    """The words of the sentence that lead up to a page reference, without 'see', 'on' or '('."""
    head = before[: _LEAD_IN.search(before).start()]
    m = _CLAUSE_START.match(head)
    return head[m.end() :].strip() if m else head.strip()


@dataclass
class Reference:
    entry: str
    kind: str  # title+page | page | title | see
    quote: str  # the words as printed, e.g. 'see "Duel timing" on page 23'
    page: int | None = None
    title: str | None = None
    targets: list[str] = field(default_factory=list)
    how: str = ""  # how it was resolved
    reason: str = ""  # why it could not be resolved (then targets is empty)
    clause: str = ""  # for a bare page: the words before it in its sentence
    span: tuple[int, int] = (0, 0)  # where it stands in the entry's collapsed text
    direction: str = ""  # 'below' / 'above' for "weiter unten" / "weiter oben"
    other_book: str = ""  # "of the Advanced Rulebook": a page of a book that is not a source

    def as_dict(self) -> dict:
        hidden = ("clause", "span")
        return {k: v for k, v in self.__dict__.items() if k not in hidden and v not in (None, "", [], ())}


def find_references(entry: dict) -> list[Reference]:
    text = collapse(entry["text"])
    refs: list[Reference] = []
    m = _SEE.match(text) if entry["kind"] == "glossary-term" else None
    if m:
        refs.append(Reference(entry["id"], "see", m.group(0).split(":", 1)[1].strip(" *"), title=clean(m["title"])))
    for m in _PAGE.finditer(text):
        before = text[: m.start()]
        page = int(m.group(1))
        other = _OTHER_BOOK.match(text[m.end() :])
        end = m.end() + (other.end() if other else 0)
        q = _QUOTED_BEFORE.search(before) or _UNQUOTED_BEFORE.search(before)
        if q:
            ref = Reference(
                entry["id"],
                "title+page",
                text[q.start() : end],
                page=page,
                title=clean(q["title"]),
                span=(q.start(), end),
            )
        else:
            clause = clause_before(before)
            start = before.rfind(clause) if clause else m.start()
            printed = text[m.start() : end]
            ref = Reference(
                entry["id"], "page", f"{clause} … {printed}".strip(" …"), page=page, clause=clause, span=(start, end)
            )
        ref.other_book = other["book"] if other else ""
        refs.append(ref)
    for m in _SIEHE.finditer(text):
        if any(r.span[0] <= m.start() < r.span[1] for r in refs):
            continue  # siehe „X“ auf Seite N: a title+page reference
        where = (m["where"] or "").split()
        refs.append(
            Reference(
                entry["id"],
                "title",
                m.group(0),
                title=clean(m["title"]),
                span=m.span(),
                direction={"unten": "below", "oben": "above"}.get(where[-1] if where else "", ""),
            )
        )
    return refs


def unscanned(entry: dict, refs: list[Reference]) -> list[str]:
    """Page-like or "siehe" tokens of the entry's text that none of its references covers."""
    text = collapse(entry["text"])
    return [
        m.group(0) for m in CANDIDATE.finditer(text) if not any(a <= m.start() < b for a, b in (r.span for r in refs))
    ]


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
    have = significant(clause, index.lang)
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


def _nearest(ids: list[str], index: TermIndex, order: int, direction: str) -> list[str]:
    """Of headings by one name, the nearest after ('below') or before ('above') the citing entry."""
    if direction == "below":
        after = [i for i in ids if index.order[i] > order]
        return sorted(after, key=lambda i: index.order[i])[:1]
    before = [i for i in ids if index.order[i] < order]
    return sorted(before, key=lambda i: -index.order[i])[:1]


def resolve(ref: Reference, index: TermIndex, table: list[TocSection], map_kind: str = "toc") -> None:
    """Fill ref.targets and ref.how, or ref.reason. `table` is the page map: the book's table of
    contents (map_kind 'toc') or one section per entry from the page markers ('marker')."""
    if ref.kind == "see":
        ref.targets = index.lookup(ref.title)[:1]
        ref.how = "heading named by See"
        if not ref.targets:
            ref.reason = f"no heading named '{ref.title}'"
        return
    if ref.kind == "title":
        hits = index.exact(ref.title) or index.lookup(ref.title)
        if ref.direction and len(hits) > 1:
            hits = _nearest(hits, index, index.order[ref.entry], ref.direction)
            ref.how = f"heading '{ref.title}', the nearest one {ref.direction} the citing entry"
        else:
            ref.how = f"heading '{ref.title}'"
        ref.targets = hits[:1] if len(hits) == 1 else []
        if not ref.targets:
            ref.how = ""
            ref.reason = f"no heading named '{ref.title}'" if not hits else f"several headings fit: {', '.join(hits)}"
        return
    if ref.other_book:
        ref.reason = f"page {ref.page} of another book (the {ref.other_book}), which is not among the sources"
        return
    on_page = sections_on_page(table, ref.page) if table else []
    page_ids = {i for s in on_page for i in s.members}
    by = "the table of contents" if map_kind == "toc" else "the page markers"
    if ref.kind == "title+page":
        hits = index.lookup(ref.title, page_ids) if page_ids else []
        if hits:
            ref.targets, ref.how = hits[:1], f"heading '{ref.title}', on page {ref.page} by {by}"
            return
        hits = index.exact(ref.title)
        if hits:
            ref.targets = hits[:1]
            ref.how = f"heading '{ref.title}'" + (f" ({by} puts it on another page)" if table else "")
            return
        missing = [s.missing for s in on_page if s.missing and "missing" in s.missing]
        ref.reason = missing[0] if missing else f"no heading named '{ref.title}'"
        return
    # a bare page
    if not table:
        named = _named_in(ref.clause, index, sorted(set(index.order) - {ref.entry}, key=lambda i: index.order[i]))
        if len(named) == 1:
            ref.targets, ref.how = named, "the sentence names the heading (the book has no page map)"
            return
        ref.reason = (
            "the source prints no page numbers and no table of contents to find page "
            f"{ref.page}, and the sentence ('{ref.clause}') names "
            + ("several headings: " + ", ".join(named) if named else "no heading")
        )
        return
    if not on_page:
        ref.reason = f"page {ref.page} is outside {by}"
        return
    candidates = sorted(page_ids - {ref.entry}, key=lambda i: index.order[i])
    sharing = _sharing_words(ref.clause, index, candidates)
    if len(sharing) == 1:
        ref.targets, ref.how = sharing, f"page {ref.page} by {by}; that entry repeats the sentence's words"
        return
    named = _named_in(ref.clause, index, candidates)
    if named:
        ref.targets, ref.how = named, f"page {ref.page} by {by}; the sentence names the heading"
        return
    if map_kind == "marker":
        on = ", ".join(f"'{index.term[i]}'" for i in candidates) or "nothing else"
        ref.reason = (
            f"page {ref.page} holds {on} by the page markers; none repeats the sentence's words or is named by it"
        )
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
