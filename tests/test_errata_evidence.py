"""Errata summaries are the project's own words: each carries verbatim quotes from the entries that back it."""

from __future__ import annotations

import pytest

from l5r_rules import yamlio
from l5r_rules.normalize import collapse


@pytest.fixture(scope="module")
def curated(repo_root):
    return yamlio.load_plain(repo_root / "glossary/_errata_curated.yaml")


@pytest.fixture(scope="module")
def texts(repo_root):
    return {p.stem: collapse(yamlio.load_plain(p)["text"]) for p in (repo_root / "glossary/entries").glob("*/*.yaml")}


def summaries(curated):
    """(name, item) for every object with a `summary`: the shared template, cards, What's New items, changes."""
    cards = curated["card_errata"]
    yield "lifts_once_per_turn", cards["lifts_once_per_turn"]
    yield from ((c["card"], c) for c in cards["cards"] if "summary" in c)
    yield from ((f"whats_new[{i}]", item) for i, item in enumerate(curated["whats_new"]["items"]))
    yield from ((c["id"], c) for c in curated["changes"])


def test_every_summary_has_evidence_right_after_it(curated):
    found = list(summaries(curated))
    assert len(found) == 48
    for name, item in found:
        keys = list(item)
        assert item.get("evidence"), name
        assert keys[keys.index("summary") + 1] == "evidence", name


def test_every_quote_is_verbatim_and_at_least_three_words(curated, texts):
    for name, item in summaries(curated):
        for quote in item["evidence"]:
            assert len(quote["quote"].split()) >= 3, (name, quote)
            assert collapse(quote["quote"]) in texts[quote["entry"]], (name, quote["entry"])


def test_whats_new_items_quote_the_rule_not_only_the_list(curated):
    """Where the Gold file holds the rule, an item quotes it; otherwise its summary says the book is silent or the
    rule lies past the end of the file."""
    listing = curated["whats_new"]["entry"]
    for item in curated["whats_new"]["items"]:
        if {q["entry"] for q in item["evidence"]} == {listing}:
            assert "past the end of the Gold file" in item["summary"] or "does not" in item["summary"], item


def test_template_quotes_lotus_cardinal_rule_5(curated):
    quotes = curated["card_errata"]["lifts_once_per_turn"]["evidence"]
    assert {"entry": "lotus-cardinal-rules", "quote": "All actions are usable only once per turn."} in quotes
