"""Readers for the plain-text formats.

- ``blocks``: Markdown-like text whose paragraphs are separated by blank lines
  (Lotus, the LCG Rules Reference, Battle for Rokugan). Markdown ``#`` headings
  get their level from the number of hashes.
- ``lines``: one paragraph per line (Gold).
"""

from __future__ import annotations

import re

from .paragraphs import Para

_ATX = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def read_blocks(text: str) -> list[Para]:
    paras: list[Para] = []
    block: list[str] = []

    def flush() -> None:
        if block:
            paras.append(Para("\n".join(block)))
            block.clear()

    for line in text.splitlines():
        if not line.strip():
            flush()
            continue
        m = _ATX.match(line)
        if m:
            flush()
            paras.append(Para(m.group(2), level=len(m.group(1))))
            continue
        block.append(line.rstrip())
    flush()
    for i, p in enumerate(paras):
        p.index = i
    return paras


def read_lines(text: str) -> list[Para]:
    """One paragraph per line; `tight` where no blank line stands between it and the one before
    (the file prints a list's items, and often the paragraph after them, so)."""
    paras: list[Para] = []
    blank = True
    for line in text.splitlines():
        if not line.strip():
            blank = True
            continue
        paras.append(Para(line.rstrip(), index=len(paras), tight=not blank and bool(paras)))
        blank = False
    return paras
