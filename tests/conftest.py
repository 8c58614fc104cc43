"""Shared fixtures: the repository root, a CLI runner, throw-away copies of glossaries."""

from __future__ import annotations

import os
import shutil
import time
from collections import defaultdict
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


# --- where the suite's time goes ---------------------------------------------------------------
# The summary ends with the suite's wall time and the test files that took longest (set-up, call
# and tear-down of their tests; a session fixture counts where it is first built), so that CI
# prints the duration and a slow file is named without a profiler.

_SECONDS_BY_FILE: dict[str, float] = defaultdict(float)
_STARTED: list[float] = []


def pytest_sessionstart(session):
    _STARTED.append(time.monotonic())


def pytest_runtest_logreport(report):
    _SECONDS_BY_FILE[report.nodeid.split("::")[0]] += report.duration


def pytest_terminal_summary(terminalreporter):
    if not _STARTED or not _SECONDS_BY_FILE:
        return
    wall = time.monotonic() - _STARTED[0]
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    write = terminalreporter.write_line
    terminalreporter.write_sep("=", f"suite time {wall / 60:.1f} min ({wall:.0f} s), load average {load}")
    slowest = sorted(_SECONDS_BY_FILE.items(), key=lambda kv: -kv[1])[:12]
    for name, seconds in slowest:
        write(f"{seconds:7.1f} s  {name}")
