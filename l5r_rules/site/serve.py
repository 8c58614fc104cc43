"""Serve a built site on 127.0.0.1 with the standard library (for a laptop at an event).

Search needs the site served over http (browsers block the search worker on
file://), so this is the supported way to use the site offline. Only the
loopback interface is bound: nothing is exposed to the hall's network.
"""

from __future__ import annotations

import functools
import http.server
import socketserver
from pathlib import Path


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        pass


class _Server(socketserver.ThreadingMixIn, http.server.HTTPServer):
    daemon_threads = True
    allow_reuse_address = True


def make_server(site: Path, port: int, host: str = "127.0.0.1", quiet: bool = True) -> http.server.HTTPServer:
    handler_cls = _QuietHandler if quiet else http.server.SimpleHTTPRequestHandler
    handler = functools.partial(handler_cls, directory=str(site))
    return _Server((host, port), handler)
