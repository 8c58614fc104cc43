"""Fidelity (verbatim), coverage (nothing lost) and reader completeness for all five sources."""

from __future__ import annotations

import hashlib
import json
from pathlib import Path

import pytest

from l5r_rules.layout import Layout
from l5r_rules.registry import load_documents
from l5r_rules.sourcecheck import check_sources

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
DOCUMENTS = ["gold-rulebook", "lotus-rulebook", "ivory-rulebook", "lcg-rules-reference", "bfr-rulebook"]


@pytest.fixture(scope="module")
def reports(repo_root):
    return {r.document: r for r in check_sources(Layout(repo_root))}


def test_registry_names_the_five_documents(repo_root):
    docs = load_documents(Layout(repo_root))
    assert sorted(d.id for d in docs) == sorted(DOCUMENTS)
    assert {d.edition for d in docs} == {"gold", "lotus", "ivory", "lcg", "bfr"}
    assert {d.game for d in docs} == {"ccg", "lcg", "bfr"}


@pytest.mark.skipif(not SEEDS.is_dir(), reason="shared seeds not beside the checkout")
def test_sources_are_byte_for_byte_copies(repo_root):
    for doc in load_documents(Layout(repo_root)):
        copy = repo_root / doc.file
        seed = SEEDS / copy.name
        assert hashlib.sha256(copy.read_bytes()).digest() == hashlib.sha256(seed.read_bytes()).digest(), doc.file


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_entry_is_verbatim(reports, document):
    assert reports[document].fidelity_failures == []
    assert reports[document].entries > 0


@pytest.mark.parametrize("document", DOCUMENTS)
def test_every_paragraph_is_in_an_entry_or_skipped(reports, document):
    r = reports[document]
    assert r.uncovered == []
    assert r.covered + r.skipped == r.paragraphs
    assert r.stale_skips == []


@pytest.mark.parametrize("document", DOCUMENTS)
def test_reader_loses_no_text(reports, document):
    assert reports[document].reader_lossless


def test_a_changed_word_breaks_fidelity(repo_copy):
    path = next((repo_copy / "glossary/entries/lotus").glob("lotus-cardinal-rules.yaml"))
    path.write_text(
        path.read_text().replace("the card or Stronghold takes precedence", "the rulebook takes precedence")
    )
    by_doc = {r.document: r for r in check_sources(Layout(repo_copy))}
    assert by_doc["lotus-rulebook"].fidelity_failures == ["lotus-cardinal-rules"]


def test_a_deleted_entry_is_reported_as_lost_text(repo_copy):
    (repo_copy / "glossary/entries/lcg/lcg-the-jade-rule.yaml").unlink()
    by_doc = {r.document: r for r in check_sources(Layout(repo_copy))}
    lost = by_doc["lcg-rules-reference"].uncovered
    assert any(text.startswith("If the text of this Rules Reference directly contradicts") for text in lost)


def test_a_stale_skip_item_fails(repo_copy):
    skip = repo_copy / "glossary/_skip.yaml"
    skip.write_text(
        skip.read_text() + '- document: gold-rulebook\n  from: "A paragraph that is not there"\n  reason: test\n'
    )
    by_doc = {r.document: r for r in check_sources(Layout(repo_copy))}
    assert len(by_doc["gold-rulebook"].stale_skips) == 1
    assert not by_doc["gold-rulebook"].ok


def test_check_sources_json_reports_each_document(cli, repo_root):
    result = cli("check-sources", "--json", "--root", str(repo_root))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [d["document"] for d in data["documents"]] == [d.id for d in load_documents(Layout(repo_root))]
    for d in data["documents"]:
        assert d["fidelity"] == 1.0 and d["coverage"] == 1.0
        assert {"paragraphs", "covered", "skipped", "entries", "fidelity_failures"} <= set(d)


def test_gold_gap_is_recorded_not_filled(repo_root):
    gold = next(d for d in load_documents(Layout(repo_root)) if d.id == "gold-rulebook")
    assert gold.missing and gold.missing["after"] == "The battle has now resolved. All surviving"
    assert gold.raw_text(Layout(repo_root)).rstrip().endswith(gold.missing["after"])
    assert any("Glossary" in chapter for chapter in gold.missing["chapters"])
