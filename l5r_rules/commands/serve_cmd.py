"""`l5r-rules serve`: the built site on 127.0.0.1, for use without internet; `--lan` for a hall of phones."""

from __future__ import annotations

import errno
import sys

import click

from ..site import lan as site_lan
from ..site.serve import make_server
from ..site.serve import path_prefix as parse_prefix
from .common import built_site, root_option, site_option, stop


class PortNumber(click.ParamType):
    """A TCP port, 0-65535 (0: the system picks a free one), with a message that says so."""

    name = "port"

    def convert(self, value, param, ctx):
        try:
            port = int(str(value).strip())
        except ValueError:
            port = None
        if port is None or not 0 <= port <= 65535:
            self.fail(f"{value!r} is not a port number (0-65535; 0 picks a free port)", param, ctx)
        return port


_HINTS = {
    errno.EADDRINUSE: "something already listens there (another `l5r-rules serve`?); try another --port",
    errno.EACCES: "ports below 1024 need administrator rights; try --port 8000",
}


@click.command("serve")
@root_option
@click.option("--port", default=8000, show_default=True, type=PortNumber(), help="Port to listen on.")
@click.option(
    "--lan",
    is_flag=True,
    help="Also listen on this machine's network addresses, so phones on the same network can open the site "
    "(prints the URL and a QR code). Anyone on that network can then read the site. Default: 127.0.0.1 only.",
)
@click.option(
    "--path-prefix",
    default="",
    metavar="PATH",
    help="Serve the site under this URL path, as a static host publishes it under a sub-path "
    "(e.g. /l5r-rules/ for https://host/l5r-rules/): to try a build before publishing it there.",
)
@site_option("serve")
def serve_cmd(root, port, site_dir, lan, path_prefix):
    """Serve the built site on http://127.0.0.1:PORT/ (only this machine can reach it).

    With --lan the site is served, read-only, to the whole local network (judges'
    phones in the hall): the command prints the URL and a QR code of it.

    \b
    Example:
      l5r-rules serve --port 8000
      l5r-rules serve --lan
      l5r-rules serve --path-prefix /l5r-rules/
    """

    try:
        prefix = parse_prefix(path_prefix)
    except ValueError as exc:
        stop(f"serve refused: --path-prefix {exc}", 2)
    site = built_site(root, site_dir)
    host = "0.0.0.0" if lan else "127.0.0.1"
    try:
        server = make_server(site, port, host=host, prefix=prefix)
    except OSError as exc:
        hint = _HINTS.get(exc.errno)
        stop(f"cannot serve on {host}:{port}: {exc.strerror or exc}" + (f" ({hint})" if hint else ""), 1)
    bound = server.server_address[1]
    under = "".join(f"{segment}/" for segment in prefix)
    click.echo(f"serving {site} on http://127.0.0.1:{bound}/{under} (Ctrl-C to stop)", err=False)
    if lan:
        _announce_lan(bound, under, root)
    sys.stdout.flush()
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def _announce_lan(port: int, under: str, root) -> None:

    addresses = site_lan.lan_addresses()
    click.echo("WARNING: --lan: anyone on this network can read this site (read-only; nothing else is served).")
    if not addresses:
        click.echo(
            "no network address found for this machine; it listens on all of them: use its address from the "
            "network settings, port " + str(port)
        )
        click.echo(site_lan.offline_truth(root))
        return
    for address in addresses:
        click.echo(f"on the network: http://{address}:{port}/{under}")
    click.echo(site_lan.offline_truth(root))
    url = f"http://{addresses[0]}:{port}/{under}"
    click.echo(f"scan with a phone camera to open {url}:")
    click.echo(site_lan.qr_text(url))
