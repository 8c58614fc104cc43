"""A word diff (l5r_rules/worddiff.py) as HTML for the compare pages.

The output is escaped HTML with removed words in <del> and added words in <ins>.
The text itself is never altered: only markup is added around it (and Markdown syntax
in it written as character references, textrender.inert, since the page is Markdown).
"""

from __future__ import annotations

from markupsafe import Markup, escape

from ..worddiff import PARA, Diff
from .textrender import inert


def _join(parts: list[str]) -> str:
    return (
        " ".join(parts)
        .replace(" <br><br> ", "<br><br>")
        .replace("<br><br> ", "<br><br>")
        .replace(" <br><br>", "<br><br>")
    )


def _render(tokens, tag: str | None) -> list[str]:
    """Escape a run of tokens; a changed run becomes one <del>/<ins> per paragraph."""
    out: list[str] = []
    run: list[str] = []

    def flush() -> None:
        if run:
            text = " ".join(str(escape(t)) for t in run)
            out.append(f"<{tag}>{text}</{tag}>" if tag else text)
            run.clear()

    for tok in tokens:
        if tok == PARA:
            flush()
            out.append("<br><br>")
        else:
            run.append(tok)
    flush()
    return out


def diff_html(diff: Diff) -> tuple[Markup, Markup]:
    """(old text with <del>, new text with <ins>)."""
    left: list[str] = []
    right: list[str] = []
    for op in diff.ops:
        left += _render(op.old, None if op.op == "equal" else "del")
        right += _render(op.new, None if op.op == "equal" else "ins")
    return Markup(inert(_join(left))), Markup(inert(_join(right)))
