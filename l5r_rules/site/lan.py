"""`serve --lan`: the laptop's addresses on the hall's network, and a QR code of the URL for phone cameras.

Only `serve --lan` uses this; the default stays loopback-only. The addresses are
the ones the system names for this host (no packet is sent to find them).
"""

from __future__ import annotations

import io
import ipaddress
import socket
from pathlib import Path

from .. import siteurl
from ..layout import Layout, find_root


def lan_addresses() -> list[str]:
    """This machine's IPv4 addresses other than loopback, as the system resolves its host name."""
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, family=socket.AF_INET)
    except OSError:
        return []
    found = []
    for info in infos:
        address = info[4][0]
        if not ipaddress.ip_address(address).is_loopback and address not in found:
            found.append(address)
    return found


def qr_text(url: str) -> str:
    """A QR code of `url` drawn with block characters, two rows per line, for a terminal."""
    import segno  # ~0.1 s to import, for `serve --lan` only

    out = io.StringIO()
    segno.make(url, micro=False).terminal(out=out, compact=True)
    return out.getvalue()


def offline_truth(root: Path | None) -> str:
    """What a phone keeps of a site read over the hall's plain-http address: nothing, and where it can keep it.

    The same truth the site shows (l5r-offline.js): browsers keep an offline copy (a service worker's
    cache) only of a secure origin, https or this machine itself.
    """
    lead = (
        "Phones can read the site here while they are on this network, but they keep no copy for use without "
        "signal: browsers save sites for offline use only over https (or on this laptop itself, at 127.0.0.1)."
    )
    try:
        public = siteurl.resolve(Layout(root.resolve() if root else find_root()).root)
    except siteurl.BadSiteUrl:  # a wrong address is the build's and the packet's to refuse; here it is no hint
        public = None
    if public is not None and public.secure:
        return f"{lead} To keep the rules on a phone, open {public.url} once over the internet before the event."
    return f"{lead} To keep the rules on a phone, publish the site on an https host and open it once before the event."
