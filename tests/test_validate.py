"""`l5r-rules validate`: the repository is valid, and each error code fires on its fixture."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from l5r_rules import yamlio

FIXTURES = Path(__file__).resolve().parent / "fixtures" / "invalid"
CASES = sorted(FIXTURES.glob("L5R*.yaml"))
LINE = re.compile(r"^(?P<path>[^:]+):(?P<line>\d+):(?P<col>\d+): (?P<code>L5R\d{3}) (?P<field>\S+) (?P<message>.+)$")


def test_repository_glossary_is_valid(cli, repo_root):
    result = cli("validate", "--root", str(repo_root))
    assert result.exit_code == 0, result.output


def test_fixture_checkout_is_valid(cli, mini_root):
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 0, result.output


def test_every_code_in_the_table_has_a_fixture():
    from l5r_rules.codes import CODES

    assert set(CODES) == {p.stem for p in CASES}


def test_every_code_the_package_names_is_in_the_table(repo_root):
    from l5r_rules.codes import CODES

    named = {
        code
        for path in (repo_root / "l5r_rules").rglob("*.py")
        for code in re.findall(r"L5R\d{3}", path.read_text(encoding="utf-8"))
    }
    assert named <= set(CODES), sorted(named - set(CODES))


def apply_fixture(root: Path, spec: dict) -> None:
    """Write a fixture's files: `write` (text), `write_hex` (raw bytes), `repeat` ({text, times}),
    `mkdir` and `symlink` (path -> target) for files that are not regular files."""

    def target(rel: str) -> Path:
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        return path

    for rel, content in (spec.get("write") or {}).items():
        target(rel).write_text(content, encoding="utf-8")
    for rel, content in (spec.get("write_hex") or {}).items():
        target(rel).write_bytes(bytes.fromhex(content.replace(" ", "")))
    for rel, content in (spec.get("repeat") or {}).items():
        target(rel).write_text(content["text"] * content["times"], encoding="utf-8")
    for rel in spec.get("mkdir") or []:
        target(rel).mkdir()
    for rel, to in (spec.get("symlink") or {}).items():
        target(rel).symlink_to(to)


@pytest.mark.parametrize("case", CASES, ids=[c.stem for c in CASES])
def test_error_code_fires_with_path_and_line(cli, mini_root, case):
    spec = yamlio.load_plain(case)
    apply_fixture(mini_root, spec)
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 1
    problems = [LINE.match(line) for line in result.stdout.splitlines() if line.strip()]
    assert all(problems), f"every line must read path:line:col: CODE field message\n{result.output}"
    codes = [m["code"] for m in problems]
    assert codes == [case.stem] * spec["expect"].get("count", 1), result.output  # exactly that code fires
    hit = problems[0]
    assert hit["path"] == spec["expect"]["path"]
    assert int(hit["line"]) == spec["expect"]["line"]
    assert "Traceback" not in result.output


PASSING = sorted((FIXTURES.parent / "passing").glob("*.yaml"))


@pytest.mark.parametrize("case", PASSING, ids=[c.stem for c in PASSING])
def test_plain_yaml_of_every_style_passes(cli, mini_root, case):
    apply_fixture(mini_root, yamlio.load_plain(case))
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 0, result.output


def test_tab_indentation_is_reported_not_raised(cli, mini_root):
    path = mini_root / "glossary/entries/lotus/lotus-bowing.yaml"
    path.write_text(path.read_text().replace("  - Bowing", "\t- Bowing"))
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 1
    assert "lotus-bowing.yaml:10:1: L5R001" in result.output


def test_corrupted_copy_of_real_glossary_reports_every_problem(cli, repo_copy):
    """Bad YAML, an unknown field, a dangling related id and a wrong id: all four reported at once."""
    entries = sorted((repo_copy / "glossary/entries/lotus").glob("*.yaml"))
    bad_yaml, unknown, dangling, wrong_id = entries[:4]
    bad_yaml.write_text(bad_yaml.read_text() + "text: [unclosed\n")
    unknown.write_text(unknown.read_text() + "colour: red\n")
    dangling.write_text(dangling.read_text() + "related:\n- lotus-no-such-entry\n")
    wrong_id.write_text(wrong_id.read_text().replace(f"id: {wrong_id.stem}", "id: lotus-renamed", 1))
    result = cli("validate", "--root", str(repo_copy))
    assert result.exit_code == 1
    out = result.output
    assert re.search(rf"{bad_yaml.name}:\d+:\d+: L5R001", out)
    assert re.search(rf"{unknown.name}:\d+:\d+: L5R011 colour", out)
    assert re.search(rf"{dangling.name}:\d+:\d+: L5R040 related\[\d+\] 'lotus-no-such-entry'", out)
    assert re.search(rf"{wrong_id.name}:1:\d+: L5R020 id", out)


def test_missing_registry_is_one_line_not_a_traceback(cli, tmp_path):
    result = cli("validate", "--root", str(tmp_path))
    assert result.exit_code == 2  # not a checkout: said so, never another checkout validated instead
    assert "no glossary here" in result.output and "Traceback" not in result.output
