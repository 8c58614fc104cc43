"""`l5r-rules check-sources`."""

from __future__ import annotations

import json
import sys

import click

from ..sourcecheck import check_sources
from .common import layout_for, root_option


@click.command("check-sources")
@root_option
@click.option("--json", "as_json", is_flag=True, help="Print the report as JSON.")
def check_sources_cmd(root, as_json):
    """Fidelity (entry text occurs verbatim in its source) and coverage
    (every source paragraph is in an entry or on the skip list) per document.

    Exits 1 if any entry is not verbatim, any paragraph is lost, any
    skip-list item is stale, or a skipped paragraph is still in an entry.

    \b
    Example:
      l5r-rules check-sources --json
    """

    reports = check_sources(layout_for(root))
    if as_json:
        click.echo(json.dumps({"documents": [r.as_json() for r in reports]}, indent=2, ensure_ascii=False))
    else:
        for r in reports:
            click.echo(
                f"{r.document:22} entries {r.entries:4}  paragraphs {r.paragraphs:5}  covered {r.covered:5}  "
                f"skipped {r.skipped:4}  coverage {r.coverage:7.2%}  fidelity {r.fidelity:7.2%}"
            )
            if not r.reader_lossless:
                click.echo("  the reader lost text: its paragraphs do not add up to the document")
            for entry_id in r.fidelity_failures:
                click.echo(f"  not verbatim: {entry_id}")
            for text in r.uncovered:
                click.echo(f"  not in any entry: {text}")
            for stale in r.stale_skips:
                click.echo(f"  stale skip-list item {stale}")
            for both in r.skipped_but_quoted:
                click.echo(f"  skipped but in an entry: {both}")
    if not all(r.ok for r in reports):
        sys.exit(1)
