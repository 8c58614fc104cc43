"""Sites built once per test session and shared by every module that reads one.

`built_real_site()` (the real glossary), `built_fixture_site()` (tests/fixtures/site, which always has
concepts) and `built_offline_fixture_site()` (the fixture for use without a server) are each built
the first time a test asks and then reused; `conftest.py` hands the first two out as the session
fixtures `real_site` and `fixture_site`. They live in one temporary folder, removed when the test
process ends.
"""

from __future__ import annotations

import shutil
import tempfile
from functools import cache
from pathlib import Path

from helpers import FIXTURES, ROOT

from l5r_rules.site.builder import build_site

FIXTURE_ROOT = FIXTURES / "site"

_SCRATCH = tempfile.TemporaryDirectory(prefix="l5r-test-sites-")


def fixture_copy(dest: Path) -> Path:
    """A copy of the fixture checkout, so that its build/ output never lands in tests/."""
    shutil.copytree(FIXTURE_ROOT, dest)
    return dest


@cache
def built_real_site() -> Path:
    """The real glossary, built once per test session."""
    out = Path(_SCRATCH.name) / "real" / "site"
    build_site(ROOT, out)
    return out


@cache
def built_fixture_site() -> Path:
    root = fixture_copy(Path(_SCRATCH.name) / "fixture")
    out = root / "site"
    build_site(root, out)
    return out


@cache
def built_offline_fixture_site() -> Path:
    """The fixture built for use without a server: pages end in .html, and so do the permalinks."""
    root = fixture_copy(Path(_SCRATCH.name) / "offline-fixture")
    build_site(root, root / "site", offline=True)
    return root / "site"


def page(site: Path, url: str) -> str:
    """The HTML of a page of a built site, by its URL ('concepts/bowing', 'index.html')."""
    path = site / url / "index.html" if not url.endswith(".html") else site / url
    return path.read_text(encoding="utf-8")
