"""`l5r-rules export`: the whole knowledge base as JSON or JSON Lines, with its schemas."""

from __future__ import annotations

from pathlib import Path

import click

from ..export import export_text, write_atomically
from ..outputs import OutputRefused, check_file
from .clierrors import one_line_errors
from .common import layout_for, root_option, stop


@click.command("export")
@root_option
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json", show_default=True)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write to this file (atomically) instead of standard output ('-': standard output). An existing "
    "file is replaced; a device, FIFO or symlink, anything in .git, glossary/ or sources/, and a file of "
    "the checkout (tracked by git) are refused.",
)
def export_cmd(root, fmt, output):
    """Export the whole knowledge base with the JSON Schemas it follows.

    json: one object {format, schemas, documents, entries, concepts, errata,
    cards, authority, skip}. jsonl: one {"type": ..., "data": ...} object per
    line, schemas first. Every file goes through the same checks as validate.

    \b
    Example:
      l5r-rules export --format jsonl -o build/l5r.jsonl
    """

    one_line_errors(_run)(root, fmt, output)


def _run(root, fmt, output):
    layout = layout_for(root)
    if output == "-":
        output = None  # the usual spelling of standard output
    elif output is not None and (not output.strip() or output.endswith(("/", "\\"))):
        stop(f"Error: --output {output!r} is not a file name", 2)
    target = None
    if output:
        try:  # before any work: the one rule every writer follows (outputs.py)
            target = check_file(Path(output), layout, "write the export")
        except OutputRefused as exc:
            stop(f"Error: {exc}", 2)
    # lazy, as in build and coverage: the checks load when the command runs, never for `export --help`
    from ..checks.validate import InvalidGlossary, refuse_invalid

    try:  # every file through validate's checks, as the help says (a control character in a title passed)
        refuse_invalid(layout, "exported")
    except InvalidGlossary as exc:
        stop(f"Error: {exc}", 1)
    text = export_text(layout, fmt)
    if target is not None:
        write_atomically(target, text)
    else:
        click.echo(text, nl=False)
