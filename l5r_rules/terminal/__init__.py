"""Text made safe to print on a terminal: `clean` for glossary text (`search`, `show`, `compare`, serve's
log), and SafeStream, which the command line puts around standard output and error so that nothing
any command prints, from any file, reaches the terminal raw.

Glossary text is data anyone can edit (or import from a PDF): an escape sequence in
it could recolour the screen, move the cursor or retitle the window, and a bidi
override could make a printed rule read differently from the bytes it holds. So
before anything from the glossary reaches a terminal, C0 and C1 control characters
(except newline and tab) become a space, and bidi embedding/override/isolate
characters (U+202A-U+202E, U+2066-U+2069) are dropped. One function, one place.
"""

from __future__ import annotations

import io
import os
import re
import stat

_TABLE = {c: " " for c in [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0)]}
_TABLE.update({c: None for c in [*range(0x202A, 0x202F), *range(0x2066, 0x206A)]})


def clean(text: str) -> str:
    """`text` with control characters replaced by a space and bidi controls removed (newline and tab kept)."""
    return text.translate(_TABLE)


_JSON_ESCAPES = {c: f"\\u{c:04x}" for c in [*range(0x7F, 0xA0), *range(0x202A, 0x202F), *range(0x2066, 0x206A)]}


def json_for_terminal(text: str) -> str:
    """JSON text (from json.dumps, which escapes only C0) with C1 and bidi controls escaped too.

    The data stays exactly the same (`\\u202e` in a JSON string is U+202E), but nothing
    in it can steer a terminal that shows it. Such characters occur only inside JSON
    strings, so escaping them keeps the JSON valid.
    """
    return text.translate(_JSON_ESCAPES)


# What the output streams escape (SafeStream): C0 but tab and newline, DEL, C1, and the bidi and
# direction marks; each becomes a visible `\uXXXX` (which is also the JSON escape of that character, so
# JSON output stays valid and means the same).
_ESCAPED = [*range(0x00, 0x09), *range(0x0B, 0x20), *range(0x7F, 0xA0), *range(0x202A, 0x202F)]
_ESCAPED += [*range(0x2066, 0x206A), 0x200E, 0x200F, 0x061C, 0x2028, 0x2029]
_VISIBLE = {c: f"\\u{c:04x}" for c in _ESCAPED}
_SGR = re.compile(r"(\x1b\[[0-9;]*m)")  # a colour or bold sequence (SGR), as rich and click write it


def visible(text: str, allow_sgr: bool = False) -> str:
    """`text` with every control and bidi character written out as `\\uXXXX`; with `allow_sgr`, the colour and
    bold sequences (ESC [ ... m) that rich and click write to a terminal are kept."""
    if not allow_sgr:
        return text.translate(_VISIBLE)
    return "".join(p if i % 2 else p.translate(_VISIBLE) for i, p in enumerate(_SGR.split(text)))


def _file_position(stream) -> int | None:
    """The stream's position in a regular file it writes to; None for a terminal, a pipe or no file."""
    try:
        fd = stream.fileno()
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        return os.lseek(fd, 0, os.SEEK_CUR)
    except (AttributeError, ValueError, OSError, io.UnsupportedOperation):
        return None


class SafeStream:
    """An output stream that passes everything through `visible`: nothing any command prints (a term, a
    source paragraph, a scenario's name, a file name) can move the cursor, recolour or retitle the window,
    clear the screen or reverse the text. Only a renderer that cleaned its own data (`Styled`: show and
    compare with rich, search's list with click.style) gets its colour sequences to a terminal."""

    def __init__(self, stream):
        self._stream = stream
        try:
            self._sgr = bool(stream.isatty())
        except (AttributeError, ValueError, OSError):
            self._sgr = False
        self._encoding = getattr(stream, "encoding", None) or "utf-8"
        self._written = 0  # bytes handed to the stream, to tell a cut output file (see `cut`)
        self._start = _file_position(stream)

    def write(self, text: str) -> int:
        self._put(visible(text) if isinstance(text, str) else text)
        return len(text)

    def write_styled(self, text: str) -> int:
        self._put(visible(text, self._sgr))
        return len(text)

    def _put(self, out) -> None:
        self._stream.write(out)
        self._written += len(out.encode(self._encoding, "replace")) if isinstance(out, str) else len(out)

    def cut(self) -> str | None:
        """After the last flush: when the output goes to a regular file that holds less than was written to it
        (a full disk or a file size limit: the system took part of a large write and Python said nothing),
        how much of it got there; else None."""
        if self._start is None:
            return None
        end = _file_position(self._stream)
        if end is None or end - self._start >= self._written:
            return None
        return f"{end - self._start:,} of {self._written:,} bytes"

    def writelines(self, lines) -> None:
        for line in lines:
            self.write(line)

    def __getattr__(self, name):
        return getattr(self._stream, name)


class Styled:
    """The stream a renderer whose every data string went through `clean` writes to: its colour and bold
    sequences reach a terminal (anything else is still escaped by SafeStream)."""

    def __init__(self, stream):
        self._stream = stream

    def write(self, text: str) -> int:
        styled = getattr(self._stream, "write_styled", None)
        return styled(text) if styled else self._stream.write(text)

    def __getattr__(self, name):
        return getattr(self._stream, name)
