"""`l5r-rules link`: references resolve as the books mean them, the result is committed and idempotent."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from l5r_rules import yamlio

CASES = yamlio.load_plain(Path(__file__).parent / "fixtures" / "links" / "references.yaml")


@pytest.fixture(scope="module")
def report(repo_root):
    from l5r_rules.crosslinks import compute_links
    from l5r_rules.kb import load_kb

    return compute_links(load_kb(repo_root))


@pytest.mark.parametrize("case", CASES, ids=[f"{c['entry']}:{c['words']}" for c in CASES])
def test_reference_resolves_as_the_book_means(report, case):
    refs = [
        r for r in report.references if r.entry == case["entry"] and case["words"] in (r.quote + " " + (r.title or ""))
    ]
    assert len(refs) == 1, [r.as_dict() for r in report.references if r.entry == case["entry"]]
    ref = refs[0]
    if "targets" in case:
        assert ref.targets == case["targets"], ref.as_dict()
        assert set(case["targets"]) <= set(report.links[case["entry"]])
    else:
        assert ref.targets == [] and case["reason"] in ref.reason, ref.as_dict()


def test_related_lines_all_resolve(report):
    assert report.unresolved_related == []
    assert report.links["lcg-ability"][:5] == [
        "lcg-cost",
        "lcg-effects",
        "lcg-forced-forced-interrupts-forced-reactions",
        "lcg-target",
        "lcg-triggered-abilities",
    ]


def test_committed_glossary_is_linked(cli, repo_root):
    """After an import changes ids, run `l5r-rules link` and commit the result."""
    result = cli("link", "--check", "--root", str(repo_root))
    assert result.exit_code == 0, result.output


def test_running_twice_changes_nothing(cli, repo_copy):
    for path in (repo_copy / "glossary/entries").glob("*/*.yaml"):
        data = yamlio.load_plain(path)
        if data.pop("related_from_book", None) is not None:
            path.write_text(yamlio.dumps(data), encoding="utf-8")
    assert cli("link", "--root", str(repo_copy)).exit_code == 0
    snapshot = {p: p.read_bytes() for p in (repo_copy / "glossary").rglob("*.yaml")}
    again = cli("link", "--root", str(repo_copy))
    assert again.exit_code == 0 and "0 entries written" in again.output
    assert snapshot == {p: p.read_bytes() for p in (repo_copy / "glossary").rglob("*.yaml")}
    assert cli("validate", "--root", str(repo_copy)).exit_code == 0


def test_bfr_entries_link_only_what_their_references_name(report):
    """Battle for Rokugan has no Related lines or glossary: its links are its page and siehe references."""
    for entry_id, related in report.links.items():
        if entry_id.startswith("bfr-"):
            named = [t for r in report.references if r.entry == entry_id for t in r.targets]
            assert related == list(dict.fromkeys(named)), entry_id
    assert sum(1 for i, v in report.links.items() if i.startswith("bfr-") and v) == 3


def test_dangling_link_fails_validate_until_relinked(cli, repo_copy):
    """An id the importer renamed leaves a stale link: validate names file and line, `link` repairs it."""
    path = repo_copy / "glossary/entries/lotus/lotus-overview.yaml"
    path.write_text(path.read_text().replace("- lotus-multiplayer\n", "- lotus-multiplayer-rules\n", 1))
    result = cli("validate", "--root", str(repo_copy))
    assert result.exit_code == 1
    assert re.search(
        r"glossary/entries/lotus/lotus-overview\.yaml:\d+:\d+: L5R040 related_from_book\[0\] 'lotus-multiplayer-rules' "
        r"is not an entry id \(did you mean 'lotus-multiplayer'\?\)",
        result.output,
    ), result.output
    assert cli("link", "--check", "--root", str(repo_copy)).exit_code == 1
    assert cli("link", "--root", str(repo_copy)).exit_code == 0
    assert cli("validate", "--root", str(repo_copy)).exit_code == 0


def test_report_lists_every_unresolved_page_reference_with_a_reason(cli, repo_root):
    result = cli("link", "--check", "--json", "--root", str(repo_root))
    data = json.loads(result.stdout)
    unresolved = data["unresolved_page_references"]
    assert unresolved and all(r["reason"] and (r.get("page") or r.get("title")) for r in unresolved)
    assert data["counts"]["unresolved-page-references"] == len(unresolved)
    text = cli("link", "--check", "--report", "--root", str(repo_root)).output
    lines = [line.strip() for line in text.splitlines()]
    assert sum(line.startswith("unresolved: ") for line in lines) == len(unresolved)
    found = [r for r in data["references"] if r["kind"] != "see"]
    assert sum(line.startswith(("unresolved: ", "resolved: ")) for line in lines) == len(found)
    for doc, book in data["books"].items():
        assert f"{doc}: {book['found']} references, {book['resolved']} resolved" in text
    assert "UNSCANNED: 0" in lines


def test_tables_of_contents_line_up_with_entries(repo_root):
    from l5r_rules.crosslinks.toc import sections
    from l5r_rules.kb import load_kb

    kb = load_kb(repo_root)
    for doc_id, rows in (("lotus-rulebook", 32), ("gold-rulebook", 29)):
        doc = kb.documents[doc_id]
        table = sections(doc, kb.layout, kb.entries_of(doc.edition))
        assert len(table) == rows
        assert [s.page for s in table] == sorted(s.page for s in table)
        for s in table:
            assert (s.first_order is None) == bool(s.missing), s
