"""The public address of the published site: one place that says where the site lives.

Set it once, as `site_url` in the checkout's `mkdocs.yml`; a build (or a packet) can
override it with `--site-url` (`--base-url` for the packet) or the environment variable
`L5R_SITE_URL` (the publishing workflow sets it from the host's address). The order is:
the option, then the environment, then `mkdocs.yml`, else no address.

Every reader of the address goes through `resolve()`: the site build (canonical links and
the sitemap, by mkdocs' `site_url`; the offline notice "open <address> once"), the JSON
API (absolute `url` beside each site-relative permalink), the judge packet (QR codes and
short URLs) and `serve --lan` (where phones can keep an offline copy). A site under a
sub-path (`https://host/l5r-rules/`) works unchanged: every page links relatively.

Without an address the site still builds (links are relative) but has no canonical links
or sitemap, and the packet refuses to print permalinks unless asked to use PLACEHOLDER,
an address that cannot resolve (`.invalid`, RFC 2606) and is said so on its title page.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlsplit

import yaml

ENV = "L5R_SITE_URL"
PLACEHOLDER = "https://l5r-rules.invalid/"
MAX_LENGTH = 300  # a QR code of a permalink must stay small enough to scan from paper
# the whole value as YAML writes it on its line: quoted, or plain up to a comment (" #"); check() then
# refuses what no address holds (a space, a #fragment), rather than the value being cut there
MKDOCS_YML_BYTES = 1 << 20  # a bound on what is read of mkdocs.yml for its site_url


class BadSiteUrl(ValueError):
    """The address is not usable; str() is the one-line reason."""


@dataclass(frozen=True)
class SiteUrl:
    url: str  # absolute http(s) address ending in "/"
    origin: str  # where it came from: the option's name, the environment variable or mkdocs.yml

    @property
    def secure(self) -> bool:
        """Whether phones may keep an offline copy from it (browsers allow service workers on https only)."""
        return self.url.startswith("https://")

    def link(self, permalink: str) -> str:
        """The absolute address of a site-relative permalink ("entries/x/")."""
        return self.url + permalink.lstrip("/")


def check(url: str, origin: str = "site URL") -> str:
    """The address with one trailing slash; BadSiteUrl unless it is an absolute http(s) URL."""
    url = url.strip()
    if len(url) > MAX_LENGTH:
        raise BadSiteUrl(f"{origin}: {len(url)} characters; a site address has at most {MAX_LENGTH}")
    try:
        parts = urlsplit(url)
        parts.hostname  # noqa: B018 - read for its check: an unclosed or invalid [IPv6] host raises
    except ValueError:
        raise BadSiteUrl(
            f"{origin} {url!r}: not an http:// or https:// address (e.g. https://rules.example.org/)"
        ) from None
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise BadSiteUrl(f"{origin} {url!r}: not an http:// or https:// address (e.g. https://rules.example.org/)")
    bad = next((c for c in url if c.isspace() or not c.isprintable() or c in "<>\"'`\\"), None)  # control, bidi, DEL
    if bad is not None:  # named: "not an https:// address" misled for one that starts so (hostile round 9, #48)
        raise BadSiteUrl(
            f"{origin} {url!r}: holds {bad!r} (U+{ord(bad):04X}); a site address holds no space, control character "
            "or any of < > \" ' ` \\ (write them %-encoded)"
        )
    if parts.query or parts.fragment:
        raise BadSiteUrl(f"{origin} {url!r}: a site address has no ?query or #fragment")
    try:
        port = parts.port  # a port above 65535 or not a number raises
    except ValueError:
        port = 0
    if port == 0:  # port 0 is no port a browser can reach (round 7, #9)
        raise BadSiteUrl(f"{origin} {url!r}: its port is no port (1 to 65535)") from None
    if parts.username is not None or parts.password is not None:  # it would be printed on every permalink
        raise BadSiteUrl(f"{origin} {url!r}: a public address holds no user name or password")
    return url.rstrip("/") + "/"


class _TagsAsNothing(yaml.SafeLoader):
    """mkdocs.yml read as YAML, its tags (!!python/name:..., !ENV) read as nothing: only site_url is wanted."""


_TagsAsNothing.add_multi_constructor("", lambda loader, suffix, node: None)


def configured(root: Path) -> str | None:
    """`site_url` of the checkout's mkdocs.yml, if it sets one, read as YAML reads it (quotes, escapes, a
    folded scalar: round 4 refused a valid address written as YAML allows); a file that is no YAML sets none
    (mkdocs says why when it builds)."""
    try:
        with (root / "mkdocs.yml").open(encoding="utf-8") as f:
            text = f.read(MKDOCS_YML_BYTES + 1)
        data = yaml.load(text, Loader=_TagsAsNothing) if len(text) <= MKDOCS_YML_BYTES else None
    except (OSError, UnicodeDecodeError, yaml.YAMLError, RecursionError):
        return None
    value = data.get("site_url") if isinstance(data, dict) else None
    if value is None:
        return None
    return str(value).strip() or None


def resolve(root: Path, option: str | None = None, option_name: str = "--site-url") -> SiteUrl | None:
    """The site's public address: the option, else $L5R_SITE_URL, else mkdocs.yml; None when none is set."""
    if option is not None and option.strip():
        return SiteUrl(check(option, option_name), option_name)
    env = os.environ.get(ENV, "").strip()
    if env:
        return SiteUrl(check(env, ENV), ENV)
    found = configured(root)
    if found:
        return SiteUrl(check(found, "site_url in mkdocs.yml"), "mkdocs.yml")
    return None
