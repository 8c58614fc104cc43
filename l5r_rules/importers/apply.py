"""Write a planned import: every file or none, finished by the next run after a kill.

The mechanism is the one every multi-file writer uses (l5r_rules/filetx.py): all
new files are written to temporary files first; only then is a journal written
and every file renamed into place (old versions kept as hard links until the end),
so a failure while writing (disk full, a read-only folder) or while renaming (an
immutable file) leaves the glossary exactly as it was, and a kill after the
journal is finished by the next glossary writer (it holds the glossary lock).
"""

from __future__ import annotations

import os  # noqa: F401 - tests patch os.replace through this module

from ..filetx import OLD_SUFFIX, TMP_SUFFIX, WriteFailed, apply

__all__ = ["OLD_SUFFIX", "TMP_SUFFIX", "WriteFailed", "apply"]
