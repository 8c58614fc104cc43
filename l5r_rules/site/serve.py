"""Serve a built site on 127.0.0.1 with the standard library (for a laptop at an event).

Search needs the site served over http (browsers block the search worker on
file://), so this is the supported way to use the site offline. Only the
loopback interface is bound: nothing is exposed to the hall's network.

Why not `SimpleHTTPRequestHandler`: it lists folders, follows symlinks out of the
folder it serves, answers `/%00` and `/%ff` with a traceback and a dropped
connection, and (with the server's default listen backlog of 5) drops
connections when 50 browsers ask at once. This handler answers only GET and HEAD,
only with regular files whose real path is inside the site, and every odd request
gets a status code (400, 404, 501, ...), never a traceback.

Caching: every answer says `Cache-Control: no-cache` and carries an ETag made of
a hash of the file's bytes, so a browser asks again each time (a cheap 304) and
never shows a page of the previous build, even one restored with the same size and
modification time (`cp -p`, `rsync -t`). The hash is computed once per file version:
remembered under the file's identity and its change time (ctime, which the kernel
sets on every write and no copy can preserve); the service
worker `sw.js` (the offline copy, `offline_app.py`) is thus always checked for a
new version, and is sent as JavaScript like any `.js` file.

Compression: text files (pages, scripts, styles, the search index) of 1 KB or
more go out gzipped to a browser that accepts it (`Vary: Accept-Encoding`, an
ETag of its own), compressed once per file version and kept in memory: a phone
that keeps the whole site for offline use downloads about a fifth of its size.
"""

from __future__ import annotations

import email.utils
import gzip
import hashlib
import http.server
import mimetypes
import os
import posixpath
import re
import socketserver
import stat
import sys
import threading
import urllib.parse
from pathlib import Path

from ..terminal import clean

LISTEN_BACKLOG = 256  # connections waiting for accept(); 50 phones at once must not be dropped
IDLE_TIMEOUT = 15.0  # seconds a connection may send nothing (keep-alive or a stalled client) before it is closed
MAX_PATH_BYTES = 4096

# The types the built site needs, the same on every machine (mimetypes reads /etc/mime.types, which varies).
CONTENT_TYPES = {
    ".html": "text/html; charset=utf-8",
    ".css": "text/css; charset=utf-8",
    ".js": "text/javascript; charset=utf-8",
    ".mjs": "text/javascript; charset=utf-8",
    ".json": "application/json",
    ".map": "application/json",
    ".webmanifest": "application/manifest+json",
    ".svg": "image/svg+xml",
    ".png": "image/png",
    ".jpg": "image/jpeg",
    ".jpeg": "image/jpeg",
    ".gif": "image/gif",
    ".webp": "image/webp",
    ".ico": "image/x-icon",
    ".woff": "font/woff",
    ".woff2": "font/woff2",
    ".ttf": "font/ttf",
    ".txt": "text/plain; charset=utf-8",
    ".xml": "application/xml",
    ".pdf": "application/pdf",
    ".gz": "application/gzip",
}
# O_NONBLOCK: opening a FIFO must not hang the thread (no such flag, nor FIFOs, on Windows).
_OPEN_FLAGS = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
_ABSOLUTE_FORM = re.compile(r"^[A-Za-z][A-Za-z0-9+.-]*://")


def content_type(name: str) -> str:
    suffix = posixpath.splitext(name)[1].lower()
    return CONTENT_TYPES.get(suffix) or mimetypes.guess_type(name, strict=True)[0] or "application/octet-stream"


def etag(digest: str, variant: str = "") -> str:
    """A validator made of the file's content hash: it changes exactly when the bytes do."""
    return f'"{digest}{variant}"'


_digests: dict[tuple, str] = {}
_DIGESTS_KEPT = 50_000


def version_key(real: str, info: os.stat_result) -> tuple:
    """One version of one file: any write changes its ctime (no copy or restore can set it back)."""
    return (real, info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)


def content_digest(fh, real: str, info: os.stat_result) -> str:
    """The first 20 hex digits of the SHA-256 of the file's bytes, computed once per version."""
    key = version_key(real, info)
    with _gzip_lock:
        if key in _digests:
            return _digests[key]
    digest = hashlib.sha256()
    fh.seek(0)
    for chunk in iter(lambda: fh.read(1 << 20), b""):
        digest.update(chunk)
    fh.seek(0)
    value = digest.hexdigest()[:20]
    with _gzip_lock:
        if len(_digests) >= _DIGESTS_KEPT:
            _digests.clear()
        _digests[key] = value
    return value


COMPRESSIBLE = {".html", ".css", ".js", ".mjs", ".json", ".map", ".webmanifest", ".svg", ".txt", ".xml"}
MIN_GZIP_BYTES = 1024
GZIP_MEMORY = 96 * 1024 * 1024  # compressed files kept; the whole site takes about 7 MB
_gzipped: dict[tuple, bytes] = {}
_gzip_lock = threading.Lock()


def accepts_gzip(header: str | None) -> bool:
    """Whether an Accept-Encoding header allows gzip (`gzip` or `*` with a q-value above 0)."""
    for part in (header or "").split(","):
        name, _, params = part.strip().partition(";")
        if name.strip().lower() in ("gzip", "*"):
            q = params.strip().lower().removeprefix("q=")
            try:
                return not params.strip() or float(q) > 0
            except ValueError:
                return False
    return False


def gzipped(fh, real: str, info: os.stat_result) -> bytes:
    """The file's bytes gzipped (mtime 0, so the same bytes every time), compressed once per version."""
    key = version_key(real, info)
    with _gzip_lock:
        if key in _gzipped:
            return _gzipped[key]
    fh.seek(0)
    data = gzip.compress(fh.read(), compresslevel=6, mtime=0)
    with _gzip_lock:
        if sum(map(len, _gzipped.values())) + len(data) > GZIP_MEMORY:
            _gzipped.clear()
        _gzipped[key] = data
    return data


class BadRequest(Exception):
    """A request target that names no file (status 400 or 404, with a short reason)."""

    def __init__(self, status: int, reason: str):
        super().__init__(reason)
        self.status = status


def url_segments(target: str) -> tuple[list[str], bool]:
    """The decoded path segments of a request target, and whether it ends with '/'.

    Accepts origin-form (`/a/b?q`) and absolute-form (`http://host/a/b`). Refuses (404)
    `..` segments and (400) NUL bytes, backslashes and percent-encodings that are not UTF-8.
    """
    if _ABSOLUTE_FORM.match(target):
        target = urllib.parse.urlsplit(target).path or "/"
    path = target.split("?", 1)[0].split("#", 1)[0]
    if not path.startswith("/"):
        raise BadRequest(400, "request target must start with /")
    try:
        raw = urllib.parse.unquote_to_bytes(path.encode("latin-1"))  # http.server read the line as latin-1
        if len(raw) > MAX_PATH_BYTES:
            raise BadRequest(414, "path too long")
        decoded = raw.decode("utf-8")
    except UnicodeError:
        raise BadRequest(400, "path is not UTF-8") from None
    if "\x00" in decoded or "\\" in decoded:
        raise BadRequest(400, "path holds a NUL byte or a backslash")
    segments = [s for s in decoded.split("/") if s not in ("", ".")]
    if ".." in segments:
        raise BadRequest(404, "no '..' in paths")
    return segments, decoded.endswith("/")


def inside(path: str, folder: str) -> bool:
    return path == folder or path.startswith(folder.rstrip(os.sep) + os.sep)


class SiteHandler(http.server.BaseHTTPRequestHandler):
    """GET and HEAD of regular files under `site` (a real path); index.html for folders; no listings."""

    protocol_version = "HTTP/1.1"  # keep-alive: a browser loads a page's assets over a few connections
    default_request_version = "HTTP/1.0"  # so that the answer to a garbled request line has a status line too
    timeout = IDLE_TIMEOUT
    disable_nagle_algorithm = True  # else headers then body on a kept-alive connection wait ~40 ms for an ACK
    server_version = "l5r-rules"
    sys_version = ""
    site: str = ""  # set by make_server (a real path, no symlinks)
    prefix: tuple[str, ...] = ()  # set by make_server: the sub-path the site is served under ("l5r-rules",)
    quiet = True

    def log_message(self, format, *args):  # noqa: A002 - stdlib signature
        if not self.quiet:
            sys.stderr.write(f"{self.address_string()} - {' '.join(clean(format % args).split())}\n")

    def do_GET(self):  # noqa: N802 - stdlib naming
        self._serve(body=True)

    def do_HEAD(self):  # noqa: N802 - stdlib naming
        self._serve(body=False)

    def _serve(self, body: bool) -> None:
        try:
            segments, slash = url_segments(self.path)
        except BadRequest as exc:
            self.send_error(exc.status, str(exc))
            return
        if self.prefix:  # served under a sub-path, as a static host may publish it (https://host/l5r-rules/)
            if tuple(segments[: len(self.prefix)]) != self.prefix:
                if not segments:
                    self._redirect("/" + "/".join(urllib.parse.quote(s) for s in self.prefix) + "/")
                else:
                    self.send_error(404, "Not found")
                return
            segments = segments[len(self.prefix) :]  # "/l5r-rules" (no slash) is redirected below, as any folder
        path = os.path.join(self.site, *segments)
        try:
            if os.path.isdir(path):
                if not slash:  # pages link relative to their folder: /entries/x -> /entries/x/
                    self._redirect("/" + "/".join(urllib.parse.quote(s) for s in (*self.prefix, *segments)) + "/")
                    return
                path = os.path.join(path, "index.html")
            elif slash:
                raise FileNotFoundError(path)
            real = os.path.realpath(path)
            if not inside(real, self.site):  # a symlink out of the site
                raise FileNotFoundError(path)
            fd = os.open(real, _OPEN_FLAGS)
        except (OSError, ValueError):
            self.send_error(404, "Not found")
            return
        with os.fdopen(fd, "rb") as fh:
            info = os.fstat(fh.fileno())
            if not stat.S_ISREG(info.st_mode):
                self.send_error(404, "Not found")
                return
            text = posixpath.splitext(real)[1].lower() in COMPRESSIBLE
            compress = text and info.st_size >= MIN_GZIP_BYTES and accepts_gzip(self.headers.get("Accept-Encoding"))
            tag = etag(content_digest(fh, real, info), "-gz" if compress else "")
            if self._not_modified(info.st_mtime, tag):
                self.send_response(304)
                self._validators(info, tag, text)
                self.end_headers()
                return
            data = gzipped(fh, real, info) if compress else None
            self.send_response(200)
            self.send_header("Content-Type", content_type(real))
            self.send_header("Content-Length", str(len(data) if compress else info.st_size))
            if compress:
                self.send_header("Content-Encoding", "gzip")
            self._validators(info, tag, text)
            self.send_header("X-Content-Type-Options", "nosniff")
            self.end_headers()
            if body:
                try:
                    if compress:
                        self.wfile.write(data)
                    else:
                        self.wfile.flush()
                        self.connection.sendfile(fh)
                except (ConnectionError, TimeoutError):  # the client went away mid-file
                    self.close_connection = True

    def _redirect(self, location: str) -> None:
        query = self.path.split("?", 1)[1] if "?" in self.path else ""
        self.send_response(301)
        self.send_header("Location", location + ("?" + query if query else ""))
        self.send_header("Content-Length", "0")
        self.end_headers()

    def _validators(self, info: os.stat_result, tag: str, varies: bool) -> None:
        self.send_header("Last-Modified", email.utils.formatdate(info.st_mtime, usegmt=True))
        self.send_header("ETag", tag)
        self.send_header("Cache-Control", "no-cache")
        if varies:
            self.send_header("Vary", "Accept-Encoding")

    def _not_modified(self, mtime: float, tag: str) -> bool:
        match = self.headers.get("If-None-Match")
        if match is not None:  # the ETag decides (RFC 9110 13.2.2); it sees changes within the same second
            return match.strip() == "*" or tag in [t.strip().removeprefix("W/") for t in match.split(",")]
        since = self.headers.get("If-Modified-Since")
        if not since:
            return False
        try:
            when = email.utils.parsedate_to_datetime(since)
        except (TypeError, ValueError, IndexError, OverflowError):
            return False
        return when.tzinfo is not None and int(mtime) <= when.timestamp()


class SiteServer(http.server.ThreadingHTTPServer):
    """One thread per connection; a deep listen queue; connection errors are not printed as tracebacks."""

    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = LISTEN_BACKLOG

    def server_bind(self):
        # HTTPServer.server_bind asks DNS for the host's full name: pointless (and slow offline) on loopback.
        socketserver.TCPServer.server_bind(self)
        self.server_name, self.server_port = self.server_address[:2]

    def handle_error(self, request, client_address):
        exc = sys.exc_info()[1]
        if isinstance(exc, (ConnectionError, TimeoutError)):
            return  # a phone left mid-answer: nothing to report
        sys.stderr.write(f"error answering {client_address[0]}: {type(exc).__name__}: {exc}\n")


_FOLDER_NAME = re.compile(r"[A-Za-z0-9._~-]+")


def path_prefix(text: str) -> tuple[str, ...]:
    """`--path-prefix` as segments: "/l5r-rules/" -> ("l5r-rules",); ValueError for what no URL path can be."""
    segments = [s for s in text.strip().split("/") if s not in ("", ".")]
    for segment in segments:  # what a static host's folder is named (a repository's name): no quote, <, space, ..
        if len(segment) > 100:
            raise ValueError(
                f"a path prefix is plain folder names of at most 100 characters (one has {len(segment):,})"
            )
        if segment == ".." or not _FOLDER_NAME.fullmatch(segment):
            raise ValueError(f"{text!r}: a path prefix is plain folder names (letters, digits, . _ ~ -), e.g. /rules/")
    return tuple(segments)


def make_server(
    site: Path,
    port: int,
    host: str = "127.0.0.1",
    quiet: bool = True,
    idle_timeout: float = IDLE_TIMEOUT,
    prefix: tuple[str, ...] = (),
) -> http.server.HTTPServer:
    """A server (not yet serving) for the built site in `site`, under the URL path `prefix`; OSError if the
    port cannot be bound."""
    handler = type(
        "BoundSiteHandler",
        (SiteHandler,),
        {"site": os.path.realpath(site), "quiet": quiet, "timeout": idle_timeout, "prefix": tuple(prefix)},
    )
    return SiteServer((host, port), handler)
