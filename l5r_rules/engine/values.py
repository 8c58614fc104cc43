"""Card numbers as printed: a plain value, a signed modifier ("+2", "-1"), or a dash ("-").

A dash is not 0: it stays `None` until a rule (cited in the trace) says how to
read it, because editions differ (Lotus and Gold read a missing value as 0, the
LCG forbids a dash skill from taking part at all, Ivory says nothing).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import ScenarioError
from .shapes import any_of_shapes, named

DASH = "-"
_SIGNED = re.compile(r"^[+-]\d+$")


@dataclass(frozen=True)
class Num:
    value: int | None  # None: the card shows "-"
    signed: bool = False  # printed with a leading "+" or "-": modifies the card it is attached to

    @property
    def missing(self) -> bool:
        return self.value is None

    def show(self) -> str:
        if self.value is None:
            return DASH
        return f"{self.value:+d}" if self.signed else str(self.value)


def parse_num(raw, path: tuple) -> Num | None:
    """YAML value -> Num; `None` in, `None` out (the scenario did not give it)."""
    if raw is None:
        return None
    if isinstance(raw, bool):
        raise ScenarioError(path, "expected a number, '+N', '-N' or '-'")
    if isinstance(raw, int):
        return Num(raw)
    if raw == DASH:
        return Num(None)
    if isinstance(raw, str) and _SIGNED.match(raw.strip()):
        return Num(int(raw), signed=True)
    raise ScenarioError(path, f"'{raw}' is not a number, '+N', '-N' or '-'")


# The scenario shape of a printed number (shapes.py), used by the procedures' declarations.
_SIGNED_OR_DASH = {"type": "string", "pattern": "^([+-][0-9]+|-)$", "title": '"+N", "-N" or "-" (in quotes)'}
PRINTED_STAT = named(
    "printed-stat",
    any_of_shapes(
        'A stat as printed on the card: a number (3), a signed modifier in quotes ("+2", "-1": it modifies the card '
        'it is attached to), or "-" for a stat the card does not have. "-" is never read as 0 unless the edition '
        "says so (the trace shows it).",
        {"type": "integer", "minimum": 0, "title": "a number ≥ 0"},
        _SIGNED_OR_DASH,
        example="+2",
    ),
)
PRINTED_SIGNED_STAT = named(
    "printed-signed-stat",
    any_of_shapes(
        'A printed value that may be negative: a number (-3, 0, 5), a signed number in quotes ("+2") or "-" for none.',
        {"type": "integer", "title": "a number"},
        _SIGNED_OR_DASH,
        example=5,
    ),
)
