"""One word diff between two editions' texts, for the site's compare pages and `l5r-rules compare`.

Both places compare the same way: words are whitespace-separated tokens of the
verbatim text, with a paragraph break kept as its own token and bold markers
(`**bow**`) dropped, so that re-wrapping or markup alone is never a change.
Only consecutive editions of the same game are diffed (different games word the
same rule independently), and a diff of texts with less than MIN_SIMILARITY of
their words in common is not highlighted: it would only mark stray words.
Rendering is the caller's: HTML in site/diff.py, terminal text in terminal/.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

PARA = "\n\n"  # a paragraph break, kept as one token
MIN_SIMILARITY = 0.25
_TOKEN = re.compile(r"\n\s*\n|\S+")
_EMPHASIS = re.compile(r"\*\*|__")


def words(text: str) -> list[str]:
    """Words of `text` as printed, with paragraph breaks as PARA and bold markers dropped."""
    text = _EMPHASIS.sub("", text or "")
    return [PARA if tok.startswith("\n") else tok for tok in _TOKEN.findall(text)]


@dataclass(frozen=True)
class Op:
    op: str  # equal, delete, insert or replace
    old: tuple[str, ...]
    new: tuple[str, ...]


@dataclass(frozen=True)
class Diff:
    ops: tuple[Op, ...]
    similarity: float  # share of words the two texts have in common, 0..1
    added: int
    removed: int

    @property
    def useful(self) -> bool:
        """Similar enough that marking the changed words helps a reader."""
        return self.similarity >= MIN_SIMILARITY

    def as_json(self) -> dict:
        return {
            "similarity": self.similarity,
            "added": self.added,
            "removed": self.removed,
            "ops": [{"op": o.op, "old": " ".join(o.old), "new": " ".join(o.new)} for o in self.ops],
        }


def word_diff(old: str, new: str) -> Diff:
    a, b = words(old), words(new)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    ops, added, removed = [], 0, 0
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        ops.append(Op(tag, tuple(a[i1:i2]), tuple(b[j1:j2])))
        if tag != "equal":
            removed += sum(1 for t in a[i1:i2] if t != PARA)
            added += sum(1 for t in b[j1:j2] if t != PARA)
    return Diff(tuple(ops), round(matcher.ratio(), 3), added, removed)


@dataclass(frozen=True)
class Pair:
    """Two consecutive editions of a concept, and their diff when they can be compared word by word."""

    a: str
    b: str
    same_game: bool
    diff: Diff | None  # None across games

    @property
    def highlight(self) -> bool:
        return self.diff is not None and self.diff.useful


def pairs(game_of: dict[str, str], texts: dict[str, str]) -> list[Pair]:
    """Consecutive editions of `texts` (edition -> text, in the order shown) with their diffs."""
    order = list(texts)
    out = []
    for a, b in zip(order, order[1:]):
        same = game_of.get(a) == game_of.get(b)
        out.append(Pair(a, b, same, word_diff(texts[a], texts[b]) if same else None))
    return out
