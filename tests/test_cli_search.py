"""The search, show, compare and export commands, run through click on the fixture glossary."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from search_helpers import fixture_checkout

from l5r_rules.cli import COMMANDS, cli
from l5r_rules.schemas import validator

MY_COMMANDS = ("search", "show", "compare", "export")


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return str(fixture_checkout(tmp_path_factory.mktemp("cli")))


def run(*args):
    """Invoke the CLI; a wide terminal keeps table cells on one line."""
    return CliRunner().invoke(cli, list(args), catch_exceptions=True, env={"COLUMNS": "300"})


@pytest.mark.parametrize("name", MY_COMMANDS)
def test_help_shows_an_example(name):
    assert name in COMMANDS
    result = run(name, "--help")
    assert result.exit_code == 0 and "Example:" in result.output and f"l5r-rules {name}" in result.output


def test_search_json(root):
    result = run("search", "tie in a duel lotus", "--json", "--root", root)
    assert result.exit_code == 0, result.output
    hits = json.loads(result.output)
    assert hits[0]["id"] == "lotus-challenging-and-dueling"
    assert hits[0]["concept"] == "dueling" and hits[0]["url"] == "entries/lotus-challenging-and-dueling/"
    assert hits[0]["source"]["document"] == "lotus-rulebook"
    assert all(h["edition"] == "lotus" for h in hits)


def test_search_table_shows_citation_and_concept(root):
    result = run("search", "bowing", "--root", root)
    assert result.exit_code == 0, result.output
    assert "Concept: Bowing and straightening" in result.output and "l5r-rules compare bowing" in result.output
    assert "lotus-rulebook: Card States › BOWING AND STRAIGHTENING" in result.output  # citation
    assert "lotus-bowing-and-straightening" in result.output


def test_search_no_results_exit_zero(root):
    result = run("search", "xylophone", "--root", root)
    assert result.exit_code == 0 and "No results" in result.output


def test_show_entry_json(root):
    result = run("show", "lotus-bowing-and-straightening", "--json", "--root", root)
    data = json.loads(result.output)
    assert data["type"] == "entry" and data["entry"]["concept"] == "bowing"
    assert [r["id"] for r in data["related"]] == ["lotus-bow", "lotus-straighten"]
    assert [e["id"] for e in data["errata"]] == ["fixture-bowing-change"]


def test_show_entry_text(root):
    result = run("show", "bfr-flotte", "--root", root)
    assert result.exit_code == 0
    assert "Rule text (verbatim)" in result.output and "Flotten erlauben" in result.output
    assert "Unofficial translation" in result.output
    assert "Spielablauf › Die Kampfmarker › Flotte" in result.output


def test_show_concept(root):
    result = run("show", "bowing", "--json", "--root", root)
    data = json.loads(result.output)
    assert data["type"] == "concept"
    assert list(data["entries"]) == ["gold", "lotus", "ivory", "lcg"]
    assert data["entries"]["lotus"][1]["id"] == "lotus-bow"
    text = run("show", "bowing", "--root", root).output
    assert "our words" in text and "Differences" in text


def test_show_unknown_id_one_line(root):
    result = run("show", "lotus-bowwing", "--root", root)
    assert result.exit_code == 1
    assert result.output.strip().count("\n") == 0 and "did you mean" in result.output


def test_compare_three_editions(root):
    result = run("compare", "bowing", "--json", "--root", root)
    data = json.loads(result.output)
    assert data["editions"] == ["gold", "lotus", "ivory", "lcg"]
    assert [(d["from"], d["to"]) for d in data["diffs"]] == [("gold", "lotus"), ("lotus", "ivory"), ("ivory", "lcg")]
    first = data["diffs"][0]
    assert 0 < first["similarity"] < 1 and "equal" in {op["op"] for op in first["ops"]}
    assert {op["op"] for op in first["ops"]} & {"insert", "delete", "replace"}
    text = run("compare", "bowing", "--editions", "gold,lotus,ivory", "--root", root).output
    assert "gold → lotus" in text and "lotus → ivory" in text and "Differences (our words" in text


def test_compare_by_entry_id_and_order(root):
    data = json.loads(run("compare", "ivory-duels", "--editions", "lcg,lotus", "--json", "--root", root).output)
    assert data["concept"]["id"] == "dueling" and data["editions"] == ["lcg", "lotus"]


@pytest.mark.parametrize(
    "args,code,message",
    [
        (("compare", "bowing", "--editions", "gold,diamond"), 2, "unknown edition 'diamond'"),
        (("compare", "dueling", "--editions", "gold,lotus"), 2, "no entries for gold"),
        (("compare", "bowingg"), 1, "did you mean 'bowing'"),
        (("compare", "bfr-flotte"), 1, "no concept 'bfr-flotte'"),
    ],
)
def test_compare_errors(root, args, code, message):
    result = run(*args, "--root", root)
    assert result.exit_code == code and message in result.output
    assert result.output.strip().count("\n") == 0


def test_word_diff_marks_changes():
    from l5r_rules.worddiff import word_diff

    diff = word_diff("A bowed card cannot **bow**.", "A bowed Personality cannot bow again.").as_json()
    assert {"op": "replace", "old": "card", "new": "Personality"} in diff["ops"]
    assert {"op": "insert", "old": "", "new": "again."} in diff["ops"] or any(
        op["new"].endswith("again.") for op in diff["ops"] if op["op"] != "equal"
    )
    assert word_diff("same text", "same\n  text").similarity == 1.0


@pytest.mark.parametrize("fmt", ["json", "jsonl"])
def test_export(root, fmt, tmp_path):
    out = tmp_path / f"kb.{fmt}"
    result = run("export", "--format", fmt, "-o", str(out), "--root", root)
    assert result.exit_code == 0, result.output
    text = out.read_text(encoding="utf-8")
    if fmt == "json":
        data = json.loads(text)
        entries, concepts, schemas = data["entries"], data["concepts"], data["schemas"]
    else:
        records = [json.loads(line) for line in text.splitlines()]
        entries = [r["data"] for r in records if r["type"] == "entry"]
        concepts = [r["data"] for r in records if r["type"] == "concept"]
        schemas = {r["name"]: r["data"] for r in records if r["type"] == "schema"}
    assert len(entries) == 14 and [c["id"] for c in concepts] == ["bowing", "dueling"]
    assert {"entry", "concept", "errata", "card", "authority", "skip", "sources"} <= set(schemas)
    for entry in entries:
        assert not list(validator("entry").iter_errors(entry)), entry["id"]
    assert [e["edition"] for e in entries][0] == "gold" and entries[-1]["edition"] == "bfr"


def test_export_is_deterministic(root):
    assert run("export", "--root", root).output == run("export", "--root", root).output


def test_search_list_keeps_ids_whole_on_a_narrow_terminal(root):
    result = CliRunner().invoke(cli, ["search", "bowing", "--root", root], env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    too_long = [line for line in lines if len(line) > 40 and " " in line.strip()]
    assert not too_long  # only a single unbreakable word may be longer than the terminal
    for entry_id in ("lotus-bowing-and-straightening", "gold-bowing"):
        assert any(line.split() and line.split()[-1] == entry_id for line in lines), entry_id
    assert any(line.strip() == "l5r-rules compare bowing" for line in lines)
    assert "\x1b[" not in result.output  # not a terminal: no colour codes


def test_search_list_prints_no_control_characters():
    from l5r_rules.search.engine import Group, Hit, Results
    from l5r_rules.terminal.listing import results_lines

    payload = {
        "id": "gold-x",
        "term": "Evil\x1b[2J term",
        "edition": "gold",
        "kind": "rule",
        "concept": None,
        "text": "Text with \x07 bell and \x1b]0;title\x07 escape",
        "translation": None,
        "source": {"document": "gold-rulebook", "section": ["A\x1b[31m"], "page": 3},
    }
    out = "\n".join(results_lines(Results("q", [Group(None, [Hit(payload, 1.0)])], [], [], {}), 80))
    assert "\x1b" not in out.replace("\x1b[", "") and "\x07" not in out
    assert "Evil" in out and "gold-rulebook: A" in out and ", p. 3" in out


# 20 concepts share their id with an entry (the LCG glossary term "Stronghold" and the concept
# lining up the LCG stronghold rules are both lcg-stronghold): show finds the entry, compare the concept.
REPO = str(Path(__file__).resolve().parent.parent)


def test_compare_prefers_the_concept_of_a_shared_id():
    data = json.loads(run("compare", "lcg-stronghold", "--json", "--root", REPO).output)
    assert data["concept"]["id"] == "lcg-stronghold" and data["concept"]["url"].startswith("concepts/")


def test_show_of_a_shared_id_is_the_entry_and_names_the_concept():
    data = json.loads(run("show", "lcg-stronghold", "--json", "--root", REPO).output)
    assert data["type"] == "entry" and data["entry"]["id"] == "lcg-stronghold"
    assert "l5r-rules compare lcg-stronghold" in run("show", "lcg-stronghold", "--root", REPO).output


def test_compare_uses_the_sites_word_diff_rules(root):
    """One word diff (l5r_rules/worddiff.py): across games no diff, too little in common no highlight."""
    from l5r_rules.editions import load_registry
    from l5r_rules.kb import load_kb
    from l5r_rules.worddiff import pairs

    data = json.loads(run("compare", "bowing", "--json", "--root", root).output)
    kb = load_kb(Path(root))
    texts = {ed: "\n\n".join(e["text"] for e in data["entries"][ed]) for ed in data["editions"]}
    site = pairs(load_registry(Path(root)).game_of, texts)  # what the site's compare page computes
    assert [(d["from"], d["to"], d["same_game"], d["highlight"]) for d in data["diffs"]] == [
        (p.a, p.b, p.same_game, p.highlight) for p in site
    ]
    assert any(not d["same_game"] and not d["ops"] for d in data["diffs"])  # ivory -> lcg: different games
    assert kb.registry.game_of["ivory"] != kb.registry.game_of["lcg"]


@pytest.mark.parametrize(
    "args,line",
    [
        (("duel lcg", "--game", "lcg"), "Only: lcg"),  # the LCG is a game and its edition: named once
        (("duel gold", "--game", "ccg"), "Only: gold, ccg"),
    ],
)
def test_search_names_each_edition_and_game_it_keeps_to_once(root, args, line):
    result = run("search", *args, "--root", root)
    assert result.exit_code == 0, result.output
    assert result.output.splitlines()[0] == line


def test_a_passage_scored_with_its_neighbour_is_shown_with_it(repo_root):
    """Two neighbouring paragraphs that scored better as one window (ranking.py) are shown together, in book
    order (¶3-4), so the sentence that answers is on screen when it sits in the neighbour (issue 23)."""
    from click.testing import CliRunner

    from l5r_rules.cli import cli
    from l5r_rules.kb import load_kb

    out = (
        CliRunner().invoke(cli, ["search", "--root", str(repo_root), "imperial favor lobbying", "--limit", "1"]).output
    )
    assert "lotus-lobbying" in out and "¶3-4 " in out
    paragraphs = load_kb(repo_root).entries["lotus-lobbying"]["text"].split("\n\n")
    flat = " ".join(out.split())
    assert " ".join(paragraphs[3].split())[:40] in flat  # the fourth paragraph's opening is shown too
