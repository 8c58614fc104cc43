"""The importer: entries per document, examples and appendix entries, idempotence, curated fields kept."""

from __future__ import annotations

import subprocess

import pytest

from l5r_rules import yamlio
from l5r_rules.importers.run import run_import
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


def kinds(kb, edition):
    out: dict[str, int] = {}
    for e in kb.entries_of(edition):
        out[e["kind"]] = out.get(e["kind"], 0) + 1
    return out


def test_every_document_yields_entries(kb):
    for edition in ("gold", "lotus", "ivory", "lcg", "bfr"):
        assert len(kb.entries_of(edition)) >= 40, edition


def test_rules_reference_has_one_entry_per_glossary_term_and_appendices(kb):
    k = kinds(kb, "lcg")
    assert 115 <= k["glossary-term"] <= 160
    assert k["timing-step"] >= 40
    assert k["card-anatomy"] >= 1
    assert "lcg-the-jade-rule" in kb.entries


def test_lotus_glossary_and_errata_one_entry_each(kb):
    k = kinds(kb, "lotus")
    assert k["glossary-term"] >= 100
    cards = [e for e in kb.entries_of("lotus") if e["kind"] == "errata" and len(e["source"]["section"]) == 3]
    assert len(cards) == 14  # Dawn of the Empire 7, Web of Lies 1, Enemy of My Enemy 2, Code of Bushido 4
    daizu = [e for e in kb.entries_of("lotus") if e["term"] == "Hiruma"]
    assert daizu and daizu[0]["source"]["section"] == ["Errata and Clarifications", "DAWN OF THE EMPIRE", "Hiruma"]


@pytest.mark.parametrize("edition,term", [
    ("lotus", "Sample Attack: Mary and Todd Go to War"),
    ("bfr", "Beispiel für einen Kampf"),
    ("ivory", "Example: A Crab army destroys a"),
])
def test_worked_examples_are_example_entries(kb, edition, term):
    matches = [e for e in kb.entries_of(edition) if e["term"] == term]
    assert matches and matches[0]["kind"] == "example"


def test_ivory_walkthrough_honor_and_dueling_sections(kb):
    terms = {e["term"] for e in kb.entries_of("ivory")}
    assert {"Honor Rules", "Losing & Winning By Honor", "Dueling Rules", "Duels", "Battle Resolution"} <= terms
    pages = [e["source"]["page"] for e in kb.entries_of("ivory") if e["source"]["page"]]
    assert pages == sorted(pages) and pages[0] == 14


def test_order_is_source_order(kb):
    for edition in ("gold", "lotus", "ivory", "lcg", "bfr"):
        orders = [e["order"] for e in kb.entries_of(edition)]
        assert orders == list(range(1, len(orders) + 1))


def test_reimport_of_unchanged_sources_changes_nothing(repo_copy):
    before = {p: p.read_bytes() for p in (repo_copy / "glossary").rglob("*.yaml")}
    report = run_import(Layout(repo_copy))
    assert sum(report.written.values()) == 0 and report.removed == []
    after = {p: p.read_bytes() for p in (repo_copy / "glossary").rglob("*.yaml")}
    assert before == after


def test_reimport_keeps_curated_fields(repo_copy):
    path = repo_copy / "glossary/entries/lotus/lotus-yu.yaml"
    data = yamlio.load_plain(path)
    data["aliases"] = ["duel of honor"]
    data["related"] = ["lotus-fear"]
    data["text"] = "tampered text"
    path.write_text(yamlio.dumps(data))
    run_import(Layout(repo_copy))
    again = yamlio.load_plain(path)
    assert again["aliases"] == ["duel of honor"] and again["related"] == ["lotus-fear"]
    assert again["text"] != "tampered text"


def test_import_script_reports_every_document(repo_root, repo_copy):
    import os
    import sys

    env = dict(os.environ, L5R_ROOT=str(repo_copy))
    result = subprocess.run([sys.executable, str(repo_root / "scripts/import_sources.py")], env=env,
                            capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    for doc in ("gold-rulebook", "lotus-rulebook", "ivory-rulebook", "lcg-rules-reference", "bfr-rulebook"):
        assert f"{doc}: " in result.stdout and "0 written" in result.stdout
