"""Helpers every kind of test may use: the checkout's folders, and what a missing tool means.

Test files import helpers from here and from the other `*_helpers.py` modules (site builds,
the browser, search fixtures), never from one another; fixtures live in `conftest.py`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = Path(__file__).resolve().parent / "fixtures"

# How often a test's in-process server (`serve_forever(poll_interval=SERVE_POLL)`) looks for shutdown():
# stopping one waits out a poll, 0.5 s by default, and test_serve.py alone stops about forty.
SERVE_POLL = 0.05

# CI sets CI=true (.ci/run does, as most CI services do): there a test that cannot run for want of a
# tool (the browser, the PDF engine) fails instead of skipping, so that a green run has tested them.
IN_CI = os.environ.get("CI", "").strip().lower() in ("1", "true", "yes")


def unavailable(what: str, how: str, *, module: bool = False) -> None:
    """`what` cannot run here: fail under CI=true, else skip; `how` says how to get it."""
    message = f"{what} ({how})"
    if IN_CI:
        pytest.fail(f"CI=true and {message}: the tests that need it cannot run, so the run fails", pytrace=False)
    pytest.skip(message, allow_module_level=module)
