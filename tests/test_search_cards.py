"""What a search result shows (issue 25 item 3, issue 24 item 5), on the real glossary: the short citation
of a result list, the "All" edition choice that wins over the question's edition words. The browser's
twin of each is checked in tests/test_browser_search.py."""

from __future__ import annotations

import pytest
from helpers import ROOT

from l5r_rules.citation import brief, passage_pages
from l5r_rules.search.engine import EVERY_EDITION, open_engine


@pytest.fixture(scope="module")
def engine():
    with open_engine(ROOT) as eng:
        yield eng


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
