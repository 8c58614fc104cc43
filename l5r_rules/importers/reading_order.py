"""Reading order: blocks the extraction put mid-sentence, read where the book's text allows.

A printed page holds sidebars and columns beside the running text; the
extraction flattened them into the middle of a sentence ("A lord with an
honorable reputation finds many" / sidebar / "political advantages ...").
The outline's `moves` name each such block by the start of its first and last
paragraph and the paragraph it is read after. Moving whole paragraphs keeps
every word verbatim; `check-sources` accepts an entry's text that occurs in the
source either as printed or in this reading order.
"""

from __future__ import annotations

from ..normalize import collapse
from .outline import Outline
from .paragraphs import Para


def _one(paras: list[Para], start: str, what: str) -> int:
    norm = collapse(start)
    hits = [i for i, p in enumerate(paras) if p.norm == norm] or [
        i for i, p in enumerate(paras) if p.norm.startswith(norm)
    ]
    if len(hits) != 1:
        raise ValueError(f"move {what} {start!r} matches {len(hits)} paragraphs, not exactly 1")
    return hits[0]


def apply_moves(paras: list[Para], outline: Outline) -> list[Para]:
    """The paragraphs in reading order (a new list; each Para keeps its index and page)."""
    out = list(paras)
    for move in outline.moves:
        first, last = _one(out, move["first"], "first"), _one(out, move["last"], "last")
        if last < first:
            raise ValueError(f"move {move['first']!r}: its last paragraph {move['last']!r} comes before its first")
        block = out[first : last + 1]
        rest = out[:first] + out[last + 1 :]
        after = _one(rest, move["after"], "after")
        out = rest[: after + 1] + block + rest[after + 1 :]
    return out


def reading_text(paras: list[Para], form=lambda text: text) -> str:
    """The whole document, collapsed, in reading order (compare: `Document.normalized_text`);
    `form` is applied to each paragraph first (fidelity sets list marks aside)."""
    return collapse(" ".join(form(p.text) for p in paras))
