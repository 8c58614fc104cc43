"""Check a built site: every internal link and anchor must resolve.

Walks every HTML file, collects the ids each page defines and every href/src
it uses, then resolves relative and root-relative links against the site
directory (a directory means its index.html) and checks `#anchors` against the
target's ids. External links (http:, mailto: ...) are listed separately: the
site should have none, since it must work with no internet.
"""

from __future__ import annotations

import json
import posixpath
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

_LINK_ATTRS = {"a": "href", "link": "href", "script": "src", "img": "src", "iframe": "src", "source": "src"}


class _PageParser(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.ids: set[str] = set()
        self.links: list[tuple[str, int]] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        for key in ("id", "name") if tag == "a" else ("id",):
            if attrs.get(key):
                self.ids.add(attrs[key])
        attr = _LINK_ATTRS.get(tag)
        if attr and attrs.get(attr) is not None:
            self.links.append((attrs[attr], self.getpos()[0]))


@dataclass(frozen=True)
class BrokenLink:
    page: str
    line: int
    link: str
    reason: str

    def __str__(self) -> str:
        return f"{self.page}:{self.line}: {self.link} ({self.reason})"


@dataclass
class LinkReport:
    pages: int = 0
    links: int = 0
    broken: list[BrokenLink] = field(default_factory=list)
    external: list[BrokenLink] = field(default_factory=list)


def _parse(path: Path) -> _PageParser:
    parser = _PageParser()
    parser.feed(path.read_text(encoding="utf-8", errors="replace"))
    return parser


def _target_file(site: Path, page_rel: str, path: str) -> Path | None:
    """The file a link's path part points to, or None when it leaves the site."""
    if path.startswith("/"):
        joined = posixpath.normpath(path.lstrip("/"))
    else:
        joined = posixpath.normpath(posixpath.join(posixpath.dirname(page_rel), path))
    if joined.startswith(".."):
        return None
    candidate = site / joined if joined != "." else site
    if candidate.is_dir() or path.endswith("/"):
        candidate = candidate / "index.html"
    return candidate


def _public_address(site: Path) -> str | None:
    """The address the site was built for (its API's index.json says it; siteurl.py), if any."""
    for index in sorted(site.glob("api/v*/index.json")):
        try:
            url = json.loads(index.read_text(encoding="utf-8")).get("site_url")
        except (OSError, ValueError, AttributeError):
            continue
        if isinstance(url, str) and url:
            return url
    return None


def check_links(site: Path) -> LinkReport:
    site = site.resolve()
    report = LinkReport()
    # a site built for https://host/sub/ links some pages root-relative (/sub/x/: the 404 page, which any
    # path may show) and names itself in canonical links: both are the site's own pages, checked as such
    address = _public_address(site)
    prefix = urlsplit(address).path if address else "/"
    parsed: dict[Path, _PageParser] = {}

    def page(path: Path) -> _PageParser:
        if path not in parsed:
            parsed[path] = _parse(path)
        return parsed[path]

    for html in sorted(p for p in site.rglob("*.html") if p.is_file()):  # never open a FIFO: it would block
        rel = html.relative_to(site).as_posix()
        report.pages += 1
        for link, line in page(html).links:
            report.links += 1
            try:
                parts = urlsplit(link)
            except ValueError:  # e.g. http://[::1 (an unclosed IPv6 host)
                report.broken.append(BrokenLink(rel, line, link, "not a valid URL"))
                continue
            path = parts.path
            if address and link.startswith(address):  # its own address: one of its pages
                path = "/" + link[len(address) :].split("#")[0].split("?")[0]
            elif parts.scheme in ("http", "https", "mailto", "ftp", "data", "javascript", "tel") or parts.netloc:
                if parts.scheme != "data":
                    report.external.append(BrokenLink(rel, line, link, "external"))
                continue
            elif prefix != "/" and path.startswith(prefix):
                path = "/" + path[len(prefix) :]
            try:  # a name the file system cannot hold (5,000 characters, a NUL) is no page of the site
                target = html if not path else _target_file(site, rel, unquote(path))
                if target is None:
                    report.broken.append(BrokenLink(rel, line, link, "points outside the site"))
                    continue
                found = target.is_file()
            except (OSError, ValueError) as exc:
                report.broken.append(
                    BrokenLink(rel, line, link, f"no such page ({getattr(exc, 'strerror', None) or exc})")
                )
                continue
            if not found:
                report.broken.append(BrokenLink(rel, line, link, "no such page"))
                continue
            anchor = unquote(parts.fragment)
            if anchor and target.suffix == ".html" and anchor not in page(target).ids:
                report.broken.append(BrokenLink(rel, line, link, f"no anchor #{anchor}"))
    return report
