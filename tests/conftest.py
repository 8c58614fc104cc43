"""Shared fixtures: the repository root, a CLI runner, throw-away copies of glossaries."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"


@pytest.fixture(scope="session")
def repo_root() -> Path:
    return ROOT


@pytest.fixture
def cli():
    """Run `l5r-rules ARGS...` in-process; returns click's Result (exit_code, output)."""
    from l5r_rules.cli import cli as group

    runner = CliRunner()

    def run(*args: str):
        return runner.invoke(group, list(args), catch_exceptions=False)

    return run


@pytest.fixture
def mini_root(tmp_path: Path) -> Path:
    """A copy of the tiny valid fixture checkout."""
    dest = tmp_path / "mini"
    shutil.copytree(FIXTURES / "valid", dest)
    return dest


@pytest.fixture
def repo_copy(tmp_path: Path) -> Path:
    """A copy of the real glossary and sources, to corrupt or re-import."""
    dest = tmp_path / "repo"
    for name in ("glossary", "sources"):
        shutil.copytree(ROOT / name, dest / name)
    return dest
