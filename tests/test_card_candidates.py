"""The card index checked from the books' side (issue #14, item 5): every candidate name that
l5r_rules/generate/card_candidates.py derives from the rulebooks' text is settled in
glossary/_card_names.yaml (a card of the index, or not a card, with a reason), every indexed name is
printed by an entry of its book, and the cases the issue found are right."""

from __future__ import annotations

import re

import pytest

from l5r_rules import yamlio
from l5r_rules.cardtext import card_text, curated_cards, names_card
from l5r_rules.generate.card_candidates import candidates, entry_candidates, unsettled
from l5r_rules.kb import load_kb


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


@pytest.fixture(scope="module")
def books(repo_root):
    return yamlio.load_plain(repo_root / "glossary/_card_names.yaml")["books"]


@pytest.fixture(scope="module")
def found(kb):
    return candidates(kb.entries.values())


@pytest.fixture(scope="module")
def texts(kb):
    return {e["id"]: card_text(e) for e in kb.entries.values()}


def derived(found, edition, name) -> bool:
    """The candidates of the book hold the name, whole or as the part a rule kept ("Perfect Gift" of
    "The Perfect Gift") or inside a longer run ("Hida Amoro" in "Soul of Hida Amoro")."""
    part = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    return any(
        ed == edition
        and (cand == name or part.search(cand) or (" " in cand and re.search(rf"(?<!\w){re.escape(cand)}(?!\w)", name)))
        for ed, cand in found
    )


def by_name(kb, name):
    return next((c for c in kb.cards.values() if c["name"] == name), None)


def test_every_book_is_read(kb, books):
    assert {b["edition"] for b in books} == {e["edition"] for e in kb.entries.values()}


def test_every_candidate_is_a_card_or_not_a_card(kb, books, found, texts):
    open_ = unsettled(found, books, kb.cards.values(), texts)
    assert not open_, "settle these in glossary/_card_names.yaml (a card, or not_a_card with a reason):\n" + "\n".join(
        f"  {c.edition}: {c.name!r} ({c.rule}, in {c.entry})" for c in open_
    )


def test_an_unknown_candidate_is_reported(kb, books, found, texts):
    """The check above can fail: a name the books print but nobody settled is open."""
    entry = dict(kb.entries["gold-bowing"], text="Allen has an unbowed Golden Sun Plain.")
    planted = {**found, **candidates([entry])}
    assert [(c.edition, c.name) for c in unsettled(planted, books, kb.cards.values(), texts)] == [
        ("gold", "Golden Sun Plain")
    ]


def test_every_indexed_name_is_printed_in_its_books(kb, books, texts):
    by_edition: dict[str, list[str]] = {}
    for e in kb.entries.values():
        by_edition.setdefault(e["edition"], []).append(texts[e["id"]])
    for book in books:
        for card in curated_cards(book):
            for name in [card["name"], *card["also_spelled"]]:
                assert any(names_card(t, [name]) for t in by_edition[book["edition"]]), (book["edition"], name)
    for card in kb.cards.values():
        for edition in card["editions"]:
            spellings = [card["name"], *(card.get("also_spelled") or [])]
            assert any(names_card(t, spellings) for t in by_edition[edition]), (card["id"], edition)
            assert any(kb.entries[i]["edition"] == edition for i in card["mentioned_in"]), (card["id"], edition)


def test_every_curated_card_is_found_by_the_candidates(books, found):
    """The derivation sees every card the readers listed: it is a net, not a formality."""
    missed = [
        (b["edition"], c["name"])
        for b in books
        for c in curated_cards(b)
        if not derived(found, b["edition"], c["name"])
    ]
    assert not missed


def test_nothing_is_both_a_card_and_not_a_card(books):
    for book in books:
        cards = {n for c in curated_cards(book) for n in [c["name"], *c["also_spelled"]]}
        not_cards = {n for g in book["not_a_card"] for n in g["names"]}
        assert not cards & not_cards, book["edition"]


# The cases issue #14 found: cards the index missed or misnamed, in the book that names them.
KNOWN_CARDS = [
    ("gold", "Hida Amoro", "gold-soul-of-personalities"),
    ("gold", "Hida Tenshu", "gold-soul-of-personalities"),
    ("gold", "Kakita Kaiten", "gold-experienced-traits"),
    ("gold", "Shiryo no Tadaka", "gold-bringing-cards-into-play"),
    ("lotus", "Tsuruchi Nobumoto", "lotus-experienced-experienced"),
    ("lotus", "Dark Lord's Favor", "lotus-bonuses-and-penalties"),
    ("ivory", "Ikoma Ichimoko", "ivory-battle-actions"),
    ("lcg", "Shiro no Yojin", "lcg-influence-influence-cost"),
    ("lcg", "Admit Defeat", "lcg-influence-influence-cost"),
]


@pytest.mark.parametrize("edition, name, entry_id", KNOWN_CARDS)
def test_known_card_is_indexed_where_the_book_names_it(kb, found, edition, name, entry_id):
    card = by_name(kb, name)
    assert card is not None, f"{name} is not indexed"
    assert edition in card["editions"] and entry_id in card["mentioned_in"]
    assert derived(found, edition, name), f"the candidates miss {name}"


def test_hida_amoro_is_spelled_as_the_book_spells_it(kb):
    card = by_name(kb, "Hida Amoro")
    assert card["id"] == "hida-amoro" and card["also_spelled"] == ["Hida Amoros"]
    assert "hida-amoros" not in kb.cards


@pytest.mark.parametrize("edition, name", [("gold", "Toturi's Army"), ("lcg", "Imperial Favor")])
def test_known_non_card_is_not_indexed(kb, books, found, edition, name):
    assert (edition, name) in found
    assert by_name(kb, name) is None
    book = next(b for b in books if b["edition"] == edition)
    assert any(name in g["names"] for g in book["not_a_card"])


def test_lcg_has_cards_and_battle_for_rokugan_names_only_kinds_of_card(kb, books, found):
    assert any("lcg" in c["editions"] for c in kb.cards.values())
    assert not any("bfr" in c["editions"] for c in kb.cards.values())
    bfr = next(b for b in books if b["edition"] == "bfr")
    assert bfr["cards"] == []
    kinds = {n for g in bfr["not_a_card"] for n in g["names"]}
    assert {"Territoriumskarte", "Späher-Karten", "Shugenja-Karte"} <= kinds
    assert {name for ed, name in found if ed == "bfr"} <= kinds


@pytest.mark.parametrize(
    "text, lang, expected",
    [
        ("The target is the 3 Force Ikoma Ichimoko, who bows.", "en", ("Ikoma Ichimoko", "capitalized")),
        ("Skub, *Moto Latomu Exp.*, and others.", "en", ("Moto Latomu", "italics")),
        ("Bob's Turaki has a Naginata (+1F/+2C), so she is 2F/3C.", "en", ("Naginata", "bonus")),
        ("He shows the Strategy card, Incapacitated, from his hand.", "en", ("Incapacitated", "apposition")),
        ("The Crab discards Back to the Front, with its 3 Focus Value.", "en", ("Back to the Front", "capitalized")),
        ("Crab Clan Personality Hiruma Moritoki enters.", "en", ("Hiruma Moritoki", "capitalized")),
        ("He pays 3 Gold to attach Spearmen to Moritoki.", "en", ("Spearmen", "played")),
        ("Teilt jedem Spieler 2 Späher-Karten aus.", "de", ("Späher-Karten", "karte")),
    ],
)
def test_candidate_rules(text, lang, expected):
    entry = {"id": "x", "edition": "x", "text": text, "lang": lang}
    assert expected in {(c.name, c.rule) for c in entry_candidates(entry)}


def test_german_capitalized_nouns_are_not_candidates():
    entry = {"id": "x", "edition": "x", "text": "Der Startspieler legt Die Spieler Marker.", "lang": "de"}
    assert entry_candidates(entry) == []
