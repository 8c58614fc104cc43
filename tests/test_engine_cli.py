"""`l5r-rules resolve`: outcome and cited steps, --json, and one-line errors for bad scenarios."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from l5r_rules.cli import cli

RULINGS = Path(__file__).parent / "rulings"
GOOD = RULINGS / "lotus" / "mary-todd-battle-province-1.yaml"
HEAD = ("id: x\nsystem: ccg\nruleset: lotus\nprocedure: battle\n"
        "source: {document: lotus-rulebook, section: s, kind: derived-edge-case, entry: lotus-yu}\n")


def run(*args):
    return CliRunner().invoke(cli, ["resolve", *map(str, args)])


def test_prints_outcome_and_cited_steps():
    res = run(GOOD)
    assert res.exit_code == 0
    assert '"province_destroyed": true' in res.output
    assert "[lotus-4-5-resolution-segment]" in res.output


def test_json_has_outcome_and_trace():
    data = json.loads(run(GOOD, "--json").output)
    assert data["outcome"]["winner"] == "attacker"
    assert all("rule" in step for step in data["trace"])


@pytest.mark.parametrize("body, line, field", [
    ("given:\n  attacker: {units: [{personality: {name: A, force: '++'}}]}\n  province_strength: 3\nexpect: {}\n",
     7, "given.attacker.units[0].personality.force"),
    ("given:\n  attacker: {units: [{personality: {name: A}}]}\n  province_strength: 3\nexpect: {}\n",
     7, "given.attacker.units[0].personality.force"),
    ("given:\n  province_strength: three\nexpect: {}\n", 7, "given.province_strength"),
    ("given: {province_strength: 3}\n", 1, "(document)"),
    ("given: {province_strength: 3\n", 7, "(document)"),
])
def test_bad_scenario_is_one_line_per_problem(tmp_path, body, line, field):
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    res = run(path)
    assert res.exit_code == 1
    first = res.output.strip().splitlines()[0]
    assert first.startswith(f"{path}:{line}: {field} ")
    assert "Traceback" not in res.output


def test_missing_decision_names_it():
    res = run(RULINGS / "lotus" / "yu-missing-decision.yaml")
    assert res.exit_code == 1
    assert "choices.assignments missing decision 'assignments'" in res.output


def test_says_the_outcome_matches_expect():
    res = run(GOOD)
    assert res.exit_code == 0 and "expect: matches" in res.output


def test_a_wrong_expectation_is_named_with_its_line(tmp_path):
    text = GOOD.read_text(encoding="utf-8")
    assert "winner: attacker" in text
    path = tmp_path / "wrong.yaml"
    path.write_text(text.replace("winner: attacker", "winner: defender"), encoding="utf-8")
    line = next(i for i, l in enumerate(text.splitlines(), 1) if "winner: attacker" in l)
    res = run(path)
    assert res.exit_code == 1
    assert f"{path}:{line}: expect.outcome.winner expected 'defender', got 'attacker'" in res.output
    assert "does NOT match" in res.output
    data = json.loads(run(path, "--json").stdout)
    assert data["expect"]["matches"] is False and len(data["expect"]["problems"]) == 1


def test_an_expected_error_is_recognised():
    res = run(RULINGS / "lotus" / "yu-missing-decision.yaml")
    assert res.exit_code == 1 and "this is the error the scenario expects" in res.output
