"""Issue #26 item 5: every entry has an engine status, proven is computed from the passing scenarios, and
`l5r-rules coverage` and the site say the same.

Proves: the proven set equals what the golden traces and the scenario files cite (an independent reading
of the same evidence: source.entry, expect.rules and each traced step's rule); every entry of the real
glossary has exactly one status; the summaries add up and the share is proven / (proven + to model);
the command prints every book and the share, lists a book's entries by status, gives JSON, and refuses
an unknown edition in one line; the site has a coverage page per book and each entry page its status.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from site_helpers import page

from l5r_rules import yamlio
from l5r_rules.cli import cli
from l5r_rules.engine import coverage
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout

ROOT = Path(__file__).resolve().parents[1]
RULINGS = ROOT / "tests" / "rulings"


def _from_goldens() -> dict[str, set]:
    """entry -> scenario ids citing it, read from the scenario files and their golden traces (every scenario of
    the suite passes: tests/test_rulings.py), without running the engine."""
    out: dict[str, set] = {}
    for path in coverage.scenario_files(RULINGS):
        data = yamlio.load_plain(path)
        ids = [data["source"]["entry"], *((data.get("expect") or {}).get("rules") or [])]
        golden = RULINGS / "golden" / path.parent.name / f"{path.stem}.json"
        if golden.is_file():
            ids += [step["rule"] for step in json.loads(golden.read_text(encoding="utf-8"))["trace"]]
        for eid in ids:
            if eid:
                out.setdefault(eid, set()).add(data["id"])
    return out


def test_proven_is_what_the_passing_scenarios_cite():
    computed = {k: set(v) for k, v in coverage.cited_by_passing(RULINGS).items()}
    assert computed == _from_goldens()


def test_every_entry_has_exactly_one_status_and_the_summaries_add_up():
    layout = Layout(ROOT)
    statuses, data = coverage.load(layout)
    entries = load_kb(ROOT).entries
    assert set(statuses) == set(entries)
    assert not [e for e, s in statuses.items() if s.status == "missing"]
    sums = coverage.summaries(entries, statuses)
    total = sums["all"]
    assert total.entries == len(entries)
    assert total.proven + sum(total.not_modelled.values()) + sum(total.not_a_rule.values()) == total.entries
    assert total.testable == total.proven + total.not_modelled["to-model"]
    assert total.share == pytest.approx(total.proven / total.testable)
    assert sum(sums[e].proven for e in sums if e != "all") == total.proven


def test_a_status_that_a_scenario_disproves_is_the_curated_files_error(tmp_path):
    statuses = coverage.statuses({"a": {}, "b": {}}, {"a": ["s1"]}, {"not-a-rule": {"definition": ["a", "b"]}})
    assert statuses["a"].status == "proven" and statuses["a"].scenarios == ("s1",)
    assert statuses["b"].status == "not-a-rule" and statuses["b"].reason == "definition"
    assert not statuses["b"].testable and statuses["a"].testable


def test_a_checkout_with_scenarios_but_no_status_file_is_not_counted(tmp_path):
    """Without glossary/_engine_status.yaml every entry no scenario cites would have no status, and the share
    would read 100 % (hostile round after, 67): validate refuses it (L5R115), and so coverage, in one line."""
    import shutil

    for name in ("glossary", "sources"):
        shutil.copytree(ROOT / name, tmp_path / name)
    scenario = next(RULINGS.glob("lcg/*.yaml"))
    (tmp_path / "tests" / "rulings" / "lcg").mkdir(parents=True)
    shutil.copy(scenario, tmp_path / "tests" / "rulings" / "lcg" / scenario.name)
    (tmp_path / "glossary" / "_engine_status.yaml").unlink()
    res = CliRunner().invoke(cli, ["coverage", "--root", str(tmp_path)])
    assert res.exit_code == 1 and "coverage refused" in res.output and "proven share" not in res.output
    assert "glossary/_engine_status.yaml:1:1: L5R115 (file) is missing" in res.output


def _run(*args):
    return CliRunner().invoke(cli, ["coverage", "--root", str(ROOT), *args])


def test_coverage_command_prints_every_book_and_the_share():
    res = _run()
    assert res.exit_code == 0, res.output
    books = [line.split()[0] for line in res.output.splitlines()[1:] if re.match(r"^\w+\s+\d+", line)]
    assert books == [*load_kb(ROOT).edition_order, "all"]
    assert "proven share = proven / (proven + to model)" in res.output


def test_coverage_command_lists_a_books_entries_by_status_and_as_json():
    res = _run("--edition", "lcg", "--status", "not-modelled")
    assert res.exit_code == 0, res.output
    listed = [line.split()[0] for line in res.output.splitlines() if line.startswith("  ")]
    assert listed and all(line.startswith("lcg-") for line in listed)
    assert all(" not-modelled (" in line for line in res.output.splitlines() if line.startswith("  "))
    data = json.loads(_run("--edition", "bfr", "--json").output)
    assert data["books"][0]["edition"] == "bfr" and data["entries"]
    proven = [e for e in data["entries"] if e["status"] == "proven"]
    assert proven and all(e["scenarios"] for e in proven)


def test_coverage_command_refuses_an_unknown_edition_in_one_line():
    res = _run("--edition", "diamond")
    assert res.exit_code == 2 and res.output.count("\n") == 1 and "is not an edition" in res.output
    res = _run("--status", "proven")
    assert res.exit_code == 2 and "give --edition too" in res.output


def test_the_site_shows_the_coverage_and_each_entrys_status(real_site):
    site = real_site
    statuses, _ = coverage.load(Layout(ROOT))
    for edition in load_kb(ROOT).edition_order:
        book = page(site, f"coverage/{edition}")
        assert "Proven share:" in book
    proven = next(s for s in statuses.values() if s.status == "proven" and len(s.scenarios) > 2)
    text = page(site, f"entries/{proven.entry}")
    assert f"proven by {len(proven.scenarios)} passing scenarios" in text
    assert all(f"<code>{sid}</code>" in text for sid in proven.scenarios)
    other = next(s for s in statuses.values() if s.status == "not-a-rule")
    assert f"not a rule ({other.reason}:" in page(site, f"entries/{other.entry}")
