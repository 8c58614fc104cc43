"""How an entry's text divides into top-level blocks, and each block's anchor id.

The site gives every top-level block of an entry's Markdown (paragraph, list,
table, quote, heading) an anchor `<entry-id>-p<n>` (site/textrender.py), and
search cuts its passages along the same blocks so that a result links to the
paragraph that answers (search/passages.py). One rule for both, here.
"""

from __future__ import annotations

from functools import cache

BLOCK_OPENERS = {
    "paragraph_open",
    "bullet_list_open",
    "ordered_list_open",
    "table_open",
    "blockquote_open",
    "heading_open",
    "code_block",
    "fence",
    "hr",
}


def _markdown():
    """markdown-it's CommonMark with tables; raw HTML off (escaped as text)."""
    from markdown_it import MarkdownIt

    return MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")


@cache
def parser():
    """markdown-it's CommonMark with tables; raw HTML off (escaped as text)."""
    return _markdown()


@cache
def block_parser():
    """parser() without its inline pass: the same block tokens with the same lines (where a block
    starts and ends never depends on the inline markup inside it), for top_level_blocks, which
    reads no more. The inline pass was a third of every parse the index build made."""
    return _markdown().disable(["inline", "text_join"])


def paragraph_anchor(entry_id: str, n: int) -> str:
    return f"{entry_id}-p{n}"


def top_level_blocks(text: str) -> list[str]:
    """The source text of each top-level block of `text`, in the order the site numbers their anchors."""
    lines = (text or "").splitlines()
    out = []
    for tok in block_parser().parse(text or ""):
        if tok.level == 0 and tok.type in BLOCK_OPENERS:
            start, end = tok.map or (0, 0)
            out.append("\n".join(lines[start:end]).strip())
    return out
