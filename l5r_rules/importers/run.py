"""`l5r-rules import`: sources -> glossary/entries/<edition>/<id>.yaml, all or nothing.

Imported fields (IMPORTED) are rewritten from the source every time; every
other field of an existing file is curated and kept as it is (curated.py), so
re-running the importer on unchanged sources changes no file at all. Import
first plans everything (plan.py: read every source and every existing entry,
merge, decide) and writes only a plan without problems (apply.py), so a bad
source, a broken entry file or curated fields that would be lost stop it
before any file changes.
"""

from __future__ import annotations

from ..layout import Layout
from .apply import WriteFailed, apply

# handed on to the readers of the package's older layout (crosslinks/build.py, a test's monkeypatch)
from .entries import READERS, document_paragraphs  # noqa: F401
from .fields import CURATED, GENERATED, IMPORTED  # noqa: F401
from .inputs import rel
from .plan import make_plan
from .problems import ImportProblem
from .report import ImportReport


def run_import(
    layout: Layout,
    only: str | None = None,
    renames: dict[str, str] | None = None,
    accept_renames: bool = False,
    keep_orphans: bool = False,
) -> ImportReport:
    """Plan the import and, if the plan has no problems, write it. Returns the report either way."""
    report = make_plan(layout, only, renames, accept_renames, keep_orphans)
    if report.problems:
        report.problems.sort()
        return report
    try:
        apply(report.files, report.deletions, journal=layout.write_journal)
    except WriteFailed as exc:
        report.problems.append(ImportProblem(rel(layout, exc.path), 1, 1, f"cannot be written: {exc.reason}"))
    return report
