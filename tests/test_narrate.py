"""The narration of every ruling (engine/narrate.py): quotes verbatim from the cited entry, plain words,
lines within the width, a player's decision with each option's outcome. Data-driven over tests/rulings."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest
from click.testing import CliRunner

from l5r_rules import yamlio
from l5r_rules.cli import cli
from l5r_rules.engine.narrate import RuleTexts, as_text, in_words, narrate, step_words
from l5r_rules.engine.quotes import pick, strip_emphasis
from l5r_rules.engine.trace import Result, Step
from l5r_rules.kb import load_kb
from l5r_rules.normalize import collapse

ROOT = Path(__file__).resolve().parent.parent
RULINGS = ROOT / "tests" / "rulings"
FILES = sorted(p for p in RULINGS.glob("*/*.yaml") if p.parent.name != "golden")
DEVELOPER = re.compile(r"\b(true|false|None|True|False)\b|[{}\[\]]|<=|>=|'\w+':")


@cache
def texts() -> RuleTexts:
    return RuleTexts.of_kb(load_kb(ROOT))


@cache
def told(name: str):
    path = next(p for p in FILES if f"{p.parent.name}/{p.name}" == name)
    return narrate(yamlio.load_plain(path), texts())


def _ours(n) -> list[str]:
    """Every piece of the narration in the project's own words (quotes are the rulebook's)."""
    out = [n.rules, n.refused, *n.outcome]
    out += [s.words for s in n.steps] + [s.details for s in n.steps]
    if n.decision:
        out.append(n.decision.why)
        for opt in n.decision.options:
            out += [opt.value, opt.refused, *opt.outcome]
    return [t for t in out if t]


NAMES = [f"{p.parent.name}/{p.name}" for p in FILES]


@pytest.mark.parametrize("name", NAMES)
def test_every_quote_is_verbatim_in_its_cited_entry(name):
    n = told(name)
    stories = [*n.steps, n.refused_rule] if n.refused_rule else list(n.steps)
    for story in stories:
        if story.quote is None:
            continue
        entry = texts().entry(story.quote.entry)
        assert story.quote.entry == story.rule
        assert story.quote.text and story.quote.text in collapse(entry["text"]), (story.rule, story.quote.text)


@pytest.mark.parametrize("name", NAMES)
def test_plain_words_and_every_line_within_the_width(name):
    n = told(name)
    for text in _ours(n):
        assert not DEVELOPER.search(text), text
    for width in (80, 60):
        lines = as_text(n, width).splitlines()
        assert all(len(line) <= width for line in lines), [line for line in lines if len(line) > width]
    assert n.situation and (n.outcome or n.refused or n.decision)


def test_every_step_that_cites_an_entry_quotes_it():
    missing = []
    for name in NAMES:
        for story in told(name).steps:
            if story.rule and story.quote is None:
                missing.append((name, story.rule))
    assert not missing, missing[:5]


def test_the_outcome_is_in_words():
    n = told("lotus/mary-todd-battle-province-1.yaml")
    assert "Winner: attacker." in n.outcome
    assert "Destroyed: attacker none, defender Kaiu Hisayuki." in n.outcome
    assert "Province destroyed: yes." in n.outcome
    assert n.situation.startswith("Latomu and Skub")


def test_a_decision_runs_the_engine_once_per_option():
    n = told("lcg/lcg-ring-air-missing-choice.yaml")
    assert n.kind == "decision" and n.decision.name == "air"
    honor = [next(line for line in o.outcome if line.startswith("Honor:")) for o in n.decision.options]
    assert honor == ["Honor: attacker 11, defender 9.", "Honor: attacker 12, defender 10."]
    assert "could not run" not in as_text(n)


def test_a_closed_list_in_the_schema_gives_the_options():
    n = told("lotus/buy-missing-option.yaml")
    assert [o.value for o in n.decision.options] == ["discount", "honor", "none"]
    paid = [next(line for line in o.outcome if line.startswith("Gold paid")) for o in n.decision.options]
    assert paid[0] != paid[1]  # the discount changes what is paid


def test_a_play_the_rules_refuse_is_a_ruling_with_its_rule():
    n = told("ivory/ivory-duel-fifth-focus.yaml")
    assert n.kind == "refused" and n.refused.startswith("The challenged cannot focus any more")
    assert n.refused_rule.quote is not None


def test_a_declared_sentence_is_quoted_and_the_nearest_otherwise():
    text = "A unit bows. The total Force of a unit is the Force of the Personality plus the Force of its cards."
    assert pick("x", text, "the unit's total Force").text.startswith("The total Force")
    assert pick("x", text, "anything", declared="A unit bows.").text == "A unit bows."
    entry = texts().entry("lotus-units")
    declared = "Being bowed does not change a card's own Force."
    result = Result({"total": 3}, (Step("lotus-units", "a unit's total", {}, 3, sentence=declared),))
    story = narrate(
        {"id": "x", "title": "t", "ruleset": "lotus", "procedure": "force", "source": {}}, texts(), result=result
    ).steps[0]
    assert story.quote.text == declared and declared in collapse(entry["text"])
    assert story.quote.anchor.startswith("lotus-units-p")


def test_values_in_words():
    assert step_words("a legal target", False) == "A legal target: no."
    assert step_words("destroyed if Force <= Yu", True) == "Destroyed if Force ≤ Yu: yes."
    assert in_words({"attacker": 2, "defender": 0}) == "attacker 2, defender 0"
    assert in_words(["A", "B", "C"]) == "A, B and C" and in_words([]) == "none" and in_words(None) == "none"
    assert strip_emphasis("called a **unit**, *not* true") == "called a unit, not true"


@pytest.mark.parametrize("name", ["lotus/mary-todd-battle-province-1.yaml", "lcg/lcg-ring-air-missing-choice.yaml"])
def test_resolve_explain_prints_the_ruling_within_the_terminal_width(name):
    res = CliRunner().invoke(cli, ["resolve", str(RULINGS / name), "--explain"], env={"COLUMNS": "64"})
    assert res.exit_code == 0, res.output
    ruling = res.output.split("\nerror: ")[0].split("\nexpect: ")[0]  # the verdict lines carry the file path
    assert all(len(line) <= 64 for line in ruling.splitlines()), ruling
    assert "Situation (our words):" in ruling and "“" in ruling
    assert "{" not in ruling and not re.search(r"\b(true|false)\b", ruling.replace("“", "\n").split("\n")[0])


def test_resolve_explain_json_adds_the_narration():
    import json

    res = CliRunner().invoke(
        cli, ["resolve", str(RULINGS / "lcg/lcg-ring-air-missing-choice.yaml"), "--json", "--explain"]
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.output)
    assert data["expect"]["matches"] is True and data["narration"]["kind"] == "decision"
    assert len(data["narration"]["decision"]["options"]) == 2


def test_one_rule_applied_to_many_cards_is_one_step():
    from l5r_rules.engine import run_scenario

    data = yamlio.load_plain(RULINGS / "lcg" / "lcg-tom-influence.yaml")
    n = narrate(data, texts())
    assert len(n.steps) < len(run_scenario(data).trace) / 3
    step = next(s for s in n.steps if s.words.startswith("Lion dynasty 1, Lion dynasty 2"))
    assert "Lion dynasty 13: at most 3 copies across both decks: yes." in step.words
    assert "in-clan or be neutral" in next(s for s in n.steps if "in-clan or neutral" in s.words).quote.text


@pytest.mark.parametrize("name", NAMES)
def test_no_double_negative(name):
    """A failed check whose words say 'not' never reads '...not...: no.' ('not a legal Yu target: false')."""
    for story in told(name).steps:
        assert not re.search(r"\b(not|cannot|never)\b[^()]*: no\.$", re.sub(r"\([^)]*\)", "", story.words)), story.words


def test_a_failed_negative_check_reads_plainly():
    assert step_words("Zombies is Undead: Fear does not affect it", False) == "Zombies is Undead: no."
    assert step_words("a Horde player may not win an Honor Victory", False) == (
        "A Horde player may not win an Honor Victory: does not apply here."
    )
    assert (
        step_words("exceed (not equal) the Province strength", False) == "Exceed (not equal) the Province strength: no."
    )
