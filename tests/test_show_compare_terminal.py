"""`show` and `compare` print glossary text safely: no control characters, no rich markup read.

A copy of the search fixture gets a Gold entry whose term and text hold an escape
sequence, a bell, a C1 CSI, bidi overrides and rich markup; every way `show` and
`compare` print it must keep the words and the brackets and drop the controls.
"""

from __future__ import annotations

import json

import pytest
import yaml
from click.testing import CliRunner
from search_helpers import fixture_checkout

from l5r_rules.cli import cli
from l5r_rules.terminal import clean, json_for_terminal

TERM = "Bowing \x1b[31mRED\x07 \u202eevil\u202c [bold red]x[/] \x9b2J"
TEXT = "To \x1b]0;title\x07 bow [red]a card[/red], \u2066turn\u2069 it :warning: sideways.\rX"
TITLE = "Bowing \x1b[2J[red]t[/]"
CONTROLS = ["\x1b", "\x07", "\x9b", "\u202e", "\u202c", "\u2066", "\u2069", "\r"]


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    root = fixture_checkout(tmp_path_factory.mktemp("terminal"))
    entry_path = root / "glossary" / "entries" / "gold" / "gold-bowing.yaml"
    entry = yaml.safe_load(entry_path.read_text(encoding="utf-8"))
    entry.update(term=TERM, text=TEXT)
    entry_path.write_text(yaml.safe_dump(entry, allow_unicode=False), encoding="utf-8")
    concept_path = root / "glossary" / "concepts" / "bowing.yaml"
    concept = yaml.safe_load(concept_path.read_text(encoding="utf-8"))
    concept["title"] = TITLE
    concept_path.write_text(yaml.safe_dump(concept, allow_unicode=False), encoding="utf-8")
    return str(root)


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False, env={"COLUMNS": "300"})


@pytest.mark.parametrize(
    "args,literal",
    [
        (("show", "gold-bowing"), ["[bold red]x[/]", "[red]a card[/red]", ":warning:"]),  # term and text
        (("show", "bowing"), ["[red]t[/]", "[bold red]x[/]"]),  # title, and the term in the table
        (("compare", "bowing"), ["[red]t[/]", "[red]a card[/red]", ":warning:"]),  # title, text column and diff
        (("compare", "bowing", "--editions", "lotus,gold"), ["[red]a card[/red]"]),
    ],
)
def test_controls_are_not_printed_and_markup_is_literal(root, args, literal):
    result = run(*args, "--root", root)
    assert result.exit_code == 0, result.output
    found = [repr(c) for c in CONTROLS if c in result.output]
    assert not found, f"{found} reached the terminal:\n{result.output!r}"
    for text in literal:
        assert text in result.output, f"{text!r} not printed as written:\n{result.output}"


def test_show_concept_table_keeps_the_edition_in_the_citation(root):
    """Citations carry '[gold]'; in a table cell rich used to read that as a style and drop it."""
    assert "[gold]" in run("show", "bowing", "--root", root).output


@pytest.mark.parametrize("args", [("show", "gold-bowing"), ("compare", "bowing")])
def test_json_escapes_controls_and_keeps_the_data(root, args):
    result = run(*args, "--json", "--root", root)
    found = [repr(c) for c in CONTROLS if c in result.output]
    assert not found, f"{found} reached the terminal"
    data = json.loads(result.output)
    entry = data["entry"] if args[0] == "show" else data["entries"]["gold"][0]
    assert (entry["term"], entry["text"]) == (TERM, TEXT)


def test_clean_keeps_newline_tab_and_words():
    assert clean("a\tb\nc\x1b[1md\x85e\u202ef\u2068g") == "a\tb\nc [1md efg"
    assert json.loads(json_for_terminal(json.dumps("\u202e\x85", ensure_ascii=False))) == "\u202e\x85"
