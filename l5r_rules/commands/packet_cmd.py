"""`l5r-rules packet`: the judge packet, print-ready PDFs (see l5r_rules/packet/)."""

from __future__ import annotations

import os
from pathlib import Path

import click

from ..checks.validate import InvalidGlossary
from ..filetx import WriteFailed
from ..packet import links
from ..packet.output import OutputRefused
from ..packet.plan import PlanError
from ..packet.render import EngineMissing
from ..packet.run import make_packets
from .common import layout_for, root_option, stop


@click.command("packet")
@root_option
@click.option(
    "--out",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Folder for the PDFs (default: build/packets/ in the checkout). It must be absent, empty, or a folder "
    "an earlier `l5r-rules packet` wrote (it holds a .l5r-rules-packets marker); anything else is refused.",
)
@click.option(
    "--paper",
    type=click.Choice(["a4", "letter", "both"]),
    default="a4",
    show_default=True,
    help="Paper size: A4, US Letter, or both (one PDF of each).",
)
@click.option(
    "--edition",
    "editions",
    multiple=True,
    metavar="ID",
    help="Make this edition's packet (repeatable). With neither --edition nor --changes, every packet is made.",
)
@click.option(
    "--changes",
    "changes",
    multiple=True,
    metavar="OLD-NEW",
    help="Make the 'what changed' packet of two editions of one game, e.g. gold-lotus (repeatable).",
)
@click.option(
    "--base-url",
    default=None,
    metavar="URL",
    help="Address of the published site, for the permalinks and QR codes (default: $L5R_SITE_URL, else "
    "site_url of mkdocs.yml; without either the packet is refused unless --allow-placeholder).",
)
@click.option(
    "--allow-placeholder",
    is_flag=True,
    help="Without a site address, print permalinks to https://l5r-rules.invalid/, a placeholder that opens "
    "nothing (said so on the title page): for a proof copy before the site is published.",
)
def packet_cmd(root, out, paper, editions, changes, base_url, allow_placeholder):
    """Write the judge packet: print-ready PDFs for the judges' table.

    One PDF per edition (its rules in book order; each entry with its citation,
    its verbatim text and its permalink as a small QR code and a short URL), and
    one "what changed" PDF per pair of editions of one game (concept by concept,
    both texts with change bars beside the paragraphs that differ, and the
    project's own-words differences, labelled as such). Editions and pairs come
    from glossary/_sources.yaml. Files: <edition>-rules-<paper>.pdf and
    changes-<old>-<new>-<paper>.pdf; they replace earlier ones only when every
    PDF of the run is complete.

    \b
    Examples:
      l5r-rules packet --base-url https://rules.example.org/
      l5r-rules packet --allow-placeholder --edition lcg   # a proof copy before publishing
      l5r-rules packet --edition lotus --changes gold-lotus --paper both --out /tmp/packets
    """

    layout = layout_for(root)
    try:
        base, placeholder = links.resolve_base(base_url, layout.root, allow_placeholder=True)
    except links.BadBaseUrl as exc:
        stop(f"packet refused: {exc}", 2)
    target = Path(os.path.abspath(out or layout.root / "build" / "packets"))  # a link there is refused, not followed
    papers = ["a4", "letter"] if paper == "both" else [paper]
    try:
        made = make_packets(
            layout,
            target,
            papers=papers,
            base_url=base,
            placeholder=placeholder,
            editions=tuple(editions),
            changes=tuple(changes),
            say=click.echo,
            placeholder_allowed=allow_placeholder,
        )
    except (PlanError, OutputRefused) as exc:
        stop(f"packet refused: {exc}", 2)
    except InvalidGlossary as exc:
        stop(f"packet refused: {exc}", 1)
    except WriteFailed as exc:
        stop(f"packet failed: {exc.path}: cannot be written: {exc.reason}", 1)
    except EngineMissing as exc:
        stop(f"packet failed: {exc}", 1)
    if placeholder:
        click.echo(
            f"note: permalinks use the placeholder {base}, which opens nothing "
            "(set site_url in mkdocs.yml or pass --base-url)"
        )
    total = sum(m.size for m in made)
    click.echo(f"{len(made)} PDFs in {target} ({total / 1024 / 1024:.1f} MiB)")
