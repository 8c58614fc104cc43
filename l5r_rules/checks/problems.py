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
        """One line, however odd the file name or long the message (a wrong value is quoted in it)."""
        message = self.message if len(self.message) <= MAX_MESSAGE else self.message[:MAX_MESSAGE] + "… (shortened)"
        return (
            f"{_one_line(self.path)}:{self.line}:{self.col}: {self.code} {_one_line(self.field)} {_one_line(message)}"
        )


MAX_MESSAGE = 300


def _one_line(text: str) -> str:
    """Control characters (a newline in a file name) escaped, so a problem stays one line."""
    return "".join(ch if ch.isprintable() or ch == " " else ascii(ch)[1:-1] for ch in text)
