"""Search results as a numbered list for the terminal, without rich.

Why not a rich table like `show` and `compare`: importing and laying out rich costs a
cold `l5r-rules search` about 50 ms of its 250 ms budget, and a four-column table on a
narrow terminal (a phone over SSH) breaks entry ids and citations across lines. A list
keeps every id whole, so it can be copied into `l5r-rules show ID`.

Each hit: number, heading, edition and kind, entry id; then its citation; then a
verbatim excerpt of the rule text (an unofficial translation, when there is one, is
labelled as such). Entries that a concept lines up across editions are listed under
the concept's title with the `compare` command that sets them side by side. Colour
only on a terminal (click strips it otherwise); control characters from any text are
replaced (terminal.clean), so nothing printed can move the cursor or recolour the screen.
"""

from __future__ import annotations

import shutil
import textwrap

import click

from ..citation import short_citation
from ..terminal import clean

EXCERPT_CHARS = 220
TRANSLATION_CHARS = 160
INDENT = "     "
MAX_WIDTH = 110


def excerpt(text: str, n: int = EXCERPT_CHARS) -> str:
    flat = " ".join(clean(text).split())
    return flat if len(flat) <= n else flat[: n - 1].rstrip() + "…"


def shown_texts(hit) -> list[str]:
    """The rule text a hit's lines show (the evaluation checks whether the answer is in it)."""
    p = hit.payload
    out = [excerpt(p["text"])]
    if p.get("translation"):
        out.append(excerpt(p["translation"]["text"], TRANSLATION_CHARS))
    return out


def width() -> int:
    return max(40, min(MAX_WIDTH, shutil.get_terminal_size((100, 24)).columns))


def results_lines(results, columns: int) -> list[str]:
    """The lines `l5r-rules search` prints for `results` (styled with click.style)."""
    out: list[str] = []
    if results.corrections:
        fixes = "; ".join(f"{w} ≈ {', '.join(c[:3])}" for w, c in results.corrections.items())
        out.append(click.style(f"Typo tolerance: {clean(fixes)}", dim=True))
    if results.widened:
        out.append(click.style(f"Nothing in {', '.join(results.editions)}; showing all editions.", dim=True))
    elif results.editions or results.games:
        out.append(click.style(f"Only: {', '.join(results.editions + results.games)}", dim=True))
    if not results.groups:
        out.append("No results. Try other words, or fewer filters.")
        return out
    legend = "Excerpts are verbatim rule text (… marks a cut); `l5r-rules show ID` prints a whole entry."
    out += [click.style(line, dim=True) for line in textwrap.wrap(legend, columns)]
    n = 0
    under_concept = False
    for group in results.groups:
        if group.concept and len(group.hits) > 1:
            title = f"Concept: {clean(group.concept['title'])}"
            command = f"l5r-rules compare {group.concept['id']}"
            out.append("")
            if len(title) + len(command) + 5 <= columns:
                out.append(click.style(f"{title}  ·  {command}", fg="magenta", bold=True))
            else:  # the command on a line of its own, so that it is never broken
                out += [click.style(line, fg="magenta", bold=True) for line in textwrap.wrap(title, columns)]
                out.append(click.style(f"  {command}", fg="magenta"))
            under_concept = True
        elif under_concept:  # so that a lone entry does not look like part of the concept above
            out += ["", click.style("Other entries", fg="magenta", bold=True)]
            under_concept = False
        for hit in group.hits:
            n += 1
            out.extend(_hit_lines(n, hit.payload, columns))
    return out


def _hit_lines(n: int, p: dict, columns: int) -> list[str]:
    wrap = textwrap.TextWrapper(
        width=columns, initial_indent=INDENT, subsequent_indent=INDENT, break_long_words=False, break_on_hyphens=False
    )
    number, term, label = f"{n:>3}. ", clean(p["term"]), f"{p['edition']} · {p['kind']}"
    label, entry_id = click.style(label, fg="cyan"), click.style(p["id"], dim=True)
    lines = [""]
    if len(number) + len(term) + len(p["edition"] + p["kind"]) + len(p["id"]) + 7 <= columns:
        lines.append(number + click.style(term, bold=True) + "  " + label + "  " + entry_id)
    else:  # narrow: heading wrapped, then edition and id, the id never broken
        heading = textwrap.wrap(term, columns - len(INDENT), break_long_words=False) or [""]
        lines.append(number + click.style(heading[0], bold=True))
        lines += [INDENT + click.style(more, bold=True) for more in heading[1:]]
        lines += [INDENT + label, INDENT + entry_id]
    lines += wrap.wrap(clean(short_citation(p)))
    lines += wrap.wrap(excerpt(p["text"]))
    if p.get("translation"):
        lines += wrap.wrap("[unofficial translation] " + excerpt(p["translation"]["text"], TRANSLATION_CHARS))
    return lines


def print_results(results) -> None:
    click.echo("\n".join(results_lines(results, width())))
