"""The timing walker: its data (schema, verbatim quotes, coverage of every phase) and `l5r-rules walk`.

Proves: every sequence file fits tests its checked-in schema and internal references;
every quote is in its cited entry's text (so the walker never misquotes); the LCG file
covers every phase of Appendix I with the book's step numbers and the CCG has a turn for
each of gold, lotus and ivory; the command prints steps in order with their entries and
marks windows; --at names who acts first and quotes the interrupt/reaction/forced rules;
a bad sequence file is one line with file:line.
"""

from __future__ import annotations

import json
import re

import pytest
from click.testing import CliRunner

from l5r_rules import walk
from l5r_rules.cli import cli
from l5r_rules.kb import load_kb


@pytest.fixture(scope="module")
def entries():
    return load_kb().entries


def run(*args):
    result = CliRunner().invoke(cli, ["walk", *args])
    return result.exit_code, result.output


def test_every_book_names_an_edition_and_game_of_the_registry():
    registry = load_kb().registry
    for book in walk.books().values():
        assert registry.game_of[book.edition] == book.game, book.path


def test_every_book_loads_and_has_its_sequences():
    books = walk.books()
    assert set(books) == {"lcg", "gold", "lotus", "ivory"}
    assert [p.id for p in books["lcg"].phases] == ["dynasty", "draw", "conflict", "fate", "regroup", "duel"]
    for edition in ("gold", "lotus", "ivory"):
        assert books[edition].game == "ccg" and [p.id for p in books[edition].phases] == ["turn"]


@pytest.mark.parametrize("edition", ["lcg", "gold", "lotus", "ivory"])
def test_every_quote_is_verbatim_in_its_entry(edition, entries):
    book = walk.books()[edition]
    assert book.rules(), edition
    assert walk.quote_problems(book, entries) == []


def test_quote_check_catches_a_misquote(entries):
    book = walk.books()["lcg"]
    step = book.phases[2].steps[0]
    bad = walk.Rule(step.rule.entry, step.rule.quote + " and wins the game")
    broken = walk.Book(book.game, book.edition, book.title, book.entry, {"actions": (bad,)}, (), book.path)
    assert len(walk.quote_problems(broken, entries)) == 1
    other = walk.Book(
        book.game, book.edition, book.title, book.entry, {"actions": (walk.Rule("lotus-bow", "x"),)}, (), book.path
    )
    assert "not lcg" in walk.quote_problems(other, entries)[0]


@pytest.mark.parametrize(
    "text, quote, shown",
    [
        pytest.param(
            "A. With an opportunity, a player may: pass.",
            "With an opportunity, a player may",
            "With an opportunity, a player may …",
            id="cut-before-its-options",
        ),
        pytest.param(
            "Rules. Either way, the first player acts first.",
            "the first player acts first.",
            "… the first player acts first.",
            id="cut-after-its-start",
        ),
        pytest.param(
            "- All effects occur first.\n- Then more.",
            "All effects occur first.",
            "All effects occur first.",
            id="item",
        ),
        pytest.param(
            "(It may.) The player gains 1 fate. More.",
            "The player gains 1 fate.",
            "The player gains 1 fate.",
            id="whole",
        ),
        pytest.param("◇ **ACTION WINDOW**\nText.", "ACTION WINDOW", "ACTION WINDOW", id="heading"),
    ],
)
def test_a_quote_cut_from_its_sentence_is_marked(text, quote, shown):
    """A sentence quoted in part read as a whole rule ("a player may", its options left out): the cut is marked
    with an ellipsis, as search marks its excerpts (hostile round 10, #39); a whole sentence or heading is not."""
    entry = {"id": "x", "edition": "lcg", "text": text}
    assert walk.quoted(walk.Rule("x", quote), {"x": entry}) == shown


def test_lcg_steps_follow_the_book_numbering(entries):
    book = walk.books()["lcg"]
    for phase in book.phases:
        numbered = [s for s in phase.steps if not s.id.endswith("-window")]
        for step in numbered:
            # the cited entry is the framework detail of that very step (its heading starts with the number)
            heading = entries[step.rule.entry]["term"]
            if step.rule.entry.startswith(("lcg-1-", "lcg-2-", "lcg-3-", "lcg-4-", "lcg-5-", "lcg-d-")):
                assert heading.startswith(step.id), (step.id, heading)
    conflict = book.phase("conflict")
    assert [s.id for s in conflict.steps if s.window] == ["3.1-window", "3.2.2"]
    assert conflict.find("3.2.2").window.first == "defending player"
    assert conflict.find("3.1-window").window.first == "first player"
    assert book.phase("dynasty").find("1.4").window.name == "dynasty"


def test_cli_walks_a_phase_in_order_with_entries():
    code, out = run("lcg", "conflict")
    assert code == 0
    ids = re.findall(r"^  (\S+)\s", out, flags=re.M)
    assert ids == [s.id for s in walk.books()["lcg"].phase("conflict").steps]
    assert "◇ Conflict action window (defending player acts first)" in out
    assert "[lcg-3-2-5-break-province]" in out
    assert "→ go to 3.4 when no conflict opportunities remain" in out


def test_cli_at_a_window_says_who_acts_first_and_quotes_every_kind():
    code, out = run("lcg", "conflict", "--at", "3.2.2")
    assert code == 0
    assert out.startswith("3.2.2  Conflict action window")
    assert "the defending player acts first" in out
    for heading in ("Actions:", "Interrupts:", "Reactions:", "Forced abilities:"):
        assert heading in out
    flat = " ".join(out.split())
    assert '"If two or more forced abilities would initiate at the same moment, the first player determines' in flat
    assert "lcg-reactions-and-interrupts: lcg-rules-reference [lcg], Appendix I: Timing and Gameplay" in flat
    assert "previous: 3.2.1 Declare defenders · next: 3.2.3 Compare skill values" in flat


def test_cli_at_a_framework_step_says_no_actions():
    code, out = run("lcg", "fate", "--at", "4.2")
    assert code == 0 and "Not an action window: players get no action opportunities" in out
    assert "ACTION WINDOW" not in out


def test_cli_ccg_turn_by_edition_and_missing_kinds_said_plainly():
    code, out = run("ccg", "turn", "--edition", "lotus", "--at", "4.4")
    assert code == 0
    assert "the defender acts first" in out
    assert "Interrupts: this book has no ability type by that name (not in the source)." in out
    # Lotus names no "forced" ability type, but its Timing section orders automatically-triggered effects
    assert "Forced abilities: this book has no ability type" not in out
    flat = " ".join(out.split())
    assert '"All triggered effects occur first, one at a time, in an order determined by the active player."' in flat
    code2, out2 = run("lotus", "turn", "--at", "4.4")
    assert (code2, out2) == (code, out)
    code, out = run("ccg", "turn", "--edition", "gold", "--at", "3")
    assert "the active player acts first" in out and "gold-reactions" in out


@pytest.mark.parametrize(
    "args, words",
    [
        (["nope"], "no timing sequence for 'nope'"),
        (["lcg", "upkeep"], "no phase 'upkeep'"),
        (["lcg", "conflict", "--at", "7"], "no step '7'"),
        (["ccg", "turn"], "add --edition"),
    ],
)
def test_cli_bad_requests_are_one_line(args, words):
    code, out = run(*args)
    assert code == 2 and words in out and "Traceback" not in out
    assert len(out.strip().splitlines()) == 1


def test_cli_json_has_every_step_with_its_rule():
    code, out = run("lcg", "regroup", "--json")
    data = json.loads(out)
    assert [s["id"] for s in data["steps"]] == [s.id for s in walk.books()["lcg"].phase("regroup").steps]
    assert all(s["rule"]["entry"] and s["rule"]["quote"] for s in data["steps"])
    code, out = run("lcg", "regroup", "--at", "5.6", "--json")
    step = json.loads(out)["step"]
    assert step["note_ours"] and "5.2 Regroup phase ends" in step["note_ours"]


def test_cli_lists_phases():
    code, out = run("lcg")
    assert code == 0 and "conflict  Conflict phase (16 steps, 2 action windows)" in out


@pytest.mark.parametrize(
    "old, new, words",
    [
        ("window: conflict\n", "window: nosuch\n", "'nosuch' is not under windows"),
        ('step: "3.4"\n', 'step: "9.9"\n', "'9.9' is not a step of phase conflict"),
        ('id: "3.2.1"\n', 'id: "3.2"\n', "'3.2' is used twice"),
        ("edition: lcg\n", "edition: gold\n", "but the file is lcg.yaml"),
        ("        title: Break province\n", "", "'title' is a required property"),
    ],
)
def test_a_bad_sequence_file_is_one_line_with_its_line(tmp_path, old, new, words):
    text = (walk.SEQUENCES / "lcg.yaml").read_text(encoding="utf-8")
    assert old in text
    path = tmp_path / "lcg.yaml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    with pytest.raises(walk.WalkError) as info:
        walk.load(path)
    message = str(info.value)
    assert words in message and re.match(rf"{re.escape(str(path))}:\d+: ", message), message


def test_site_has_a_timing_page_per_phase_linking_each_step_to_its_entry():
    from site_helpers import built_real_site

    site = built_real_site()
    index = (site / "timing" / "index.html").read_text(encoding="utf-8")
    for book in walk.books().values():
        for phase in book.phases:
            assert f'href="{book.edition}/{phase.id}/"' in index
            page = (site / "timing" / book.edition / phase.id / "index.html").read_text(encoding="utf-8")
            for i, step in enumerate(phase.steps):
                assert f'id="{step.anchor}"' in page
                assert f'href="../../../entries/{step.rule.entry}/"' in page
                if i + 1 < len(phase.steps):
                    assert f'href="#{phase.steps[i + 1].anchor}"' in page
            assert page.count("l5r-step-window") == sum(1 for s in phase.steps if s.window)


@pytest.mark.parametrize(
    "words, step",
    [("3.2.2", "3.2.2"), ("d.3", "D.3"), ("Declare defenders", "3.2.1"), ("  claim   RING ", "3.2.7"), ("3.2.", "3.2")],
)
def test_a_step_is_found_by_number_or_title(words, step):
    book = walk.books()["lcg"]
    phase = book.phase("duel" if step.startswith("D") else "conflict")
    assert phase.find(words).id == step


@pytest.mark.parametrize("words", ["window", "", "declare conflict defenders", "9.9"])
def test_an_unclear_step_is_not_guessed(words):
    # "window" is in two titles; a title that is no step's, or nothing, finds none
    assert walk.books()["lcg"].phase("conflict").find(words) is None
