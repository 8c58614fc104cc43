"""A problem found in a glossary file, printed as `path:line:col: CODE field message`."""

from __future__ import annotations

from dataclasses import dataclass

from ..codes import known


@dataclass(frozen=True, order=True)
class Problem:
    path: str
    line: int
    col: int
    code: str
    field: str
    message: str

    def __post_init__(self) -> None:
        known(self.code)

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.col}: {self.code} {self.field} {self.message}"
