"""Reader for the Ivory Edition HTML page, with the standard library's HTML parser.

Headings ``<h1>``..``<h3>`` keep their level. A ``<p>`` is one paragraph,
except the long walkthrough ``<p>``, which the extraction filled with hard line
breaks and page markers such as ``-18-`` glued to the last word of a page: it is
split into its lines, the marker is removed from the text and becomes the page
of the lines before it.
"""

from __future__ import annotations

from html.parser import HTMLParser

from ..normalize import PAGE_MARKER
from .paragraphs import Para

_BLOCKS = {"h1": 1, "h2": 2, "h3": 3, "h4": 4, "p": 0, "li": 0, "title": -1}


class _Collector(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.blocks: list[tuple[str, str]] = []
        self._tag: str | None = None
        self._buf: list[str] = []

    def handle_starttag(self, tag, attrs):
        if tag in _BLOCKS:
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


def html_text(html: str) -> str:
    """The document's text as the parser sees it, block by block (used for fidelity)."""
    c = _Collector()
    c.feed(html)
    c.close()
    return "\n".join(text for tag, text in c.blocks if tag != "title")


def read_html(html: str) -> list[Para]:
    c = _Collector()
    c.feed(html)
    c.close()
    paras: list[Para] = []
    for tag, text in c.blocks:
        level = _BLOCKS[tag]
        if level < 0 or not text.strip():
            continue
        if level > 0:
            paras.append(Para(" ".join(text.split()), level=level))
        elif "\n" not in text.strip():
            paras.append(Para(text.strip()))
        else:
            paras.extend(_split_paged(text))
    for i, p in enumerate(paras):
        p.index = i
    return paras


def _split_paged(text: str) -> list[Para]:
    """Lines of a hard-wrapped block; a trailing '-N-' ends page N."""
    out: list[Para] = []
    pending: list[Para] = []
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        markers = list(PAGE_MARKER.finditer(line))
        clean = PAGE_MARKER.sub("", line).strip()
        if clean:
            p = Para(clean, wrapped=True)
            pending.append(p)
            out.append(p)
        if markers:
            page = int(markers[-1].group(1))
            for p in pending:
                p.page = page
            pending = []
    return out
