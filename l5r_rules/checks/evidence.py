"""Evidence for the project's own words (L5R053-L5R058).

Every claim in our words that a judge may quote (a concept's summary and each of its
differences, a curated erratum summary and so every errata record) carries `evidence`: verbatim quotes, each with
the entry it comes from. Here every quote is proved to occur in that entry's text, after
the same whitespace normalization as check-sources (`normalize.collapse`); each edition a
difference names must be backed by a quote from that edition's entries; and a concept's
`reviewed` record may name only real entries. That a claim has evidence at all is the
schemas' job (`summary_evidence`, `differences[].evidence` are required).
"""

from __future__ import annotations

from ..normalize import collapse
from .loaded import Doc, Glossary
from .problems import Problem

MIN_WORDS = 3


def entry_texts(entries) -> dict[str, tuple[str, str]]:
    """id -> (edition, collapsed text), for the entry data given (dicts)."""
    return {e["id"]: (e.get("edition") or "", collapse(e.get("text") or "")) for e in entries}


def quote_problems(
    doc: Doc, where: tuple, evidence, texts: dict[str, tuple[str, str]], broken: frozenset = frozenset()
) -> tuple[list[Problem], set | None]:
    """Problems of one `evidence` list and the editions its good quotes come from (None when a quote could
    not be checked). A quote from an entry in `broken` (a file with problems of its own) is not checked:
    that file's problem is the one."""
    out: list[Problem] = []
    editions: set[str] = set()
    unchecked = False
    for i, item in enumerate(evidence or []):
        at = where + (i,)
        entry_id, quote = item.get("entry"), collapse(item.get("quote") or "")
        if entry_id in broken:
            unchecked = True
            continue
        if entry_id not in texts:
            out.append(doc.problem("L5R053", at + ("entry",), f"'{entry_id}' is not an entry id"))
            continue
        edition, text = texts[entry_id]
        if len(quote.split()) < MIN_WORDS:
            out.append(
                doc.problem("L5R055", at + ("quote",), f"a quote of fewer than {MIN_WORDS} words proves nothing")
            )
        elif quote not in text:
            out.append(
                doc.problem(
                    "L5R054",
                    at + ("quote",),
                    f"the quote does not occur in the text of '{entry_id}' (copy the words as they are)",
                )
            )
        else:
            editions.add(edition)
    return out, None if unchecked else editions


def concept_problems(doc: Doc, texts: dict[str, tuple[str, str]], broken: frozenset = frozenset()) -> list[Problem]:
    data = doc.data
    out, _ = quote_problems(doc, ("summary_evidence",), data.get("summary_evidence"), texts, broken)
    for i, point in enumerate(data.get("differences") or []):
        found, backed = quote_problems(doc, ("differences", i, "evidence"), point.get("evidence"), texts, broken)
        out += found
        for j, edition in enumerate(point.get("editions") or []):
            if backed is not None and edition not in backed and not found:
                out.append(
                    doc.problem(
                        "L5R056",
                        ("differences", i, "editions", j),
                        f"no quote of this difference's evidence comes from an entry of '{edition}': "
                        "quote what that edition says",
                    )
                )
    for j, entry_id in enumerate((data.get("reviewed") or {}).get("entries") or []):
        if entry_id not in texts and entry_id not in broken:
            out.append(doc.problem("L5R057", ("reviewed", "entries", j), f"'{entry_id}' is not an entry id"))
    return out


def broken_entries(g: Glossary, texts) -> frozenset:
    """Ids of entries whose files exist but did not pass their checks (by file name and by id)."""
    named = {d.path.stem for d in g.entries} | {
        d.data["id"] for d in g.entries if isinstance(d.data, dict) and isinstance(d.data.get("id"), str)
    }
    return frozenset(named - set(texts))


def check(g: Glossary) -> list[Problem]:
    texts = entry_texts(d.data for d in g.checked(g.entries))
    broken = broken_entries(g, texts)
    out: list[Problem] = []
    for doc in g.checked(g.concepts):
        out += concept_problems(doc, texts, broken)
    for doc in g.checked(g.errata):
        if not doc.data.get("evidence"):
            out.append(doc.problem("L5R058", ("summary",), "no evidence: run `l5r-rules refresh` to write it"))
        out += quote_problems(doc, ("evidence",), doc.data.get("evidence"), texts, broken)[0]
    return out
