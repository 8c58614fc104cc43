"""Entry text -> safe HTML, with an anchor on every top-level block.

Entry text is verbatim Markdown from the rulebooks. We render it ourselves with
markdown-it-py with raw HTML disabled (and its default link validation, which
drops `javascript:` links), so anything that looks like HTML in a rulebook or a
bad edit is shown as text, never executed. Each top-level block (paragraph,
list, table, quote) gets an id `<entry-id>-p<n>` so a judge can link to one
paragraph; the numbering is the same wherever the entry is shown.
"""

from __future__ import annotations

import re

from markupsafe import Markup, escape

from ..blocks import BLOCK_OPENERS as _BLOCK_OPENERS
from ..blocks import paragraph_anchor
from ..blocks import parser as _parser


def render_text(text: str, anchor_prefix: str | None = None) -> Markup:
    """Render verbatim Markdown to HTML; with `anchor_prefix`, number the top-level blocks.

    Returned as Markup so jinja (autoescape on) inserts it unchanged. The HTML has
    no blank lines, so Python-Markdown keeps it as one raw block when it is placed
    at the start of a line in a generated Markdown page.
    """
    md = _parser()
    tokens = md.parse(text or "")
    n = 0
    for tok in tokens:
        if tok.level == 0 and tok.type in _BLOCK_OPENERS and anchor_prefix:
            n += 1
            tok.attrSet("id", paragraph_anchor(anchor_prefix, n))
            tok.attrSet("class", "l5r-para")
    html = md.renderer.render(tokens, md.options, {})
    if anchor_prefix:
        html = _PARA_OPEN.sub(_pilcrow, html)
    # A blank line would end a raw HTML block in Python-Markdown; keep them out
    # (inside <pre> the newline survives as an entity).
    html = re.sub(r"\n[ \t]*\n", "\n&#10;", html)
    return Markup(html.strip())


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
