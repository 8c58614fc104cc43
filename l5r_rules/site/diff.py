"""Word-level differences between two editions' text, for the compare pages.

The diff is computed on words (difflib over whitespace-separated tokens) of the
verbatim text; the output is escaped HTML with removed words in <del> and added
words in <ins>. The text itself is never altered: only markup is added around it.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from markupsafe import Markup, escape

_TOKEN = re.compile(r"\n\s*\n|\S+")
_PARA = "\n\n"


_EMPHASIS = re.compile(r"\*\*|__")


def words(text: str) -> list[str]:
    """Words of `text`, with a paragraph break kept as its own token.

    Bold markers (`**bow**`) are dropped so that markup alone never counts as a
    changed word; the words themselves are kept exactly as printed.
    """
    text = _EMPHASIS.sub("", text or "")
    return [_PARA if tok.startswith("\n") else tok for tok in _TOKEN.findall(text)]


@dataclass(frozen=True)
class WordDiff:
    old_html: Markup
    new_html: Markup
    similarity: float  # share of words the two texts have in common, 0..1
    added: int
    removed: int


def _join(parts: list[str]) -> str:
    return " ".join(parts).replace(" <br><br> ", "<br><br>").replace("<br><br> ", "<br><br>").replace(" <br><br>", "<br><br>")


def _render(tokens: list[str], tag: str | None) -> list[str]:
    """Escape a run of tokens; a changed run becomes one <del>/<ins> per paragraph."""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            text = " ".join(str(escape(t)) for t in run)
            out.append(f"<{tag}>{text}</{tag}>" if tag else text)
            run.clear()

    for tok in tokens:
        if tok == _PARA:
            flush()
            out.append("<br><br>")
        else:
            run.append(tok)
    flush()
    return out


def word_diff(old: str, new: str) -> WordDiff:
    a, b = words(old), words(new)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    left: list[str] = []
    right: list[str] = []
    added = removed = 0
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op == "equal":
            left += _render(a[i1:i2], None)
            right += _render(b[j1:j2], None)
        else:
            left += _render(a[i1:i2], "del")
            right += _render(b[j1:j2], "ins")
            removed += sum(1 for t in a[i1:i2] if t != _PARA)
            added += sum(1 for t in b[j1:j2] if t != _PARA)
    return WordDiff(Markup(_join(left)), Markup(_join(right)), round(matcher.ratio(), 3), added, removed)
