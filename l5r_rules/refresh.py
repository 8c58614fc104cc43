"""`l5r-rules refresh`: every generated part of the glossary brought up to date, in order, or checked.

After a change to an importer, an outline, a source or curated data, one command
does what used to be six, in the order each step depends on the one before:

    import         sources/ -> glossary/entries/ (curated fields kept)
    link           the rulebooks' cross-references -> each entry's `related_from_book`
    errata         entries + glossary/_errata_curated.yaml -> glossary/errata/
    cards          entries + errata + glossary/_card_names.yaml -> glossary/cards/
    check-sources  every entry verbatim, every source paragraph kept
    validate       every glossary file

Each step calls the same code as its own command. With `check=True` nothing is
written: import plans (`importers.plan.make_plan`), link and the generators
compute, and every file a step would change is reported as out of date; the two
checks report their problems. A step that cannot run (a refused import, a broken
file) stops the run, in both modes, since later steps would read its inputs;
without `check`, any failure stops it. Each step is all-or-nothing on its own,
so running refresh again after fixing a problem resumes where it stopped.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from . import yamlio
from .checks.validate import run_all
from .crosslinks import compute_links, write_links
from .filetx import WriteFailed
from .generate import GENERATED_MARK, GenerateError, cards, errata
from .importers.plan import make_plan
from .importers.run import run_import
from .kb import KnowledgeBase, load_kb
from .layout import Layout
from .sourcecheck import check_sources


@dataclass
class StepResult:
    summary: str  # one line: what the step did, or would do
    written: int = 0  # files written or removed
    stale: list[str] = field(default_factory=list)  # check: files the step would change (relative)
    problems: list[str] = field(default_factory=list)  # lines that make the step fail
    notes: list[str] = field(default_factory=list)  # lines worth reading that are not failures
    blocking: bool = True  # do later steps depend on this one succeeding?


@dataclass
class Run:
    """One refresh: where, whether to write, and the knowledge base as it is on disk."""

    layout: Layout
    check: bool
    _kb: KnowledgeBase | None = None

    def kb(self) -> KnowledgeBase:
        """Loaded once and reused until a step writes something (with --check, nothing ever is)."""
        if self._kb is None:
            self._kb = load_kb(self.layout.root)
        return self._kb

    def wrote(self) -> None:
        self._kb = None


def _rel(layout: Layout, path) -> str:
    return str(path.relative_to(layout.root)) if path.is_relative_to(layout.root) else str(path)


def step_import(run: Run) -> StepResult:

    layout, check = run.layout, run.check
    report = make_plan(layout) if check else run_import(layout)
    if report.problems:
        return StepResult("refused, nothing written", problems=[str(p) for p in sorted(report.problems)])
    entries, written = sum(report.counts.values()), sum(report.written.values())
    notes = [f"removed {p} (no longer produced by the sources)" for p in report.removed]
    notes += [
        f"stale translation: {entry_id} (review it, then set translation.source_sha256: {sha})"
        for entry_id, sha in report.stale
    ]
    notes += [f"comments dropped: {p}" for p in report.comments_dropped]
    if check:
        stale = sorted(_rel(layout, p) for p in report.files) + sorted(_rel(layout, p) for p in report.deletions)
        return StepResult(f"{entries} entries from {len(report.counts)} document(s)", stale=stale)
    return StepResult(
        f"{entries} entries from {len(report.counts)} document(s); {written} written, {len(report.removed)} removed",
        written=written + len(report.removed),
        notes=notes,
    )


def step_link(run: Run) -> StepResult:

    kb, check = run.kb(), run.check
    report = compute_links(kb)
    changed = write_links(kb, report, dry_run=check)
    summary = f"{report.counts['total']} links in {report.counts['entries-with-links']} entries"
    if check:
        return StepResult(summary, stale=changed)
    return StepResult(f"{summary}; {len(changed)} entries written", written=len(changed))


def _generated(build: Callable, run: Run) -> StepResult:

    layout, check = run.layout, run.check
    gen = build(run.kb())
    out_of_date, written = yamlio.sync_generated(
        gen.folder, gen.wanted, GENERATED_MARK, check, journal=layout.write_journal
    )
    folder = _rel(layout, gen.folder)
    if check:
        return StepResult(gen.summary, stale=[f"{folder}/{name}" for name in out_of_date])
    removed = [name for name in out_of_date if name not in gen.wanted]
    return StepResult(
        f"{gen.summary}; {written} written, {len(removed)} removed",
        written=written + len(removed),
        notes=[f"removed {folder}/{name} (no longer generated)" for name in removed],
    )


def step_errata(run: Run) -> StepResult:

    return _generated(errata.build, run)


def step_cards(run: Run) -> StepResult:

    return _generated(cards.build, run)


def step_check_sources(run: Run) -> StepResult:

    reports = check_sources(run.layout)
    problems = []
    for r in reports:
        if not r.reader_lossless:
            problems.append(f"{r.document}: the reader lost text: its paragraphs do not add up to the document")
        problems += [f"{r.document}: not verbatim: {entry_id}" for entry_id in r.fidelity_failures]
        problems += [f"{r.document}: not in any entry: {text}" for text in r.uncovered]
        problems += [f"{r.document}: stale skip-list item {item}" for item in r.stale_skips]
        problems += [f"{r.document}: skipped but in an entry: {item}" for item in r.skipped_but_quoted]
    summary = (
        f"{len(reports)} documents; coverage {min((r.coverage for r in reports), default=1):.2%}, "
        f"fidelity {min((r.fidelity for r in reports), default=1):.2%} (lowest)"
    )
    return StepResult(
        summary,
        problems=problems + (["(`l5r-rules check-sources` shows each document)"] if problems else []),
        blocking=False,
    )


def step_validate(run: Run) -> StepResult:

    problems, files = run_all(run.layout)
    return StepResult(
        f"{files} files" + (f", {len(problems)} problem(s)" if problems else " valid"),
        problems=[str(p) for p in problems],
        blocking=False,
    )


STEPS: tuple[tuple[str, Callable[[Run], StepResult]], ...] = (
    ("import", step_import),
    ("link", step_link),
    ("errata", step_errata),
    ("cards", step_cards),
    ("check-sources", step_check_sources),
    ("validate", step_validate),
)


def run_step(step: Callable[[Run], StepResult], run: Run) -> StepResult:
    """One step; a glossary file it cannot read or a generator's refusal is a failed step, not an exception."""

    layout = run.layout
    try:
        return step(run)
    except yamlio.GlossaryFileError as exc:
        p = exc.problem
        where = _rel(layout, Path(exc.path))
        return StepResult(
            "cannot read the glossary",
            problems=[
                f"{where}:{p.line}:{p.col}: {p.code} {p.field} {p.message} "
                "(run `l5r-rules validate` to see every problem)"
            ],
        )
    except GenerateError as exc:
        return StepResult("refused, nothing written", problems=exc.lines)
    except yamlio.HandWritten as exc:
        return StepResult(
            "refused, nothing written",
            problems=[
                f"{_rel(layout, p)}: written by hand (no generated header), and this step would replace it: "
                "move your change into the generator's curated input, then delete the file"
                for p in exc.paths
            ],
        )
    except WriteFailed as exc:
        return StepResult(
            "cannot write, nothing written",
            problems=[f"{_rel(layout, Path(exc.path))}: cannot be written: {exc.reason}"],
        )


@dataclass
class RefreshReport:
    results: list[tuple[str, StepResult, float]] = field(default_factory=list)  # (step, result, seconds)

    @property
    def failed(self) -> list[str]:
        return [name for name, r, _ in self.results if r.problems]

    @property
    def stale(self) -> list[str]:
        return [path for _, r, _ in self.results for path in r.stale]

    @property
    def ok(self) -> bool:
        return not self.failed and not self.stale


def refresh(
    layout: Layout, check: bool = False, on_step: Callable[[str, StepResult, float], None] | None = None
) -> RefreshReport:
    """Run the steps in order (see the module docstring); `on_step` hears each one as it finishes."""
    report, run = RefreshReport(), Run(layout, check)
    for name, step in STEPS:
        start = time.perf_counter()
        result = run_step(step, run)
        if result.written:
            run.wrote()
        report.results.append((name, result, time.perf_counter() - start))
        if on_step:
            on_step(name, result, time.perf_counter() - start)
        if result.problems and (result.blocking or not check):
            break
    return report
