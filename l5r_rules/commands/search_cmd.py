"""`l5r-rules search`: find the rule a judge means, with its citation."""

from __future__ import annotations

import json

import click

from ..search.analysis import normalize
from ..search.engine import SearchUsageError, search_once
from ..search.querying import words_of
from ..terminal.listing import print_results
from .clierrors import one_line_errors
from .common import root_option, skip_teardown


@click.command("search")
@root_option
@click.argument("query")
@click.option("--game", default=None, help="Only this game (a game id of glossary/_sources.yaml, e.g. ccg).")
@click.option(
    "--edition",
    default=None,
    help="Only this edition (an edition id of glossary/_sources.yaml, e.g. lotus); 'all': every edition, even"
    " where the question names one (its words then only favour it).",
)
@click.option("--kind", default=None, help="Only this kind of entry (rule, glossary-term, example, ...).")
@click.option("--limit", default=10, show_default=True, type=int, help="Most entries to show.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list of hits instead of a table.")
@click.option(
    "--explain",
    is_flag=True,
    help="Say why each hit scored as it did: its best passage, score parts per field and matched terms, factors.",
)
@click.option(
    "--all-games",
    is_flag=True,
    help="Rank every game alike. Without it, a question that names no game or edition ranks first the game its "
    "words point to (a line says which, and from which words); the others follow.",
)
def search_cmd(root, query, game, edition, kind, limit, as_json, explain, all_games):
    """Search the rules of every edition; casual words, typos and German are fine.

    Edition words in the query (listed in glossary/_sources.yaml, e.g. "lotus" or
    "battle for rokugan") narrow the search to that edition. Entries that state the same rule in
    several editions are shown together under their concept. Each hit shows the passage
    that answers the query best, with the query's words marked on a terminal.

    \b
    Example:
      l5r-rules search "can a tapped guy defend"
      l5r-rules search "tie in a duel lotus" --json
      l5r-rules search "can a bowed personality defend" --explain
    """

    skip_teardown()  # read-only: the process may end right after its output

    one_line_errors(_run)(root, query, game, edition, kind, limit, as_json, explain, all_games)


def _run(root, query, game, edition, kind, limit, as_json, explain=False, all_games=False):

    # argv bytes that are not UTF-8 arrive as lone surrogates: dropped with the words kept, but a query of
    # nothing else is named as such (it was called empty)
    undecodable = [c for c in query if "\udc80" <= c <= "\udcff"]
    if undecodable and not words_of("".join(c for c in query if c not in undecodable)):
        shown = " ".join(f"0x{ord(c) - 0xDC00:02x}" for c in undecodable[:4])
        raise SearchUsageError(
            f"no words in the query, only bytes that are not UTF-8 text ({shown}): type it in a UTF-8 terminal (locale)"
        )
    if not normalize(query).strip():
        raise SearchUsageError('empty query: type a few words, e.g. l5r-rules search "tie in a duel"')
    if not words_of(query):
        raise SearchUsageError(
            "no words in the query (only punctuation or control characters): "
            'type a few words, e.g. l5r-rules search "tie in a duel"'
        )
    results = search_once(
        root, query, game=game, edition=edition, kind=kind, limit=limit, explain=explain, all_games=all_games
    )
    if as_json:
        click.echo(json.dumps([h.as_json() for h in results.hits], ensure_ascii=False, indent=2))
        return

    print_results(results)
