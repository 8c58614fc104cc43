"""Permalinks printed in a packet: the site's URL scheme (l5r_rules/urls.py) under the site's address.

The address is the one `l5r_rules/siteurl.py` resolves (`--base-url`, else $L5R_SITE_URL,
else `site_url` of mkdocs.yml). Without one, the packet is refused unless the caller asks
for PLACEHOLDER, an address that cannot resolve (`.invalid`, RFC 2606), printed on the
title page so that nobody mistakes it for a real site.
"""

from __future__ import annotations

import re
from pathlib import Path

from .. import siteurl
from .. import urls as U

PLACEHOLDER = siteurl.PLACEHOLDER


class BadBaseUrl(ValueError):
    """No usable address for the permalinks; str() is the one-line reason."""


def resolve_base(option: str | None, root: Path, allow_placeholder: bool = False) -> tuple[str, bool]:
    """(base URL, whether it is the placeholder); BadBaseUrl when none is set and the placeholder is not allowed."""
    try:
        found = siteurl.resolve(root, option, "--base-url")
    except siteurl.BadSiteUrl as exc:
        raise BadBaseUrl(str(exc)) from None
    if found is not None:
        return found.url, False
    if allow_placeholder:
        return PLACEHOLDER, True
    raise BadBaseUrl(NO_ADDRESS)


NO_ADDRESS = (
    "no site address for the permalinks and QR codes: set site_url in mkdocs.yml, or pass --base-url "
    f"(or set ${siteurl.ENV}); --allow-placeholder prints {PLACEHOLDER}, which opens nothing"
)


def entry_url(base: str, entry_id: str) -> str:
    return base + U.permalink(U.entry_page(entry_id))


def concept_url(base: str, concept_id: str) -> str:
    return base + U.permalink(U.compare_page(concept_id))


def short(url: str) -> str:
    """The URL as printed under its QR code: without the scheme."""
    return re.sub(r"^https?://", "", url)
