"""`l5r-rules import`."""

from __future__ import annotations

import re
from contextlib import nullcontext

import click

from ..importers.curated import ACCEPT_SIMILARITY
from ..importers.run import run_import
from ..locks import glossary_lock
from .common import layout_for, root_option, stop

_SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")


def _renames(ctx, param, values) -> dict[str, str]:
    """--rename OLD=NEW, repeatable -> {OLD: NEW}; a malformed pair is a usage error (exit 2)."""
    out: dict[str, str] = {}
    for value in values:
        old, sep, new = value.partition("=")
        old, new = old.strip(), new.strip()
        if not sep or not _SLUG.match(old) or not _SLUG.match(new):
            raise click.BadParameter(
                f"{value!r} is not OLD=NEW with two entry ids, e.g. lotus-bowing=lotus-bowing-cards"
            )
        if old in out and out[old] != new:
            raise click.BadParameter(f"'{old}' is renamed twice ({out[old]}, {new})")
        out[old] = new
    return out


@click.command("import")
@root_option
@click.option("--only", default=None, help="Import one document (document or edition id).")
@click.option(
    "--rename",
    "renames",
    multiple=True,
    callback=_renames,
    metavar="OLD=NEW",
    help="An entry id that the sources no longer produce and the new id that replaces it: "
    "its curated fields move to NEW. Repeatable.",
)
@click.option(
    "--accept-renames",
    is_flag=True,
    help="Carry curated fields over to every suggested replacement whose text is at least "
    f"{ACCEPT_SIMILARITY:.0%} similar.",
)
@click.option(
    "--keep-orphans",
    is_flag=True,
    help="Move entries with curated fields that are no longer produced to glossary/orphans/<edition>/ "
    "instead of refusing (validate lists them until resolved).",
)
def import_cmd(root, only, renames, accept_renames, keep_orphans):
    """Import the rulebooks in sources/ into glossary/entries/, all or nothing.

    Imported fields are rewritten; every other field (aliases, related,
    translation, ...) is curated and kept. On unchanged sources no file
    changes. Import reads every source and every existing entry first and
    writes nothing if anything is wrong: a source it cannot read, an entry
    file with bad YAML, or an entry with curated fields whose id the sources
    no longer produce (a renamed heading). For those it names the new id that
    most likely replaces it; carry the fields over with --rename OLD=NEW or
    --accept-renames, or park the file with --keep-orphans. It lists every
    removed entry and every translation that became stale.

    \b
    Example:
      l5r-rules import --only lotus
      l5r-rules import --rename lotus-bowing=lotus-bowing-cards
    """

    layout = layout_for(root)
    lock = glossary_lock(layout, click.echo) if layout.sources_registry.is_file() else nullcontext()
    with lock:  # one glossary writer at a time (import, link, refresh)
        report = run_import(
            layout, only=only, renames=renames, accept_renames=accept_renames, keep_orphans=keep_orphans
        )
    if report.problems:
        for problem in report.problems:
            click.echo(str(problem))
        stop(f"import: nothing written ({len(report.problems)} problem(s))", 1)
    for doc, count in report.counts.items():
        click.echo(f"{doc}: {count} entries ({report.written[doc]} written, {report.unchanged[doc]} unchanged)")
    for path in report.removed:
        click.echo(f"removed {path} (no longer produced by the sources; it had no curated fields)")
    for old, new, fields in report.renamed:
        click.echo(f"renamed {old} -> {new}: carried {', '.join(fields)}")
        if report.references.get(old):
            click.echo(
                f"  '{old}' is still named in {', '.join(report.references[old])}: "
                f"replace it by '{new}' there (validate lists each place)"
            )
    for path, parked in report.orphaned:
        click.echo(f"orphaned {path} -> {parked} (validate lists it until its curated fields find a home)")
    for entry_id, fingerprint in report.stale:
        click.echo(
            f"stale translation: {entry_id} (its text changed; review the translation, then set "
            f"translation.source_sha256: {fingerprint})"
        )
    for path in report.comments_dropped:
        click.echo(f"comments dropped: {path} was rewritten and YAML comments are not kept")
