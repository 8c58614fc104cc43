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

from ..normalize import CONTROL
from ..registry import edited_source_problem, load_documents
from ..sourcecheck import Misquotes
from .loaded import Glossary
from .problems import Problem


def _untouched(g: Glossary, recorded: dict[str, tuple[str, int]]) -> list[Problem]:
    rel = str((g.layout.sources / "SHA256SUMS").relative_to(g.layout.root))
    out = []
    for name in sorted(recorded, key=lambda name: recorded[name][1]):
        problem = edited_source_problem(g.layout, name, recorded)
        if problem is not None:
            out.append(Problem(rel, problem[0], 1, "L5R039", name, problem[1]))
    return out


def check(g: Glossary) -> list[Problem]:
    if not g.registry_ok or not isinstance(g.registry.data, dict):
        return []  # the registry's own problem is reported once, not one per entry
    try:
        documents = {d.id: d for d in load_documents(g.layout, g.registry.data)}
    except Exception:  # noqa: BLE001 - a registry the other checks report; nothing to compare against
        return []
    misquotes = Misquotes(g.layout, documents)
    if not misquotes.recorded:
        return []
    out: list[Problem] = _untouched(g, misquotes.recorded)
    for doc in g.checked(g.entries):
        data = doc.data
        if not isinstance(data, dict) or CONTROL.search(f"{data.get('text')}{data.get('term')}"):
            continue  # L5R013 says it; no book prints it, so it would be said twice
        why = misquotes.why(data)
        if why is not None and why[0] == "L5R038":  # an edited book is named once, by _untouched (L5R039)
            out.append(
                doc.problem(
                    "L5R038",
                    ("text",),
                    f"{why[1]}: a rule is quoted only as its book prints it (run `l5r-rules import` to take it "
                    "from the book again)",
                )
            )
    return out
