"""The static site: real build once per session, fixture build once; pages, links, search, safety, atomicity."""

from __future__ import annotations

import gzip
import html as html_lib
import shutil
import threading
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
from helpers import ROOT, SERVE_POLL
from site_helpers import FIXTURE_ROOT, built_real_site, fixture_copy, page

from l5r_rules.kb import load_kb
from l5r_rules.site.builder import build_site
from l5r_rules.site.diff import diff_html
from l5r_rules.site.linkcheck import check_links
from l5r_rules.site.schemadoc import available, schema_doc
from l5r_rules.site.textrender import render_text
from l5r_rules.urls import Urls
from l5r_rules.worddiff import word_diff

# tests/test_browser_search.py still imports ROOT, built_real_site and fixture_copy from here; they go
# when it imports them from helpers.py and site_helpers.py like every other test.
__all__ = ["ROOT", "built_real_site", "fixture_copy"]


@pytest.fixture(scope="session")
def kb():
    return load_kb(ROOT)


# --- the real site -----------------------------------------------------------------------------


def test_real_site_has_no_broken_links_and_no_external_links(real_site):
    report = check_links(real_site)
    assert report.pages > 500
    assert [str(b) for b in report.broken] == []
    assert [str(b) for b in report.external] == []


@pytest.mark.parametrize("edition", ["gold", "lotus", "ivory", "lcg", "bfr"])
def test_every_entry_has_a_permalink_page_and_a_book_anchor(real_site, kb, edition):
    entries = kb.entries_of(edition)
    assert entries, f"no {edition} entries"
    book = page(real_site, f"editions/{edition}/book")
    contents = page(real_site, f"editions/{edition}/")
    for entry in entries:
        html = page(real_site, f"entries/{entry['id']}")
        assert f'id="{entry["id"]}-p1"' in html, entry["id"]
        assert f'id="{entry["id"]}"' in book, entry["id"]
        assert f'href="../../entries/{entry["id"]}/"' in contents, entry["id"]
    # the book is in source order
    positions = [book.index(f'id="{e["id"]}"') for e in entries]
    assert positions == sorted(positions)


def test_entries_are_not_in_the_navigation(real_site):
    # 404.html holds the navigation and no content of its own
    html = (real_site / "404.html").read_text(encoding="utf-8")
    assert "editions/lotus/book/" in html and "entries/" not in html


def _search_index(site: Path) -> dict:
    """The index the search page scores (assets/search/index.js: one JavaScript assignment of JSON)."""
    from l5r_rules.search.webindex import read_script

    return read_script(site / "assets" / "search" / "index.js")


def test_search_index_size_and_entries_findable_by_term(real_site, kb):
    folder = real_site / "assets" / "search"
    gz = {p.name: len(gzip.compress(p.read_bytes())) for p in folder.iterdir()}
    assert set(gz) == {"index.js", "passages.js"}
    assert sum(gz.values()) <= 400_000, gz  # issue 12: the index shipped to the browser
    assert not (real_site / "search" / "search_index.json").exists()  # the theme's search is off
    index = _search_index(real_site)
    docs = {d["id"]: d for d in index["docs"] if d["doctype"] == "entry"}
    assert set(docs) == set(kb.entries)
    for entry in kb.entries.values():
        assert docs[entry["id"]]["url"] == f"entries/{entry['id']}/"


def test_home_page_names_documents_years_and_gaps(real_site, kb):
    html = page(real_site, "")
    for doc in kb.documents.values():
        assert str(doc.year) in html
        if doc.missing:
            assert "Incomplete file" in html and doc.missing["chapters"][0] in html


@pytest.mark.parametrize("name", available())
def test_format_page_documents_every_schema_field(real_site, name):
    shown = html_lib.unescape(page(real_site, "format"))  # as a reader sees it (Markdown syntax is escaped)
    for row in schema_doc(name).rows:
        assert f"<code>{row.path}</code>" in shown, row.path


def test_format_page_lists_every_problem_code_with_its_fix(real_site):
    from l5r_rules.codes import CODES

    html = page(real_site, "format")
    shown = html_lib.unescape(html)  # as a reader sees it (Markdown syntax is escaped)
    for code in CODES.values():
        assert f'<tr id="{code.code.lower()}"><td><code>{code.code}</code>' in html
        assert code.fix.split(" (")[0][:30] in shown, code.code


# --- the fixture glossary: concepts, errata, authority, translation, unsafe text ------------------


def test_fixture_site_has_no_broken_links(fixture_site):
    assert [str(b) for b in check_links(fixture_site).broken] == []


def test_concept_page_has_a_tab_per_edition_with_verbatim_text_and_citation(fixture_site):
    html = page(fixture_site, "concepts/bowing")
    labels = html[html.index('class="tabbed-labels"') :]
    for label in ("Gold", "Lotus", "LCG"):
        assert f">{label}</label>" in labels[:600]
    kb = load_kb(FIXTURE_ROOT)
    for eid in ("gold-bowing", "lotus-bowing-and-straightening", "lcg-bow-bowed"):
        first_words = kb.entries[eid]["text"].split("\n")[0][:30].replace("**", "")
        assert f'id="{eid}-p1"' in html
        assert render_text(kb.entries[eid]["text"]).split("</p>")[0][3:40] in html or first_words[:15] in html
    assert "Our words, not rule text" in html and "Summary, in our words" in html
    assert "lotus-bowed-personality-challenge" in html  # errata record shown
    assert "Province strength" in html  # related concept


def test_compare_page_highlights_word_changes_between_similar_texts(fixture_site):
    html = page(fixture_site, "compare/limited-actions")
    pair = html[html.index('id="gold-lotus"') :]
    assert "<del>" in pair or "<ins>" in pair
    assert "% similar" in pair


def test_compare_page_shows_dissimilar_texts_and_other_games_plainly(fixture_site):
    html = page(fixture_site, "compare/bowing")
    assert 'id="gold-lotus"' in html and 'id="lotus-lcg"' in html
    gold_lotus = html[html.index('id="gold-lotus"') : html.index('id="lotus-lcg"')]
    assert "Worded differently" in gold_lotus and "<del>" not in gold_lotus
    lotus_lcg = html[html.index('id="lotus-lcg"') :]
    assert "Different games" in lotus_lcg and "<ins>" not in lotus_lcg.split("</article>")[0]
    assert lotus_lcg.count('class="l5r-col"') == 2


def test_errata_pages_per_edition_and_per_card(fixture_site):
    assert "Bowed Personalities and challenges" in page(fixture_site, "errata/lotus")
    card = page(fixture_site, "errata/cards/fixture-card")
    assert "Fixture &lt;Card&gt;" in card


def test_authority_ladder_links_entry_ids(fixture_site):
    html = page(fixture_site, "authority")
    assert "Fixture level one" in html and 'href="../entries/lotus-bowing-and-straightening/"' in html


def test_german_original_beside_unofficial_english(fixture_site):
    for url in ("translations", "entries/bfr-provinzen"):
        html = page(fixture_site, url)
        assert "Eine Provinz ist ein Bereich" in html and "A province is an area on the map" in html
        assert "unofficial translation" in html
    assert "translations/" in page(fixture_site, "")  # in the nav


class _Unsafe(HTMLParser):
    """Collects anything in a page that would run script from YAML text."""

    def __init__(self):
        super().__init__()
        self.problems: list[str] = []
        self._in_script = False

    def handle_starttag(self, tag, attrs):
        self._in_script = tag == "script"
        for key, value in attrs:
            if key.startswith("on"):
                self.problems.append(f"<{tag} {key}=...>")
            if key in ("href", "src") and (value or "").strip().lower().startswith("javascript:"):
                self.problems.append(f"<{tag} {key}={value}>")

    def handle_endtag(self, tag):
        self._in_script = False

    def handle_data(self, data):
        if self._in_script and "alert(" in data:
            self.problems.append(f"script: {data[:40]}")


def test_script_in_yaml_text_is_escaped_on_every_page(fixture_site):
    html_files = sorted(fixture_site.rglob("*.html"))
    for path in html_files:
        parser = _Unsafe()
        parser.feed(path.read_text(encoding="utf-8"))
        assert parser.problems == [], path
    entry = page(fixture_site, "entries/lotus-fixture-unsafe-text")
    assert "&lt;script&gt;alert(&quot;xss&quot;)&lt;/script&gt;" in entry


def test_aliases_are_in_the_search_index(fixture_site):
    index = _search_index(fixture_site)
    main = index["main"]["postings"]
    concept = next(n for n, d in enumerate(index["docs"]) if d["id"] == "bowing" and d["doctype"] == "concept")

    def docs_of(field: str, term: str) -> set[int]:
        flat, out, d = main[field].get(term, []), set(), 0
        for delta in flat[::2]:
            d += delta
            out.add(d)
        return out

    assert concept in docs_of("aliases", "tap")
    provinzen = next(n for n, d in enumerate(index["docs"]) if d["id"] == "bfr-provinzen")
    assert provinzen in docs_of("text_de", "binnenprovinz")


# --- building: atomic, offline, one-line errors ---------------------------------------------------


def test_failed_build_keeps_the_previous_site(tmp_path, cli):
    root = tmp_path / "root"
    shutil.copytree(FIXTURE_ROOT, root)
    out = tmp_path / "out"
    built = cli("build", "--root", str(root), "--out", str(out))
    assert built.exit_code == 0
    assert built.output.splitlines()[-1] == (  # the build ends by saying how to view the site
        f"view it: l5r-rules serve --site {out.resolve()} (then open http://127.0.0.1:8000/ in a browser; "
        "add --lan for phones on the network)"
    )
    before = (out / "index.html").read_bytes()
    (root / "mkdocs.yml").write_text("site_name: broken\ntheme:\n  name: no-such-theme\n", encoding="utf-8")
    result = cli("build", "--root", str(root), "--out", str(out))
    assert result.exit_code == 1
    lines = [line for line in result.output.splitlines() if line.startswith("build failed")]
    assert len(lines) == 1 and "Traceback" not in result.output
    assert (out / "index.html").read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["out", "root"]  # no temp dirs left


def test_offline_build_links_html_files(tmp_path):
    result = build_site(fixture_copy(tmp_path / "root"), tmp_path / "offline", offline=True)
    assert (result.out / "entries" / "lotus-bowing-and-straightening.html").is_file()
    assert check_links(result.out).broken == []


def test_serve_answers_on_loopback(fixture_site):
    from l5r_rules.site.serve import make_server

    server = make_server(fixture_site, 0)
    thread = threading.Thread(target=server.serve_forever, kwargs={"poll_interval": SERVE_POLL}, daemon=True)
    thread.start()
    try:
        host, port = server.server_address
        assert host == "127.0.0.1"
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/concepts/bowing/") as response:
            assert response.status == 200 and b"Bowing" in response.read()
    finally:
        server.shutdown()
        server.server_close()


# --- small parts ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "old,new,removed,added",
    [
        ("a b c", "a b c", 0, 0),
        ("a bowed card", "a bowed unit", 1, 1),
        ("one two", "one two three four", 0, 2),
        ("x <b> y", "x y", 1, 0),
        ("To **bow** a card", "To bow a card", 0, 0),
    ],
)
def test_word_diff_counts_and_escapes(old, new, removed, added):
    diff = word_diff(old, new)
    assert (diff.removed, diff.added) == (removed, added)
    assert "<b>" not in diff_html(diff)[0]


@pytest.mark.parametrize(
    "src,dst,directory,expected",
    [
        ("index.md", "entries/x.md", True, "entries/x/"),
        ("entries/x.md", "entries/y.md", True, "../y/"),
        ("entries/x.md", "index.md", True, "../../"),
        ("editions/lotus/book.md", "editions/lotus/index.md", True, "../"),
        ("entries/x.md", "concepts/c.md", False, "../concepts/c.html"),
    ],
)
def test_relative_links(src, dst, directory, expected):
    assert Urls(directory_urls=directory).rel(src, dst) == expected


def test_paragraph_anchors_number_top_level_blocks():
    html = render_text("One.\n\n- a\n- b\n\nTwo.", "e")
    assert [f'id="e-p{n}"' in html for n in (1, 2, 3)] == [True, True, True]
    assert 'id="e-p4"' not in html


@pytest.mark.parametrize(
    "text, shown",
    [
        (
            "a &lt;i&gt;x&lt;/i&gt; b",
            "a &amp;lt;i&amp;gt;x&amp;lt;/i&amp;gt; b",
        ),  # round 4 #40: was shown as "<i>x</i>"
        ("&amp; and &#60;b&#62;", "&amp;amp; and &amp;#60;b&amp;#62;"),
        ("A & B, **bold**", "A &amp; B, <strong>bold</strong>"),  # a plain & and emphasis as before
    ],
)
def test_rule_text_shows_character_references_as_printed(text, shown):
    """Verbatim means as printed: a source that prints "&lt;i&gt;" reads "&lt;i&gt;" on the page and in the
    packet (both render with textrender), never "<i>"."""
    assert shown in render_text(text)
