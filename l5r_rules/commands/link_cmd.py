"""`l5r-rules link`."""

from __future__ import annotations

import json
import sys
from contextlib import nullcontext

import click

from ..crosslinks import compute_links, write_links
from ..filetx import WriteFailed
from ..kb import load_kb
from ..locks import glossary_lock
from .common import layout_for, root_option, stop


@click.command("link")
@root_option
@click.option(
    "--report",
    "show_report",
    is_flag=True,
    help="List every reference per book, resolved (to what, how) or not (and why), and the unscanned count.",
)
@click.option(
    "--json", "as_json", is_flag=True, help="Print the whole report (every reference, how it resolved) as JSON."
)
@click.option("--check", is_flag=True, help="Write nothing; exit 1 if any entry's `related_from_book` is out of date.")
def link_cmd(root, show_report, as_json, check):
    """Turn the rulebooks' own cross-references into `related_from_book` entry ids.

    Reads `Related:` lines, "see page N" / (see "X" on page N) / "see p. N"
    references (pages resolved through the books' tables of contents or page
    markers), Battle for Rokugan's "auf Seite N" / siehe „X“ references and
    bold mentions of glossary terms; rewrites the `related_from_book` field
    of each entry (never `related`, the links a person chose). Running it
    twice changes nothing. The report counts page-like tokens no reference
    accounts for (UNSCANNED); it should be 0.

    \b
    Example:
      l5r-rules link --report
      l5r-rules link --check --json > build/links.json
    """

    layout = layout_for(root)
    if not layout.sources_registry.exists():
        stop(f"{layout.sources_registry}: no sources registry here: is --root a checkout?", 1)

    with nullcontext() if check else glossary_lock(layout, click.echo):  # one glossary writer at a time
        kb = load_kb(layout.root)
        report = compute_links(kb)
        try:
            changed = write_links(kb, report, dry_run=check)
        except WriteFailed as exc:
            stop(f"{exc.path}: cannot be written: {exc.reason}", 1)
    if as_json:
        click.echo(json.dumps(report.as_dict(), indent=2, ensure_ascii=False))
    else:
        c = report.counts
        click.echo(
            f"{c['total']} links in {c['entries-with-links']} entries "
            f"(Related: lines {c['related-line']}, page references {c['page-reference']}, "
            f"See {c['see']}, glossary mentions {c['mention']}); "
            f"{c['page-references'] - c['unresolved-page-references']}/{c['page-references']} page references resolved"
        )
        if show_report:
            _print_report(report)
        verb = "out of date" if check else "written"
        click.echo(
            f"{len(changed)} entries {verb}"
            + (": " + ", ".join(changed[:5]) + (" ..." if len(changed) > 5 else "") if changed else ""),
            err=True,
        )
    if check and changed:
        sys.exit(1)


def _print_report(report) -> None:
    """Every reference per book: resolved ones with their targets, unresolved ones with the reason."""
    books = report.by_document()
    for doc, c in books.items():
        click.echo(
            f"\n{doc}: {c['found']} references, {c['resolved']} resolved, {c['unresolved']} unresolved, "
            f"{c['unscanned']} unscanned, {c['outside-entries']} outside entries"
        )
        for ref in report.references:
            if report.documents.get(ref.entry) != doc or ref.kind == "see":
                continue
            if ref.targets:
                click.echo(f"  resolved: {ref.entry}: {ref.quote!r} -> {', '.join(ref.targets)} ({ref.how})")
            else:
                click.echo(f"  unresolved: {ref.entry}: {ref.quote!r}: {ref.reason}")
        for u in report.unscanned:
            if u["document"] == doc:
                click.echo(f"  UNSCANNED: {u['entry']}: {u['token']!r} matches a page reference no rule handles")
        for u in report.outside:
            if u["document"] == doc:
                click.echo(f"  outside entries: {u['token']!r} in {u['paragraph']!r}: {u['reason']}")
    for item in report.unresolved_related:
        click.echo(f"unresolved Related: {item['entry']}: {item['name']!r}: {item['reason']}")
    click.echo(f"\nUNSCANNED: {len(report.unscanned)}")
