"""The project's word diff (l5r_rules/worddiff.py) as printable paragraphs with change bars.

Both texts are cut into the paragraphs the diff sees (a blank line is a PARA
token). A paragraph is `changed` when a word of it is removed (older text) or
added (newer text); only those get a change bar in the margin (a paragraph break
that moved, with the same words, marks nothing). Words themselves
are marked as on the site's compare pages: <del> for words the newer text lacks,
<ins> for words it adds, and only when the texts are similar enough for a word
diff to help (`Diff.useful`). Line breaks of the source (list items, table
rows) are kept. The words are the verbatim text: only markup is added.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from markupsafe import Markup, escape

from .. import worddiff

_TOKEN = re.compile(r"\n\s*\n|\S+")  # the tokens of worddiff.words(), with their positions
_EMPHASIS = re.compile(r"\*\*|__")


@dataclass(frozen=True)
class Paragraph:
    html: Markup
    changed: bool


@dataclass(frozen=True)
class Side:
    paragraphs: tuple[Paragraph, ...]

    @property
    def changed(self) -> int:
        return sum(p.changed for p in self.paragraphs)


@dataclass(frozen=True)
class PairView:
    old: Side
    new: Side
    diff: worddiff.Diff


def _line_starts(text: str) -> list[bool]:
    """For each token of worddiff.words(text): does it begin a new source line inside its paragraph?"""
    text = _EMPHASIS.sub("", text or "")
    starts, last_end = [], 0
    for match in _TOKEN.finditer(text):
        tok = match.group()
        starts.append(not tok.startswith("\n") and "\n" in text[last_end : match.start()])
        last_end = match.end()
    return starts


def _side(text: str, runs: list[tuple[tuple[str, ...], bool]], mark: str | None) -> Side:
    """Paragraphs of one side from its runs of (tokens, changed), in order."""
    starts = _line_starts(text)
    paragraphs: list[Paragraph] = []
    parts: list[str] = []
    changed = False
    i = 0  # index into this side's tokens

    def close() -> None:
        nonlocal parts, changed
        if parts:
            paragraphs.append(Paragraph(Markup("".join(parts).strip()), changed))
        parts, changed = [], False

    for tokens, is_change in runs:
        open_mark = False
        for tok in tokens:
            first = i < len(starts) and starts[i]
            i += 1
            if tok == worddiff.PARA:
                if open_mark:
                    parts.append(f"</{mark}>")
                    open_mark = False
                close()  # a break alone (a paragraph split or joined) marks no paragraph: no word changed
                continue
            if is_change:
                changed = True
            sep = "<br>" if first and parts else " "
            if open_mark and first:
                parts.append(f"</{mark}>")
                open_mark = False
            parts.append(sep)
            if is_change and mark and not open_mark:
                parts.append(f"<{mark}>")
                open_mark = True
            parts.append(str(escape(tok)))
        if open_mark:
            parts.append(f"</{mark}>")
    close()
    return Side(tuple(paragraphs))


def pair_view(old_text: str, new_text: str) -> PairView:
    """Both texts as paragraphs, changed ones flagged; words marked only where the diff is useful."""
    diff = worddiff.word_diff(old_text, new_text)
    old_runs = [(op.old, op.op != "equal") for op in diff.ops if op.old]
    new_runs = [(op.new, op.op != "equal") for op in diff.ops if op.new]
    marks = diff.useful
    return PairView(
        _side(old_text, old_runs, "del" if marks else None),
        _side(new_text, new_runs, "ins" if marks else None),
        diff,
    )
