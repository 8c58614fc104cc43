"""Entries cut into passages: the units search scores and shows.

Why: a judge's answer is usually one sentence of a long entry. Scored as a whole, that
entry's length dilutes the sentence (BM25 divides by length), and a short entry that only
mentions the words wins; shown as its first lines, the answer is not on screen. So each
entry is also indexed as passages, an entry ranks by its best passage (engine.py), and the
result list shows that passage.

A passage lies inside one top-level block of the entry's Markdown (paragraph, list, table),
the unit the site gives an anchor (`<entry id>-p<n>`, site/textrender.py: the blocks are
found with the same parser and counted the same way, so the anchor always exists on the
entry's page). A short block is one passage; a long one is cut into windows of whole
sentences (or list items), neighbouring windows overlapping by one sentence, so an answer
that spans two sentences is still one passage. A window keeps the block's line breaks
between its pieces, so a list stays a list in the passage (one item a line, its mark
first: `search --json` gives it so, and a result can show it so). The translation of a
German entry is cut the same way, its anchors `<entry id>-en-p<n>`. The anchor of a
block is its entry's (`anchors`, blocks.block_anchors): a paragraph a re-import joined
keeps the number links were made with.

Only the indexer imports this module (it needs markdown-it); the index stores each
passage's text, block number and anchor.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..blocks import block_anchors, paragraph_anchor, top_level_blocks
from ..textshape import is_list_item, is_table_row
from . import policy

# A block of at most this many words is one passage; a longer one is cut into windows.
BLOCK_WORDS = policy.count("BLOCK_WORDS")
# A window grows sentence by sentence until it has at least this many words.
WINDOW_WORDS = policy.count("WINDOW_WORDS")

# The end of a sentence: . ! ? (perhaps with a closing quote or bracket) and a space before a
# capital, digit, quote, bracket or list mark. Abbreviations such as "e.g." are followed
# by a lower-case word, so they do not end a sentence.
_SENTENCE_END = re.compile(r"(?:(?<=[.!?])|(?<=[.!?][\"”’)]))\s+(?=[\"“‘(\[*A-ZÄÖÜ0-9-])")


class Passage(NamedTuple):
    block: int  # 1-based number of the top-level block in the entry's text (its site anchor number)
    text: str  # verbatim: a substring of the entry's text (or of its translation)
    anchor: str  # id of the block's anchor on the entry's site page
    translation: bool = False  # cut from the entry's translation (our words), not its rule text
    whole: tuple[bool, bool] = (True, True)  # (starts its block, ends its block): else the list marks a cut


def blocks(text: str) -> list[str]:
    """The source text of each top-level block of `text`, numbered as the site numbers its anchors."""
    return top_level_blocks(text)


def _pieces(block: str) -> list[tuple[str, bool]]:
    """(sentence, opens an item: a line of a list or a table) for each sentence, and each line on its own."""
    out = []
    for line in block.splitlines():
        found = [s for s in _SENTENCE_END.split(line.strip()) if s.strip()]
        item = is_list_item(line.strip()) or is_table_row(line)
        out += [(s, item and i == 0) for i, s in enumerate(found)]
    return out


def segments(block: str) -> list[str]:
    """A block cut into sentences, and each line of a list or table on its own."""
    return [s for s, _ in _pieces(block)]


def _joined(pieces: list[tuple[str, bool]]) -> str:
    """Sentences joined by a space; a piece that opens a list item or a table row on a line of its own."""
    return "".join(("\n" if starts and i else " " if i else "") + s for i, (s, starts) in enumerate(pieces))


def windows(block: str) -> list[str]:
    """The passages of one block: the block itself when it is short, else overlapping sentence windows
    (in order: the first starts the block, the last ends it)."""
    if len(block.split()) <= BLOCK_WORDS:
        return [block]
    parts = _pieces(block)
    out: list[str] = []
    start = 0
    while start < len(parts):
        end, words = start, 0
        while end < len(parts) and (words < WINDOW_WORDS or end == start):
            words += len(parts[end][0].split())
            end += 1
        out.append(_joined(parts[start:end]))
        if end >= len(parts):
            break
        start = end - 1 if end - 1 > start else end  # overlap by one sentence
    return out


def passages(entry_id: str, text: str, translation: str = "", anchors=None) -> list[Passage]:
    """Every passage of an entry: its rule text's, then its translation's. `anchors`: the entry's
    `anchors` field (its text's kept paragraph numbers), if it has one."""
    out = []
    for prefix, source, translated in ((entry_id, text, False), (entry_id + "-en", translation, True)):
        found = blocks(source)
        ids = (
            [a for a, _ in block_anchors({"id": entry_id, "anchors": anchors}, len(found))]
            if not translated
            else [paragraph_anchor(prefix, n) for n in range(1, len(found) + 1)]
        )
        for n, block in enumerate(found, 1):
            parts = [w for w in windows(block) if w.strip()]
            out += [Passage(n, w, ids[n - 1], translated, (i == 0, i == len(parts) - 1)) for i, w in enumerate(parts)]
    return out
