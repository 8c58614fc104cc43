"""Every page-like reference the books print is in the `link` report: 0 unscanned.

The candidates come from the sources' own text by a broad pattern (page, p., pp., Seite, S., siehe),
independent of the linker's patterns; each must be a token of a reported reference or listed as
outside the entries (a skipped paragraph, with its reason).
"""

from __future__ import annotations

import re
from collections import Counter

import pytest

BROAD = re.compile(r"(?i)\b(?:pages?|pp?\.|seiten?|s\.)\s*\d+|\bsiehe\b")


def _token(text: str) -> tuple[str, str]:
    """('page', '21') for 'p. 21' / 'page 21' / 'Seite 21'; ('siehe', '') for siehe."""
    number = re.search(r"\d+", text)
    return ("page", number.group(0)) if number else ("siehe", "")


@pytest.fixture(scope="module")
def kb_and_report(repo_root):
    from l5r_rules.crosslinks import compute_links
    from l5r_rules.kb import load_kb

    kb = load_kb(repo_root)
    return kb, compute_links(kb)


def test_no_unscanned_references(kb_and_report):
    _, report = kb_and_report
    assert report.unscanned == []
    assert report.counts["unscanned"] == 0


@pytest.mark.parametrize(
    "doc_id", ["gold-rulebook", "lotus-rulebook", "ivory-rulebook", "lcg-rules-reference", "bfr-rulebook"]
)
def test_every_candidate_in_the_source_is_reported(kb_and_report, doc_id):
    kb, report = kb_and_report
    doc = kb.documents[doc_id]
    source = Counter(_token(m.group(0)) for m in BROAD.finditer(doc.raw_text(kb.layout)))
    assert source, f"{doc_id}: the broad pattern finds nothing"
    reported: Counter = Counter()
    for ref in report.references:
        if report.documents.get(ref.entry) == doc_id:
            reported.update(_token(m.group(0)) for m in BROAD.finditer(ref.quote))
    reported.update(_token(u["token"]) for u in report.outside if u["document"] == doc_id)
    missing = source - reported
    assert not missing, f"{doc_id}: printed in the source but not in the link report: {dict(missing)}"
    assert not reported - source, f"{doc_id}: reported but not in the source: {dict(reported - source)}"


def test_ivory_and_bfr_references_are_all_found(kb_and_report):
    """The seven 'p. N' of Ivory and the seven 'Seite N' / siehe references of Battle for Rokugan."""
    _, report = kb_and_report
    books = report.by_document()
    assert books["ivory-rulebook"]["found"] == 7
    assert books["bfr-rulebook"]["found"] == 7
    for doc in ("ivory-rulebook", "bfr-rulebook"):
        for ref in report.references:
            if report.documents[ref.entry] == doc:
                assert bool(ref.targets) != bool(ref.reason), ref.as_dict()
