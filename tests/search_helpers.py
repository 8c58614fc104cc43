"""Shared set-up for the search tests: a private copy of the fixture checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "search"
REPO = Path(__file__).resolve().parent.parent


def fixture_checkout(tmp: Path) -> Path:
    """Copy tests/fixtures/search to `tmp` (the index is written into its build/)."""
    root = tmp / "checkout"
    shutil.copytree(FIXTURE, root)
    return root
