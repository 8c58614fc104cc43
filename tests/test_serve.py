"""`l5r-rules serve` under hostile requests and many clients (127.0.0.1 only).

Each test runs the real server in a thread on a throw-away site that holds what a
built site can hold (pages, assets, a folder without index.html) and what it must
never serve (symlinks out of the site, a FIFO). Requests are sent as raw bytes, so
that odd request targets reach the server exactly as written.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from pathlib import Path

import pytest
from helpers import SERVE_POLL

from l5r_rules.site.serve import LISTEN_BACKLOG, make_server, path_prefix, url_segments

SECRET = "secret outside the site"


@pytest.fixture()
def site(tmp_path: Path) -> Path:
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_text(SECRET)
    site = tmp_path / "site"
    files = {
        "index.html": "<p>home</p>",
        "entries/lotus-bowing/index.html": "<p>bowing</p>",
        "assets/main.css": "body{}",
        "assets/bundle.js": "1;",
        "search/search_index.json": "{}",
        "assets/logo.svg": "<svg/>",
        "manifest.webmanifest": "{}",
        "sitemap.xml.gz": "",
        "empty/readme.txt": "no index here",
    }
    for rel, text in files.items():
        (site / rel).parent.mkdir(parents=True, exist_ok=True)
        (site / rel).write_text(text)
    (site / "leak.txt").symlink_to(outside / "secret.txt")
    (site / "leakdir").symlink_to(outside)
    (site / "passwd").symlink_to("/etc/passwd")
    (site / "alias.css").symlink_to(site / "assets" / "main.css")  # inside the site: fine
    os.mkfifo(site / "pipe")
    return site


@pytest.fixture()
def server(site, capfd):
    srv = make_server(site, 0, idle_timeout=1.0)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": SERVE_POLL}, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    err = capfd.readouterr().err
    assert "Traceback" not in err and "Exception" not in err, err


def raw(server, data: bytes, timeout: float = 5.0) -> tuple[int, dict[str, str], bytes]:
    """Send bytes, read until the server closes; (status, headers, body)."""
    with socket.create_connection(server.server_address[:2], timeout=timeout) as s:
        s.sendall(data)
        chunks = []
        while chunk := s.recv(65536):
            chunks.append(chunk)
    head, _, body = b"".join(chunks).partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:] if ": " in line)
    return int(lines[0].split()[1]), {k.lower(): v for k, v in headers.items()}, body


def get(server, target: bytes | str, method: str = "GET") -> tuple[int, dict[str, str], bytes]:
    target = target.encode("latin-1") if isinstance(target, str) else target
    return raw(server, method.encode() + b" " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")


def test_binds_loopback_only(server):
    assert server.server_address[0] == "127.0.0.1"


@pytest.mark.parametrize(
    "path,ctype",
    [
        ("/", "text/html; charset=utf-8"),
        ("/entries/lotus-bowing/", "text/html; charset=utf-8"),
        ("/assets/main.css", "text/css; charset=utf-8"),
        ("/assets/bundle.js", "text/javascript; charset=utf-8"),
        ("/search/search_index.json", "application/json"),
        ("/assets/logo.svg", "image/svg+xml"),
        ("/manifest.webmanifest", "application/manifest+json"),
        ("/sitemap.xml.gz", "application/gzip"),
        ("/alias.css", "text/css; charset=utf-8"),  # a symlink that stays inside the site
    ],
)
def test_content_types(server, path, ctype):
    status, headers, _ = get(server, path)
    assert (status, headers["content-type"]) == (200, ctype)


@pytest.mark.parametrize(
    "target,status",
    [
        ("/%00", 400),
        ("/index.html%00.txt", 400),
        ("/..%2f..%2fetc/passwd", 404),
        ("/../../etc/passwd", 404),
        ("/%2e%2e/%2e%2e/etc/passwd", 404),
        ("/assets/..%5c..%5cindex.html", 400),
        ("/%ff", 400),
        ("/%zz", 404),
        ("/%", 404),
        (b"/\xff\xfe", 400),
        ("/" + "a" * 300, 404),
        ("/" + "a/" * 3000, 414),
        ("/leak.txt", 404),
        ("/leakdir/secret.txt", 404),
        ("/passwd", 404),
        ("/pipe", 404),
        ("/empty/", 404),
        ("/assets/main.css/", 404),
        ("/no-such-page/", 404),
        ("http://127.0.0.1/assets/main.css", 200),
        ("http://example.org/leak.txt", 404),
        ("*", 400),
        ("index.html", 400),
    ],
)
def test_odd_targets_get_a_status_not_a_traceback(server, target, status):
    got, _, body = get(server, target)
    assert got == status
    assert SECRET.encode() not in body and b"root:" not in body
    assert b"Directory listing" not in body


@pytest.mark.parametrize(
    "line,status",
    [
        (b"GET / HTTP/1.1 extra", 400),
        (b"GET / HTTP/9.9", 505),
        (b"\x16\x03\x01\x02\x00\x01\x00\x01\xfc\x03\x03", 400),  # a TLS hello to the http port
    ],
)
def test_garbled_request_lines_get_a_status_line(server, line, status):
    assert raw(server, line + b"\r\n\r\n")[0] == status


def test_folder_without_slash_redirects_to_its_folder_url(server):
    status, headers, _ = get(server, "/entries/lotus-bowing?x=1")
    assert (status, headers["location"]) == (301, "/entries/lotus-bowing/?x=1")


def test_leading_double_slash_does_not_redirect_off_site(server):
    status, headers, _ = get(server, "//entries/lotus-bowing")
    assert (status, headers["location"]) == (301, "/entries/lotus-bowing/")


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT"])
def test_only_get_and_head(server, method):
    status, _, _ = get(server, "/index.html", method)
    assert status in (405, 501)


def test_head_has_length_and_no_body(server):
    status, headers, body = get(server, "/assets/main.css", "HEAD")
    assert (status, headers["content-length"], body) == (200, "6", b"")


def test_not_modified_since(server):
    _, headers, _ = get(server, "/index.html")
    request = (
        b"GET /index.html HTTP/1.1\r\nHost: x\r\nConnection: close\r\nIf-Modified-Since: "
        + headers["last-modified"].encode()
        + b"\r\n\r\n"
    )
    assert raw(server, request)[0] == 304


def test_keep_alive_serves_several_requests_on_one_connection(server):
    request = b"GET /assets/main.css HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
    with socket.create_connection(server.server_address[:2], timeout=5) as s:
        s.sendall(request * 3)
        data = b""
        while data.count(b"body{}") < 3:
            data += s.recv(65536)
    assert data.count(b"HTTP/1.1 200") == 3


def test_silent_client_is_disconnected(server):
    start = time.monotonic()
    with socket.create_connection(server.server_address[:2], timeout=10) as s:
        assert s.recv(1) == b""  # the server closed it (idle_timeout is 1 s in these tests)
    assert time.monotonic() - start < 5


def test_fifty_clients_waiting_to_be_accepted_are_not_dropped(site):
    """The listen queue holds 50 connections that arrive before the server accepts any."""
    srv = make_server(site, 0)
    socks = []
    try:
        for _ in range(60):
            socks.append(socket.create_connection(srv.server_address[:2], timeout=1))  # fails with a queue of 5
            socks[-1].sendall(b"GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": SERVE_POLL}, daemon=True)
        thread.start()
        for s in socks:
            s.settimeout(10)
            assert s.recv(12) == b"HTTP/1.1 200"
    finally:
        for s in socks:
            s.close()
        srv.shutdown()
        srv.server_close()
    assert LISTEN_BACKLOG >= 50


@pytest.mark.parametrize(
    "target,segments",
    [
        ("/a/b/", (["a", "b"], True)),
        ("/a/./b", (["a", "b"], False)),
        ("https://host:1/x?y", (["x"], False)),
        ("/%C3%A9t%C3%A9/", (["été"], True)),
    ],
)
def test_url_segments(target, segments):
    assert url_segments(target) == segments


def test_log_lines_carry_no_control_characters(site, capfd):
    srv = make_server(site, 0, quiet=False)
    thread = threading.Thread(target=srv.serve_forever, kwargs={"poll_interval": SERVE_POLL}, daemon=True)
    thread.start()
    try:
        assert get(srv, b"/\x1b[2J\x1b]0;owned\x07x")[0] == 404
    finally:
        srv.shutdown()
        srv.server_close()
    err = capfd.readouterr().err
    assert "404" in err and "[2J" in err and "\x1b" not in err and "\x07" not in err, repr(err)


@pytest.fixture()
def prefixed(site, capfd):
    """The site served under /l5r-rules/, as a static host publishes it under a sub-path."""
    srv = make_server(site, 0, idle_timeout=1.0, prefix=path_prefix("/l5r-rules/"))
    thread = threading.Thread(target=srv.serve_forever, daemon=True)
    thread.start()
    yield srv
    srv.shutdown()
    srv.server_close()
    assert "Traceback" not in capfd.readouterr().err


@pytest.mark.parametrize(
    ("target", "status", "location"),
    [
        ("/l5r-rules/", 200, None),
        ("/l5r-rules/entries/lotus-bowing/", 200, None),
        ("/l5r-rules/assets/main.css", 200, None),
        ("/l5r-rules", 301, "/l5r-rules/"),  # a folder without its slash, as everywhere
        ("/l5r-rules/entries/lotus-bowing?q=1", 301, "/l5r-rules/entries/lotus-bowing/?q=1"),
        ("/", 301, "/l5r-rules/"),  # the host's root leads to the site
        ("/index.html", 404, None),  # nothing is served outside the prefix
        ("/entries/lotus-bowing/", 404, None),
        ("/l5r-rules-x/", 404, None),
        ("/l5r-rules/../l5r-rules/", 404, None),
        ("/l5r-rules/leak.txt", 404, None),  # a symlink out of the site, under the prefix too
    ],
)
def test_served_under_a_path_prefix(prefixed, target, status, location):
    got, headers, _ = get(prefixed, target)
    assert got == status, target
    if location:
        assert headers["location"] == location


@pytest.mark.parametrize(
    "text",
    [
        "/../x/",
        "/a?b/",
        "/%2e%2e/",
        "/a\\b/",
        "/a\x00/",
        '/a"><script>x</script>/',
        "/a b/",
        "javascript:x",
        "/" + "a" * 101,
    ],
)  # the last four were served (hostile round 4, #44), though the refusal said "plain folder names"
def test_a_path_prefix_is_plain_folder_names(text):
    with pytest.raises(ValueError, match="plain folder names"):
        path_prefix(text)
    assert path_prefix("/l5r-rules/") == path_prefix("l5r-rules") == ("l5r-rules",)
    assert path_prefix("/") == path_prefix("") == ()
