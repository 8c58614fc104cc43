"""The unit every reader produces: one paragraph of a source document."""

from __future__ import annotations

from dataclasses import dataclass

from ..normalize import collapse


@dataclass
class Para:
    text: str  # verbatim text as it stands in the source (artifacts removed)
    page: int | None = None  # page where the source shows one
    level: int = 0  # 0 = body text; 1.. = heading level (1 outermost)
    index: int = 0  # position in the document's paragraph list
    wrapped: bool = False  # a hard-wrapped line of a longer paragraph (Ivory walkthrough)
    tight: bool = False  # on the line right after the paragraph before it, no blank line between (Gold)

    @property
    def norm(self) -> str:
        return collapse(self.text)
