"""The code stays in one style: ruff's lint and format (configured in pyproject.toml) pass on everything."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("args", [["check", "."], ["format", "--check", "."]], ids=["lint", "format"])
def test_ruff(args):
    result = subprocess.run([sys.executable, "-m", "ruff", *args], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-2000:]


# Test files import shared helpers from helpers.py, site_helpers.py, browser_helpers.py and
# search_helpers.py (fixtures come from conftest.py), never from another test file or from conftest.
IMPORTS_A_TEST_FILE = re.compile(r"^\s*(?:from|import)\s+(?:tests\.)?(?:test_\w+|conftest)\b", re.M)
# Files that may still do so, each with why; the test fails when one no longer needs it.
STILL_IMPORTS_TEST_FILES: dict[str, str] = {}


def test_test_files_import_helpers_not_each_other():
    found = {
        path.relative_to(ROOT).as_posix()
        for path in sorted((ROOT / "tests").glob("*.py"))
        if IMPORTS_A_TEST_FILE.search(path.read_text(encoding="utf-8"))
    }
    assert found <= set(STILL_IMPORTS_TEST_FILES), sorted(found - set(STILL_IMPORTS_TEST_FILES))
    stale = sorted(set(STILL_IMPORTS_TEST_FILES) - found)
    assert not stale, f"remove from STILL_IMPORTS_TEST_FILES: {stale}"
