"""The engine status of the entries (glossary/_engine_status.yaml): schema, ids, stale and missing (L5R110-L5R115).

An entry that a passing scenario cites is proven, computed from tests/rulings (engine/coverage.py), so
the curated file lists only the others; one listed there that a scenario now proves is stale. Once
the file exists, every entry has a status: proven or listed (a new entry fails until it is). A checkout
without scenarios (a glossary-only copy) cannot tell which entries are proven: only the file's own
schema and ids are checked there; a checkout with scenarios and no file is refused (L5R115).
"""

from __future__ import annotations

from .. import yamlio
from ..engine.coverage import curated, scenario_files, scenario_runs
from .loaded import Glossary, _read
from .problems import Problem
from .schema_check import _schema_problems


def check(g: Glossary) -> list[Problem]:
    path = g.layout.engine_status
    if not path.exists() and not path.is_symlink():
        if not scenario_files(g.layout.rulings):
            return []
        # without it every entry no scenario cites has no status, and each book would read 100 % proven
        rel, rulings = path.relative_to(g.layout.root), g.layout.rulings.relative_to(g.layout.root)
        return [
            Problem(
                str(rel),
                1,
                1,
                "L5R115",
                "(file)",
                f"is missing, though this checkout has scenarios ({rulings}/): the entries they do not cite "
                f"have no status to count (put it back: git checkout -- {rel})",
            )
        ]
    out: list[Problem] = []
    doc = _read(g.layout, path, out)
    out += [
        Problem(p.path, p.line, p.col, "L5R110", p.field, p.message) for p in _schema_problems(doc, "engine_status")
    ]
    if out or not isinstance(doc.data, dict):
        return out
    # every entry with an id, valid or not: an entry with a schema problem is still an entry (one problem there,
    # not a false "not an entry id" here)
    entries = {d.data["id"] for d in g.entries if isinstance(d.data, dict) and isinstance(d.data.get("id"), str)}
    cur = curated(doc.data)
    for eid, where in cur.twice:
        out.append(doc.problem("L5R114", where, f"'{eid}' is listed twice (an entry has one status)"))
    scenarios = g.layout.rulings.is_dir()
    runs = scenario_runs(g.layout.rulings) if scenarios else None
    cited = dict(runs.cited) if runs else {}
    if runs:
        out += _scenario_problems(g, runs, entries)
    for eid, (_status, _reason, where) in cur.statuses.items():
        if eid not in entries:
            out.append(doc.problem("L5R111", where, f"'{eid}' is not an entry id"))
        elif cited.get(eid):
            out.append(
                doc.problem(
                    "L5R112",
                    where,
                    f"'{eid}' is proven: passing scenarios cite it ({', '.join(cited[eid][:3])}"
                    f"{' ...' if len(cited[eid]) > 3 else ''}); remove it from this file",
                )
            )
    for eid in sorted(entries - set(cur.statuses) - set(cited)) if scenarios else ():
        out.append(
            doc.problem(
                "L5R113", (), f"'{eid}' has no engine status: no passing scenario cites it and it is not listed"
            )
        )
    for eid in cur.notes:
        if eid not in entries:
            out.append(doc.problem("L5R111", ("notes", eid), f"'{eid}' is not an entry id"))
    return out


def _scenario_problems(g: Glossary, runs, entries: set) -> list[Problem]:
    """A scenario that proves nothing (L5R116) or names an entry that is not there (L5R117): the statuses
    above count only passing scenarios, so without these its entries would read unproven with no word why."""
    out = []
    for path, line, what in runs.failing:
        shown = _shown(g, path)
        out.append(Problem(shown, line, 1, "L5R116", "(scenario)", f"{what} (run `l5r-rules resolve {shown}`)"))
    for path, where, eid in runs.named:
        if isinstance(eid, str) and eid not in entries:
            line = yamlio.load_file(path).where(where)[0]
            out.append(Problem(_shown(g, path), line, 1, "L5R117", yamlio.dotted(where), f"'{eid}' is not an entry id"))
    return out


def _shown(g: Glossary, path) -> str:
    return str(path.relative_to(g.layout.root)) if path.is_relative_to(g.layout.root) else str(path)
