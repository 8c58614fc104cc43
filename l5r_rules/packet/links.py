"""Permalinks printed in a packet: the site's URL scheme (l5r_rules/urls.py) under a base URL.

The base is `--base-url`, else `site_url` of mkdocs.yml, else PLACEHOLDER: an
address that cannot resolve (`.invalid`, RFC 2606), printed on the title page so
that nobody mistakes it for a real site.
"""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import urlsplit

from .. import urls as U

PLACEHOLDER = "https://l5r-rules.invalid/"
_SITE_URL = re.compile(r"^site_url:\s*['\"]?([^'\"#\s]+)", re.MULTILINE)


class BadBaseUrl(ValueError):
    """--base-url is not an http(s) address; str() is the one-line reason."""


def configured_base(root: Path) -> str | None:
    """`site_url` of the checkout's mkdocs.yml, if it sets one (read as text: the file may hold YAML tags)."""
    config = root / "mkdocs.yml"
    try:
        text = config.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return None
    match = _SITE_URL.search(text)
    return match.group(1) if match else None


def check_base(url: str) -> str:
    """The base URL with one trailing slash; BadBaseUrl unless it is an absolute http(s) URL."""
    url = url.strip()
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.netloc or any(c.isspace() for c in url):
        raise BadBaseUrl(f"--base-url {url!r}: not an http:// or https:// address (e.g. https://rules.example.org/)")
    if parts.query or parts.fragment:
        raise BadBaseUrl(f"--base-url {url!r}: a base URL has no ?query or #fragment")
    return url.rstrip("/") + "/"


def resolve_base(option: str | None, root: Path) -> tuple[str, bool]:
    """(base URL, whether it is the placeholder)."""
    if option is not None:
        return check_base(option), False
    configured = configured_base(root)
    if configured:
        return check_base(configured), False
    return PLACEHOLDER, True


def entry_url(base: str, entry_id: str) -> str:
    return base + U.permalink(U.entry_page(entry_id))


def concept_url(base: str, concept_id: str) -> str:
    return base + U.permalink(U.compare_page(concept_id))


def short(url: str) -> str:
    """The URL as printed under its QR code: without the scheme."""
    return re.sub(r"^https?://", "", url)
