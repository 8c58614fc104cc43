"""`l5r-rules refresh`."""

from __future__ import annotations

import sys
import time
from contextlib import nullcontext

import click

from ..locks import glossary_lock
from ..refresh import refresh
from .common import layout_for, root_option, stop


@click.command("refresh")
@root_option
@click.option(
    "--check",
    is_flag=True,
    help="Write nothing; exit 1 naming every file a step would change and every check-sources or validate problem.",
)
def refresh_cmd(root, check):
    """Regenerate everything derived from the sources and curated data, in order:
    import, link, errata, cards, check-sources, validate.

    Prints one line per step (what it did, or with --check what is out of
    date) and stops at the first step that fails, with its problems and exit 1.
    The errata records and the card index are built from the entries and the
    curated files glossary/_errata_curated.yaml and glossary/_card_names.yaml.
    Running it twice writes nothing the second time; the test suite runs
    `refresh --check` on the repository.

    \b
    Example:
      l5r-rules refresh
      l5r-rules refresh --check
    """

    layout = layout_for(root)
    if not layout.sources_registry.exists():
        stop(f"{layout.sources_registry}: no sources registry here: is --root a checkout?", 1)
    start = time.perf_counter()

    def show(name, result, seconds):
        state = "FAILED: " if result.problems else (f"{len(result.stale)} out of date: " if result.stale else "")
        click.echo(f"{name:<14}{state}{result.summary} ({seconds:.1f} s)")
        for line in result.problems + [f"out of date: {path}" for path in result.stale] + result.notes:
            click.echo(f"  {line}")

    with nullcontext() if check else glossary_lock(layout, click.echo):  # one glossary writer at a time
        report = refresh(layout, check=check, on_step=show)
    elapsed = time.perf_counter() - start
    if report.failed and not check:
        click.echo(
            f"refresh: stopped at {report.failed[0]}: fix the problems above, then run it again ({elapsed:.1f} s)",
            err=True,
        )
        sys.exit(1)
    if not report.ok:
        parts = [f"{', '.join(report.failed)} failed: fix the problems above"] if report.failed else []
        parts += [f"{len(report.stale)} file(s) out of date: run `l5r-rules refresh`"] if report.stale else []
        stop(f"refresh --check: {'; '.join(parts)} ({elapsed:.1f} s)", 1)
    written = sum(r.written for _, r, _ in report.results)
    done = "brought up to date" if written else "everything up to date"  # was "up to date" after writing
    click.echo(
        f"refresh{' --check' if check else ''}: {done}{'' if check else f' ({written} file(s) written)'} "
        f"({elapsed:.1f} s)",
        err=True,
    )
