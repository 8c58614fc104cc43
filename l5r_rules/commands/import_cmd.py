"""`l5r-rules import`."""

from __future__ import annotations

import click

from .common import layout_for, root_option


@click.command("import")
@root_option
@click.option("--only", default=None, help="Import one document (document or edition id).")
def import_cmd(root, only):
    """Import the rulebooks in sources/ into glossary/entries/.

    Imported fields are rewritten; curated fields (aliases, related,
    translation) are kept. On unchanged sources no file changes.

    \b
    Example:
      l5r-rules import --only lotus
    """
    from ..importers.run import run_import

    report = run_import(layout_for(root), only=only)
    for doc, count in report.counts.items():
        click.echo(f"{doc}: {count} entries ({report.written[doc]} written, {report.unchanged[doc]} unchanged)")
    if report.removed:
        shown = ", ".join(report.removed[:5]) + (" ..." if len(report.removed) > 5 else "")
        click.echo(f"removed {len(report.removed)} entries no longer produced by the sources: {shown}")
