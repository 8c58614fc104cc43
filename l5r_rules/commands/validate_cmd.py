"""`l5r-rules validate`."""

from __future__ import annotations

import time

import click

from ..checks.validate import run_all
from .common import layout_for, root_option, stop


@click.command("validate")
@root_option
def validate_cmd(root):
    """Check every glossary file: YAML, schema, ids and references.

    Prints each problem as `path:line:col: CODE field message`, then a
    summary; exits 1 if there is any problem, 0 otherwise.

    \b
    Example:
      l5r-rules validate --root /tmp/glossary-copy
    """

    start = time.perf_counter()
    problems, files = run_all(layout_for(root))
    for p in problems:
        click.echo(str(p))
    elapsed = time.perf_counter() - start
    if problems:
        stop(f"{len(problems)} problem(s) in {files} files ({elapsed:.2f} s)", 1)
    click.echo(f"ok: {files} files valid ({elapsed:.2f} s)", err=True)
