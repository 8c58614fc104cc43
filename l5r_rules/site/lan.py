"""`serve --lan`: the laptop's addresses on the hall's network, and a QR code of the URL for phone cameras.

Only `serve --lan` uses this; the default stays loopback-only. The addresses are
the ones the system names for this host (no packet is sent to find them).
"""

from __future__ import annotations

import io
import ipaddress
import socket


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
    import segno

    out = io.StringIO()
    segno.make(url, micro=False).terminal(out=out, compact=True)
    return out.getvalue()
