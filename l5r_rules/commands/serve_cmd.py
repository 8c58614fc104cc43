"""`l5r-rules serve`: the built site on 127.0.0.1, for use without internet."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .common import layout_for, root_option


@click.command("serve")
@root_option
@click.option("--port", default=8000, show_default=True, type=click.IntRange(0, 65535), help="Port on 127.0.0.1.")
@click.option("--site", "site_dir", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Built site to serve (default: site/ in the checkout).")
def serve_cmd(root, port, site_dir):
    """Serve the built site on http://127.0.0.1:PORT/ (only this machine can reach it).

    \b
    Example:
      l5r-rules serve --port 8000
    """
    from ..site.serve import make_server

    site = (site_dir or layout_for(root).root / "site").resolve()
    if not (site / "index.html").is_file():
        click.echo(f"{site}: no built site here (run `l5r-rules build` first)", err=True)
        sys.exit(2)
    try:
        server = make_server(site, port)
    except OSError as exc:
        click.echo(f"cannot serve on 127.0.0.1:{port}: {exc.strerror or exc}", err=True)
        sys.exit(1)
    click.echo(f"serving {site} on http://127.0.0.1:{server.server_address[1]}/ (Ctrl-C to stop)", err=False)
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()
