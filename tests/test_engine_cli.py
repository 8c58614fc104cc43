"""`l5r-rules resolve`: outcome and cited steps, --json, and one-line errors for bad scenarios."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from click.testing import CliRunner

from l5r_rules.cli import cli

RULINGS = Path(__file__).parent / "rulings"
GOOD = RULINGS / "lotus" / "mary-todd-battle-province-1.yaml"
HEAD = (
    "id: x\nsystem: ccg\nruleset: lotus\nprocedure: battle\n"
    "source: {document: lotus-rulebook, section: s, kind: derived-edge-case, entry: lotus-yu}\n"
)


def run(*args):
    return CliRunner().invoke(cli, ["resolve", *map(str, args)])


def test_prints_outcome_and_cited_steps():
    res = run(GOOD)
    assert res.exit_code == 0
    assert "Province destroyed: yes." in res.output and "{" not in res.output
    assert "[lotus-4-5-resolution-segment]" in res.output


def test_json_has_outcome_and_trace():
    data = json.loads(run(GOOD, "--json").output)
    assert data["outcome"]["winner"] == "attacker"
    assert all("rule" in step for step in data["trace"])


EXPECT = "expect: {outcome: {winner: attacker}}\n"


@pytest.mark.parametrize(
    "body, line, field",
    [
        (
            "given:\n  attacker: {units: [{personality: {name: A, force: '++'}}]}\n  province_strength: 3\n" + EXPECT,
            7,
            "given.attacker.units[0].personality.force",
        ),
        (
            "given:\n  attacker: {units: [{personality: {name: A}}]}\n  province_strength: 3\n" + EXPECT,
            7,
            "given.attacker.units[0].personality.force",
        ),
        ("given:\n  province_strength: three\n" + EXPECT, 7, "given.province_strength"),
        ("given: {province_strength: 3}\n", 1, "(document)"),
        ("given: {province_strength: 3\n", 7, "L5R001 (document)"),
        ("given: {province_strength: 3}\nexpect: {}\n", 7, "expect"),
        ("given: {province_strength: 3}\nexpect:\n  outcome: {}\n", 8, "expect"),
        ("given: {province_strength: 3}\nexpect: {error: x, rules: []}\n", 7, "expect.error"),
    ],
)
def test_bad_scenario_is_one_line_per_problem(tmp_path, body, line, field):
    path = tmp_path / "bad.yaml"
    path.write_text(HEAD + body, encoding="utf-8")
    res = run(path)
    assert res.exit_code == 2
    first = res.output.strip().splitlines()[0]
    assert first.startswith(f"{path}:{line}: {field} ")
    assert "Traceback" not in res.output


# (real scenario, text replaced, replacement, field reported, words of the message); the line
# reported must be the last line holding `at` (the field's value) in the changed file.
INPUT_ERRORS = [
    (
        "lotus/mary-todd-battle-province-1.yaml",
        "procedure: battle",
        "procedure: conflict",
        "procedure",
        "'conflict' is not a ccg procedure",
        "procedure: conflict",
    ),
    (
        "lotus/mary-todd-battle-province-1.yaml",
        "province_strength: 8",
        "province_strength: -1",
        "given.province_strength",
        "less than the minimum of 0",
        "province_strength: -1",
    ),
    (
        "lotus/mary-todd-battle-province-1.yaml",
        "province_strength: 8",
        "province_strength: 80000000",
        "given.province_strength",
        "out of range",
        "province_strength: 8",
    ),
    (
        "lotus/mary-todd-battle-province-1.yaml",
        "province_strength: 8",
        "province_strength: 8.0",
        "given.province_strength",
        "8.0 is a decimal number",
        "province_strength: 8.0",
    ),
    (
        "lotus/mary-todd-battle-province-1.yaml",
        "        force: 3\n",
        "        force: -3\n",
        "given.defender.units[0].personality.force",
        "not an allowed value",
        "force: -3",
    ),
    (
        "lotus/mary-todd-ranged-tamiyo.yaml",
        "target: Hiruma Tamiyo",
        "target: Nobody",
        "given.target",
        "'Nobody' is not a card in given.target_unit",
        "target: Nobody",
    ),
    (
        "lotus/mary-todd-ranged-tamiyo.yaml",
        "      force: 2\n",
        "",
        "given.target_unit.personality.force",
        "Force is needed",
        "name: Hiruma Tamiyo",
    ),
    (
        "lotus/mary-todd-ranged-tamiyo.yaml",
        "  attacks:\n  - source: Tsuruchi Technique\n    unit: Utaku Tama\n    strength: 3\n",
        "  attacks: []\n",
        "given.attacks",
        "",
        "attacks: []",
    ),
    (
        "lotus/fear-undead-and-threshold.yaml",
        "      type: follower\n      force: 2\n",
        "      type: follower\n",
        "given.target_unit.attachments[0].force",
        "Force is needed",
        "- name: Equal",
    ),
    (
        "lotus/yu-follower-then-shugenja.yaml",
        "        type: follower\n        force: 1\n",
        "        type: follower\n",
        "given.opposing.units[2].attachments[0].force",
        "Force is needed",
        "- name: Follower",
    ),
    (
        "lotus/stat-hida-daizu.yaml",
        "  - label: Dark Lord's Favor\n    set: 0\n",
        "  - label: Dark Lord's Favor\n",
        "given.events[1]",
        "exactly one of bonus, penalty, set or end",
        "- label: Dark Lord's Favor",
    ),
    (
        "lotus/force-bowed-personality.yaml",
        "name: P2",
        "name: P1",
        "given.army.units[1].personality.name",
        "a second unit led by 'P1'",
        "name: P1",
    ),
    (
        "lcg/lcg-duel-bid-wins.yaml",
        "    challenger: 5\n",
        "    challenger: 7\n",
        "choices.bids.challenger",
        "a duel bid is 1 to 5",
        "challenger: 7",
    ),
    (
        "lcg/lcg-fate-phase.yaml",
        "    - name: C\n      fate: 0\n",
        "    - name: A\n      fate: 0\n",
        "given.characters.first[2].name",
        "a second 'A' of first",
        "- name: A",
    ),
    (
        "bfr/bfr-resolution-order.yaml",
        "    province: D\n    strength: 1\n",
        "    province: Z\n    strength: 1\n",
        "given.markers[5].province",
        "'Z' is not a province in given.provinces",
        "province: Z",
    ),
    (
        "bfr/bfr-raze-needs-adjacency.yaml",
        "    D:\n      controller: null\n      adjacent:\n      - C\n",
        "    D:\n      controller: null\n      adjacent:\n      - X\n",
        "given.provinces.D.adjacent[0]",
        "'X' is not a province",
        "- X",
    ),
    (
        "bfr/bfr-battle-blessing-adds-strength.yaml",
        "    - type: army\n      strength: 3\n",
        "",
        "given.attackers.Skorpion[0]",
        "a blessing lies on one of its clan's army, navy or shinobi tokens",
        "- type: blessing",
    ),
    (
        "bfr/bfr-territory-split.yaml",
        "    - C\n  control:",
        "    - Q\n  control:",
        "given.territories.Kranich[1]",
        "'Q' is not a province in given.control",
        "- Q",
    ),
    (
        "bfr/bfr-beispiel-fuer-einen-kampf.yaml",
        "    Skorpion:\n    - 3\n",
        "    Skorpion: []\n",
        "given.attackers.Skorpion",
        "",
        "Skorpion: []",
    ),
    (
        "lcg/lcg-fate-phase.yaml",
        "  unclaimed_rings:",
        "  unclaimed_ring:",
        "given.unclaimed_ring",
        "is not a field here (did you mean 'unclaimed_rings'?",
        "air: 0",
    ),
    (
        "lotus/force-bowed-item-lotus.yaml",
        "expect:",
        "choices:\n  order: []\nexpect:",
        "choices.order",
        "ccg/force takes no decisions",
        "order: []",
    ),
]


@pytest.mark.parametrize("name, old, new, field, words, at", INPUT_ERRORS, ids=[f"{c[0]}:{c[3]}" for c in INPUT_ERRORS])
def test_input_errors_name_the_field_and_its_line(tmp_path, name, old, new, field, words, at):
    text = (RULINGS / name).read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} must occur once in {name}"
    text = text.replace(old, new)
    path = tmp_path / "bad.yaml"
    path.write_text(text, encoding="utf-8")
    line = max(i for i, t in enumerate(text.splitlines(), 1) if at in t)
    res = run(path)
    assert res.exit_code == 2, res.output
    assert "internal engine error" not in res.output and "Traceback" not in res.output
    lines = [t for t in res.output.splitlines() if t.startswith(f"{path}:{line}: {field} ")]
    assert lines and words in lines[0], res.output


def test_missing_decision_names_it(tmp_path):
    text = (RULINGS / "lotus" / "yu-missing-decision.yaml").read_text(encoding="utf-8")
    path = tmp_path / "incomplete.yaml"
    path.write_text(text.replace("error: missing decision 'assignments'", "outcome: {destroyed: []}"), encoding="utf-8")
    res = run(path)
    assert res.exit_code == 2
    assert "choices.assignments missing decision 'assignments'" in res.output


def test_says_the_outcome_matches_expect():
    res = run(GOOD)
    assert res.exit_code == 0 and "expect: matches" in res.output


def test_a_wrong_expectation_is_named_with_its_line(tmp_path):
    text = GOOD.read_text(encoding="utf-8")
    assert "winner: attacker" in text
    path = tmp_path / "wrong.yaml"
    path.write_text(text.replace("winner: attacker", "winner: defender"), encoding="utf-8")
    line = next(i for i, row in enumerate(text.splitlines(), 1) if "winner: attacker" in row)
    res = run(path)
    assert res.exit_code == 1
    assert f"{path}:{line}: expect.outcome.winner expected 'defender', got 'attacker'" in res.output
    assert "does NOT match" in res.output
    data = json.loads(run(path, "--json").stdout)
    assert data["expect"]["matches"] is False and len(data["expect"]["problems"]) == 1


def test_an_expected_error_is_recognised():
    res = run(RULINGS / "lotus" / "yu-missing-decision.yaml")
    assert res.exit_code == 0, res.output
    assert "choices.assignments missing decision 'assignments'" in res.output
    assert "expect: this is the error the scenario expects" in res.output
    data = json.loads(run(RULINGS / "lotus" / "yu-missing-decision.yaml", "--json").stdout)
    assert data["expect"] == {"matches": True, "problems": []}
    assert data["error"]["field"] == "choices.assignments"
    assert "missing decision 'assignments'" in data["error"]["message"]


def test_every_expected_error_scenario_exits_0():
    """The same verdict as tests/test_rulings.py for every scenario that expects an error."""
    files = [p for p in sorted(RULINGS.glob("*/*.yaml")) if "\n  error:" in p.read_text(encoding="utf-8")]
    assert len(files) >= 5
    for path in files:
        res = run(path)
        assert res.exit_code == 0 and "this is the error the scenario expects" in res.output, (path, res.output)


def test_a_different_error_than_expected_shows_both(tmp_path):
    text = (RULINGS / "lotus" / "yu-missing-decision.yaml").read_text(encoding="utf-8")
    path = tmp_path / "other.yaml"
    path.write_text(
        text.replace("error: missing decision 'assignments'", "error: some other problem"), encoding="utf-8"
    )
    res = run(path)
    assert res.exit_code == 1
    assert "missing decision 'assignments'" in res.output
    assert (
        "expect.error the scenario expects an error containing 'some other problem', but it failed with" in res.output
    )
    data = json.loads(run(path, "--json").stdout)
    assert data["expect"]["matches"] is False and len(data["expect"]["problems"]) == 1


def test_an_expected_error_that_does_not_happen_is_a_mismatch(tmp_path):
    text = GOOD.read_text(encoding="utf-8")
    start = text.index("expect:")
    path = tmp_path / "resolves.yaml"
    path.write_text(text[:start] + "expect:\n  error: missing decision\n", encoding="utf-8")
    res = run(path)
    assert res.exit_code == 1
    assert f"{path}:{text[:start].count(chr(10)) + 2}: expect.error the scenario expects an error" in res.output


@pytest.mark.parametrize(
    "make, words",
    [
        (lambda p: p.mkdir(), "is a directory"),
        (lambda p: os.mkfifo(p), "is not a regular file"),
        (lambda p: None, "no such file"),
        (lambda p: p.write_bytes(b""), "is empty"),
        (lambda p: p.write_bytes(b"# only a comment\n"), "is empty"),
        (lambda p: p.write_bytes(b"- a\n- b\n"), "must be a mapping, not a list"),
        (lambda p: p.write_bytes(b"id: \xff\xfe\n"), "L5R008"),
        (
            lambda p: p.write_bytes(
                b"id: x\nnote: |\n" + b"  " + b"x" * 98 + b"\n" * 1 + (b"  " + b"x" * 98 + b"\n") * 12000
            ),
            "L5R009",
        ),
        (lambda p: p.write_bytes(b"a: !!python/name:os.system x\n"), "python/name:os.system"),
        (lambda p: p.write_bytes(b"a: &a [x, *a]\n"), "L5R005"),
        (lambda p: p.write_bytes(b"[" * 5000 + b"]" * 5000), "L5R006"),
        (lambda p: p.write_bytes(b"id: " + b"1" * 5000 + b"\n"), "L5R007"),
    ],
)
def test_unreadable_files_are_one_line_errors(tmp_path, make, words):
    path = tmp_path / "scenario.yaml"
    make(path)
    res = run(path)
    assert res.exit_code == 2
    lines = res.output.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"{path}:") and words in lines[0], res.output
