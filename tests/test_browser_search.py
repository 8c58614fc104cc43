"""The site's search page in a real browser ranks as the CLI does (issue 12 item 4).

One chromium (a 390x844 phone) against `l5r-rules serve` of the real site. Every question of the
five unseen sets (tune and sealed halves) and of the project's own set runs through the page's search
(window.L5RSearch, the script behind search/?q=...) in one call, and through the CLI's engine
in-process; the top 5 ids are compared (on the tune and own sets also the passage each hit shows).
The sealed half is run, never tuned on: the assertion is
only that the site's recall@5 trails the CLI's by at most 0.02 there; the agreement per question is
printed (pytest -s) for the report. Then a few real `search/?q=` navigations read the `<ol>`: the first link
of a hit opens the entry page at the answering paragraph, the matched words are marked, the
edition parameter and the edition chips filter, the header's search box leads to the page, and no
request leaves 127.0.0.1. An offline build (file:// pages ending in .html) searches too.
"""

from __future__ import annotations

import json
import shutil
import tempfile
from pathlib import Path
from urllib.parse import parse_qs, quote, urlsplit

import pytest
from test_site import ROOT, built_real_site, fixture_copy
from test_site_browser import _driver, _requested_hosts, _serve, _shot, _wait

from l5r_rules.search import evaluation
from l5r_rules.search.engine import open_engine

pytestmark = pytest.mark.skipif(
    not (shutil.which("chromium") or Path("/usr/bin/chromium").exists()) or not Path("/usr/bin/chromedriver").exists(),
    reason="chromium/chromedriver not installed",
)

UNSEEN = ROOT / "tests" / "search_eval_unseen.yaml"
UNSEEN2 = ROOT / "tests" / "search_eval_unseen2.yaml"
UNSEEN3 = ROOT / "tests" / "search_eval_unseen3.yaml"
UNSEEN4 = ROOT / "tests" / "search_eval_unseen4.yaml"
UNSEEN5 = ROOT / "tests" / "search_eval_unseen5.yaml"
OWN = ROOT / "tests" / "search_eval.yaml"
MAX_GAP = 0.02  # the site's recall@5 may trail the CLI's by at most this much (issue 12)


@pytest.fixture(scope="module")
def server():
    proc, base = _serve(built_real_site())
    yield base
    proc.terminate()
    proc.wait(timeout=10)


@pytest.fixture(scope="module")
def phone():
    profile = Path(tempfile.mkdtemp(prefix="chromium-"))
    driver = _driver(390, 844, profile)
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": 390, "height": 844, "deviceScaleFactor": 2, "mobile": True}
    )
    yield driver
    driver.quit()
    shutil.rmtree(profile, ignore_errors=True)


def _ready(driver) -> None:
    """Wait until the page's index and passage texts are loaded (L5RSearch.ready)."""
    state = driver.execute_async_script(
        "var done = arguments[arguments.length - 1];"
        "var wait = function () { if (window.L5RSearch && window.L5RSearch.ready) "
        "window.L5RSearch.ready.then(function () { done('ok'); }, function (e) { done(String(e)); });"
        " else setTimeout(wait, 20); }; wait();"
    )
    assert state == "ok", state


def _open(driver, base: str, query: str, edition: str | None = None) -> list:
    url = base + "search/?q=" + quote(query) + (f"&edition={edition}" if edition else "")
    driver.get(url)
    _ready(driver)
    return driver.find_elements("css selector", "ol.l5r-results > li")


def _site_rankings(driver, questions: list[str], anchors: bool = False) -> list[list[str]]:
    # the questions as ASCII JSON: chromedriver refuses a lone surrogate among the arguments themselves
    return driver.execute_script(
        "var anchors = arguments[1];"
        "return JSON.parse(arguments[0]).map(function (q) { return window.L5RSearch.rankedIds(q, null, anchors); });",
        json.dumps(questions, ensure_ascii=True),
        anchors,
    )


def _recall5(outcomes: list[tuple[evaluation.Question, list[str], dict]]) -> float:
    hits = 0
    for question, ids, concept_of in outcomes:
        hits += any(i in question.answers or concept_of.get(i) in question.answers for i in ids[:5])
    return hits / max(len(outcomes), 1)


def test_site_ranks_every_eval_question_as_the_cli_does(server, phone):
    _open(phone, server, "bowing")
    sets = {
        "sealed": evaluation.load_questions(UNSEEN, "sealed"),
        "tune": evaluation.load_questions(UNSEEN, "tune"),
        "sealed 2": evaluation.load_questions(UNSEEN2, "sealed"),
        "tune 2": evaluation.load_questions(UNSEEN2, "tune"),
        "sealed 3": evaluation.load_questions(UNSEEN3, "sealed"),
        "tune 3": evaluation.load_questions(UNSEEN3, "tune"),
        "sealed 4": evaluation.load_questions(UNSEEN4, "sealed"),
        "tune 4": evaluation.load_questions(UNSEEN4, "tune"),
        "sealed 5": evaluation.load_questions(UNSEEN5, "sealed"),
        "tune 5": evaluation.load_questions(UNSEEN5, "tune"),
        "own": evaluation.load_questions(OWN),
    }
    report = []
    with open_engine(ROOT) as engine:
        concept_of = {d["id"]: d["concept"] for d in engine.docs if d["doctype"] == "entry"}
        for name, questions in sets.items():
            # "id#anchor": each hit and the passage it shows (and links to)
            cli_passages = [
                [f"{h.payload['id']}#{h.as_json()['anchor']}" for h in engine.search(q.q, limit=10).hits]
                for q in questions
            ]
            site_passages = _site_rankings(phone, [q.q for q in questions], anchors=True)
            cli = [[p.split("#")[0] for p in hits] for hits in cli_passages]
            site = [[p.split("#")[0] for p in hits] for hits in site_passages]
            agree = sum(a[:5] == b[:5] for a, b in zip(cli, site)) / len(questions)
            cli_r5 = _recall5([(q, ids, concept_of) for q, ids in zip(questions, cli)])
            site_r5 = _recall5([(q, ids, concept_of) for q, ids in zip(questions, site)])
            report.append(
                f"{name}: {len(questions)} questions, recall@5 CLI {cli_r5:.3f} site {site_r5:.3f}, "
                f"same top 5 {agree:.3f}"
            )
            if not name.startswith("sealed"):  # questions the work may look at: every difference is a bug to see
                differ = [(q.q, a[:5], b[:5]) for q, a, b in zip(questions, cli, site) if a[:5] != b[:5]]
                assert agree >= 0.98, differ[:5]
                same = sum(a[:5] == b[:5] for a, b in zip(cli_passages, site_passages)) / len(questions)
                assert same >= 0.98, [(a[:5], b[:5]) for a, b in zip(cli_passages, site_passages) if a != b][:3]
            assert site_r5 >= cli_r5 - MAX_GAP, report[-1]
    print("\n" + "\n".join(report))
    assert _requested_hosts(phone) <= {"127.0.0.1"}


# Questions that take the planner's rarer paths: Unicode spellings, typos, compounds, edition words,
# pasted colour codes, question and stop words only, empty.
TRICKY = [
    "Ka\u0308mpfe abhandeln",
    "Spiel\u00adende",
    "\uff42\uff4f\uff57",
    "bow\u2122 ability",
    "\x1b[31mbowed\x1b[0m personality",
    "imperail favor",
    "Kuestenprovinz",
    "Schlachtfeldmarker legen",
    "wann endet das spiel",
    "was ist ein Hafen",
    "tap a card lotus",
    "gold and lotus bowing",
    "gold cost",
    "rule of presence",
    "requirment honor",
    "what is",
    "the of and",
    "!!!",
    "",
    "lotus",  # a book named, nothing else: where its rules begin
    "worum gehts bei kampf um rokugan",
    "ccg",
    "bowing ccg vs lcg",  # a game and another game's edition: both
    "kiho need to bow the monk? gold",  # "gold" the edition
    "5 gold for a follower",  # "gold" the currency
    "was that in gold too",  # is Gold like the others: a boost only
    "leftover gold after buying a holding ivory",  # the currency beside an edition word
    "produce gold vs lotus",
    "straigten phase lotus",  # a typo's reading earns the heading bonus
    "constructor phase",  # words that are also property names of every JavaScript object
    "__proto__ toString hasOwnProperty valueOf",
    "Konstruktor constructorphase",
    "bow\udc80ing",  # a lone surrogate is dropped alone (the site's pattern took the "w" before it too)
    "\U0001f600" * 600 + " bowing",  # cut at 1000 characters as Python counts them, not UTF-16 units
    "b\u00f8wing \u0131vory \u1e27onor",  # ø ı ḧ: letters the rulebooks never use, folded as whoosh folds them
    "gro\u00dferkampf",  # "außer", "größer": compound parts whose stem is German only as typed, not folded
    "dasswuerde",  # "würde" is a German stop word: no part, though its folded spelling "wurde" stems to one
    "too stole forest lotus",  # two passages of one entry tie: the earlier one is shown
    "Kampf Provinz battle for rokugan",  # the "for" of a game's name does not make the question English
    "imperial favor gold vs new card game",  # nor does its "new" ask for what's new pages
]


def test_tricky_questions_rank_as_the_cli_does(server, phone):
    _open(phone, server, "")
    site = _site_rankings(phone, TRICKY, anchors=True)
    with open_engine(ROOT) as engine:
        cli = [[f"{h.payload['id']}#{h.as_json()['anchor']}" for h in engine.search(q, limit=10).hits] for q in TRICKY]
    assert list(zip(TRICKY, site)) == list(zip(TRICKY, cli))


def test_search_url_lists_hits_linking_to_their_answering_paragraph(server, phone):
    items = _open(phone, server, "can a bowed personality defend")
    assert len(items) >= 5
    with open_engine(ROOT) as engine:
        cli = [h.payload["id"] for h in engine.search("can a bowed personality defend", limit=10).hits]
    assert [li.get_attribute("data-id") for li in items[:5]] == cli[:5]
    first = items[0].find_element("css selector", "a")
    href = first.get_attribute("href")
    path, anchor = href.split("#")
    assert anchor.startswith(items[0].get_attribute("data-id") + "-") and anchor
    # the answering passage, with the question's words marked
    marks = [m.text.lower() for m in items[0].find_elements("css selector", ".l5r-hit__snippet mark")]
    assert marks and any(m.startswith(("bow", "defend", "personalit")) for m in marks), marks
    _shot(phone, "phone-search-results")
    phone.get(href)
    target = phone.find_element("id", anchor)
    assert target.is_displayed() and target.text.strip()
    assert _requested_hosts(phone) <= {"127.0.0.1"}


def test_edition_parameter_and_chips_filter(server, phone):
    items = _open(phone, server, "rule of presence", edition="lotus")
    assert items and all(li.get_attribute("data-id").startswith("lotus-") for li in items)
    status = phone.find_element("css selector", ".l5r-search__status").text
    assert "Lotus" in status
    chip = phone.find_element("css selector", ".l5r-chip[data-edition='gold']")
    phone.execute_script("arguments[0].scrollIntoView({block: 'center'})", chip)
    chip.click()
    _wait(phone, lambda d: "edition=gold" in d.current_url)
    assert chip.get_attribute("aria-pressed") == "true"
    items = phone.find_elements("css selector", "ol.l5r-results > li")
    assert items and all(li.get_attribute("data-id").startswith("gold-") for li in items)
    assert parse_qs(urlsplit(phone.current_url).query) == {"q": ["rule of presence"], "edition": ["gold"]}
    # typing updates the list and the address, so the search can be shared
    box = phone.find_element("css selector", ".l5r-search__input")
    box.clear()
    box.send_keys("honor")
    _wait(phone, lambda d: "q=honor" in d.current_url)
    items = phone.find_elements("css selector", "ol.l5r-results > li")
    assert items and all(li.get_attribute("data-id").startswith("gold-") for li in items)


def test_a_concept_the_editions_searched_lack_says_so(server, phone):
    """ "yu in gold or ivory?": Yu is Lotus's only; the page says so above Lotus's entry, with the
    concept's difference, as the CLI does (engine.Group.absent)."""
    items = _open(phone, server, "yu trait in gold or ivory?")
    with open_engine(ROOT) as engine:
        cli = [h.payload["id"] for h in engine.search("yu trait in gold or ivory?", limit=10).hits]
    assert [li.get_attribute("data-id") for li in items] == cli
    assert items[0].get_attribute("data-id") == "lotus-yu"
    absent = items[0].find_element("css selector", ".l5r-hit__absent").text
    assert absent == "No entry in Gold Edition or Ivory Edition; shown from Lotus Edition.", absent
    assert "Only Lotus" in items[0].find_element("css selector", ".l5r-hit__note").text
    assert not [li for li in items[1:] if li.find_elements("css selector", ".l5r-hit__absent")]
    status = phone.find_element("css selector", ".l5r-search__status").text
    assert "a rule they lack is shown from another edition" in status, status
    # an edition of another game named beside it is not said to lack the CCG's concept
    items = _open(phone, server, "yu trait lcg gold")
    absent = items[0].find_element("css selector", ".l5r-hit__absent").text
    assert absent == "No entry in Gold Edition; shown from Lotus Edition.", absent
    # the concept's page opens on the edition shown, not on the one it lacks (which it has no tab for)
    items = _open(phone, server, "fortifications in ivory?")
    link = items[0].find_element("css selector", ".l5r-hit__group a").get_attribute("href")
    assert link.endswith("?edition=" + items[0].get_attribute("data-id").split("-")[0]), link
    _shot(phone, "phone-search-absent-edition")


def test_a_game_word_beside_the_edition_filter_keeps_the_other_games_concepts_out(server, phone):
    """ "?edition=lcg&q=bowing ccg": the LCG has bowing rules of its own, so the CCG's Bowing concept
    must not say "No entry in Living Card Game" above Gold's and Lotus's entries (engine.Group.absent
    stays within the game filter), as in the CLI."""
    items = _open(phone, server, "bowing ccg", edition="lcg")
    with open_engine(ROOT) as engine:
        cli = [h.payload["id"] for h in engine.search("bowing ccg", edition="lcg", limit=10).hits]
    assert [li.get_attribute("data-id") for li in items] == cli
    assert not phone.find_elements("css selector", ".l5r-hit__absent")
    assert not [li for li in items if not li.get_attribute("data-id").startswith("lcg-")]


def test_edition_parameter_naming_no_edition_filters_nothing(server, phone):
    # "constructor" is no edition, but every JavaScript object has it: the status named its label "undefined"
    items = _open(phone, server, "bowing", edition="constructor")
    status = phone.find_element("css selector", ".l5r-search__status").text
    assert "undefined" not in status, status
    assert len({li.get_attribute("data-id").split("-")[0] for li in items}) > 1
    # nor does the status claim a filter it did not apply ("10 results in constructor.")
    assert " in constructor" not in status and "no edition" in status, status


@pytest.mark.parametrize("edition", ["Lotus", "LOTUS", " lotus "])
def test_edition_parameter_is_read_as_the_cli_reads_edition(server, phone, edition):
    """`--edition Lotus` filters to lotus (engine.check_filter: trimmed, lowercased); `?edition=Lotus`
    listed every edition while the status said "10 results in Lotus"."""
    items = _open(phone, server, "bowing", edition=quote(edition))
    with open_engine(ROOT) as engine:
        cli = [h.payload["id"] for h in engine.search("bowing", edition=edition, limit=10).hits]
    assert [li.get_attribute("data-id") for li in items] == cli
    assert all(i.startswith("lotus-") for i in cli)
    status = phone.find_element("css selector", ".l5r-search__status").text
    assert status.endswith(" in Lotus Edition."), status
    assert phone.find_element("css selector", ".l5r-chip[data-edition='lotus']").get_attribute("aria-pressed") == "true"


def test_header_search_box_opens_the_search_page(server, phone):
    from selenium.webdriver.common.keys import Keys

    phone.get(server + "entries/lotus-province-strength/")
    box = phone.find_element("css selector", "input.l5r-header-search__input")
    box.send_keys("province strength", Keys.ENTER)
    _wait(phone, lambda d: "/search/" in d.current_url)
    _ready(phone)
    items = _wait(phone, lambda d: d.find_elements("css selector", "ol.l5r-results > li"))
    assert items[0].find_element("css selector", "a").get_attribute("href").startswith(server + "entries/")
    assert phone.find_element("css selector", ".l5r-search__input").get_attribute("value") == "province strength"
    assert _requested_hosts(phone) <= {"127.0.0.1"}


def test_offline_build_searches_from_files(tmp_path, phone):
    from l5r_rules.site.builder import build_site

    out = build_site(fixture_copy(tmp_path / "root"), tmp_path / "offline", offline=True).out
    page = (out / "search.html").resolve()
    assert page.is_file() and (out / "assets" / "search" / "index.js").is_file()
    phone.get(page.as_uri() + "?q=bowing")
    _ready(phone)
    items = phone.find_elements("css selector", "ol.l5r-results > li")
    assert items
    href = items[0].find_element("css selector", "a").get_attribute("href")
    assert href.startswith("file://") and ".html#" in href
    assert Path(urlsplit(href).path).is_file()
