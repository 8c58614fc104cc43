"""The fingerprint a translation keeps of the text it translates.

A translation is reviewed against one version of the German `text`. It records
`translation.source_sha256`, the first 12 hex digits of the SHA-256 of that
text (UTF-8, exactly as stored), so that when a re-import changes the text the
translation is known to be stale (validate's L5R041) until someone reviews it
and records the new fingerprint. 12 hex digits (48 bits) are plenty to notice a
change and short enough to type.
"""

from __future__ import annotations

import hashlib

LENGTH = 12


def text_fingerprint(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:LENGTH]
