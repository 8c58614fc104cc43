"""`l5r-rules build`: the static site (see l5r_rules/site/)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from ..site.builder import OutputRefused, SiteBuildError, build_site
from ..site.linkcheck import check_links
from .common import layout_for, root_option, stop


@click.command("build")
@root_option
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Output directory (default: site/ in the checkout). It must be absent, empty, or a site an "
    "earlier build wrote (it holds a .l5r-rules-site marker); anything else is refused.",
)
@click.option("--offline", is_flag=True, help="Also run mkdocs-material's offline plugin (pages open from file://).")
@click.option("--strict", is_flag=True, help="Fail on any mkdocs warning.")
@click.option("--check-links", "check", is_flag=True, help="After building, check every internal link and anchor.")
@click.option(
    "--site-url",
    default=None,
    metavar="URL",
    help="The published site's address, e.g. https://example.github.io/l5r-rules/ (default: $L5R_SITE_URL, else "
    "site_url of mkdocs.yml). It gives canonical links, the sitemap, the JSON API's absolute urls and the "
    "address the offline notice names; the pages themselves link relatively and work under any sub-path.",
)
def build_cmd(root, out, offline, strict, check, site_url):
    """Build the static site into site/ (atomically: a failed build keeps the old site).

    Renders every entry, concept and errata record into Markdown pages with
    jinja2, then runs mkdocs-material. Serve the result with `l5r-rules serve`.

    \b
    Example:
      l5r-rules build --check-links
      l5r-rules build --site-url https://example.github.io/l5r-rules/
    """

    layout = layout_for(root)
    try:
        result = build_site(layout.root, out, offline=offline, strict=strict, progress=click.echo, site_url=site_url)
    except OutputRefused as exc:
        stop(f"build refused: {exc}", 2)
    except SiteBuildError as exc:
        stop(f"build failed: {exc} (the previous site, if any, is unchanged)", 1)
    for message in result.warnings[:10]:
        click.echo(f"warning: {message}", err=True)
    if check:
        report = check_links(result.out)
        for broken in report.broken:
            click.echo(f"broken link: {broken}", err=True)
        click.echo(f"link check: {report.pages} pages, {report.links} links, {len(report.broken)} broken")
        if report.broken:
            sys.exit(1)
    where = "" if result.out.resolve() == (layout.root / "site").resolve() else f" --site {result.out}"
    serve = (
        f"l5r-rules serve{where} (then open http://127.0.0.1:8000/ in a browser; add --lan for phones on the network)"
    )
    if offline:
        click.echo(f"view it: open {result.out / 'index.html'} in a browser (no server needed), or {serve}")
    else:
        click.echo(f"view it: {serve}")
