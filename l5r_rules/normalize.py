"""The documented normalization behind the fidelity and coverage checks.

A rule text is verbatim when, after this normalization, it occurs in its source
document after the same normalization. The normalization only removes what the
text extraction added, never words of the rulebook:

1. Per document, known extraction artifacts are removed from the source
   (listed in glossary/_sources.yaml under `artifacts`):
   - `first-line-note`: the unrelated forum note on the first line (Gold);
   - `page-markers`: page numbers such as `-18-` glued to the text (Ivory);
   - `html`: markup is parsed with an HTML parser and only its text kept,
     character references decoded (Ivory).
2. Whitespace is collapsed: every run of spaces, tabs and line breaks becomes
   one space, and the text is stripped. (Extraction broke lines and
   paragraphs at arbitrary places.)
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_WS = re.compile(r"\s+")
# A page marker is a dash, a page number and a dash, e.g. "-14-", glued to a word or alone.
PAGE_MARKER = re.compile(r"-(\d{1,3})-")


def collapse(text: str) -> str:
    return _WS.sub(" ", text).strip()


def strip_page_markers(text: str) -> str:
    return PAGE_MARKER.sub(" ", text)


def drop_first_line(text: str) -> str:
    return text.split("\n", 1)[1] if "\n" in text else ""


HTML_BLOCKS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "p": 0, "li": 0, "title": -1}


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, str]] = []
        self._tag: str | None = None
        self._buf: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in HTML_BLOCKS:
            self._flush()
            self._tag = tag

    def handle_endtag(self, tag):
        if tag == self._tag:
            self._flush()

    def handle_data(self, data):
        if self._tag:
            self._buf.append(data)

    def _flush(self):
        if self._tag is not None:
            self.blocks.append((self._tag, "".join(self._buf)))
        self._tag, self._buf = None, []


def html_blocks(html: str) -> list[tuple[str, str]]:
    """(tag, text) of every block of an HTML page (HTML_BLOCKS: tag -> heading level, 0 a paragraph)."""
    c = _Collector()
    c.feed(html)
    c.close()
    return c.blocks


def html_text(html: str) -> str:
    """The document's text as the HTML reader sees it, block by block (used for fidelity)."""
    return "\n".join(text for tag, text in html_blocks(html) if tag != "title")
