"""Import as a plan: every file to write, remove or park, decided before any is touched.

`make_plan` reads everything first (inputs.py), builds every selected
document's entries, merges each with its existing file (curated.py), and only
then decides what to write. Any problem (a source that cannot be read, an
existing entry with bad YAML, curated fields that would be lost, a bad
--rename) is collected; a plan with problems is never applied.
"""

from __future__ import annotations

import difflib
import re

from .. import hints, yamlio
from ..layout import Layout
from .anchors import with_anchors
from .curated import ACCEPT_SIMILARITY, curated_fields, former_ids, merge_curated, suggest_replacements, taken_over
from .entries import build_entries
from .fingerprint import text_fingerprint
from .inputs import Existing, read_existing, read_outline, read_registry, read_skip_list, read_source, rel
from .orphans import orphan_path
from .problems import ImportProblem
from .report import ImportReport

_COMMENT = re.compile(r"(^|\s)#")


def _hint(name: str, known) -> str:
    close = difflib.get_close_matches(name, sorted(known), n=1)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _has_comments(ex: Existing) -> bool:
    """Does the file hold comments? Lines with a '#' that dumping its own data does not produce."""
    plain = set(yamlio.dumps(ex.data).splitlines())
    return any(_COMMENT.search(line) and line not in plain for line in ex.text.splitlines())


def make_plan(
    layout: Layout,
    only: str | None = None,
    renames: dict[str, str] | None = None,
    accept_renames: bool = False,
    keep_orphans: bool = False,
) -> ImportReport:
    report = ImportReport()
    renames = dict(renames or {})
    registry, problems = read_registry(layout)
    report.problems += problems
    if registry is None:
        return report
    docs = [d for d in registry.documents if only in (None, d.id, d.edition)]
    if not docs:
        report.problems.append(
            ImportProblem(
                "",
                0,
                0,
                f"--only {only!r} is neither a document id nor an edition id of glossary/_sources.yaml "
                f"(documents: {', '.join(d.id for d in registry.documents)}; "
                f"editions: {', '.join(dict.fromkeys(d.edition for d in registry.documents))})",
            )
        )
        return report
    skip_items, problems = read_skip_list(layout)
    report.problems += problems
    first: dict[str, str] = {}
    for doc in registry.documents:  # one rulebook per file: validate says the same (L5R070)
        if doc.file in first:
            report.problems.append(
                ImportProblem(
                    rel(layout, layout.sources_registry),
                    *registry.loaded.where(registry.file_field(doc)),
                    f"document '{doc.id}': its file '{doc.file}' is also the file of '{first[doc.file]}' "
                    "(one rulebook per file)",
                    "L5R070",
                )
            )
        first.setdefault(doc.file, doc.id)
    if report.problems:
        return report

    built: dict[str, list[dict]] = {}
    for doc in docs:
        text, problems = read_source(layout, registry, doc)
        outline, more = read_outline(layout, doc)
        report.problems += problems + more
        if text is None or outline is None:
            continue
        try:
            built[doc.id] = build_entries(doc, layout, text=text, outline=outline, skip_items=skip_items)
        except Exception as exc:  # noqa: BLE001 - a failing reader or outline must stop import, not crash it
            report.problems.append(
                ImportProblem(
                    rel(layout, doc.path(layout)),
                    1,
                    1,
                    f"the {doc.format} reader or the outline of '{doc.id}' failed: {type(exc).__name__}: {exc}",
                )
            )

    existing: dict[str, dict[str, Existing]] = {}
    for edition in dict.fromkeys(d.edition for d in docs):
        existing[edition], problems = read_existing(layout, edition)
        report.problems += problems
    if report.problems:
        return report

    used: set[str] = set()
    hinted = hints.hinted(layout)  # an entry's search hints go with it, as its curated fields do
    for doc in docs:
        _plan_document(
            layout,
            doc,
            built[doc.id],
            existing[doc.edition],
            renames,
            used,
            accept_renames,
            keep_orphans,
            report,
            hinted,
        )
    produced = {e["id"] for entries in built.values() for e in entries}
    known = produced | {k for files in existing.values() for k in files}
    for old, new in renames.items():
        if old in used:
            continue
        why = (
            "is still produced by the sources: nothing to rename"
            if old in produced
            else f"is not an entry of the imported documents{_hint(old, known)}"
        )
        report.problems.append(ImportProblem("", 0, 0, f"--rename {old}={new}: '{old}' {why}"))
    if report.renamed and not report.problems:
        report.files.update(
            hints.renamed(layout, [(old, new) for old, new, fields in report.renamed if "hints" in fields])
        )
        _find_references(layout, report)
    return report


def _find_references(layout: Layout, report: ImportReport) -> None:
    """Glossary files that still name a renamed id (concepts, errata, related ...): import does not edit them."""
    gone = set(report.deletions)
    texts = {
        p: p.read_text(encoding="utf-8", errors="replace")
        for p in sorted(layout.glossary.rglob("*.yaml"))
        if p.is_file() and p not in gone and p not in report.files  # (a hints file import rewrites)
    }
    for old, _new, _fields in report.renamed:
        word = re.compile(rf"(?<![a-z0-9-]){re.escape(old)}(?![a-z0-9-])")
        found = [rel(layout, p) for p, text in texts.items() if word.search(text)]
        if found:
            report.references[old] = found


def _plan_document(
    layout, doc, entries, existing, renames, used, accept_renames, keep_orphans, report, hinted=frozenset()
) -> None:
    produced = {e["id"]: e for e in entries}
    # an id another section took over: its old entry vanished (its file is rewritten with the new one) and it
    # appeared anew, so its curated fields are carried like any vanished entry's, never onto the new section
    taken = taken_over({k: ex.data for k, ex in existing.items()}, produced)
    vanished = {k: ex for k, ex in existing.items() if k not in produced or k in taken}
    appeared = {k: e for k, e in produced.items() if k not in existing or k in taken}
    curated = {k: curated_fields(ex.data) + (["hints"] if k in hinted else []) for k, ex in vanished.items()}
    named = {old: renames[old] for old in vanished if old in renames}  # explicit renames go first
    suggestions = suggest_replacements(
        {k: ex.data for k, ex in vanished.items() if curated[k] and k not in named},
        {k: e for k, e in appeared.items() if k not in named.values()},
    )

    carried: dict[str, str] = {}  # new id -> old id whose curated fields it takes
    for old_id, ex in sorted(vanished.items(), key=lambda item: item[0] not in named):
        fields, suggestion = curated[old_id], suggestions.get(old_id)
        if old_id in named:
            used.add(old_id)
            problem = _rename_problem(doc, old_id, renames[old_id], produced, appeared, carried)
            if problem:
                report.problems.append(problem)
                continue
            carried[renames[old_id]] = old_id  # its permalink too: the new entry lists it in former_ids
            report.renamed.append((old_id, renames[old_id], fields + _former(ex, old_id, produced)))
            report.deletions += [] if old_id in taken else [ex.path]  # a taken id's file holds its new entry
        elif not fields:
            if old_id not in taken:
                report.removed.append(rel(layout, ex.path))
                report.deletions.append(ex.path)
        elif accept_renames and suggestion and suggestion.similarity >= ACCEPT_SIMILARITY:
            carried[suggestion.new] = old_id
            report.renamed.append((old_id, suggestion.new, fields + _former(ex, old_id, produced)))
            report.deletions += [] if old_id in taken else [ex.path]
        elif keep_orphans:
            target = orphan_path(layout, doc.edition, old_id)
            if target.exists() and target.read_text(encoding="utf-8") != ex.text:
                report.problems.append(
                    ImportProblem(
                        rel(layout, target),
                        1,
                        1,
                        f"an older orphan of '{old_id}' is already here; resolve or delete it before parking another",
                    )
                )
                continue
            report.files[target] = ex.text
            report.deletions += [] if old_id in taken else [ex.path]
            report.orphaned.append((rel(layout, ex.path), rel(layout, target)))
        else:
            line, col = ex.loaded.where((fields[0],))
            likely = (
                f"most likely replaced by {suggestion.describe()}; carry them over with "
                f"--rename {old_id}={suggestion.new}"
                + (" or --accept-renames" if suggestion.similarity >= ACCEPT_SIMILARITY else "")
                if suggestion
                else f"no new id appeared in '{doc.id}' to replace it"
            )
            what = (
                f"now names another section of '{doc.id}' ({_section(produced[old_id])}; it named "
                f"{_section(ex.data)}), and its curated field(s) {', '.join(fields)} belong to the old one"
                if old_id in taken
                else f"is no longer produced by '{doc.id}' and its curated field(s) {', '.join(fields)} would be lost"
            )
            report.problems.append(
                ImportProblem(
                    rel(layout, ex.path),
                    line,
                    col,
                    f"'{old_id}' {what}: {likely}, park the file with --keep-orphans, or delete those fields by hand",
                )
            )

    written = unchanged = 0
    for entry in entries:
        ex = existing.get(entry["id"])
        source = existing[carried[entry["id"]]] if entry["id"] in carried else None if entry["id"] in taken else ex
        merged = merge_curated(with_anchors(entry, source.data if source else None), source.data if source else None)
        if entry["id"] in carried:  # an id still produced (taken over) is no former id: it opens its new entry
            merged["former_ids"] = [i for i in former_ids(source.data, carried[entry["id"]]) if i not in produced]
            if not merged["former_ids"]:
                del merged["former_ids"]
        _note_stale(entry, merged, source, report)
        if ex is not None and ex.data == merged:
            unchanged += 1
            continue
        text = yamlio.dumps(merged)
        if len(text.encode("utf-8")) > yamlio.MAX_FILE_BYTES:  # every reader would refuse it (L5R009)
            report.problems.append(
                ImportProblem(
                    rel(layout, doc.path(layout)),
                    1,
                    1,
                    f"section '{entry['term']}' would make an entry of {len(text.encode('utf-8'))} bytes, over the "
                    f"{yamlio.MAX_FILE_BYTES}-byte limit every reader keeps: give the source more headings "
                    "(its outline)",
                    "L5R009",
                )
            )
            continue
        report.files[layout.entry_path(doc.edition, entry["id"])] = text
        written += 1
        if ex is not None and _has_comments(ex):
            report.comments_dropped.append(rel(layout, ex.path))
    report.counts[doc.id], report.written[doc.id], report.unchanged[doc.id] = len(entries), written, unchanged


def _section(data: dict) -> str:
    source = data.get("source") if isinstance(data.get("source"), dict) else {}
    section = source.get("section") if isinstance(source.get("section"), list) else []
    return "'" + " › ".join(str(s) for s in section) + "'"


def _former(ex, old_id: str, produced: dict) -> list[str]:
    """["former_ids"] when the renamed entry will list any (an id another section took over is none: it opens
    that section's entry), for the report of what a rename carries; [] otherwise."""
    return ["former_ids"] if any(i not in produced for i in former_ids(ex.data, old_id)) else []


def _rename_problem(doc, old_id, new_id, produced, appeared, carried) -> ImportProblem | None:
    head = f"--rename {old_id}={new_id}:"
    if new_id not in produced:
        return ImportProblem(
            "", 0, 0, f"{head} '{new_id}' is not an id that '{doc.id}' produces{_hint(new_id, appeared or produced)}"
        )
    if new_id not in appeared:  # an entry that was there before and still is: not the old heading's new id
        return ImportProblem(
            "",
            0,
            0,
            f"{head} '{new_id}' is not new: it was an entry before this import and still is (a renamed heading's "
            "new id is one this import makes for the first time: "
            + (", ".join(sorted(appeared)[:8]) + (" ..." if len(appeared) > 8 else "") if appeared else "none")
            + ")",
        )
    if new_id in carried:
        return ImportProblem("", 0, 0, f"{head} '{carried[new_id]}' is already carried onto '{new_id}'")
    return None


def _note_stale(entry: dict, merged: dict, source: Existing | None, report: ImportReport) -> None:
    """A translation whose recorded fingerprint matched no longer matches: this import made it stale."""
    translation = merged.get("translation")
    if not isinstance(translation, dict) or source is None or source.data.get("text") == entry["text"]:
        return
    recorded, now = translation.get("source_sha256"), text_fingerprint(entry["text"])
    if recorded and recorded != now:
        report.stale.append((entry["id"], now))
