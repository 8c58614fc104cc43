"""Options shared by several commands."""

from __future__ import annotations

from pathlib import Path

import click

from ..layout import Layout, find_root

root_option = click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Checkout whose glossary/ to use (default: the current checkout).",
)


def layout_for(root: Path | None) -> Layout:
    return Layout(root.resolve() if root else find_root())


# Set by read-only look-up commands (search, show, compare): their process may end without
# the interpreter's teardown, which costs a cold `l5r-rules search` ~20 ms of its 250 ms.
teardown = {"skip": False}


def skip_teardown() -> None:
    """Let this process end right after its output: nothing it opened needs cleaning up.
    Only the console script (cli.main) acts on it; commands run in-process (tests) are unaffected."""
    teardown["skip"] = True
