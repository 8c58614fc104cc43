"""`l5r-rules compare`: one concept's rule side by side across editions, with word changes."""

from __future__ import annotations

import json

import click

from .. import worddiff
from ..search.engine import SearchUsageError, check_filter, open_engine
from ..terminal import json_for_terminal
from .clierrors import NotFound, did_you_mean, id_argument, one_line_errors
from .common import root_option, skip_teardown


@click.command("compare")
@root_option
@click.argument("concept")
@click.option(
    "--editions",
    default=None,
    help="Comma-separated editions to compare, in this order (default: all the concept has).",
)
@click.option("--json", "as_json", is_flag=True, help="Print JSON instead of text.")
def compare_cmd(root, concept, editions, as_json):
    """Compare a rule across editions: verbatim texts side by side, word-level changes
    between consecutive editions, and the differences note (our words).

    CONCEPT is a concept id, or an entry id that belongs to a concept.

    \b
    Example:
      l5r-rules compare ccg-bowing-and-straightening --editions gold,lotus,ivory
    """

    skip_teardown()  # read-only: the process may end right after its output

    one_line_errors(_run)(root, concept, editions, as_json)


def _run(root, wanted, editions, as_json):

    wanted = id_argument(wanted, "CONCEPT", "l5r-rules compare ccg-bowing-and-straightening")
    chosen = None
    if editions is not None and not [e for e in editions.split(",") if e.strip()]:
        raise SearchUsageError("--editions is empty (e.g. --editions gold,lotus,ivory)")
    with open_engine(root) as engine:
        if editions:
            chosen = [check_filter("edition", e, engine.registry) for e in editions.split(",") if e.strip()]
        concept = engine.concept(wanted)  # a concept id first: some equal an entry id (lcg-stronghold)
        if concept is None:
            concept = engine.concept((engine.entry(wanted) or {}).get("concept") or "")
        if concept is None:
            known = engine.all_ids("concept")
            hint = did_you_mean(wanted, known) or (
                f" (concepts: {', '.join(known[:8])}...)" if known else " (no concepts in glossary/concepts/ yet)"
            )
            raise NotFound(f"no concept {wanted!r}{hint}")
        order = chosen or [e for e in engine.registry.order if concept["entries"].get(e)]
        missing = [e for e in order if not concept["entries"].get(e)]
        if missing:
            raise SearchUsageError(
                f"concept '{concept['id']}' has no entries for {', '.join(missing)} "
                f"(it has {', '.join(sorted(concept['entries']))})"
            )
        entries = {ed: [e for e in (engine.entry(i) for i in concept["entries"][ed]) if e] for ed in order}
        game_of = engine.registry.game_of
    columns = {ed: "\n\n".join(e["text"] for e in items) for ed, items in entries.items()}
    # The site's rules (worddiff.py): only editions of one game are diffed; a diff of texts with too
    # few words in common is reported but not highlighted.
    diffs = [
        {
            "from": p.a,
            "to": p.b,
            "same_game": p.same_game,
            "highlight": p.highlight,
            **(p.diff.as_json() if p.diff else {"similarity": None, "ops": []}),
        }
        for p in worddiff.pairs(game_of, columns)
    ]
    if as_json:
        data = {"concept": concept, "editions": order, "entries": entries, "diffs": diffs}
        click.echo(json_for_terminal(json.dumps(data, ensure_ascii=False, indent=2)))
        return
    from ..terminal.render import console, print_compare  # rich: for a terminal only, never with --json

    print_compare(concept, columns, diffs, console())
