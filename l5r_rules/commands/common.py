"""Options shared by several commands."""

from __future__ import annotations

from pathlib import Path

import click

from ..layout import Layout, find_root

root_option = click.option(
    "--root", type=click.Path(file_okay=False, path_type=Path), default=None,
    help="Checkout whose glossary/ to use (default: the current checkout).",
)


def layout_for(root: Path | None) -> Layout:
    return Layout(root.resolve() if root else find_root())
