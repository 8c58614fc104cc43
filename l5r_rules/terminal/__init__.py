"""Text from the glossary made safe to print on a terminal (`search`, `show`, `compare`, serve's log).

Glossary text is data anyone can edit (or import from a PDF): an escape sequence in
it could recolour the screen, move the cursor or retitle the window, and a bidi
override could make a printed rule read differently from the bytes it holds. So
before anything from the glossary reaches a terminal, C0 and C1 control characters
(except newline and tab) become a space, and bidi embedding/override/isolate
characters (U+202A-U+202E, U+2066-U+2069) are dropped. One function, one place.
"""

from __future__ import annotations

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
