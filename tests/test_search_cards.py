"""What a search result shows (issue 25 item 3, issue 24 item 5), on the real glossary: the short citation
of a result list, the "All" edition choice that wins over the question's edition words, marks only on
the words the question weighs, the book's lists item by item (and a lead-in with its list). The
browser's twin of each is checked in tests/test_browser_search.py."""

from __future__ import annotations

import pytest

from l5r_rules.citation import brief, passage_pages
from l5r_rules.search.engine import EVERY_EDITION
from l5r_rules.search.highlight import spans, weighs
from l5r_rules.terminal.listing import _hit_lines, _shown, flow, shown_texts


@pytest.fixture
def engine(real_engine):
    return real_engine


@pytest.mark.parametrize(
    "source, expected",
    [
        # the book's short name, the pages (without "(from the contents)"), the section the entry sits in
        (
            {"section": ["Card States", "BOWING"], "page": 38, "page_end": 39, "page_from": "toc"},
            "Lotus pp. 38-39 · Card States",
        ),
        ({"section": ["Glossary", "Cavalry"], "page": 68}, "Lotus p. 68 · Glossary"),
        ({"section": ["1: INTRODUCTION"], "page": 3, "page_from": "marker"}, "Lotus p. 3"),  # at the top of the book
        ({"section": ["Glossary", "Bow, Bowed"]}, "Lotus · Glossary"),  # a book without pages
    ],
)
def test_brief_citation_is_book_page_and_section(source, expected):
    assert brief({"edition": "lotus", "source": source}, "Lotus") == expected


def test_brief_citation_names_the_page_of_the_passage_shown(engine):
    """Ivory's page markers place a paragraph of an entry over pp. 71-73 on its own page."""
    hit = next(h for h in engine.search("duel tie duelist wins ivory").hits if h.payload["id"] == "ivory-duels")
    pages = passage_pages(hit.payload["source"], hit.payload["text"], hit.passage["text"])
    assert pages == (73, 73)
    assert brief(hit.payload, "Ivory", pages) == "Ivory p. 73 · Dueling Rules"
    assert brief(hit.payload, "Ivory") == "Ivory pp. 71-73 · Dueling Rules"


def test_every_edition_wins_over_the_editions_the_question_names(engine):
    """--edition all (the site's "All" chip): every edition is searched, the named one only favoured."""
    named = engine.search("duelist lotus")
    every = engine.search("duelist lotus", edition=EVERY_EDITION)
    assert {h.payload["edition"] for h in named.hits} == {"lotus"} and named.editions == ["lotus"]
    assert {h.payload["edition"] for h in every.hits} > {"lotus"} and every.editions == []
    assert every.hits[0].payload["edition"] == "lotus"  # favoured: the question still names it
    assert engine.search("duelist", edition=" ALL ").editions == []  # read as any --edition is


@pytest.mark.parametrize(
    "question", ["can he attack while bowed", "does his personality die if it loses", "which cards"]
)
def test_words_the_question_does_not_weigh_are_never_marked(engine, question):
    """Function words ("he", "his", "it", "which") say how a question is put: no passage marks them
    (highlight.weighs), while the words that say what it asks are marked."""
    results = engine.search(question)
    marked = set()
    for hit in results.hits:
        for _, text, lang in _shown(hit):
            if lang:
                marked |= {text[a:b].lower() for a, b in spans(text, results.terms, lang)}
    assert marked and not marked & {"he", "his", "it", "its", "which", "the", "if", "can", "does"}, marked
    assert not {"he", "hi", "which"} & results.terms.en


def test_weighs_follows_the_planners_weights_and_its_function_words():
    assert weighs([("attack", 1.0)]) and weighs([("rule", 0.2)])  # "rule" beside other words weighs little
    assert not weighs([("attack", 0.0)])  # a word weighed at nothing
    assert not weighs([("he", 1.0)]) and not weighs([("which", 1.0)]) and not weighs([("wann", 1.0)])
    assert weighs([("he", 1.0), ("hero", 0.8)])  # with a synonym it names something


# --- lists (issue 24 item 5) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # a wrapped line joins its paragraph or item; each item on a line of its own, its mark kept
        (
            "The player must either:\n- have a unit\nin the battle,\n- gain one",
            "The player must either:\n- have a unit in the battle,\n- gain one",
        ),
        ("1. Announce.\n\n2. Pay.", "1. Announce.\n2. Pay."),
        ("c The Gold Cost;\nc And his Force", "c The Gold Cost;\nc And his Force"),  # Ivory's bullets
        ("- ◇ Honor\n  - no honor for tokens", "- ◇ Honor\n  - no honor for tokens"),  # a nested item
        ("a. first\nb. second", "a. first\nb. second"),
        ("as printed on\np. 38 of the book", "as printed on p. 38 of the book"),  # one "p." is no item
        ("First paragraph.\n\nSecond one", "First paragraph.\nSecond one"),
    ],
)
def test_the_cli_prints_each_list_item_on_a_line_of_its_own(text, expected):
    assert flow(text, 500) == (expected, True)


def test_a_cut_list_says_so():
    assert flow("- one two three\n- four five six", 20) == ("- one two three", False)


def test_a_lead_in_is_shown_with_the_list_it_introduces(engine):
    """Gold's Rule of Presence: the passage that answers ends "the player must either:"; the hit shows the
    list of the next paragraph after it (Engine.list_after), in the CLI's list and its JSON, items one a
    line; the ranking is the passage's own."""
    hit = next(
        h for h in engine.search("rule of presence gold").hits if h.payload["id"] == "gold-4-4-battle-action-segment"
    )
    assert hit.passage["text"].endswith("the player must either:")
    assert hit.passage["list"]["text"].startswith("- currently have at least one unit in the battle,")
    assert hit.as_json()["passage"]["list"]["index"] == hit.passage["block"] + 1
    lines = "\n".join(_hit_lines(1, hit, 200, None))
    assert (
        "the player must either:\n     - currently have at least one unit in the battle,\n     - gain a unit" in lines
    )
    assert shown_texts(hit)[0].count("\n- ") == 3
