"""The phone-first page structure in the built HTML (no browser needed; tests/test_browser_phone.py
checks the same pages on screen): the home page's search form and book buttons, the concept page's
jump links with the differences before the rule text, the edition each tab belongs to, entry pages'
concept links that carry their edition, compare pages that show the differences, and the script and
stylesheet that every page loads from the site itself."""

from __future__ import annotations

import re

import pytest
from site_helpers import built_fixture_site, page


@pytest.fixture(scope="module")
def site():
    """The fixture glossary's site (built once per session by test_site.py's helper)."""
    return built_fixture_site()


def test_home_has_a_search_form_and_one_button_per_book(site):
    html = page(site, "")
    form = re.search(r'<form class="l5r-home-search" action="([^"]*)" method="get"[^>]*>(.*?)</form>', html, re.S)
    assert form and form.group(1) == "search/" and 'name="q"' in form.group(2) and 'type="submit"' in form.group(2)
    books = re.findall(r'<a class="l5r-book" href="([^"]+)">', html)
    assert books and all(href.startswith("editions/") for href in books)
    assert html.index('class="l5r-home-search"') < html.index('class="l5r-books"') < html.index('id="how-to-search"')


def test_concept_page_puts_jump_links_and_differences_before_the_rule_text(site):
    html = page(site, "concepts/bowing")
    jump = re.search(r'<nav class="l5r-jump".*?</nav>', html, re.S).group(0)
    assert 'href="#differences"' in jump and 'href="#related"' in jump and 'href="#errata"' in jump
    for edition in ("gold", "lotus", "lcg"):
        assert f'href="?edition={edition}#editions" data-l5r-edition="{edition}"' in jump
        assert f'<aside class="l5r-tab" data-edition="{edition}"' in html
    summary, differences, editions = (
        html.index(s) for s in ("Summary, in our words", 'id="differences"', 'id="editions"')
    )
    assert summary < differences < editions
    assert "check the verbatim text below" in html


def test_entry_page_links_its_concept_with_its_edition(site):
    html = page(site, "entries/lotus-bowing-and-straightening")
    assert 'href="../../concepts/bowing/?edition=lotus"' in html


def test_compare_page_shows_the_differences_in_our_words(site):
    html = page(site, "compare/bowing")
    assert 'id="differences"' in html and "Our words, not rule text" in html
    assert "Lotus says a bowed Personality may not assign to battlefields" in html
    assert html.index('id="differences"') < html.index('id="gold-lotus"')


def test_every_page_loads_the_site_script_and_no_outside_one(site):
    for url in ("", "concepts/bowing", "entries/gold-bowing", "compare/bowing"):
        scripts = re.findall(r'<script src="([^"]+)"', page(site, url))
        assert any(s.endswith("assets/javascripts/l5r.js") for s in scripts), url
        assert not [s for s in scripts if "//" in s], scripts
