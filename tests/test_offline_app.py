"""The installable offline site (l5r_rules/site/offline_app.py): manifest, service worker, precache, version.

The precache list must be the built files minus the documented exclusions (derived
from the build, never hand-listed); the cache version must change when a page does;
every page links the manifest, registers the worker and names the data version and
build time (the same values as the API index); `serve` sends the worker as
JavaScript that the browser re-checks every time. The browser side (install, offline
search, cache replacement) is tests/test_browser_offline.py.
"""

from __future__ import annotations

import gzip
import json
import os
import re
import shutil
import socket
import struct
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest
from helpers import ROOT, SERVE_POLL
from site_helpers import built_fixture_site, built_offline_fixture_site, fixture_copy

from l5r_rules.site import offline_app
from l5r_rules.site.builder import SiteBuildError, build_site
from l5r_rules.site.serve import accepts_gzip, make_server

SITES = {"fixture": built_fixture_site, "offline": built_offline_fixture_site}


@pytest.fixture(scope="module", params=list(SITES))
def site(request) -> Path:
    return SITES[request.param]()


def sw_config(site: Path) -> dict:
    text = (site / offline_app.SERVICE_WORKER).read_text(encoding="utf-8")
    found = re.search(r"^const CONFIG = (\{.*?\n\});$", text, re.S | re.M)
    assert found, "sw.js holds no CONFIG"
    return json.loads(found.group(1))


def all_files(site: Path) -> set[str]:
    return {p.relative_to(site).as_posix() for p in site.rglob("*") if p.is_file()}


# --- the precache list ---------------------------------------------------------------------------


def test_precache_is_the_built_files_minus_the_documented_exclusions(site):
    config = sw_config(site)
    files = set(config["files"])
    assert config["files"] == sorted(files), "sorted, no duplicates"
    left_out = all_files(site) - files
    assert files <= all_files(site), files - all_files(site)
    # each file left out has a documented reason, each precached file has none
    for rel in left_out:
        assert offline_app.excluded(rel), rel
    for rel in files:
        assert offline_app.excluded(rel) is None, rel
    # and the reasons are the ones the module documents
    assert {r for r in left_out if r.startswith("api/")} == {r for r in all_files(site) if r.startswith("api/")}
    assert {"sw.js", ".l5r-rules-site", "sitemap.xml", "sitemap.xml.gz"} <= left_out
    assert not any(r.endswith(".map") for r in files)
    # what a phone needs is all there: every page, the site's search (page, script, exported index), the
    # assets, the manifest; and not the theme's own search, which is off
    pages = {r for r in all_files(site) if r.endswith(".html")}
    assert pages and pages <= files
    assert {"search/index.html", "search.html"} & files and "assets/javascripts/l5r-search.js" in files
    exported = {r for r in all_files(site) if r.startswith("assets/search/")}
    assert exported and exported <= files
    assert any(r.startswith("assets/stylesheets/main.") for r in files)
    assert {"manifest.webmanifest", *offline_app.ICONS} <= files
    assert not any(r.startswith(("assets/javascripts/lunr/", "assets/javascripts/workers/search.")) for r in files)


def test_precache_picks_up_a_new_file_of_the_build_without_a_list(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_fixture_site(), site)
    (site / "search" / "exported.json").write_text("{}", encoding="utf-8")
    (site / "new-page").mkdir()
    (site / "new-page" / "index.html").write_text("<p>new</p>", encoding="utf-8")
    files = offline_app.precache_files(site)
    assert "search/exported.json" in files and "new-page/index.html" in files


def test_exclusion_rules():
    assert offline_app.excluded("api/v1/entries/x.json")
    assert offline_app.excluded("assets/javascripts/bundle.1.min.js.map")
    assert offline_app.excluded("assets/javascripts/lunr/min/lunr.de.min.js")  # the theme's search is off
    assert offline_app.excluded("assets/javascripts/workers/search.a7633da7.min.js")
    assert offline_app.excluded("assets/search/index.js") is None  # the site's own search index
    assert offline_app.excluded("assets/javascripts/l5r-search.js") is None
    assert offline_app.excluded("apis/index.html") is None  # only the API folder itself
    assert offline_app.excluded("entries/sw.js/index.html") is None  # only the root worker


# --- the cache version ---------------------------------------------------------------------------


def test_version_is_the_hash_of_the_precached_files_and_changes_with_any_page(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_fixture_site(), site)
    files = offline_app.precache_files(site)
    version = offline_app.cache_version(site, files)
    assert version == sw_config(built_fixture_site())["version"]
    assert re.fullmatch(r"[0-9a-f]{16}", version)
    assert offline_app.cache_version(site, files) == version, "same files, same version"
    page = site / "concepts" / "bowing" / "index.html"
    page.write_text(page.read_text(encoding="utf-8").replace("Bowing", "Bowing!", 1), encoding="utf-8")
    changed = offline_app.cache_version(site, files)
    assert changed != version
    (site / "api" / "v1" / "index.json").write_text("{}", encoding="utf-8")  # not precached: no new version
    assert offline_app.cache_version(site, offline_app.precache_files(site)) == changed


def test_two_builds_give_two_caches_and_the_worker_names_its_own(tmp_path):
    root = fixture_copy(tmp_path / "root")
    out = tmp_path / "out"
    build_site(root, out)
    first = sw_config(out)
    concept = root / "glossary" / "concepts" / "bowing.yaml"
    concept.write_text(concept.read_text(encoding="utf-8").replace("Test fixture summary.", "Changed summary."))
    build_site(root, out)
    second = sw_config(out)
    assert first["version"] != second["version"]
    assert first["data_version"] != second["data_version"]
    assert "Changed summary." in (out / "concepts" / "bowing" / "index.html").read_text(encoding="utf-8")
    assert second["version"] == offline_app.cache_version(out, offline_app.precache_files(out))


# --- the manifest, the pages, the footer ---------------------------------------------------------


def png_size(path: Path) -> tuple[int, int]:
    head = path.read_bytes()[:24]
    assert head[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", head[16:24])


def test_manifest_makes_an_installable_app(site):
    manifest = json.loads((site / offline_app.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["name"] == "L5R Rules Reference" and manifest["short_name"]
    assert manifest["display"] == "standalone" and manifest["scope"] == "./"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    start = manifest["start_url"]
    assert (site / start.removeprefix("./") / "index.html").is_file() or (site / start).is_file()
    sizes = set()
    for icon in manifest["icons"]:
        width, height = png_size(site / icon["src"])
        assert icon["sizes"] == f"{width}x{height}" and icon["type"] == "image/png"
        sizes.add(width)
    assert {192, 512} <= sizes  # what browsers ask of an installable app


_SITE_CONFIG = re.compile(r"window\.L5R_SITE = (\{.*?\});", re.S)
OFFLINE_SCRIPT = "assets/javascripts/l5r-offline.js"


class _Head(HTMLParser):
    def __init__(self):
        super().__init__()
        self.manifest = self.touch_icon = self.offline_script = None
        self.scripts: list[str] = []
        self.build: dict[str, str] = {}
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        a = dict(attrs)
        if tag == "link" and a.get("rel") == "manifest":
            self.manifest = a["href"]
        if tag == "link" and a.get("rel") == "apple-touch-icon":
            self.touch_icon = a["href"]
        if tag == "div" and "l5r-build" in (a.get("class") or "").split():
            self.build = a
        if tag == "script" and (a.get("src") or "").endswith("l5r-offline.js"):
            self.offline_script = a["src"]
        self._in_script = tag == "script"

    def handle_data(self, data):
        if self._in_script:
            self.scripts.append(data)

    def handle_endtag(self, tag):
        self._in_script = False


def test_every_page_links_the_manifest_registers_the_worker_and_names_its_data(site):
    index = json.loads((site / "api" / "v1" / "index.json").read_text(encoding="utf-8"))
    pages = sorted(p for p in site.rglob("*.html"))
    assert len(pages) > 20
    for path in pages:
        rel = path.relative_to(site).as_posix()
        # mkdocs links the 404 page from the host's root (it is shown at any depth): so is its worker
        base = "http://h/" if rel == "404.html" else "http://h/site/"
        url = urljoin(base, rel)
        head = _Head()
        head.feed(path.read_text(encoding="utf-8"))
        assert head.manifest and urljoin(url, head.manifest) == base + "manifest.webmanifest", rel
        assert head.touch_icon and (site / urljoin(url, head.touch_icon).removeprefix(base)).is_file(), rel
        # l5r-offline.js registers SITE.sw, and finds the worker's caches under its folder (the scope)
        config = next((json.loads(m.group(1)) for s in head.scripts if (m := _SITE_CONFIG.search(s))), None)
        assert config and urljoin(url, config["sw"]) == base + "sw.js", rel
        assert config["cachePrefix"] == offline_app.CACHE_PREFIX, rel
        assert config["dataVersion"] == index["data_version"] and config["built"] == index["built"], rel
        assert head.offline_script and urljoin(url, head.offline_script) == base + OFFLINE_SCRIPT, rel
        # one stamp for the footer and the API index
        assert head.build.get("data-data-version") == index["data_version"], rel
        assert head.build.get("data-built") == index["built"], rel
    config = sw_config(site)
    assert (config["data_version"], config["built"]) == (index["data_version"], index["built"])


def test_footer_line_reads_as_a_sentence():
    html = (built_fixture_site() / "index.html").read_text(encoding="utf-8")
    block = re.search(r'<div class="l5r-build".*?</div>', html, re.S).group(0)
    shown = re.sub(r"<span[^>]*hidden[^>]*>.*?</span>", "", block, flags=re.S)  # what the script may reveal
    text = " ".join(re.sub(r"<[^>]+>", " ", shown).split())
    assert re.fullmatch(r"Rulebook data [0-9a-f]{12} · built \d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC", text), text
    assert 'class="l5r-offline-status l5r-offline-status--short" hidden' in block  # l5r-offline.js fills it in


def test_home_and_search_pages_have_the_offline_line_near_the_top():
    site = built_fixture_site()
    for page, before in (("index.html", "l5r-books"), ("search/index.html", "l5r-search__form")):
        html = (site / page).read_text(encoding="utf-8")
        line = html.find('class="l5r-offline-status"')
        assert 0 < line < html.find(before), page  # above the book buttons / the search box


def test_offline_build_starts_at_index_html():
    manifest = json.loads((built_offline_fixture_site() / offline_app.MANIFEST).read_text(encoding="utf-8"))
    assert manifest["start_url"] == "./index.html"
    assert "entries/gold-bowing.html" in sw_config(built_offline_fixture_site())["files"]


def test_a_missing_icon_stops_the_build_with_one_line(tmp_path):
    root = fixture_copy(tmp_path / "root")
    for name in ("mkdocs.yml", "content", "site_overrides"):
        src = ROOT / name
        (shutil.copytree if src.is_dir() else shutil.copy2)(src, root / name)
    (root / "site_overrides" / "assets" / "images" / "icon-512.png").unlink()
    out = tmp_path / "out"
    with pytest.raises(SiteBuildError) as caught:
        build_site(root, out)
    message = str(caught.value)
    assert "\n" not in message and "icon-512.png" in message, message
    assert not out.exists()


# --- serve: the worker as JavaScript, re-checked every time --------------------------------------


@pytest.fixture()
def served(tmp_path):
    site = tmp_path / "site"
    shutil.copytree(built_fixture_site(), site)
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = make_server(site, port)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": SERVE_POLL}, daemon=True)
    thread.start()
    yield site, f"http://127.0.0.1:{port}/"
    server.shutdown()
    server.server_close()


def fetch(url: str, **headers) -> tuple[int, dict[str, str], bytes]:
    request = urllib.request.Request(url, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=5) as answer:
            return answer.status, {k.lower(): v for k, v in answer.headers.items()}, answer.read()
    except urllib.error.HTTPError as error:
        return error.code, {k.lower(): v for k, v in error.headers.items()}, b""


def test_serve_sends_the_worker_as_javascript_that_is_always_rechecked(served):
    site, base = served
    status, headers, body = fetch(base + "sw.js")
    assert status == 200 and body == (site / "sw.js").read_bytes()
    assert headers["content-type"].startswith("text/javascript")
    assert headers["cache-control"] == "no-cache" and headers["etag"]
    status, headers, _ = fetch(base + "manifest.webmanifest")
    assert status == 200 and headers["content-type"] == "application/manifest+json"
    # unchanged: a cheap 304; rewritten (same size, same second): the new bytes
    assert fetch(base + "sw.js", **{"If-None-Match": headers_etag(base)})[0] == 304
    old_tag = headers_etag(base)
    text = (site / "sw.js").read_bytes()
    stat = (site / "sw.js").stat()
    (site / "sw.js").write_bytes(text.replace(b"use strict", b"use STRICT"))
    os.utime(site / "sw.js", ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))  # within the same second
    status, headers, body = fetch(base + "sw.js", **{"If-None-Match": old_tag})
    assert status == 200 and b"use STRICT" in body and headers["etag"] != old_tag


def headers_etag(base: str) -> str:
    return fetch(base + "sw.js")[1]["etag"]


def test_serve_gzips_text_for_browsers_that_accept_it(served):
    site, base = served
    page = "concepts/bowing/index.html"
    status, plain, body = fetch(base + page)
    assert status == 200 and "content-encoding" not in plain and body == (site / page).read_bytes()
    status, headers, body = fetch(base + page, **{"Accept-Encoding": "br, gzip;q=0.8"})
    assert status == 200 and headers["content-encoding"] == "gzip" and headers["vary"] == "Accept-Encoding"
    assert gzip.decompress(body) == (site / page).read_bytes() and int(headers["content-length"]) == len(body)
    assert len(body) < len((site / page).read_bytes()) / 3
    assert headers["etag"] != plain["etag"], "each encoding its own validator"
    assert fetch(base + page, **{"Accept-Encoding": "gzip", "If-None-Match": headers["etag"]})[0] == 304
    assert fetch(base + page, **{"Accept-Encoding": "gzip", "If-None-Match": plain["etag"]})[0] == 200
    # images are not compressed again, nor is a client that refuses gzip served it
    assert "content-encoding" not in fetch(base + "assets/images/icon-512.png", **{"Accept-Encoding": "gzip"})[1]
    assert "content-encoding" not in fetch(base + page, **{"Accept-Encoding": "gzip;q=0"})[1]


@pytest.mark.parametrize(
    "header,ok",
    [
        ("gzip", True),
        ("gzip, deflate, br", True),
        ("br;q=1, gzip;q=0.5", True),
        ("*", True),
        ("gzip;q=0", False),
        ("identity", False),
        ("", False),
        (None, False),
        ("gzip;q=x", False),
        ("GZIP", True),
    ],
)
def test_accepts_gzip(header, ok):
    assert accepts_gzip(header) is ok
