"""`l5r-rules check-links`: broken internal links and anchors in a built site."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import layout_for, root_option


@click.command("check-links")
@root_option
@click.option(
    "--site",
    "site_dir",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Built site to check (default: site/ in the checkout).",
)
def check_links_cmd(root, site_dir):
    """Check every internal link and #anchor of a built site; exit 1 if any is broken.

    \b
    Example:
      l5r-rules build && l5r-rules check-links
    """
    from ..site.linkcheck import check_links

    site = site_dir or layout_for(root).root / "site"
    if not (site / "index.html").is_file():
        click.echo(f"{site}: no built site here (run `l5r-rules build` first)", err=True)
        sys.exit(2)
    report = check_links(site)
    for broken in report.broken:
        click.echo(f"{site.name}/{broken}")
    click.echo(
        f"{report.pages} pages, {report.links} links, {len(report.broken)} broken, {len(report.external)} external"
    )
    sys.exit(1 if report.broken else 0)
