"""Reader for the Ivory Edition HTML page, with the standard library's HTML parser.

Headings ``<h1>``..``<h3>`` keep their level. A ``<p>`` is one paragraph,
except the long walkthrough ``<p>``, which the extraction filled with hard line
breaks and page markers such as ``-18-`` glued to the last word of a page: it is
split into its lines, the marker is removed from the text and becomes the page
of the lines before it. A marker ends its page, so the lines after the last
marker are on the next page (the walkthrough's last page, 73, prints none).
"""

from __future__ import annotations

from ..normalize import HTML_BLOCKS as _BLOCKS
from ..normalize import PAGE_MARKER, html_blocks
from .paragraphs import Para


def read_html(html: str) -> list[Para]:
    paras: list[Para] = []
    for tag, text in html_blocks(html):
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
    last: int | None = None
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
            last = page
    if pending and last is not None:  # after the last marker: the page that follows it
        for p in pending:
            p.page = last + 1
    return out
