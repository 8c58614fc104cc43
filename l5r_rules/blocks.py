"""How an entry's text divides into top-level blocks, and each block's anchor id.

The site gives every top-level block of an entry's Markdown (paragraph, list,
table, quote, heading) an anchor `<entry-id>-p<n>` (site/textrender.py), and
search cuts its passages along the same blocks so that a result links to the
paragraph that answers (search/passages.py). One rule for both, here.
"""

from __future__ import annotations

from functools import cache

from .textshape import FIGURE_LABEL_LINE

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
    """markdown-it's CommonMark with tables; raw HTML, links, images and character references off (shown as text)."""
    # Imported at the first parse: search results use paragraph_anchor() and never parse (~0.1 s saved)
    from markdown_it import MarkdownIt

    # no links or images: the books' text holds none, and one planted in a value would fetch from, or send a
    # judge to, another site (`![x](https://...)` was a live remote image); the syntax shows as text
    md = MarkdownIt("commonmark", {"html": False, "linkify": False, "typographer": False}).enable("table")
    # no character references either: a source that prints "&lt;i&gt;" is quoted as printed, never as "<i>"
    # (the books' text holds none; an HTML source's references are decoded once, on import)
    return md.disable(["link", "image", "autolink", "entity"])


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


def parse_anchors(anchors, count: int) -> list[list[int]]:
    """Each block's anchor numbers (its anchor first, then the aliases it also answers to), from an
    entry's `anchors` field (["p1", "p2 p3", ...], importers/anchors.py); 1, 2, 3 ... when the entry
    has none, or when the field does not fit its `count` blocks (validate reports that: L5R036)."""
    plain = [[n] for n in range(1, count + 1)]
    if not isinstance(anchors, list) or len(anchors) != count:
        return plain
    out = []
    for item in anchors:
        parts = item.split() if isinstance(item, str) else []
        if not parts or not all(p.startswith("p") and p[1:].isdigit() for p in parts):
            return plain
        out.append([int(p[1:]) for p in parts])
    return out


def block_anchors(entry: dict, count: int | None = None) -> list[tuple[str, tuple[str, ...]]]:
    """(anchor id, alias ids) of each top-level block of an entry's text, as its page has them."""
    if count is None:
        count = len(top_level_blocks(entry.get("text") or ""))
    entry_id = entry.get("id", "")
    return [
        (paragraph_anchor(entry_id, nums[0]), tuple(paragraph_anchor(entry_id, n) for n in nums[1:]))
        for nums in parse_anchors(entry.get("anchors"), count)
    ]


def anchor_of(entry: dict, block: int) -> str:
    """The anchor id of an entry's `block`-th top-level block (1-based)."""
    anchors = block_anchors(entry)
    return anchors[block - 1][0] if 0 < block <= len(anchors) else paragraph_anchor(entry.get("id", ""), block)


def markdown_source(text: str) -> str:
    """What the parser reads for an entry's text: the text itself, except that a card diagram's type line
    ("- Follower -", kept among a figure's labels) has its first dash escaped, so it stays a label inside
    its paragraph instead of opening a list that swallows the text after it. Line for line the same, so
    the parser's line map still points into the text."""
    return FIGURE_LABEL_LINE.sub(lambda m: "\\" + m.group(0), text or "")


def top_level_blocks(text: str) -> list[str]:
    """The source text of each top-level block of `text`, in the order the site numbers their anchors."""
    lines = (text or "").splitlines()
    out = []
    for tok in block_parser().parse(markdown_source(text)):
        if tok.level == 0 and tok.type in BLOCK_OPENERS:
            start, end = tok.map or (0, 0)
            out.append("\n".join(lines[start:end]).strip())
    return out
