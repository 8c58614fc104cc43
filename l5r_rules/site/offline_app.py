"""The installable, offline-first site: a web app manifest and a service worker, written by the build.

After mkdocs and the JSON API, the builder calls `write_offline_app()` on the
finished site folder (before the swap). It writes `manifest.webmanifest` (name,
icons, start URL, standalone display, theme colour: "add to home screen") and
`sw.js` at the site root, whose scope is the whole site. The service worker
precaches every file `precache_files()` lists, read from the built folder (never
a hand-made list), under a cache named after a hash of those files' paths and
bytes (`cache_version()`), so any change of any page (and every build: the
footer of each page names its build time) gives a new cache; on activate it
deletes this site's older caches. It answers cache-first and falls back to the
network; it never asks another origin.

Left out of the precache (`EXCLUDED`, each with its reason): the JSON API under
`api/` (for tools such as a judge bot, which fetch it online; no page reads it,
and its ~1,000 small files would double what a phone downloads when installing),
source maps (for debuggers only), the sitemaps (for search engines), the build
marker, the service worker itself (the browser keeps it), and the theme's own search
(lunr and its worker), which the theme still copies although its search plugin is off
(`plugins: []` in mkdocs.yml): the site searches with `assets/search/` and `l5r-search.js`.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from . import api, outdir

SERVICE_WORKER = "sw.js"
MANIFEST = "manifest.webmanifest"
CACHE_PREFIX = "l5r-rules"
THEME_COLOUR = "#ef5350"  # mkdocs-material's "red" primary: the header's colour
ICONS = {"assets/images/icon-192.png": "192x192", "assets/images/icon-512.png": "512x512"}
TEMPLATE = Path(__file__).resolve().parent / "templates" / "sw.js"

# (pattern on the site-relative path, reason); the module docstring says why each is left out.
EXCLUDED: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(rf"^api/{api.VERSION}/"), "JSON API for tools, fetched online; no page reads it"),
    (re.compile(r"\.map$"), "source map, for debuggers only"),
    (re.compile(r"^sitemap\.xml(\.gz)?$"), "sitemap, for search engines"),
    (re.compile(rf"^{re.escape(outdir.MARKER)}$"), "build marker"),
    (re.compile(rf"^{re.escape(SERVICE_WORKER)}$"), "the service worker itself (the browser keeps it)"),
    (re.compile(r"^assets/javascripts/(lunr/|workers/search\.)"), "the theme's own search, switched off"),
)


@dataclass(frozen=True)
class OfflineApp:
    files: list[str]  # the precached paths, relative to the site root, sorted
    version: str  # the cache version (hash of the precached files)
    raw_bytes: int  # gzipped (as `serve` and static hosts send it) about a fifth: scripts/bench_build.py says


def excluded(rel: str) -> str | None:
    """Why `rel` (a site-relative path) is not precached, or None when it is."""
    for pattern, reason in EXCLUDED:
        if pattern.search(rel):
            return reason
    return None


def built_files(site: Path) -> list[str]:
    return sorted(p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file())


def precache_files(site: Path) -> list[str]:
    """Every file of the built site that the service worker precaches (sorted site-relative paths)."""
    return [rel for rel in built_files(site) if excluded(rel) is None]


def cache_version(site: Path, files: list[str]) -> str:
    """A short hash of the precached files' paths and bytes: it changes when any of them changes."""
    digest = hashlib.sha256()
    for rel in files:
        digest.update(rel.encode() + b"\0" + (site / rel).read_bytes() + b"\0")
    return digest.hexdigest()[:16]


def manifest(site_name: str, directory_urls: bool) -> dict:
    """The web app manifest; its URLs are relative to its own place, the site root."""
    return {
        "name": site_name,
        "short_name": "L5R Rules",
        "description": "Every Legend of the Five Rings rule, every edition side by side; works offline.",
        "start_url": "./" if directory_urls else "./index.html",
        "scope": "./",
        "display": "standalone",
        "background_color": "#ffffff",
        "theme_color": THEME_COLOUR,
        "icons": [{"src": src, "sizes": sizes, "type": "image/png", "purpose": "any"} for src, sizes in ICONS.items()],
    }


def service_worker(files: list[str], version: str, stamp: dict) -> str:
    config = {
        "version": version,
        "prefix": CACHE_PREFIX,
        "files": files,
        "data_version": stamp["data_version"],
        "built": stamp["built"],
    }
    text = TEMPLATE.read_text(encoding="utf-8")
    if "__L5R_CONFIG__" not in text:
        raise ValueError(f"{TEMPLATE}: no __L5R_CONFIG__ placeholder")
    return text.replace("__L5R_CONFIG__", json.dumps(config, ensure_ascii=False, indent=0))


def write_offline_app(site: Path, site_name: str, directory_urls: bool, stamp: dict) -> OfflineApp:
    """Write the manifest, then `sw.js` precaching the finished site (the manifest included)."""
    missing = [src for src in ICONS if not (site / src).is_file()]
    if missing:
        raise FileNotFoundError(f"app icon missing from the built site: {missing[0]} (site_overrides/assets/images/)")
    (site / MANIFEST).write_text(json.dumps(manifest(site_name, directory_urls), indent=1) + "\n", encoding="utf-8")
    files = precache_files(site)
    version = cache_version(site, files)
    (site / SERVICE_WORKER).write_text(service_worker(files, version, stamp), encoding="utf-8")
    raw = sum((site / rel).stat().st_size for rel in files)
    return OfflineApp(files=files, version=version, raw_bytes=raw)
