"""A translation says which version of the text it translates (L5R041 stale, L5R042 no fingerprint).

Re-importing a changed German sentence keeps the curated English translation,
which then no longer says what the rulebook says. `translation.source_sha256`
(importers/fingerprint.py) records the text the translation was reviewed
against; when it differs from the entry's current text the translation is
stale until someone reviews it and records the new fingerprint, which the
message prints. A translation without a fingerprint gets its own code rather
than a schema error, so that the message can say what to record.
"""

from __future__ import annotations

from ..importers.fingerprint import text_fingerprint
from .loaded import Glossary
from .problems import Problem


def check(g: Glossary) -> list[Problem]:
    out: list[Problem] = []
    for doc in g.checked(g.entries):
        data = doc.data
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            continue
        translation = data.get("translation")
        if not isinstance(translation, dict):
            continue
        now = text_fingerprint(data["text"])
        recorded = translation.get("source_sha256")
        if recorded is None:
            out.append(
                doc.problem(
                    "L5R042",
                    ("translation",),
                    "has no source fingerprint: after checking the translation against the entry's "
                    f"text, add translation.source_sha256: {now}",
                )
            )
        elif isinstance(recorded, str) and recorded != now:
            out.append(
                doc.problem(
                    "L5R041",
                    ("translation", "source_sha256"),
                    "stale translation: the entry's text changed since it was translated; review the "
                    f"translation and update translation.source_sha256 (the new fingerprint is {now})",
                )
            )
    return out
