"""The built site's worked examples read as rulings: no engine error text on any public page, a decision
shows each option's outcome, every quoted rule sentence links to an anchor on its entry page."""

from __future__ import annotations

import html
import re
from pathlib import Path

from helpers import ROOT
from site_helpers import built_real_site


def _pages():
    site = built_real_site()
    return site, sorted(site.rglob("*.html"))


def test_no_public_page_shows_an_engine_error():
    _site, pages = _pages()
    shown = [p for p in pages if re.search(r"could not run|MissingChoice|ScenarioError", p.read_text("utf-8"))]
    assert not shown, shown[:5]


def test_a_decision_shows_each_option_and_its_outcome():
    site, _ = _pages()
    page = (site / "concepts" / "lcg-rings" / "index.html").read_text("utf-8")
    aside = page[page.index('id="scenario-lcg-ring-air-missing-choice"') :]
    aside = aside[: aside.index("</aside>")]
    assert "A player must decide" in aside
    options = re.findall(r"<li><strong>If air is ([^:<]+):</strong>([^<]*)</li>", aside)
    assert [o for o, _ in options] == ["take", "gain"]
    assert all("Honor:" in outcome for _, outcome in options)


def test_worked_examples_show_words_and_linked_rule_sentences():
    site, pages = _pages()
    asides = []
    for page in pages:
        text = page.read_text("utf-8")
        asides += [(page, a) for a in re.findall(r'<aside class="l5r-scenario.*?</aside>', text, re.S)]
    assert len(asides) > 100
    for page, aside in asides:
        assert "<pre>" not in aside and "{&#34;" not in aside and '{"' not in html.unescape(aside), page
        for href in re.findall(r'<a class="l5r-ruling-quote" href="([^"]+)"', aside):
            target, _, anchor = href.partition("#")
            path = (page.parent / target).resolve()
            path = path / "index.html" if path.is_dir() else path
            assert anchor and f'id="{anchor}"' in path.read_text("utf-8"), (page, href)


def test_worked_examples_of_a_concept_put_not_in_this_rulebook_last_and_name_their_edition():
    """A judge reads examples that apply a rule first; the editions that lack the rule come after (issue 25)."""
    from l5r_rules.kb import load_kb

    editions = set(load_kb(ROOT).registry.order)
    site, _ = _pages()
    pages_with_both = 0
    for page in sorted((site / "concepts").glob("*/index.html")):
        asides = re.findall(r'<aside class="l5r-scenario l5r-ruling"[^>]*>.*?</aside>', page.read_text("utf-8"), re.S)
        lacking = ["Not in this rulebook" in a for a in asides]
        assert lacking == sorted(lacking), page  # False (applies a rule) before True (not in this rulebook)
        for aside in asides:
            edition = re.search(r'data-edition="([^"]*)"', aside).group(1)
            assert edition in editions, (page, edition)
        pages_with_both += any(lacking) and not all(lacking)
    assert pages_with_both >= 3  # the order is really exercised


def test_each_scenario_is_narrated_in_full_once_and_in_brief_elsewhere():
    """A scenario is shown on the page of every concept of every entry it cites (169 on the largest page); it is
    narrated step by step on its home page only, and elsewhere in brief with a link there (the site grew past
    60 MB with every narration repeated); a rulebook's own example is narrated everywhere."""
    site = built_real_site()
    full: dict[str, int] = {}
    briefs: dict[str, list[str]] = {}
    aside = re.compile(r'<aside class="l5r-scenario l5r-ruling( l5r-ruling--brief)?" id="scenario-([^"]+)"')
    more = re.compile(r'class="l5r-ruling-more"><a href="([^"]+)"')
    for page in sorted((site / "concepts").glob("*/index.html")):
        text = page.read_text(encoding="utf-8")
        for m in aside.finditer(text):
            if m.group(1):
                link = more.search(text, m.end()).group(1)
                briefs.setdefault(m.group(2), []).append(str((page.parent / link.split("#")[0]).resolve()))
                assert link.endswith(f"#scenario-{m.group(2)}"), link
            else:
                full[m.group(2)] = full.get(m.group(2), 0) + 1
    assert briefs and full
    for sid, targets in briefs.items():
        assert full.get(sid) == 1, (sid, full.get(sid))  # narrated once, at the one page the briefs link to
        home = {t for t in targets}
        assert len(home) == 1, (sid, home)
        text = (Path(next(iter(home))) / "index.html").read_text(encoding="utf-8")
        assert f'<aside class="l5r-scenario l5r-ruling" id="scenario-{sid}"' in text
