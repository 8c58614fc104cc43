"""`l5r-rules coverage`: how much of each rulebook the rules engine proves, and why the rest is not."""

from __future__ import annotations

import json
import sys

import click

from .common import layout_for, root_option, stop

STATUSES = ("proven", "not-modelled", "not-a-rule", "missing")


@click.command("coverage")
@click.option("--edition", help="One book (an edition id, e.g. lcg): list each of its entries with its status.")
@click.option(
    "--status",
    type=click.Choice(STATUSES),
    help="With --edition: only the entries of this status (missing: those with no status yet).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the counts (and with --edition each entry) as JSON.")
@root_option
def coverage_cmd(edition, status, as_json, root):
    """Show the rules engine's coverage: per book, the entries proven by passing
    scenarios (tests/rulings cites them), those not modelled and why, those that
    state no rule, and the proven share: proven / (proven + not modelled but
    testable). Statuses other than proven are curated in glossary/_engine_status.yaml.

    \b
    Examples:
      l5r-rules coverage
      l5r-rules coverage --edition lcg --status not-modelled
    """
    # lazy: the checks, the engine and the knowledge base load when the command runs, never for `coverage --help`
    from ..checks.validate import InvalidGlossary, refuse_invalid
    from ..engine import coverage
    from ..kb import load_kb

    layout = layout_for(root)
    try:  # a headline share from a status file validate rejects (an entry listed twice) would be a wrong figure
        refuse_invalid(layout, "counted")
    except InvalidGlossary as exc:
        stop(f"coverage refused: {exc}", 1)
    kb = load_kb(layout.root)
    if edition is not None and edition not in kb.edition_order:
        stop(f"error: --edition {edition!r} is not an edition (one of: {', '.join(kb.edition_order)})", 2)
    if status and not edition:
        stop("error: --status lists entries of one book: give --edition too", 2)
    by_entry, _ = coverage.load(layout)
    sums = coverage.summaries(kb.entries, by_entry)
    books = [e for e in kb.edition_order if e in sums] if edition is None else [edition]
    rows = [
        by_entry[eid]
        for eid, entry in sorted(kb.entries.items(), key=lambda kv: kv[1].get("order", 0))
        if edition and entry["edition"] == edition and (not status or by_entry[eid].status == status)
    ]
    if as_json:
        out = {"books": [sums[b].to_json() for b in books], "all": sums["all"].to_json()}
        if edition:
            out["entries"] = [
                {"entry": s.entry, "status": s.status, "reason": s.reason, "scenarios": list(s.scenarios)} for s in rows
            ]
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        return
    click.echo("book      entries  proven  to model  other not modelled  not a rule  missing  proven share")
    for b in books + (["all"] if edition is None else []):
        s = sums[b]
        other = sum(n for r, n in s.not_modelled.items() if r not in coverage.TESTABLE)
        click.echo(
            f"{b:<9} {s.entries:>7}  {s.proven:>6}  {s.testable - s.proven:>8}  {other:>18}  "
            f"{sum(s.not_a_rule.values()):>10}  {s.missing:>7}  {s.share:>11.1%} of {s.testable}"
        )
    click.echo(
        "proven share = proven / (proven + to model): the entries that state a rule a scenario could test "
        "(not modelled as card text, a player's choice, physical handling or out of scope, and not a rule, are "
        "left out)"
    )
    for s in rows:
        why = f" ({s.reason})" if s.reason else ""
        cites = f": {len(s.scenarios)} scenario{'s' if len(s.scenarios) != 1 else ''}" if s.scenarios else ""
        click.echo(f"  {s.entry}  {s.status}{why}{cites}")
    if not layout.rulings.is_dir():
        click.echo(
            f"note: this checkout has no scenarios ({layout.rulings.relative_to(layout.root)}/), so no entry can be "
            "proven here: the entries they would prove count as missing",
            err=True,
        )
    if sums["all"].missing:
        sys.exit(1)
