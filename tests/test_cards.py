"""Card index: every errata card and the curated cards of each book are indexed, each entry listed is of
one of the card's books and names the card (kept current by refresh: test_refresh.py; the books' side in
test_card_candidates.py)."""

from __future__ import annotations

import re

import pytest

from l5r_rules import yamlio
from l5r_rules.kb import load_kb
from l5r_rules.normalize import collapse


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


@pytest.fixture(scope="module")
def cards(repo_root):
    return {p.stem: yamlio.load_plain(p) for p in sorted((repo_root / "glossary/cards").glob("*.yaml"))}


def test_every_errata_card_is_indexed_with_its_record(kb, cards):
    by_name = {c["name"]: c for c in cards.values()}
    for record in kb.errata.values():
        if record.get("card"):
            card = by_name[record["card"]]
            assert record["id"] in card["errata"]
            assert record["entry"] in card["mentioned_in"]
            assert record["set"] in card["sets"]


@pytest.mark.parametrize(
    "name, entry_id",
    [
        ("Hida Daizu", "lotus-bonuses-and-penalties"),
        ("Iron Mine", "ivory-bowing-producing-gold"),
        ("Kaiu Gorobei", "ivory-battle-resolution"),
        ("Skub", "lotus-sample-attack-mary-and-todd-go-to-war"),
    ],
)
def test_judge_can_start_from_a_card_name(cards, name, entry_id):
    card = next(c for c in cards.values() if c["name"] == name)
    assert entry_id in card["mentioned_in"]


def test_every_listed_entry_names_the_card(kb, cards):
    for card in cards.values():
        spellings = "|".join(re.escape(s) for s in [card["name"], *card.get("also_spelled", [])])
        for entry_id in card["mentioned_in"]:
            assert kb.entries[entry_id]["edition"] in card["editions"], (card["id"], entry_id)
            assert re.search(
                rf"(?<!\w)(?:{spellings})(?!\w)", collapse(kb.entries[entry_id]["text"].replace("*", ""))
            ), (card["id"], entry_id)


def test_a_plural_spelling_finds_its_entry(cards):
    """Ivory counts "two Iron Mines": the card's other spelling sends the judge there too."""
    assert cards["iron-mine"]["also_spelled"] == ["Iron Mines"]
    assert "ivory-draw-a-fate-card" in cards["iron-mine"]["mentioned_in"]


def test_family_name_card_does_not_claim_other_personalities(cards):
    """'Kakita' (an errata card) is not 'Kakita Kaiten' in a Gold example."""
    assert "gold-experienced-traits" not in cards["kakita"]["mentioned_in"]
