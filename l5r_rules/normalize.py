"""The documented normalization behind the fidelity and coverage checks.

A rule text is verbatim when, after this normalization, it occurs in its source
document after the same normalization. The normalization only removes what the
text extraction added, never words of the rulebook:

1. Per document, known extraction artifacts are removed from the source
   (listed in glossary/_sources.yaml under `artifacts`):
   - `first-line-note`: the unrelated forum note on the first line (Gold);
   - `page-markers`: page numbers such as `-18-` glued to the text (Ivory);
   - `html`: markup is parsed with an HTML parser and only its text kept,
     character references decoded (Ivory);
   - `stray-trademarks`: a trademark sign (`TM`, `™`) the extraction glued to
     the punctuation that ends a line ("Discard all focused cards.TM"), or left
     alone on a line, from a logo or a page footer (Ivory, Lotus). A sign inside a
     line names a trademark ("Hasbro, Inc.™ and", "Gold EditionTM set") and stays;
   - `lost-bold-openers`: a numbered step whose bold label lost its opening `**`
     and gained a bullet ("- 1. Spielplan aufbauen:** Legt ...", "- 1. Select
     decks.** Each player ...") is read as the book prints it ("1. **Spielplan
     aufbauen:** Legt ...") (Battle for Rokugan, the LCG Rules Reference);
   - `math-delimiters`: the `$...$` a converter put around a sum ("$1 - 3 + 1$")
     is removed, so the sum reads as printed (Lotus);
   - `lost-bullet-glyphs`: a bullet the extraction read as the letter "c" (a
     dingbat font's glyph) opening a line before a capital ("c The Personality's
     Gold Cost ...") becomes a Markdown bullet ("- The Personality's ...") (Ivory);
   - `shallow-sub-items`: a sub-item the extraction indented by one space under a
     list item (" - A player's stronghold indicates ...") is indented to the item's
     text, so Markdown nests it as the book does (Lotus, the LCG Rules Reference).
   These remove or move markup only, never a word (`words_of` is the same before
   and after, the lost bullet glyph being no word, as a trademark sign is none;
   tests/test_book_as_printed.py proves it on every document). They apply in the
   order of `REPAIRS`.
2. Whitespace is collapsed: every run of spaces, tabs and line breaks becomes
   one space, and the text is stripped. (Extraction broke lines and
   paragraphs at arbitrary places.)
3. List marks are set aside: a bullet (`- `, `* `, `+ `) that opens a line is
   dropped from both texts before they are compared (`verbatim_form`), so a list
   whose marks the extraction lost and the importer restored (Gold's "the player
   must either:" / "- currently have ...", importers/joins.py) is still the
   book's words in the book's order.
"""

from __future__ import annotations

import re
from html.parser import HTMLParser

_WS = re.compile(r"\s+")
# Characters no rule text holds and no reader shows safely: C0 controls but tab and newline, DEL, C1, and the bidi
# controls (a term with ESC or U+202E could steer a terminal or make a printed rule read otherwise than its bytes).
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")
# A page marker is a dash, a page number and a dash, e.g. "-14-", glued to a word or alone.
PAGE_MARKER = re.compile(r"-(\d{1,3})-")


def collapse(text: str) -> str:
    return _WS.sub(" ", text).strip()


_LIST_MARK = re.compile(r"(?m)^[ \t]*[-*+][ \t]+")


def set_aside_list_marks(text: str) -> str:
    """The text without the bullet that opens each of its lines (step 3)."""
    return _LIST_MARK.sub("", text)


def verbatim_form(text: str) -> str:
    """What fidelity compares: list marks set aside, whitespace collapsed (steps 2 and 3)."""
    return collapse(set_aside_list_marks(text))


_GLUED_TRADEMARK = re.compile(r"(?m)(?<=[.:;!?])(?:TM|™)[ \t]*$")
_LONE_TRADEMARK = re.compile(r"(?m)^[ \t]*(?:TM|™)[ \t]*$")
_LOST_BOLD_OPENER = re.compile(r"^- (\d+)\. ([^*\n]+?[:.])\*\*")
_MATH = re.compile(r"\$(\d[\d \t+\-−×/=]*\d)\$")  # a sum between TeX's $ delimiters
LOST_BULLET_GLYPH = re.compile(r"(?m)^c (?=[A-Z])")
_ITEM_OPENER = re.compile(r"^(?:[-*+]|\d+[.)])[ \t]+")  # a list item at the margin: its text starts after this
_SHALLOW_ITEM = re.compile(r"^ (?=[-*+][ \t])")  # a bullet indented by one space


def numbered_steps(text: str) -> str:
    """'- 1. Label:** rest' -> '1. **Label:** rest'; the '- ' lines right under such a step are its own
    (indented by the width of its number, so Markdown nests them), as the book prints them."""
    out, indent = [], ""
    for line in text.split("\n"):
        m = _LOST_BOLD_OPENER.match(line)
        if m:
            line = _LOST_BOLD_OPENER.sub(r"\1. **\2**", line)
            indent = " " * (len(m.group(1)) + 2)
        elif indent and line.startswith("- "):
            line = indent + line
        else:
            indent = ""
        out.append(line)
    return "\n".join(out)


def nested_sub_items(text: str) -> str:
    """' - sub-item' lines right under a list item (or under another such line) indented to where the
    item's text starts ('- ◆ ' -> 2 spaces, '3. ' -> 3), so Markdown nests them under it."""
    out, column = [], 0
    for line in text.split("\n"):
        opener = _ITEM_OPENER.match(line)
        if opener:
            column = opener.end()
        elif column and _SHALLOW_ITEM.match(line):
            line = " " * column + line[1:]
        else:
            column = 0
        out.append(line)
    return "\n".join(out)


# artifact -> repair of the text (step 1): each removes or moves markup only, line by line, in this order
# (a sub-item nests under a numbered step once the step's bold label is repaired).
REPAIRS = {
    "stray-trademarks": lambda text: _LONE_TRADEMARK.sub("", _GLUED_TRADEMARK.sub("", text)),
    "lost-bold-openers": numbered_steps,
    "math-delimiters": lambda text: _MATH.sub(r"\1", text),
    "lost-bullet-glyphs": lambda text: LOST_BULLET_GLYPH.sub("- ", text),
    "shallow-sub-items": nested_sub_items,
}


def repair(text: str, artifacts) -> str:
    """`text` with the repairs of the listed artifacts applied (those that have one), in REPAIRS' order."""
    for name, fix in REPAIRS.items():
        if name in artifacts:
            text = fix(text)
    return text


def words_of(text: str) -> list[str]:
    """The words of a text, markup aside: what a repair must leave exactly as it was. A trademark sign
    is no word, nor the letter c the extraction made of a bullet glyph opening a line."""
    text = LOST_BULLET_GLYPH.sub("", text)
    return [w for w in re.findall(r"[^\W_]+(?:['’][^\W_]+)*", text) if w != "TM"]


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
