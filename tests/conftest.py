"""Shared fixtures: the repository root, a CLI runner, throw-away copies of glossaries, the built sites,
the session's one browser and its one server of the real site.

Helpers that are not fixtures live in helpers.py, site_helpers.py, browser_helpers.py and
search_helpers.py; test files import from those, never from one another.
"""

from __future__ import annotations

import os
import shutil
import time
from collections import defaultdict
from pathlib import Path

import pytest
from browser_helpers import Browser, Server, missing_browser
from click.testing import CliRunner
from helpers import FIXTURES, ROOT, unavailable
from site_helpers import built_fixture_site, built_real_site


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


@pytest.fixture(scope="session")
def real_site() -> Path:
    """The real glossary's site, built once per session (site_helpers.built_real_site)."""
    return built_real_site()


@pytest.fixture(scope="session")
def fixture_site() -> Path:
    """tests/fixtures/site built once per session."""
    return built_fixture_site()


@pytest.fixture(scope="session")
def real_engine():
    """The search engine over the repository's own index, opened once per session (read-only: a test that
    changes ranking knobs opens an engine of its own)."""
    from l5r_rules.search.engine import open_engine

    with open_engine(ROOT) as eng:
        yield eng


# --- the one browser and the one server of a test session --------------------------------------


@pytest.fixture(scope="session")
def browser(tmp_path_factory):
    """The session's one chromium (browser_helpers.Browser); a test takes it with `browser.use(device)`.
    Without chromium the test skips, and under CI=true it fails."""
    missing = missing_browser()
    if missing:
        unavailable(missing, "scripts/install_browser.sh installs Debian's chromium and chromium-driver")
    made = Browser(tmp_path_factory.mktemp("chromium-profile"))
    yield made
    made.quit()


@pytest.fixture(scope="session")
def site_server(browser, real_site):
    """`l5r-rules serve` of the real site for the whole session (`.base` is its URL). A test may stop
    it (to be offline) as long as it starts it again."""
    server = Server(real_site).start()
    yield server
    server.stop()


@pytest.fixture
def phone(browser):
    """The browser as a 390x844 phone, with nothing left of earlier tests."""
    return browser.use("phone")


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
    workers = int(
        os.environ.get("PYTEST_XDIST_WORKER_COUNT") or getattr(terminalreporter.config.option, "numprocesses", 0) or 1
    )
    busy = sum(_SECONDS_BY_FILE.values())
    write(f"{busy:7.1f} s  in tests, all files together, on {workers} worker(s): {busy / workers:.0f} s each if even")
    slowest = sorted(_SECONDS_BY_FILE.items(), key=lambda kv: -kv[1])[:12]
    for name, seconds in slowest:
        write(f"{seconds:7.1f} s  {name}")
