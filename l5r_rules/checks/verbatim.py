"""Rule text is verbatim (L5R038): an entry's text and term occur in its source as printed; and the
recorded books are the books, untouched (L5R039): each file `sources/SHA256SUMS` lists has that hash.

The same test as `l5r-rules check-sources` (sourcecheck.is_verbatim), made part of validate so that
nothing validate passes (and so nothing build, packet or export publishes) quotes a rule otherwise than
the book prints it: an entry edited to say the opposite passed validate and was published as verbatim
(hostile round 5, #67).

It applies to the recorded rulebooks: the files `sources/SHA256SUMS` lists (the repository's five books). A
test fixture's stand-in sources are listed nowhere and its entries are written, not imported. An edited
rulebook was imported as verbatim text with every command saying ok; only the test suite compared the
hashes (hostile round 5, #68).
"""

from __future__ import annotations

import hashlib
from pathlib import Path

from ..normalize import CONTROL
from ..registry import load_documents, source_file_problem, source_text_problem
from ..sourcecheck import is_verbatim, verbatim_texts
from .loaded import Glossary
from .problems import Problem


def _recorded(sums: Path) -> dict[str, tuple[str, int]]:
    """file name -> (its recorded sha256, line) from `sources/SHA256SUMS` (sha256sum's format: hash, two spaces,
    name; `*` marks binary mode)."""
    try:
        lines = sums.read_text(encoding="utf-8").splitlines() if sums.is_file() else []
    except (OSError, UnicodeDecodeError):
        return {}
    pairs = [(n, line.split(maxsplit=1)) for n, line in enumerate(lines, 1)]
    return {parts[1].lstrip("*"): (parts[0].lower(), n) for n, parts in pairs if len(parts) == 2}


def _untouched(g: Glossary, recorded: dict[str, tuple[str, int]]) -> list[Problem]:
    out = []
    sums = g.layout.sources / "SHA256SUMS"
    rel = sums.relative_to(g.layout.root)
    for name, (digest, line) in sorted(recorded.items(), key=lambda item: item[1][1]):
        path = g.layout.sources / name
        try:
            actual = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
        except OSError:
            actual = None
        if actual != digest:
            what = "differs from" if actual else "is missing or unreadable, though listed with"
            out.append(
                Problem(
                    str(rel),
                    line,
                    1,
                    "L5R039",
                    name,
                    f"sources/{name} {what} the hash recorded here: the sources are the books as published, never "
                    f"edited (put it back: git checkout -- sources/{name}; a new printing: record its hash here)",
                )
            )
    return out


def check(g: Glossary) -> list[Problem]:
    if not g.registry_ok or not isinstance(g.registry.data, dict):
        return []  # the registry's own problem is reported once, not one per entry
    try:
        documents = {d.id: d for d in load_documents(g.layout, g.registry.data)}
    except Exception:  # noqa: BLE001 - a registry the other checks report; nothing to compare against
        return []
    recorded = _recorded(g.layout.sources / "SHA256SUMS")
    if not recorded:
        return []
    texts: dict[str, tuple | None] = {}
    out: list[Problem] = _untouched(g, recorded)
    for doc in g.checked(g.entries):
        data = doc.data
        source = data.get("source") if isinstance(data, dict) else None
        document = documents.get(source.get("document")) if isinstance(source, dict) else None
        if document is None or Path(document.file).name not in recorded:
            continue
        if not isinstance(data.get("text"), str) or not isinstance(data.get("term"), str):
            continue
        if CONTROL.search(data["text"] + data["term"]):
            continue  # L5R013 says it; no book prints it, so it would be said twice
        if document.id not in texts:  # a source that cannot be read is the registry check's problem
            path = g.layout.root / document.file
            readable = source_file_problem(g.layout, document.file) is None and (
                source_text_problem(path.read_bytes()) is None
            )
            texts[document.id] = verbatim_texts(document, g.layout)[:2] if readable else None
        if texts[document.id] is not None and not is_verbatim(data, *texts[document.id]):
            out.append(
                doc.problem(
                    "L5R038",
                    ("text",),
                    f"the text (or the term) does not occur in {document.file} as printed: a rule is quoted only "
                    "as its book prints it (run `l5r-rules import` to take it from the book again)",
                )
            )
    return out
