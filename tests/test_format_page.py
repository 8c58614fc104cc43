"""The format page lets someone write a scenario for any procedure from the page alone.

Built on the fixture site (tests/test_site.py): every procedure has its section
with every given, choices and outcome field, its cited entry ids per ruleset
and its purpose; each game has its example scenario; and what the page says
about comparing `expect` is what `scenario.check` does.
"""

from __future__ import annotations

import html
import re

import pytest
from site_helpers import built_fixture_site, page

from l5r_rules.engine import RULESETS, scenario, schema_gen
from l5r_rules.engine.trace import Result, Step
from l5r_rules.site.schemadoc import schema_doc

DOC = schema_doc("scenario")
PROCS = [p for g in DOC.games for p in g.procedures]


@pytest.fixture(scope="module")
def format_html() -> str:
    return page(built_fixture_site(), "format")


def _section(text: str, anchor: str) -> str:
    """The HTML from the heading with id `anchor` to the next heading of the same or a higher level."""
    start = re.search(rf'<h(\d) id="{anchor}"', text)
    assert start, anchor
    end = re.search(rf"<h[1-{start.group(1)}] ", text[start.end() :])
    return text[start.start() : start.end() + end.start() if end else len(text)]


def test_every_procedure_of_the_engine_has_a_section():
    assert [p.key for p in PROCS] == [p.key for p in schema_gen.procedures()]


@pytest.mark.parametrize("proc", PROCS, ids=[p.key for p in PROCS])
def test_procedure_section_documents_every_field(format_html, proc):
    section = html.unescape(_section(format_html, proc.anchor))
    assert proc.purpose in section
    rows = proc.given + proc.choices + proc.outcome
    assert proc.given and proc.outcome
    for row in rows:
        assert f"<code>{row.path}</code>" in section, row.path
        assert row.description and row.description in section, row.path
        if row.example:
            assert f"<code>{row.example}</code>" in section, row.path
    if not proc.choices:
        assert "takes no decisions" in section
    for text, when in proc.refuses + proc.checks:
        assert f"<code>{text}</code>" in section and when in section, text
    if not proc.refuses:
        assert "Refused by the rules: nothing" in section
    for cited in proc.cites:
        rs = RULESETS[cited.ruleset]
        bullet = re.search(rf"<li><code>ruleset: {rs.id}</code>: (.*?)</li>", section, re.S)
        assert bullet and bullet.group(1).strip(), f"{proc.key}: an empty bullet for {rs.id}"
        said = bullet.group(1)
        assert said.startswith(("<strong>modelled</strong>", "<strong>not in this source</strong>")), said
        if cited.status == "modelled":
            for eid in cited.entries:
                assert f"<code>{eid}</code>" in said
        else:
            assert cited.missing and cited.missing in said
    assert "Game state in a chain:" in section
    for field, _ in proc.writes:
        assert f"<code>state.{field}</code>" in section
    for step, what in proc.ends:
        assert f"<code>{step}</code>: {what}" in section
    if not proc.ends:
        assert "It cannot end the game" in section


def test_chains_game_end_and_errors_are_explained(format_html):
    chains = html.unescape(_section(format_html, "scenario-chains"))
    for words in ("1.<procedure>", "not_played", "which no earlier step produced", "does not output", "merged"):
        assert words in chains, words
    end = html.unescape(_section(format_html, "scenario-game-end"))
    from l5r_rules.engine.game_end import CONDITIONS

    for condition, meaning in CONDITIONS.items():
        assert f"<code>{condition}</code>" in end and meaning in end
    for row in DOC.game_over:
        assert f"<code>{row.path}</code>" in end
    errors = html.unescape(_section(format_html, "scenario-errors"))
    for text, when in scenario.GENERIC:
        assert f"<code>{text}</code>" in errors and when in errors


def test_each_outcome_list_says_how_it_is_compared():
    lists = [row for p in PROCS for row in p.outcome if row.type.startswith("list")]
    assert lists and all(row.order in ("in order", "any") for row in lists), [r.path for r in lists if not r.order]


def test_each_game_has_its_example_scenario(format_html):
    examples = html.unescape(_section(format_html, "scenario-examples"))
    for game in DOC.games:
        assert game.example and game.example in examples, game.system


def test_shared_shapes_are_listed_once_and_linked(format_html):
    assert DOC.shapes
    for name, _, rows in DOC.shapes:
        assert format_html.count(f'id="shape-{name}"') == 1
        assert f'href="#shape-{name}"' in format_html, name
        assert rows


def test_status_outcome_and_expect_rules_are_explained(format_html):
    section = _section(format_html, "scenario-expect")
    for words in (
        "subset match",
        "the same items, as a whole",
        "compared in order",
        "compared in any order",
        "consecutive",
        "replaces",
        "not-in-source",
        "unsettled",
    ):
        assert words in section, words


# What the page says about `expect`, checked against scenario.check itself.
OUTCOME = {"winner": "attacker", "destroyed": {"attacker": [], "defender": ["A", "B"]}, "honor": {"attacker": 4}}
RESULT = Result(OUTCOME, (Step("r1", "x"), Step("r1", "y"), Step("r2", "z")))


@pytest.mark.parametrize(
    "expect, ok",
    [
        ({"outcome": {"winner": "attacker"}}, True),  # a subset: keys left out are not checked
        ({"outcome": {"destroyed": {"defender": ["A", "B"]}}}, True),  # mappings compared key by key
        ({"outcome": {"loser": "defender"}}, False),  # a key the outcome lacks fails
        ({"outcome": {"destroyed": {"defender": ["B", "A"]}}}, False),  # lists: same order
        ({"outcome": {"destroyed": {"defender": ["A"]}}}, False),  # lists: whole, no subset
        ({"rules": ["r1", "r2"]}, True),  # consecutive repeats collapsed
        ({"rules": ["r1", "r1", "r2"]}, False),
        ({"rules": ["r2", "r1"]}, False),  # in order
    ],
)
def test_expect_is_compared_as_the_page_says(expect, ok):
    assert (not scenario.check({"expect": expect}, RESULT)) is ok


def test_a_list_compared_in_any_order_ignores_the_order_and_an_ordered_one_does_not():
    duel = {"system": "ccg", "procedure": "duel"}
    result = Result({"losers": ["A", "B"], "discarded": {"challenger": [1, 3], "challenged": []}}, ())
    assert not scenario.check({**duel, "expect": {"outcome": {"losers": ["B", "A"]}}}, result)  # any order
    assert scenario.check({**duel, "expect": {"outcome": {"losers": ["B"]}}}, result)  # still the same items
    assert scenario.check({**duel, "expect": {"outcome": {"losers": ["A", "A", "B"]}}}, result)  # each as often
    assert scenario.check({**duel, "expect": {"outcome": {"discarded": {"challenger": [3, 1]}}}}, result)  # in order
