"""`l5r-rules export`: the whole knowledge base as JSON or JSON Lines, with its schemas."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..export import export_text, write_atomically
from .clierrors import one_line_errors
from .common import layout_for, root_option


@click.command("export")
@root_option
@click.option("--format", "fmt", type=click.Choice(["json", "jsonl"]), default="json", show_default=True)
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False),
    default=None,
    help="Write to this file (atomically) instead of standard output ('-': standard output). An existing "
    "file is replaced; anything else there (a device, FIFO, symlink) is refused.",
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
    text = export_text(layout, fmt)
    if output == "-":
        output = None  # the usual spelling of standard output
    elif output is not None and (not output.strip() or output.endswith(("/", "\\"))):
        click.echo(f"Error: --output {output!r} is not a file name", err=True)
        sys.exit(2)
    if output:
        given = Path(output)
        if _inside_a_knowledge_base(given):
            click.echo(
                f"Error: {output}: refusing to write the export inside a checkout's glossary/ or sources/ "
                "(choose a file elsewhere)",
                err=True,
            )
            sys.exit(2)
        if given.is_symlink() or (given.exists() and not given.is_file()):
            # a device, FIFO or symlink: replacing it would destroy it (as root, /dev/null itself)
            click.echo(f"Error: {output}: exists and is not a regular file; refusing to replace it", err=True)
            sys.exit(2)
        target = given.resolve()
        for folder in (layout.glossary, layout.sources):
            if target.is_relative_to(folder.resolve()):
                click.echo(
                    f"Error: {target}: refusing to write the export into {folder} (choose a file elsewhere)", err=True
                )
                sys.exit(2)
        write_atomically(output, text)
    else:
        click.echo(text, nl=False)


def _inside_a_knowledge_base(path: Path) -> bool:
    """Is `path` inside some checkout's glossary/ or sources/ (any checkout, not only --root's)?"""
    for folder in Path(path).resolve().parents:
        if (folder / "_sources.yaml").is_file() or (folder.name == "sources" and (folder.parent / "glossary").is_dir()):
            return True
    return False
