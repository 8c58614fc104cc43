"""A command whose output goes to a file that fills up (a full disk, a file size limit) fails and says so.

The system takes part of a large write and Python raises nothing (hostile round 4, #76-77: `export > file`
left 1,024 of 1,187,010 bytes and exited 0, as did every --json output); the command line compares what it
wrote with what the file holds after its last flush.
"""

from __future__ import annotations

import resource
import subprocess
import sys

import pytest
from helpers import ROOT

CLI = [sys.executable, "-c", "from l5r_rules.cli import main; main()"]
LIMIT = 1024


def _limited() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))  # a write past it fails (EFBIG)


@pytest.mark.parametrize(
    "args",
    [
        ["export"],
        ["export", "--format", "jsonl"],
        ["show", "lotus-yu", "--json"],
        ["search", "yu", "--json"],
        ["walk", "lcg", "conflict", "--json"],
        ["coverage", "--json"],
    ],
    ids=lambda a: " ".join(a),
)
def test_a_cut_output_file_is_an_error(tmp_path, args):
    out = tmp_path / "out"
    with out.open("w") as f:
        cut = subprocess.run(CLI + args, cwd=ROOT, stdout=f, stderr=subprocess.PIPE, text=True, preexec_fn=_limited)
    assert cut.returncode == 1, cut.stderr
    assert f"error: the output file holds only {LIMIT:,} of " in cut.stderr
    assert out.stat().st_size == LIMIT
    with out.open("w") as f:  # the same command without the limit: whole, and no word of a cut
        whole = subprocess.run(CLI + args, cwd=ROOT, stdout=f, stderr=subprocess.PIPE, text=True)
    assert whole.returncode == 0, whole.stderr
    assert "output file holds only" not in whole.stderr and out.stat().st_size > LIMIT
