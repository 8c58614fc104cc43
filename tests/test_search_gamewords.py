"""Which game a question is about, from its words (issue 23, l5r_rules/search/gamewords.py).

The game words come from the knowledge base itself: a word counts for a game when that game's
entries hold it (GAME_SHARE of the rate of all games, in GAME_MIN_DOCS entries at least) and it names
a rule there (in GAME_MIN_HEADINGS titles or bold terms), weighted by how exclusive it is
(GAME_SMOOTHING). A game is inferred on GAME_MIN_LEAD of the evidence and GAME_MIN_EVIDENCE in all;
the other games then rank below (rule other-game, OTHER_GAME_FACTOR), and the CLI and the site say so
in one line, with a way to rank every game alike.
"""

from __future__ import annotations

import math
from pathlib import Path

import pytest
from click.testing import CliRunner
from search_helpers import override_knob

from l5r_rules.cli import cli
from l5r_rules.kb import load_kb
from l5r_rules.search import gamewords
from l5r_rules.search.engine import open_engine

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def real():
    with open_engine(ROOT) as e:
        yield e


@pytest.fixture(scope="module")
def entries():
    return list(load_kb(ROOT).entries.values())


def test_game_words_are_exclusive_and_named(entries, monkeypatch):
    """GAME_SHARE, GAME_MIN_DOCS, GAME_MIN_HEADINGS and GAME_SMOOTHING decide the table, from the books."""
    table = gamewords.build_table(entries)
    original = {k: gamewords.policy.value(k) for k in ("GAME_SHARE", "GAME_MIN_DOCS", "GAME_MIN_HEADINGS")}
    games = {e["game"] for e in entries}
    assert {g for g, _ in table.values()} == games  # every game has words of its own
    # the LCG's conflicts and action windows, the CCG's segments, Battle for Rokugan's combat tokens
    assert table["conflict"][0] == "lcg" and table["window"][0] == "lcg"
    assert table["segment"][0] == "ccg" and table["kampfmark"][0] == "bfr"
    # words every game uses are nobody's: province, honor, duel, play
    for shared in ("provinc", "honor", "duel", "play"):
        assert shared not in table
    # card errata name cards, not the game: "akodo" is an LCG card's name too
    assert "akodo" not in table
    # each weight is the log ratio of the game's rate to the other games' rate, smoothed: "conflict" is in
    # about a third of the LCG's entries and three of the CCG's hundreds
    assert table["conflict"][1] > math.log(10)
    # GAME_MIN_HEADINGS: without it the CCG's prose ("get", "go") would be the CCG's words
    override_knob(monkeypatch, "GAME_MIN_HEADINGS", 0)
    loose = gamewords.build_table(entries)
    assert "get" in loose and "get" not in table
    # GAME_SHARE: at 0.5 words two games use in about the same measure would count for one
    override_knob(monkeypatch, "GAME_MIN_HEADINGS", original["GAME_MIN_HEADINGS"])
    override_knob(monkeypatch, "GAME_SHARE", 0.5)
    assert len(gamewords.build_table(entries)) > len(table)
    # GAME_MIN_DOCS: a word held by one entry is a name, not vocabulary
    override_knob(monkeypatch, "GAME_SHARE", original["GAME_SHARE"])
    override_knob(monkeypatch, "GAME_MIN_DOCS", 100)
    assert len(gamewords.build_table(entries)) < len(table)
    # GAME_SMOOTHING: a larger smoothing shrinks every weight
    override_knob(monkeypatch, "GAME_MIN_DOCS", original["GAME_MIN_DOCS"])
    override_knob(monkeypatch, "GAME_SMOOTHING", 5.0)
    smoothed = gamewords.build_table(entries)
    assert smoothed["conflict"][1] < table["conflict"][1]


def test_inference_needs_a_clear_lead(real, monkeypatch):
    """GAME_MIN_LEAD and GAME_MIN_EVIDENCE: words of one game infer it; words of two leave it open."""
    table = real.game_words()
    lead = gamewords.policy.value("GAME_MIN_LEAD")
    said = gamewords.infer("can i interrupt during the conflict action window".split(), table)
    assert said and said.game == "lcg" and {"conflict", "window"} <= set(said.words)
    assert gamewords.infer("how is province strength counted".split(), table) is None  # every game's words
    mixed = "conflict segment".split()  # one LCG word, one CCG word: no clear lead
    assert gamewords.infer(mixed, table) is None
    override_knob(monkeypatch, "GAME_MIN_LEAD", 0.5)
    assert gamewords.infer(mixed, table) is not None
    override_knob(monkeypatch, "GAME_MIN_LEAD", lead)
    override_knob(monkeypatch, "GAME_MIN_EVIDENCE", 100.0)
    assert gamewords.infer("conflict window".split(), table) is None


def test_a_question_that_names_a_game_or_edition_infers_nothing(real):
    assert real.search("conflict action window").inferred is not None
    for named in ("conflict action window lcg", "conflict action window lotus", "conflict window ccg"):
        assert real.search(named).inferred is None, named
    assert real.search("conflict action window", edition="lcg").inferred is None
    assert real.search("conflict action window", all_games=True).inferred is None


def test_the_other_games_rank_below_not_out(real):
    """The LCG question's words rank the LCG first; the CCG's rules stay in the list, lower."""
    q = "can i play an event in the conflict action window if i have no defenders"
    first = real.search(q, limit=10)
    alike = real.search(q, limit=10, all_games=True)
    games = [h.payload["game"] for h in first.hits]
    assert games[0] == "lcg" and first.inferred.game == "lcg"
    assert [h.payload["game"] for h in alike.hits] != games  # all games alike ranks otherwise
    assert {h.payload["id"] for h in alike.hits} - {h.payload["id"] for h in real.search(q, limit=40).hits} == set()


def test_the_cli_says_which_game_and_how_to_see_all(tmp_path):
    runner = CliRunner()
    out = runner.invoke(cli, ["search", "--root", str(ROOT), "conflict action window"]).output
    assert "LCG rules first, from your words: conflict, window" in " ".join(out.split())
    assert "--all-games" in out
    out = runner.invoke(cli, ["search", "--root", str(ROOT), "conflict action window", "--all-games"]).output
    assert "rules first" not in out
    out = runner.invoke(cli, ["search", "--root", str(ROOT), "conflict action window lcg"]).output
    assert "rules first" not in out and "Only:" in out


def test_the_table_survives_a_round_trip_through_the_index(real):
    """games.json holds [game, weight] pairs the browser reads as they are (webindex exports it)."""
    table = real.game_words()
    assert table and all(isinstance(g, str) and isinstance(w, float) and w > 0 for g, w in table.values())
