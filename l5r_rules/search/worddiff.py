"""Word-level difference between two rule texts (used by `compare`).

Words are compared after collapsing whitespace and ignoring Markdown emphasis
marks, so a paragraph re-wrapped by the text extraction is not a difference.
"""

from __future__ import annotations

import difflib
import re

_MARKUP = re.compile(r"[*_`]+")


def words(text: str) -> list[str]:
    return _MARKUP.sub("", text).split()


def word_diff(old: str, new: str) -> dict:
    """{'similarity': 0..1, 'ops': [{'op': equal|delete|insert|replace, 'old': str, 'new': str}]}."""
    a, b = words(old), words(new)
    matcher = difflib.SequenceMatcher(a=a, b=b, autojunk=False)
    ops = []
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        ops.append({"op": tag, "old": " ".join(a[i1:i2]), "new": " ".join(b[j1:j2])})
    return {"similarity": round(matcher.ratio(), 3), "ops": ops}
