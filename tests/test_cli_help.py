"""Every command documents itself: `--help` works and shows an example; the README lists it."""

from __future__ import annotations

import pytest

from l5r_rules.cli import COMMANDS


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_help_shows_an_example(cli, name):
    result = cli(name, "--help")
    assert result.exit_code == 0
    assert "Example" in result.output and f"l5r-rules {name}" in result.output


@pytest.mark.parametrize("name", sorted(COMMANDS))
def test_readme_documents_the_command(repo_root, name):
    assert f"l5r-rules {name}" in (repo_root / "README.md").read_text(encoding="utf-8")


def test_unknown_command_is_a_usage_error(cli):
    result = cli("no-such-command")
    assert result.exit_code == 2 and "No such command" in result.output
