"""Entry text -> safe HTML, with an anchor on every top-level block.

Entry text is verbatim Markdown from the rulebooks. We render it ourselves with
markdown-it-py with raw HTML disabled (and its default link validation, which
drops `javascript:` links), so anything that looks like HTML in a rulebook or a
bad edit is shown as text, never executed. Each top-level block (paragraph,
list, table, quote) gets an id `<entry-id>-p<n>` so a judge can link to one
paragraph; the numbering is the same wherever the entry is shown, and an entry's
`anchors` (importers/anchors.py) keep a paragraph's published number after a
re-import joined it with another: the block carries its anchor, and an empty mark
before it answers to each number it absorbed.

A paragraph whose lines the book printed as a table and the extraction kept as
tab-separated columns (Battle for Rokugan's "Vorbereitung der Kontrollmarker", the
LCG's clan chart) is shown as a table, its lines before the first tab as the caption;
the text itself keeps its tabs (it is verbatim), so it stays one block with one anchor.
Where the source itself breaks a sentence off, or prints a figure's labels inside one
(`Document.source_breaks`), a note in our words follows the paragraph where it does.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..blocks import BLOCK_OPENERS as _BLOCK_OPENERS
from ..blocks import markdown_source, paragraph_anchor
from ..blocks import parser as _parser
from ..registry import SourceBreak


def render_text(
    text: str,
    anchor_prefix: str | None = None,
    anchors: list[tuple[str, tuple[str, ...]]] | None = None,
    breaks: tuple[SourceBreak, ...] = (),
) -> Markup:
    """Render verbatim Markdown to HTML; with `anchor_prefix`, number the top-level blocks.

    `anchors` gives each block's anchor and aliases (blocks.block_anchors; default
    `<anchor_prefix>-p1`, -p2 ...); `breaks` the source's own breaks (Document.source_breaks).
    Returned as Markup so jinja (autoescape on) inserts it unchanged. The HTML has
    no blank lines, so Python-Markdown keeps it as one raw block when it is placed
    at the start of a line in a generated Markdown page.
    """
    md = _parser()
    text = text or ""
    tokens = md.parse(markdown_source(text))
    lines = text.splitlines()
    n = 0
    out = []
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        if tok.level == 0 and tok.type in _BLOCK_OPENERS:
            n += 1
            anchor, aliases = (None, ())
            if anchor_prefix:
                anchor, aliases = (
                    anchors[n - 1]
                    if anchors and n <= len(anchors)
                    else (
                        paragraph_anchor(anchor_prefix, n),
                        (),
                    )
                )
                tok.attrSet("id", anchor)
                tok.attrSet("class", "l5r-para")
            for alias in aliases:
                out.append(_html(f'<span id="{escape(alias)}" class="l5r-anchor"></span>'))
            start, end = tok.map or (0, 0)
            block = lines[start:end]
            if tok.type == "paragraph_open" and _is_tab_table(block):
                out.append(_html(_tab_table(md, block, anchor)))
                i += 3  # paragraph_open, inline, paragraph_close
                out += _break_notes(block, breaks)
                continue
            close = _closing(tokens, i)
            out += tokens[i : close + 1]
            out += _break_notes(block, breaks)
            i = close + 1
            continue
        out.append(tok)
        i += 1
    html = md.renderer.render(out, md.options, {})
    if anchor_prefix:
        html = _PARA_OPEN.sub(_pilcrow, html)
    # A blank line would end a raw HTML block in Python-Markdown; keep them out
    # (inside <pre> the newline survives as an entity).
    html = re.sub(r"\n[ \t]*\n", "\n&#10;", html)
    return Markup(inert(html.strip()))


def _closing(tokens, i: int) -> int:
    """Index of the token that closes the top-level block opened at `i` (itself for a one-token block)."""
    if tokens[i].nesting != 1:
        return i
    depth = 0
    for j in range(i, len(tokens)):
        depth += tokens[j].nesting
        if depth == 0:
            return j
    return len(tokens) - 1


def _html(markup: str):
    """A token that renders as the given (already safe) HTML."""
    from markdown_it.token import Token  # lazy: markdown_it costs `build --help` and `packet --help` ~50 ms

    tok = Token("html_block", "", 0)
    tok.content = markup
    return tok


def _is_tab_table(lines: list[str]) -> bool:
    """A paragraph printed as a table: from its first line with a tab on, a header and at least one row."""
    first = next((i for i, line in enumerate(lines) if "\t" in line), None)
    return first is not None and len(lines) - first >= 2


def _tab_table(md, lines: list[str], anchor: str | None) -> str:
    """The paragraph's caption lines, then its tab-separated lines as a table (the first is the header)."""
    first = next(i for i, line in enumerate(lines) if "\t" in line)
    rows = [line.rstrip("\n").split("\t") for line in lines[first:]]
    width = max(len(r) for r in rows)
    rows = [[cell.strip() for cell in r] + [""] * (width - len(r)) for r in rows]

    def cells(row, tag):
        return "".join(f"<{tag}>{md.renderInline(cell)}</{tag}>" for cell in row)

    caption = " ".join(line.strip() for line in lines[:first])
    attrs = f' id="{escape(anchor)}" class="l5r-para l5r-tab-table"' if anchor else ' class="l5r-tab-table"'
    return (
        f"<div{attrs}>"
        + (f'<p class="l5r-table-caption">{md.renderInline(caption)}</p>' if caption else "")
        + f"<table><thead><tr>{cells(rows[0], 'th')}</tr></thead><tbody>"
        + "".join(f"<tr>{cells(r, 'td')}</tr>" for r in rows[1:])
        + "</tbody></table></div>\n"
    )


def _break_notes(lines: list[str], breaks: tuple[SourceBreak, ...]) -> list:
    """A note in our words after a block where the source itself breaks a sentence (registry.SourceBreak)."""
    block = " ".join(lines)
    return [
        _html(
            '<p class="l5r-ours l5r-source-break" data-search-exclude><span class="l5r-label">Our words</span> '
            f"{escape(b.note)}</p>\n"
        )
        for b in breaks
        if b.at(block)
    ]


_PARA_OPEN = re.compile(r'<(p|h[1-6]) id="([^"]+)" class="l5r-para">')


def _pilcrow(m: re.Match) -> str:
    """A small ¶ link at the start of each anchored paragraph, so a judge can copy its link."""
    tag, anchor = m.group(1), m.group(2)
    return (
        f'<{tag} id="{anchor}" class="l5r-para"><a class="l5r-pilcrow" href="#{anchor}" data-search-exclude '
        f'title="Link to this paragraph" aria-label="Link to this paragraph">¶</a>'
    )


def plain(text: str) -> Markup:
    """Text shown as-is (escaped), for titles and labels inside HTML."""
    return Markup(escape(text))


_MD_SPECIAL = re.compile(r"([\\`*_{}\[\]()#+\-.!|<>])")


def md_inline(text: str) -> Markup:
    """Escape a plain string for use inside generated Markdown: HTML-escaped, Markdown syntax neutralised."""
    return Markup(
        _MD_SPECIAL.sub(r"\\\1", str(text)).replace("&", "&amp;").replace("\\<", "&lt;").replace("\\>", "&gt;")
    )


# Characters Python-Markdown (and its attr_list, tables and tab extensions) would read as syntax in a value
# placed in a generated page: links and images ([ ]), attributes ({ }), emphasis (*), code (`), escapes
# (\\) and table cells (|). Written as character references, they show as themselves and mean nothing.
# Not `_`: Python-Markdown never reads it inside a word, and ids, anchors and schema names hold it (in code
# spans and `{ #id }`, where a character reference would show as itself).
_MD_ACTIVE = {c: f"&#{ord(c)};" for c in "\\`*{}[]|"}


def md_text(value) -> Markup:
    """A plain value (a term, a label, a title) for any place in a generated Markdown page, HTML or Markdown:
    HTML-escaped, and every character Markdown would read as syntax written as a character reference,
    so that `[x](javascript:...)` or `{: onclick=...}` in a glossary value is shown, never made live."""
    return Markup(str(escape(value)).translate(str.maketrans(_MD_ACTIVE)))


_TAG = re.compile(r"(<[^>]*>)")


def inert(html: str) -> str:
    """markdown-it's HTML with the Markdown syntax left in its text (a link it refused, `{: ...}`) written as
    character references, so that Python-Markdown, which sees the page after it, can make nothing of it."""
    table = str.maketrans(_MD_ACTIVE)
    return "".join(part if i % 2 else part.translate(table) for i, part in enumerate(_TAG.split(html)))


def inline_html(text: str) -> Markup:
    """Inline Markdown (emphasis) as safe, inert HTML: raw HTML shown as text, javascript: links dropped."""
    return Markup(inert(_parser().renderInline(text)))


def prose_html(text: str) -> Markup:
    """Our own words (a concept's summary): paragraphs of inline text, emphasis at most.

    Never block Markdown: a summary is prose, and a "# ..." or "| a | b |" line after a blank line
    must not become a heading, table or list on a page (issue 28, hostile round 3).
    """
    paragraphs = (" ".join(p.split()) for p in (text or "").split("\n\n"))
    return Markup("").join(Markup("<p>{}</p>").format(inline_html(p)) for p in paragraphs if p)
