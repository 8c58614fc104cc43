"""The search engine on a small fixture glossary: synonyms, German, typos, editions,
grouping by concept, JSON hits, freshness, and that a query never reads YAML."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from search_helpers import REPO, fixture_checkout

from l5r_rules.search.engine import SearchUsageError, open_engine
from l5r_rules.search.querying import WEAK_WEIGHT


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return fixture_checkout(tmp_path_factory.mktemp("search"))


@pytest.fixture(scope="module")
def engine(root):
    with open_engine(root) as e:
        yield e


def ids(results):
    return [h.payload["id"] for h in results.hits]


# query -> an entry id that must be among the first three hits
FINDS = [
    ("bowing", "gold-bowing"),
    ("exhausted guy", "gold-bowing"),  # judges' synonyms: exhausted -> bowed, guy -> personality
    ("untap", "lotus-1-straighten-phase"),  # untap -> straighten, ready
    ("kneel", "gold-bowing"),  # concept alias, indexed with the concept's entries
    ("bowwing", "gold-bowing"),  # typo, edit distance 1
    ("bwoing", "gold-bowing"),  # typo, two neighbouring letters swapped
    ("tie in a duel lotus", "lotus-challenging-and-dueling"),
    ("what if a duel is a tie ivory", "ivory-duels"),
    ("Verteidigungsbonus", "bfr-verteidigungsbonus"),
    ("Küstenprovinz verteidigen", "bfr-flotte"),  # German stemming
    ("kuestenprovinz", "bfr-flotte"),  # umlaut typed as ue: typo tolerance
    ("coastal border fleet", "bfr-flotte"),  # the unofficial English translation is searched
    ("yu", "lotus-yu"),
]


@pytest.mark.parametrize("query,expected", FINDS, ids=[q for q, _ in FINDS])
def test_finds(engine, query, expected):
    assert expected in ids(engine.search(query, limit=3))


@pytest.mark.parametrize(
    "query,edition",
    [("duel lotus", "lotus"), ("bowing ivory", "ivory"), ("fleet battle for rokugan", "bfr"), ("duel lcg", "lcg")],
)
def test_edition_words_filter(engine, query, edition):
    results = engine.search(query)
    assert results.hits and {h.payload["edition"] for h in results.hits} == {edition}
    assert results.editions == [edition]


def test_two_editions_named_keeps_both(engine):
    results = engine.search("bowing gold vs lotus")
    assert {h.payload["edition"] for h in results.hits} == {"gold", "lotus"}


def test_lone_gold_beside_rule_words_names_the_edition(engine):
    results = engine.search("gold bowing")
    assert ids(results)[0] == "gold-bowing"
    assert {h.payload["edition"] for h in results.hits} == {"gold"}


def test_gold_as_the_currency_is_a_boost_not_a_filter(engine):
    from l5r_rules.search.querying import plan

    p = plan("bowing a holding for gold", engine.synonyms, engine.names)
    assert (p.editions, p.soft_editions) == (set(), {"gold"})
    assert len({h.payload["edition"] for h in engine.search("bowing a holding for gold").hits}) > 1


@pytest.mark.parametrize(
    "question,editions,words",
    [
        # beside another edition word "gold" names an edition: filtered on, not also searched as the currency
        ("presence gold and lotus", {"gold", "lotus"}, [["presence"], ["and"]]),
        ("gold vs lotus bowing", {"gold", "lotus"}, [["bowing"]]),
        # beside a currency word it is the currency: searched, and only boosting its edition
        ("gold cost of an event", set(), [["gold"], ["cost"], ["of"], ["an"], ["event"]]),
        ("5 gold for a follower", set(), [["5"], ["gold"], ["for"], ["a"], ["follower"]]),
        ("bow it for gold", set(), [["bow"], ["it"], ["for"], ["gold"]]),
        ("was that in gold too", set(), [["that"], ["in"], ["gold"], ["too"]]),  # is Gold like the others?
        # the currency beside another edition word: searched, and no edition of its own
        ("leftover gold after buying ivory", {"ivory"}, [["leftover"], ["gold"], ["after"], ["buying"]]),
        ("produce gold vs lotus", {"gold", "lotus"}, [["produce"]]),  # "vs" makes it the edition
        # otherwise it names the edition, like any edition word
        ("kiho need to bow the monk? gold", {"gold"}, [["kiho"], ["need"], ["to"], ["bow"], ["the"], ["monk"]]),
        ("gold lotus", {"gold", "lotus"}, []),  # two books named, nothing else: where their rules begin
    ],
)
def test_gold_beside_an_edition_word_is_an_edition_not_a_word(engine, question, editions, words):
    from l5r_rules.search.querying import plan

    p = plan(question, engine.synonyms, engine.names)
    assert p.editions == editions
    assert [[phrase for phrase, _ in slot] for slot in p.slots] == words


@pytest.mark.parametrize(
    "question,words",
    [
        # two editions named: a comparison, "change"/"same" only say so
        ("did the end phase change from gold to lotus", [["the"], ["end"], ["phase"], ["from"], ["to"]]),
        ("attaching followers gold lotus ivory all the same", [["attaching"], ["followers"], ["all"], ["the"]]),
        # one edition: "what changed in lotus" asks for its What's New pages
        ("what changed in lotus", [["changed"], ["in"]]),
    ],
)
def test_comparison_words_are_dropped_when_two_editions_are_named(engine, question, words):
    from l5r_rules.search.querying import plan

    assert [[phrase for phrase, _ in slot] for slot in plan(question, engine.synonyms, engine.names).slots] == words


def test_words_searched_in_no_field_do_not_cancel_the_heading_bonus(engine):
    """ "the", "from", "to" are stop words: they are not searched, so a heading holding every searched
    word ("1. Straighten Phase") still gets the heading bonus."""
    from l5r_rules.search.querying import build_query, plan
    from l5r_rules.search.scoring import All

    def bonus(question):
        q = build_query(engine.stats, plan(question, engine.synonyms, engine.names))
        return [p for p in q.parts if isinstance(p, All) and p.boost != 1.0]

    assert bonus("straighten phase")
    assert bonus("did the straighten phase change from gold to lotus") == bonus("straighten phase")
    assert bonus("the straighten phase") == bonus("straighten phase")


@pytest.mark.parametrize(
    "question,kinds",
    [
        ("letters on a personality card gold what is D", {"card-anatomy"}),
        ("action card anatomy focus value", {"card-anatomy"}),
        ("13F vs 3F and province strength 8 example", {"example"}),
        ("draw phase steps in order", {"timing-step"}),
        ("which new card type did lotus add", {"changes"}),
        ("what is X", set()),  # X is the value X, not a diagram label
        ("can i bow a personality", set()),
    ],
)
def test_words_naming_a_kind_of_entry_are_cues(question, kinds):
    from l5r_rules.search.querying import cued_kinds, words_of

    assert cued_kinds(words_of(question)) == kinds


def test_an_entry_of_the_kind_the_question_names_counts_more(engine, monkeypatch):
    from l5r_rules.search import policy, querying

    plain = engine.search("bowing straighten")
    monkeypatch.setitem(querying.KIND_CUES, "glossary-term", frozenset({"straighten"}))
    cued = engine.search("bowing straighten", explain=True)
    cue = ("the question names its kind (glossary-term)", policy.value("KIND_CUE_FACTOR"))
    assert cued.hits and all((cue in h.factors) == (h.payload["kind"] == "glossary-term") for h in cued.hits)
    assert ids(cued).index("lcg-bow-bowed") < ids(plain).index("lcg-bow-bowed")


def test_a_word_naming_the_card_diagram_counts_more_than_an_ordinary_cue(engine, monkeypatch):
    from search_helpers import override_knob

    from l5r_rules.search import policy, querying

    assert policy.value("STRONG_KIND_CUE_FACTOR") > policy.value("KIND_CUE_FACTOR")
    monkeypatch.setitem(querying.KIND_CUES, "glossary-term", frozenset({"straighten"}))
    override_knob(monkeypatch, "STRONG_KINDS", ["glossary-term"])
    cued = engine.search("bowing straighten", explain=True)
    cue = ("the question names its kind (glossary-term)", policy.value("STRONG_KIND_CUE_FACTOR"))
    assert cued.hits and all((cue in h.factors) == (h.payload["kind"] == "glossary-term") for h in cued.hits)


def test_an_entry_joins_the_matching_concept_it_is_central_to(tmp_path):
    """gold-bowing is listed by two concepts: first (in id order) by "a-phases", in passing, and as
    the central Gold entry of "bowing". When the bowing concept matches, gold-bowing is shown in its
    group, not in a group of its own that leaves the matching concept with no Gold entry."""
    root = fixture_checkout(tmp_path)
    concepts = root / "glossary" / "concepts"
    text = (concepts / "dueling.yaml").read_text(encoding="utf-8")
    head, _, _ = text.partition("\nentries:")
    extra = head.replace("id: dueling", "id: a-phases").replace("title: Duels", "title: Phases")
    extra += "\nentries:\n  gold: [gold-1-straighten-phase, gold-bowing]\nreviewed:\n  by: test fixture\n"
    extra += "  date: '2026-11-26'\n  entries: [gold-1-straighten-phase, gold-bowing]\n"
    (concepts / "a-phases.yaml").write_text(extra, encoding="utf-8")
    with open_engine(root) as e:
        assert e.entry("gold-bowing")["concept"] == "a-phases"  # its first concept, in id order
        groups = e.search("bowing and straightening").groups
    bowing = next(g for g in groups if g.concept and g.concept["id"] == "bowing")
    assert "gold-bowing" in [h.payload["id"] for h in bowing.hits]


@pytest.mark.parametrize("question", ["lotus", "Lotus Edition", "worum gehts bei lotus"])
def test_a_question_naming_only_a_book_opens_it(engine, question):
    results = engine.search(question)
    assert results.opening and results.hits
    assert {h.payload["edition"] for h in results.hits} == {"lotus"}
    orders = [h.payload["order"] for h in results.hits if h.payload["kind"] != "overview"]
    assert orders == sorted(orders)  # in book order, after its overview entries
    assert len(results.hits) <= 3 and all(h.passage for h in results.hits)


def test_a_question_naming_nothing_searchable_finds_nothing(engine):
    assert not engine.search("the of and").hits and not engine.search("the of and").opening


def test_an_entry_that_only_touches_its_concept_opens_no_group(tmp_path):
    """gold-bowing is listed by "a-phases" in passing (first in id order, so its concept), beside
    lotus-1-straighten-phase, central there. "bowing" matches gold-bowing well: it does not open a
    group in which the weaker straighten phase would rank at gold-bowing's score."""
    root = fixture_checkout(tmp_path)
    concepts = root / "glossary" / "concepts"
    head, _, _ = (concepts / "dueling.yaml").read_text(encoding="utf-8").partition("\nentries:")
    extra = head.replace("id: dueling", "id: a-phases").replace("title: Duels", "title: Phases")
    extra += "\nentries:\n  gold: [gold-1-straighten-phase, gold-bowing]\n  lotus: [lotus-1-straighten-phase]\n"
    extra += "reviewed:\n  by: test fixture\n  date: '2026-11-26'\n"
    extra += "  entries: [gold-1-straighten-phase, gold-bowing, lotus-1-straighten-phase]\n"
    (concepts / "a-phases.yaml").write_text(extra, encoding="utf-8")
    with open_engine(root) as e:
        assert e.entry("gold-bowing")["concept"] == "a-phases"
        groups = e.search("bowing", limit=20).groups
    of = {h.payload["id"]: n for n, g in enumerate(groups) for h in g.hits}
    assert of["gold-bowing"] != of["lotus-1-straighten-phase"]


@pytest.mark.parametrize(
    "question,editions",
    [
        ("bowing ccg vs lcg", {"gold", "lotus", "ivory", "lcg"}),  # a game and another game's edition: both
        ("bowing ccg lotus", {"lotus"}),  # an edition of the game named: that edition
        ("bowing ccg", set()),  # a game alone stays a game filter
    ],
)
def test_a_game_beside_an_edition_of_another_game_adds_its_editions(engine, question, editions):
    from l5r_rules.search.querying import plan

    p = plan(question, engine.synonyms, engine.names)
    assert p.editions == editions
    results = engine.search(question, limit=30)
    assert not results.widened and results.hits
    if editions:
        assert {h.payload["edition"] for h in results.hits} <= editions
        assert "lcg" not in editions or "lcg-bow-bowed" in ids(results)


def test_edition_named_with_nothing_there_widens(engine):
    results = engine.search("Verteidigungsbonus lotus")
    assert results.widened and "bfr-verteidigungsbonus" in ids(results)


def test_options_filter(engine):
    assert {h.payload["game"] for h in engine.search("bow", game="lcg").hits} == {"lcg"}
    assert {h.payload["edition"] for h in engine.search("bow", edition="gold").hits} == {"gold"}
    assert engine.search("bow", kind="example").hits == []


def test_concept_groups_each_editions_entry(engine):
    results = engine.search("bowing")
    group = next(g for g in results.groups if g.concept and g.concept["id"] == "bowing")
    editions = [h.payload["edition"] for h in group.hits]
    assert {"gold", "lotus", "ivory", "lcg"} <= set(editions)
    assert all(h.payload["concept"] == "bowing" for h in group.hits)


def test_concept_match_brings_unmatched_entries(engine):
    """'ausgeruht' is only a concept alias: every edition's entry comes through the concept."""
    results = engine.search("ausgeruht")
    assert {"gold-bowing", "lotus-bowing-and-straightening", "ivory-bowing-producing-gold", "lcg-bow-bowed"} <= set(
        ids(results)
    )


@pytest.mark.parametrize(
    "question,compares",
    [
        ("challenge", False),
        ("challenge difference between editions", True),
        ("challenge gold vs lcg", True),  # two editions named
        ("challenge ccg vs lcg", True),  # two games named
    ],
)
def test_only_a_comparison_lists_every_editions_entry_of_a_matching_concept(engine, question, compares):
    """A concept group shows the entries that match; a question that compares editions also gets the
    concept's entries of every other edition (the CLI and the site alike: test_browser_search.py)."""
    from l5r_rules.search.querying import plan

    assert plan(question, engine.synonyms, engine.names).compares is compares
    results = engine.search(question)
    dueling = next(g for g in results.groups if g.concept and g.concept["id"] == "dueling")
    assert any(not h.matched for h in dueling.hits) is compares
    if not compares:
        assert all(h.matched for h in results.hits)


def test_limit_is_exact(engine):
    assert len(engine.search("bowing", limit=2).hits) == 2


def test_json_hit_fields(engine):
    hit = next(h for h in engine.search("fleet").hits if h.payload["id"] == "bfr-flotte").as_json()
    for key in ("id", "term", "game", "edition", "kind", "text", "translation", "source", "concept", "url", "score"):
        assert key in hit
    assert hit["source"] == {
        "document": "bfr-rulebook",
        "section": ["Spielablauf", "Die Kampfmarker", "Flotte"],
        "page": None,
    }
    assert hit["url"] == "entries/bfr-flotte/"
    assert hit["translation"]["unofficial"] is True
    assert hit["text"].startswith("Flotten erlauben")


@pytest.mark.parametrize("name,value", [("edition", "diamond"), ("game", "mtg"), ("kind", "card")])
def test_unknown_filter_is_a_usage_error(engine, name, value):
    with pytest.raises(SearchUsageError, match=f"unknown {name} '{value}'"):
        engine.search("bow", **{name: value})


def test_typo_corrections_reported(engine):
    assert "bowwing" in engine.search("bowwing").corrections
    assert engine.search("bowing").corrections == {}


def test_query_never_reads_yaml(root, monkeypatch):
    with open_engine(root):
        pass  # index fresh
    import l5r_rules.kb
    import l5r_rules.yamlio

    def boom(*a, **k):
        raise AssertionError("a query read YAML")

    monkeypatch.setattr(l5r_rules.yamlio, "load_plain", boom)
    monkeypatch.setattr(l5r_rules.kb, "load_kb", boom)
    with open_engine(root) as e:
        assert e.search("bowing").hits
        assert e.get("bowing")[0] == "concept"


def test_rebuilds_when_a_glossary_file_changes(tmp_path):
    root = fixture_checkout(tmp_path)
    with open_engine(root) as e:
        assert e.search("zanzibar").hits == []
    path = root / "glossary" / "entries" / "lotus" / "lotus-yu.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("bushido", "bushido zanzibar"), encoding="utf-8")
    with open_engine(root) as e:
        assert ids(e.search("zanzibar")) == ["lotus-yu"]
    path.unlink()
    with open_engine(root) as e:
        assert e.search("zanzibar").hits == [] and e.entry("lotus-yu") is None


def test_touch_without_change_does_not_rebuild(tmp_path):
    root = fixture_checkout(tmp_path)
    with open_engine(root):
        pass
    index_files = {p.name: p.stat().st_mtime_ns for p in (root / "build" / "index").glob("*.seg")}
    path = root / "glossary" / "entries" / "gold" / "gold-bowing.yaml"
    os.utime(path, ns=(path.stat().st_atime_ns, path.stat().st_mtime_ns + 10**9))
    with open_engine(root):
        pass
    assert {p.name: p.stat().st_mtime_ns for p in (root / "build" / "index").glob("*.seg")} == index_files


def test_search_process_imports_no_site_or_engine(root):
    """A search process must not import mkdocs, jinja2, yaml, rich or the rules engine (cold start)."""
    with open_engine(root):
        pass  # the index is built (building reads the YAML glossary; searching must not)
    code = (
        "import sys; from l5r_rules.cli import cli\n"
        "try:\n    cli(['search', 'bowing', '--root', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('mkdocs', 'jinja2', 'yaml', 'rich')"
        " or m.startswith('l5r_rules.engine') or m.startswith('l5r_rules.rules'))\n"
        "print('IMPORTED', bad)"
    )
    out = subprocess.run([sys.executable, "-c", code, str(root)], capture_output=True, text=True, cwd=REPO, check=True)
    assert "IMPORTED []" in out.stdout


def test_whoosh_stand_ins_are_gone():
    import urllib.request

    import l5r_rules.search  # noqa: F401

    assert hasattr(urllib.request, "urlopen")
    assert "cached_property" not in sys.modules or hasattr(sys.modules["cached_property"], "__file__")


@pytest.mark.parametrize(
    "question,words",
    [
        ("targeting rules", [("targeting", 1.0), ("rules", WEAK_WEIGHT)]),  # the other word says which rule
        ("pride keyword", [("pride", 1.0), ("keyword", WEAK_WEIGHT)]),
        ("rules", [("rules", 1.0)]),  # alone, it is the question
        ("keyword rules", [("keyword", 1.0), ("rules", 1.0)]),  # all weak: they are the question
    ],
)
def test_weak_words_weigh_little_beside_others(engine, question, words):
    from l5r_rules.search.querying import plan

    assert [slot[0] for slot in plan(question, engine.synonyms, engine.names).slots] == words


@pytest.mark.parametrize(
    "question,names",
    [("swear fealty meaning", True), ("what does bowed mean", True), ("what does a wind card do", False)],
)
def test_a_word_that_asks_for_a_definition_favours_glossary_entries(engine, question, names):
    from l5r_rules.search import policy
    from l5r_rules.search.querying import plan

    assert plan(question, engine.synonyms, engine.names).names_meaning is names
    if names:
        cue = ("a glossary entry, and the question asks what a word means", policy.value("GLOSSARY_ASKED_FACTOR"))
        hits = engine.search("bowing meaning", explain=True).hits
        assert hits and all((cue in h.factors) == (h.payload["kind"] == "glossary-term") for h in hits)


@pytest.fixture
def repo_engine(real_engine):
    return real_engine


@pytest.mark.parametrize(
    "question,named",
    [
        ("how many times can I recruit per turn", set()),  # names no card: the one-line card errata step back
        ("ikoma ability how many times per turn", {"lotus-ikoma"}),  # its erratum keeps its score, the others not
        ("errata any number of times per turn", "all"),  # asks for errata
    ],
)
def test_an_erratum_to_a_card_the_question_does_not_name_counts_less(repo_engine, question, named):
    from l5r_rules.search import policy

    factor = ("an erratum to a card the question does not name", policy.value("CARD_ERRATUM_FACTOR"))
    hits = repo_engine.search(question, limit=40, explain=True).hits
    errata = [h for h in hits if h.payload["kind"] == "errata" and h.payload["term"] != "Errata and Clarifications"]
    assert len(errata) > 3, "the question reaches card errata"
    for h in errata:
        assert (factor in h.factors) is not (named == "all" or h.payload["id"] in named), h.payload["id"]
    if named == {"lotus-ikoma"}:
        assert hits[0].payload["id"] == "lotus-ikoma"
    if not named:
        assert not any(h.payload["kind"] == "errata" for h in hits[:5])


def test_only_errata_to_one_card_are_card_errata(repo_engine):
    card_errata = {d["id"] for d in repo_engine.docs if d.get("card_erratum")}
    assert "lotus-ikoma" in card_errata and "lotus-kaiu-fortress" in card_errata
    assert "lotus-errata-and-clarifications" not in card_errata  # the section's own rules
    assert all(repo_engine.entry(i)["kind"] == "errata" for i in card_errata)


@pytest.mark.parametrize(
    "question,english",
    [
        # one searched word each, so no heading bonus (querying._heading_bonus) joins the query
        ("the fleet", True),  # an English function word: German readings weigh less
        ("wann flotte", False),  # a German question: full weight
        ("flotte", False),  # neither: full weight
        ("wann ist the flotte", False),  # a German function word wins
    ],
)
def test_german_readings_of_an_english_question_weigh_less(engine, question, english):
    import dataclasses

    from l5r_rules.search import querying
    from l5r_rules.search.scoring import Term

    def boosts(p):
        out, stack = [], [querying.build_query(engine.stats, p)]
        while stack:
            node = stack.pop()
            if isinstance(node, Term):
                out.append((querying.SEARCH_FIELDS.get(node.field, ("en",))[0], node.field, node.text, node.boost))
            stack.extend(getattr(node, "parts", ()))
        return sorted(out)

    p = querying.plan(question, engine.synonyms, engine.names)
    assert p.english is english
    asked, full = boosts(p), boosts(dataclasses.replace(p, english=False))
    assert [row[:3] for row in asked] == [row[:3] for row in full]  # the same terms
    factor = querying.GERMAN_IN_ENGLISH_WEIGHT if english else 1.0
    for (lang, _, _, boost), (*_, full_boost) in zip(asked, full):
        expected = factor * full_boost if lang == "de" else full_boost
        assert boost == pytest.approx(expected)
    assert any(lang == "de" for lang, *_ in asked)


def test_a_short_glossary_entry_counts_less_unless_its_glossary_states_the_rules(repo_engine):
    """Lotus's glossary repeats in a line what its chapters state: a short entry there is a definition.
    The LCG Rules Reference is a glossary of rules: its short entries are the rules themselves."""
    from l5r_rules.search import policy

    factor = ("a short definition, and the question does not ask for one", policy.value("DEFINITION_FACTOR"))
    hits = {h.payload["id"]: h for h in repo_engine.search("cannot bow a card", limit=60, explain=True).hits}
    assert "lotus-bow" in hits and factor in hits["lotus-bow"].factors
    assert "lcg-cannot" in hits and factor not in hits["lcg-cannot"].factors
    lengths = {d["id"]: d["length"] for d in repo_engine.docs if d["id"] in ("lotus-bow", "lcg-cannot")}
    assert max(lengths.values()) <= policy.value("DEFINITION_WORDS")  # both short: only the book differs
    meaning = {h.payload["id"]: h for h in repo_engine.search("what does bow mean", limit=60, explain=True).hits}
    assert factor not in meaning["lotus-bow"].factors  # the question asks what the word means


@pytest.mark.parametrize(
    "question,absent,shown",
    [
        ("yu trait in gold or ivory?", ["gold", "ivory"], {"lotus"}),  # Yu: Lotus only
        ("fortifications in ivory?", ["ivory"], {"gold", "lotus"}),
        ("yu trait in lotus", None, None),  # Lotus has it: no such group
        ("yu trait lcg", None, None),  # another game's concept never stands in for the LCG
        ("keyword gold", None, None),  # "keyword" alone says no subject (a weak word)
        ("yu trait lcg gold", ["gold"], {"lotus"}),  # names only the editions of the game it is shown from
    ],
)
def test_a_concept_the_editions_searched_lack_is_shown_from_the_others_and_says_so(
    repo_engine, question, absent, shown
):
    from click import unstyle

    from l5r_rules.terminal.listing import results_lines

    results = repo_engine.search(question, limit=10)
    groups = [g for g in results.groups if g.absent]
    if absent is None:
        assert not groups
        assert all(h.payload["edition"] in results.editions for h in results.hits)
        return
    group = groups[0]
    assert group is results.groups[0] and group.headed and group.absent == absent
    assert {h.payload["edition"] for h in group.hits} == shown
    assert all(h.outside and not h.matched and h.as_json()["outside_filter"] for h in group.hits)
    assert all(not h.outside for g in results.groups[1:] for h in g.hits)
    assert group.note is not None  # the concept's summary or difference, printed above its entries
    text = "\n".join(unstyle(line) for line in results_lines(results, 100))
    assert f"No entry in {' or '.join(absent)}; shown from" in text


@pytest.mark.parametrize(
    "question", ["how often bowing straightening", "how many bowing straightening", "bowing straightening"]
)
def test_a_word_asking_for_a_number_does_not_cost_the_heading_bonus(engine, question):
    """ "how many cardinal rules": "many" is never part of what a heading names (querying.COUNT_WORDS)."""
    from l5r_rules.search import querying
    from l5r_rules.search.scoring import All

    q = querying.build_query(engine.stats, querying.plan(question, engine.synonyms, engine.names))
    bonus = [p for p in q.parts if isinstance(p, All) and p.boost == querying.HEADING_BONUS]
    assert len(bonus) == 1 and {t.field for t in bonus[0].parts} == {"term"}
    assert not {t.text for t in bonus[0].parts} & querying.COUNT_WORDS


@pytest.mark.parametrize(
    "question,options,shown",
    [
        # the LCG has bowing rules of its own: the CCG's concept must not say "No entry in lcg"
        ("bowing ccg", {"edition": "lcg"}, set()),
        ("yu trait in gold", {"game": "lcg"}, set()),  # --game lcg: no CCG entry, even one standing in
        ("yu trait in gold", {"game": "ccg"}, {"lotus"}),  # the game filter allows Lotus: shown from it
    ],
)
def test_a_concept_the_editions_lack_is_shown_only_from_editions_the_game_filter_allows(
    repo_engine, question, options, shown
):
    """Group.absent stands in with the concept's entries of the searched editions' game, within the
    game filter (--game, or a game word beside --edition): never from a game the search excludes."""
    results = repo_engine.search(question, limit=10, **options)
    assert all(h.payload["game"] in results.games for h in results.hits), [h.payload["id"] for h in results.hits]
    assert {h.payload["edition"] for g in results.groups if g.absent for h in g.hits} == shown


def test_an_edition_of_another_game_than_the_game_filter_is_refused(repo_engine):
    """--edition lcg with --game ccg could only find nothing: the search says so (it said "No results")."""
    with pytest.raises(SearchUsageError, match="--edition lcg is an edition of lcg, and --game ccg names another"):
        repo_engine.search("bowing", limit=10, edition="lcg", game="ccg")
    assert repo_engine.search("bowing", limit=10, edition="lcg", game="lcg").hits  # the same game: searched


def test_explain_says_an_entry_stands_in_for_editions_that_lack_its_concept(repo_engine):
    """--explain of a Group.absent hit: Lotus's Yu is there because Gold has no Yu, not because the
    question did not match it ("not matched itself" was said of it, though its text holds "yu")."""
    results = repo_engine.search("yu trait in gold", limit=10, explain=True)
    hit = results.groups[0].hits[0]
    assert hit.outside and hit.payload["id"] == "lotus-yu"
    assert hit.passage["matched"]  # its own text holds the question's word
    (label, factor), *_ = hit.factors
    assert "not matched itself" not in label and "gold" in label, label
    assert factor == pytest.approx(0.9)
    assert hit.explain["factors"][0]["why"] == label


@pytest.mark.parametrize("german", ["Kampf Provinz", "Sichtschirm", "Bluff-Marker zurücknehmen"])
def test_the_words_of_an_editions_name_do_not_make_a_question_english(repo_engine, german):
    """ "battle for rokugan" names the game; its "for" is no English function word of the question
    (querying.Plan.english), so German words beside it keep their full weight, as beside "bfr"."""
    from l5r_rules.search import querying

    def ids(question):
        return [h.payload["id"] for h in repo_engine.search(question, limit=10).hits]

    named = f"{german} battle for rokugan"
    assert not querying.plan(named, repo_engine.synonyms, repo_engine.names).english
    assert ids(named) == ids(f"{german} bfr") == ids(f"{german} kampf um rokugan")
    # the question's own function words still make it English
    assert querying.plan(f"how is {german} in battle for rokugan", repo_engine.synonyms, repo_engine.names).english


def test_the_words_of_an_editions_name_name_no_kind_of_entry(repo_engine):
    """The "new" of "new card game" (the LCG) is no cue for "what's new" pages (querying.KIND_CUES):
    "imperial favor gold vs new card game" ranks as "imperial favor gold vs lcg"."""
    from l5r_rules.search import querying

    def ids(question):
        return [h.payload["id"] for h in repo_engine.search(question, limit=10).hits]

    assert not querying.plan("imperial favor new card game", repo_engine.synonyms, repo_engine.names).kinds
    assert ids("imperial favor gold vs new card game") == ids("imperial favor gold vs lcg")
    assert querying.plan("what is new in the new card game", repo_engine.synonyms, repo_engine.names).kinds == {
        "changes"
    }


def test_a_comparison_puts_the_concept_that_answers_it_first(repo_engine, monkeypatch):
    """A question comparing editions asks what a concept holds (the policy's COMPARED_CONCEPT_FACTOR)."""
    from search_helpers import override_knob

    question = "spells a shugenja may carry gold vs lotus"
    first = repo_engine.search(question, limit=5).groups[0]
    assert first.concept is not None and first.concept["id"] == "ccg-spells-and-shugenja" and first.headed
    assert {h.payload["edition"] for h in first.hits} >= {"gold", "lotus"}
    override_knob(monkeypatch, "COMPARED_CONCEPT_FACTOR", 1.0)
    plain = repo_engine.search(question, limit=5).groups[0]
    assert plain.concept is None or plain.concept["id"] != "ccg-spells-and-shugenja"
