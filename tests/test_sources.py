"""Fidelity (verbatim), coverage (nothing lost) and reader completeness for all five sources.

The rulebook files are kept byte for byte as received: `sources/SHA256SUMS` records their hashes
(`cd sources && sha256sum -c SHA256SUMS` checks them by hand). One test compares those hashes with
the seeds the files were copied from, in `../shared/seeds/` beside the checkout; that is the only
test that reads outside the checkout, and it skips, saying so, where that folder is not there.
"""

from __future__ import annotations

import hashlib
import json

import pytest
from helpers import ROOT

from l5r_rules.layout import Layout
from l5r_rules.registry import load_documents
from l5r_rules.sourcecheck import check_sources

SEEDS = ROOT.parent / "shared" / "seeds"  # outside the checkout: see the docstring
DOCUMENTS = ["gold-rulebook", "lotus-rulebook", "ivory-rulebook", "lcg-rules-reference", "bfr-rulebook"]


def _recorded_hashes() -> dict[str, str]:
    """file name -> SHA-256, from sources/SHA256SUMS (the `sha256sum` format: hash, two spaces, name)."""
    lines = (ROOT / "sources" / "SHA256SUMS").read_text(encoding="utf-8").splitlines()
    return {name.lstrip("*"): digest for digest, name in (line.split(maxsplit=1) for line in lines if line.strip())}


@pytest.fixture(scope="module")
def reports(repo_root):
    return {r.document: r for r in check_sources(Layout(repo_root))}


def test_registry_names_the_five_documents(repo_root):
    docs = load_documents(Layout(repo_root))
    assert sorted(d.id for d in docs) == sorted(DOCUMENTS)
    assert {d.edition for d in docs} == {"gold", "lotus", "ivory", "lcg", "bfr"}
    assert {d.game for d in docs} == {"ccg", "lcg", "bfr"}


def test_sources_are_the_files_received_byte_for_byte(repo_root):
    recorded = _recorded_hashes()
    files = {(repo_root / doc.file).name: repo_root / doc.file for doc in load_documents(Layout(repo_root))}
    assert sorted(recorded) == sorted(files), "sources/SHA256SUMS lists exactly the registry's files"
    for name, path in files.items():
        assert hashlib.sha256(path.read_bytes()).hexdigest() == recorded[name], f"{name} is not the file received"


@pytest.mark.skipif(not SEEDS.is_dir(), reason=f"{SEEDS} (../shared/seeds/) is not beside this checkout")
def test_recorded_hashes_are_those_of_the_shared_seeds():
    """Reads ../shared/seeds/, outside the checkout: the folder the rulebook files were copied from."""
    for name, digest in _recorded_hashes().items():
        assert hashlib.sha256((SEEDS / name).read_bytes()).hexdigest() == digest, name


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
    assert r.skipped_but_quoted == []


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


def test_a_skip_item_for_a_paragraph_an_entry_holds_fails(repo_copy):
    """A skip item added after the import: the paragraph is both skipped and quoted (hostile round 5, #53)."""
    skip = repo_copy / "glossary/_skip.yaml"
    skip.write_text(
        skip.read_text()
        + '- document: lcg-rules-reference\n  from: "Cards often bow after participating"\n  reason: test\n'
    )
    by_doc = {r.document: r for r in check_sources(Layout(repo_copy))}
    (both,) = by_doc["lcg-rules-reference"].skipped_but_quoted
    assert both.startswith("'Cards often bow after participating") and "lcg-bow-bowed holds it" in both
    assert not by_doc["lcg-rules-reference"].ok


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
