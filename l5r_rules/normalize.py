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

_WS = re.compile(r"\s+")
# A page marker is a dash, a page number and a dash, e.g. "-14-", glued to a word or alone.
PAGE_MARKER = re.compile(r"-(\d{1,3})-")


def collapse(text: str) -> str:
    return _WS.sub(" ", text).strip()


def strip_page_markers(text: str) -> str:
    return PAGE_MARKER.sub(" ", text)


def drop_first_line(text: str) -> str:
    return text.split("\n", 1)[1] if "\n" in text else ""
