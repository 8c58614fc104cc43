"""`l5r-rules check-links`: broken internal links and anchors in a built site."""

from __future__ import annotations

import sys

import click

from ..site.linkcheck import check_links
from .common import built_site, root_option, site_option


@click.command("check-links")
@root_option
@site_option("check")
def check_links_cmd(root, site_dir):
    """Check every internal link and #anchor of a built site; exit 1 if any is broken.

    \b
    Example:
      l5r-rules build && l5r-rules check-links
    """

    site = built_site(root, site_dir)
    report = check_links(site)
    for broken in report.broken:
        click.echo(f"{site.name}/{broken}")
    click.echo(
        f"{report.pages} pages, {report.links} links, {len(report.broken)} broken, {len(report.external)} external"
    )
    sys.exit(1 if report.broken else 0)
