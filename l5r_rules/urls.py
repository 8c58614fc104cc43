"""Page paths and URLs: one place that knows where every kind of page lives (site and search alike).

Permalinks are derived from ids only, so they stay stable while the text changes:
entries at `entries/<id>/`, concepts at `concepts/<id>/`, compare views at
`compare/<id>/`. With `use_directory_urls: false` (the offline build) the same
pages end in `.html`. Links are written relative to the page that holds them, so
the site works under any prefix and from a laptop.
"""

from __future__ import annotations

import posixpath
from dataclasses import dataclass

from .vocab import slugify

SEARCH_PAGE = "search.md"  # search/?q=...&edition=... (the site's search, l5r-search.js)


def entry_page(entry_id: str) -> str:
    return f"entries/{entry_id}.md"


def concept_page(concept_id: str) -> str:
    return f"concepts/{concept_id}.md"


def compare_page(concept_id: str) -> str:
    return f"compare/{concept_id}.md"


def edition_index_page(edition: str) -> str:
    return f"editions/{edition}/index.md"


def edition_book_page(edition: str) -> str:
    return f"editions/{edition}/book.md"


def errata_edition_page(edition: str) -> str:
    return f"errata/{edition}.md"


def timing_index_page() -> str:
    return "timing/index.md"


def timing_page(edition: str, phase: str) -> str:
    return f"timing/{edition}/{phase}.md"


def card_page(card: str) -> str:
    return f"errata/cards/{slugify(card) or 'card'}.md"


API_VERSION = "v1"  # the static JSON API's files live under api/<version>/ (site/api.py)
API_FOLDERS = {"entry": "entries", "concept": "concepts", "errata": "errata", "card": "cards", "scenario": "scenarios"}


def api_record(kind: str, record_id: str) -> str:
    """The site-relative path of one record's file in the JSON API (api/v1/<folder>/<id>.json)."""
    return f"api/{API_VERSION}/{API_FOLDERS[kind]}/{record_id}.json"


def section_anchor(path: list[str] | tuple[str, ...]) -> str:
    """Anchor of a section heading in a book view that is not an entry of its own."""
    return "s-" + (slugify("-".join(path)) or "section")


@dataclass(frozen=True)
class Urls:
    """Turns a docs-relative Markdown path into the URL mkdocs gives the page."""

    directory_urls: bool = True

    def url(self, page: str) -> str:
        if not page.endswith(".md") and "." in posixpath.basename(page):
            return page  # a file the build copies as it is (an API record): its URL is its path
        stem = page[:-3] if page.endswith(".md") else page
        if not self.directory_urls:
            return stem + ".html"
        if stem == "index":
            return ""
        if stem.endswith("/index"):
            return stem[: -len("index")]
        return stem + "/"

    def rel(self, from_page: str, to_page: str, anchor: str | None = None) -> str:
        """Relative link from one page to another (optionally to an anchor on it)."""
        src, dst = self.url(from_page), self.url(to_page)
        base = posixpath.dirname(src) if not src.endswith("/") else src.rstrip("/")
        if self.directory_urls:
            rel = posixpath.relpath(dst or ".", base or ".")
            rel = "./" if rel == "." else (rel + "/" if dst.endswith("/") or dst == "" else rel)
            if rel.endswith("//"):
                rel = rel[:-1]
        else:
            rel = posixpath.relpath(dst, base or ".")
        if src == dst and anchor:
            return f"#{anchor}"
        return f"{rel}#{anchor}" if anchor else rel


def permalink(page: str) -> str:
    """The site-relative URL of a page with directory URLs (what search results and `show` print)."""
    return Urls().url(page)
