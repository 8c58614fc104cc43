"""`l5r-rules export`: the whole knowledge base as JSON or JSON Lines, with its schemas."""

from __future__ import annotations

import click

from .common import layout_for, root_option


@click.command("export")
@root_option
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json", show_default=True)
@click.option("--output", "-o", type=click.Path(dir_okay=False), default=None,
              help="Write to this file (atomically) instead of standard output.")
def export_cmd(root, fmt, output):
    """Export every document, entry, concept and erratum with the JSON Schemas they follow.

    json: one object {format, schemas, documents, entries, concepts, errata}.
    jsonl: one {"type": ..., "data": ...} object per line, schemas first.

    \b
    Example:
      l5r-rules export --format jsonl -o build/l5r.jsonl
    """
    from ..search.clihelp import one_line_errors

    one_line_errors(_run)(root, fmt, output)


def _run(root, fmt, output):
    from ..search.export import export_text, write_atomically

    text = export_text(layout_for(root), fmt)
    if output:
        write_atomically(output, text)
    else:
        click.echo(text, nl=False)
