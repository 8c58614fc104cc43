"""How a rule is cited, in one place: the site, `search`, `show` and `compare` all print this.

A citation names the document (its title, or its id where the title is not at hand),
the edition, the section path as the book structures it, and the page where the
source gives one: 'Lotus Edition rulebook v.1 [lotus], Card States › Bowing, p. 38'.
An entry over several pages reads 'pp. 71-73'; pages taken from the book's table
of contents rather than from page markers in the text add '(from the contents)'.
"""

from __future__ import annotations

from typing import NamedTuple


class Citation(NamedTuple):  # a NamedTuple: `l5r-rules search` imports this at every start
    document: str  # the document's title, or its id
    edition: str
    section: tuple[str, ...]
    page: int | str | None = None
    year: int | None = None
    page_end: int | None = None
    page_from: str | None = None  # marker | toc

    @property
    def page_range(self) -> str:
        """'p. 38', 'pp. 71-73'; '' without a page."""
        if not self.page:
            return ""
        return f"pp. {self.page}-{self.page_end}" if self.page_end and self.page_end != self.page else f"p. {self.page}"

    @property
    def pages(self) -> str:
        """'p. 38', 'pp. 71-73', 'p. 24 (from the contents)'; '' without a page."""
        if not self.page:
            return ""
        return self.page_range + (" (from the contents)" if self.page_from == "toc" else "")

    @property
    def where(self) -> str:
        """'Card States › Bowing, p. 38'."""
        page = f", {self.pages}" if self.page else ""
        return " › ".join(self.section) + page

    @property
    def place(self) -> str:
        """The section the entry sits in: the heading above its own (its own heading is its title, which a
        result list shows already); '' for an entry at the top of its book's outline."""
        return self.section[-2] if len(self.section) > 1 else ""

    def full(self) -> str:
        """'Title [edition], Section › Sub-section, p. 38'."""
        return f"{self.document} [{self.edition}], {self.where}"

    def with_year(self) -> str:
        """'Title (2005): Section › Sub-section, p. 38' (the site, where the edition badge is beside it)."""
        year = f" ({self.year})" if self.year else ""
        return f"{self.document}{year}: {self.where}"


def of_entry(entry: dict, title: str | None = None, year: int | None = None) -> Citation:
    """The citation of an entry (or of an entry payload, whose source carries the title)."""
    source = entry.get("source") or {}
    return Citation(
        title or source.get("title") or source.get("document") or "",
        entry.get("edition", ""),
        tuple(source.get("section") or ()),
        source.get("page"),
        year,
        source.get("page_end"),
        source.get("page_from"),
    )


def page_of_line(source: dict, line: int) -> int | None:
    """The page the 1-based `line` of an entry's text is printed on (its page_breaks), else its first page."""
    page = source.get("page")
    for brk in source.get("page_breaks") or ():
        if brk["line"] <= line:
            page = brk["page"]
    return page


def passage_pages(source: dict, text: str, passage: str) -> tuple[int, int] | None:
    """(first, last) page a passage of an entry's text is printed on; None when the entry has no page breaks
    or the passage is not found. Whitespace is compared collapsed (passages join lines with spaces)."""
    if not source.get("page_breaks") or not passage.split():
        return None
    flat: list[str] = []
    lines: list[int] = []  # the text line of each word
    for n, line in enumerate(text.split("\n"), 1):
        for word in line.split():
            flat.append(word)
            lines.append(n)
    want = passage.split()
    n = len(want)
    for i in range(len(flat) - n + 1):
        if n == 1:
            found = want[0] in flat[i]
        else:  # the first and last word may be cut (a quote that starts or stops mid-word)
            found = (
                flat[i].endswith(want[0])
                and flat[i + n - 1].startswith(want[-1])
                and flat[i + 1 : i + n - 1] == want[1:-1]
            )
        if found:
            return page_of_line(source, lines[i]), page_of_line(source, lines[i + n - 1])
    return None


def pages_label(first: int, last: int) -> str:
    return f"p. {first}" if first == last else f"pp. {first}-{last}"


def citation_of_payload(payload: dict) -> str:
    """'Document title [edition], Section › Sub-section, p. 38' for an entry payload."""
    return of_entry(payload).full()


def brief(payload: dict, book: str, pages: tuple[int, int] | None = None) -> str:
    """'Lotus pp. 38-39 · Card States': a result list's citation in one short line, the book's short name
    (`book`, the registry's), the pages and the section the entry sits in (Citation.place); `pages`: the
    shown passage's own (passage_pages), where the entry's page markers place it. Pages read from the
    contents lose their '(from the contents)' here: the full citation, on the entry's page, says it."""
    cite = of_entry(payload)
    where = pages_label(*pages) if pages else cite.page_range
    head = f"{book} {where}" if where else book
    return f"{head} · {cite.place}" if cite.place else head


def short_citation(payload: dict) -> str:
    """'lotus-rulebook: Card States › Bowing, p. 38' (for lists; the full citation names the title)."""
    cite = of_entry(payload, title=(payload.get("source") or {}).get("document"))
    return f"{cite.document}: {cite.where}"
