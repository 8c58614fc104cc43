"""Errata and change records: every listed erratum and change is a record
(`l5r-rules refresh --check` keeps them current: test_refresh.py)."""

from __future__ import annotations

import re

import pytest

from l5r_rules.kb import load_kb
from l5r_rules.normalize import collapse


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


def _records_of(kb, entry_id):
    return [r for r in kb.errata.values() if r["entry"] == entry_id]


def test_every_lotus_card_erratum_is_one_record_with_its_set(kb):
    errata = [e for e in kb.entries_of("lotus") if e["kind"] == "errata" and len(e["source"]["section"]) == 3]
    assert len(errata) >= 14
    for entry in errata:
        records = _records_of(kb, entry["id"])
        assert len(records) == 1, entry["id"]
        record = records[0]
        assert record["card"] == entry["term"]
        assert record["set"].lower() == entry["source"]["section"][1].lower()
        assert record["changed_between"] == {"from": record["set"], "to": "lotus"}
        assert record["type"] in ("card-errata", "clarification")


@pytest.mark.parametrize(
    "entry_id, splitter",
    [
        ("lotus-what-s-new-in-lotus-edition", r"\n- "),
        ("gold-what-s-new-in-this-rulebook", r"\n\n"),
    ],
)
def test_every_whats_new_item_is_a_record(kb, entry_id, splitter):
    items = [collapse(i).lstrip("- ") for i in re.split(splitter, kb.entries[entry_id]["text"])[1:]]
    quotes = {collapse(r["quote"]) for r in _records_of(kb, entry_id)}
    assert items and all(item in quotes for item in items), set(items) - quotes


@pytest.mark.parametrize(
    "entry_id",
    [
        "lotus-cardinal-rule-5",
        "lotus-regions-terrains",
        "lotus-templating-and-restrictions",
        "lotus-soul-of-personalities",
        "gold-political-actions",
        "gold-terrains",
    ],
)
def test_older_cards_sections_have_records(kb, entry_id):
    records = _records_of(kb, entry_id)
    assert records and all(r["type"] == "older-cards" for r in records)


def test_rules_reference_summary_of_changes_is_a_record(kb):
    (record,) = _records_of(kb, "lcg-summary-of-changes")
    assert record["affects"] == ["lcg-stronghold"]


def test_every_record_says_between_which_editions(kb):
    # (its quote and cited entries are validate's L5R060/L5R061)
    for record in kb.errata.values():
        assert record["changed_between"]["to"] in ("gold", "lotus", "lcg"), record["id"]


def test_whats_new_records_link_concepts(kb):
    """Every 'What's new' item is linked to a concept, except the three general ones
    (reorganization, optional rules, glossary)."""
    general = {"gold-new-01", "gold-new-25", "gold-new-26"}
    for record in kb.errata.values():
        if (
            record["entry"] in ("lotus-what-s-new-in-lotus-edition", "gold-what-s-new-in-this-rulebook")
            and record["id"][:11] not in general
        ):
            assert record.get("concepts") and all(c in kb.concepts for c in record["concepts"]), record["id"]
