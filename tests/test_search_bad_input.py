"""Bad input never ends in a traceback: results, or one line and a non-zero exit."""

from __future__ import annotations

import re

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from search_helpers import fixture_checkout

from l5r_rules.cli import cli
from l5r_rules.search.engine import open_engine


@pytest.fixture(scope="module")
def root(tmp_path_factory):
    return fixture_checkout(tmp_path_factory.mktemp("bad"))


@pytest.fixture(scope="module")
def engine(root):
    with open_engine(root) as e:
        yield e


def run(*args):
    return CliRunner().invoke(cli, list(args), catch_exceptions=True)


QUERIES_WITH_RESULTS = [
    '"bowing',
    "bowing\"'",
    "AND bowing",
    "bowing OR",
    "NOT bowing",
    "bow*",
    "*bowing*",
    "bowing?",
    "term:bowing",
    "edition:gold bowing",
    "(bowing",
    "bowing)",
    "[bowing]",
    "{bowing}",
    "bowing^3",
    "bowing~2",
    "bo\x00wing bowing",
    "\x1b[31mbowing",
    "bowing\t\n\r",
    "bowing " + "x" * 10_000,
    "bowing " * 2000,
]
QUERIES_MAYBE_EMPTY = ["AND", "OR", "NOT", "?owing", "x" * 10_000, "\u200bAND"]
# No word at all: the same one-line usage error as an empty query (exit 2), not "No results".
QUERIES_WITHOUT_WORDS = ['"', "*", "?", ":", "~", "^", "\x00\x01\x02", "-", "'", "\x1b[31m", "?!\t.", "\u00ad-\u2060"]


@pytest.mark.parametrize("query", QUERIES_WITH_RESULTS, ids=lambda q: repr(q[:20]))
def test_odd_queries_still_find(root, query):
    result = run("search", query, "--root", str(root), "--json")
    assert result.exit_code == 0, result.output
    assert "gold-bowing" in result.output


@pytest.mark.parametrize("query", QUERIES_MAYBE_EMPTY, ids=lambda q: repr(q[:20]))
def test_syntax_only_queries_do_not_crash(root, query):
    result = run("search", "--root", str(root), "--", query)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    assert result.exit_code == 0 and "Traceback" not in result.output


@pytest.mark.parametrize("query", QUERIES_WITHOUT_WORDS, ids=lambda q: repr(q[:20]))
def test_queries_without_words_are_one_line(root, query):
    result = run("search", "--root", str(root), "--", query)
    assert result.exit_code == 2, result.output
    assert "no words in the query" in result.output and result.output.strip().count("\n") == 0


@pytest.mark.parametrize(
    "args,message",
    [
        (("search", ""), "empty query"),
        (("search", "   \t"), "empty query"),
        (("search", "bowing", "--edition", "diamond"), "unknown edition 'diamond'"),
        (("search", "bowing", "--game", "mtg"), "unknown game 'mtg'"),
        (("search", "bowing", "--kind", "card"), "unknown kind 'card'"),
        (("search", "bowing", "--limit", "0"), "--limit must be at least 1"),
    ],
)
def test_usage_errors_are_one_line(root, args, message):
    result = run(*args, "--root", str(root))
    assert result.exit_code == 2
    assert message in result.output and result.output.strip().count("\n") == 0


def test_missing_glossary_is_one_line(tmp_path):
    result = run("search", "bowing", "--root", str(tmp_path))
    assert result.exit_code == 2 and "no glossary here" in result.output


def test_broken_glossary_file_is_one_line(tmp_path):
    root = fixture_checkout(tmp_path)
    (root / "glossary" / "entries" / "gold" / "gold-bowing.yaml").write_text("id: [unclosed\n", encoding="utf-8")
    result = run("search", "bowing", "--root", str(root))
    assert result.exit_code == 1 and "gold-bowing.yaml:2:1: L5R001" in result.output  # path:line:col: CODE
    assert result.output.strip().count("\n") == 0


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(max_size=300))
def test_fuzz_engine(engine, text):
    results = engine.search(text, limit=5)
    assert len(results.hits) <= 5


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=200))
def test_fuzz_cli(root, text):
    result = run("search", "--root", str(root), "--json", "--", text)
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    if result.exit_code == 2:
        assert result.output.strip().count("\n") == 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=st.text(alphabet=st.characters(codec="utf-8"), min_size=1, max_size=200))
def test_fuzz_cli_list_output(root, text):
    """The human-readable list: no traceback, and no control character reaches the terminal."""
    result = run("search", "--root", str(root), "--", text)
    assert result.exit_code in (0, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)
    assert not re.search(r"[\x00-\x08\x0b-\x1f\x7f]", result.output), repr(result.output)
