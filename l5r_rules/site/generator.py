"""The static-site generator, mkdocs with the Material theme, driven from this one module.

The build (`builder.py`) renders every page as Markdown into a docs folder and then calls
`generate()`, which turns that folder into HTML with the checkout's `mkdocs.yml` and the theme's
overrides (`site_overrides/`). Nothing else in the project imports mkdocs or hands it settings
(`siteurl.py` reads the one line `site_url` of `mkdocs.yml` as text). Moving to another generator (Zensical,
the announced successor of Material for MkDocs: README, "The site generator") means changing this
module, and the pages' Markdown or the overrides only where the new one renders them differently.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

import yaml

from .. import siteurl

CONFIG_FILE = "mkdocs.yml"  # beside content/ and site_overrides/ in a checkout
NAME = "mkdocs (material theme)"


class GeneratorError(Exception):
    """The generator refused the configuration or failed; str(error) is the one-line reason."""


@dataclass
class Generated:
    site_name: str
    warnings: list[str] = field(default_factory=list)


class _Collect(logging.Handler):
    """Collects mkdocs warnings so they can be shown briefly (and counted) instead of logged raw."""

    def __init__(self) -> None:
        super().__init__(logging.WARNING)
        self.messages: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.messages.append(record.getMessage().splitlines()[0])


def has_config(root: Path) -> bool:
    """Whether `root` holds its own site configuration."""
    return (root / CONFIG_FILE).is_file()


def generate(
    config_root: Path,
    docs_dir: Path,
    site_dir: Path,
    nav: list,
    *,
    offline: bool,
    strict: bool,
    stamp: dict | None = None,
    public: siteurl.SiteUrl | None = None,
) -> Generated:
    """Turn the Markdown pages of `docs_dir` into the site in `site_dir`, with `nav` as the navigation.

    `offline` builds pages that open from file:// (the Material theme's offline plugin, no directory
    URLs); `strict` fails on any warning; `stamp` (data version, build time) goes into every page's
    footer (`extra.l5r_build`, read by site_overrides/partials/copyright.html); `public` is the site's
    address (siteurl.py) for canonical links and the sitemap, and the offline notice names it
    (`extra.l5r_site_url`). GeneratorError on failure.
    """
    # mkdocs (~0.3 s to import) loads only to generate: the packet reads site_url() from here without it
    from mkdocs.commands.build import build as mkdocs_build
    from mkdocs.exceptions import MkDocsException

    collector = _Collect()
    log = logging.getLogger("mkdocs")
    log.addHandler(collector)
    previous_level, previous_propagate = log.level, log.propagate
    log.setLevel(logging.WARNING)
    log.propagate = False
    try:
        config = _config(config_root, docs_dir, site_dir, nav, offline, strict, stamp, public)
        mkdocs_build(config)
    except SystemExit as exc:  # mkdocs may exit on a broken config
        raise GeneratorError(f"mkdocs stopped: {collector.messages[-1] if collector.messages else exc}") from None
    except MkDocsException as exc:
        detail = collector.messages[-1] if collector.messages else str(exc)
        raise GeneratorError(
            f"mkdocs failed: {str(exc).splitlines()[0] if str(exc) else ''} {detail}".strip()
        ) from None
    finally:
        log.removeHandler(collector)
        log.setLevel(previous_level)
        log.propagate = previous_propagate
    if not (site_dir / "index.html").is_file():
        raise GeneratorError(f"mkdocs wrote no index.html into {site_dir}")
    return Generated(site_name=config["site_name"], warnings=collector.messages)


def _config(
    root: Path,
    docs_dir: Path,
    site_dir: Path,
    nav_items: list,
    offline: bool,
    strict: bool,
    stamp: dict | None,
    public: siteurl.SiteUrl | None,
):
    from mkdocs.config import load_config  # see generate()

    config_file = root / CONFIG_FILE
    if not config_file.is_file():
        raise GeneratorError(f"{config_file}: missing (the site configuration)")
    overrides: dict = dict(docs_dir=str(docs_dir), site_dir=str(site_dir), nav=nav_items, strict=strict)
    if public is not None:  # the one address (siteurl.py): canonical links and the sitemap
        overrides["site_url"] = public.url
    if offline:
        raw = yaml.safe_load(config_file.read_text(encoding="utf-8")) or {}
        overrides["plugins"] = list(raw.get("plugins") or []) + ["offline"]
        overrides["use_directory_urls"] = False
    config = load_config(config_file=str(config_file), **overrides)
    if public is None:
        config["site_url"] = None  # $L5R_SITE_URL unset and mkdocs.yml has none (or an empty one): no canonical links
    config["extra"]["l5r_site_url"] = public.url if public else ""  # the offline notice names it
    if stamp:  # the footer of every page names the rulebook data version and the build time
        config["extra"]["l5r_build"] = {
            **stamp,
            "data_short": stamp["data_version"][:12],
            "built_text": stamp["built"].replace("T", " ").replace("Z", " UTC"),
        }
    return config
