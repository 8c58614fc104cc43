"""Terminal output of `show` and `compare` with rich (imported only for human output).

`search` prints a plain list instead (listing.py), to start fast.

Rule text is printed verbatim and whole; anything in the project's own
words (concept summaries, differences, translations) carries a label saying so.

Nothing from the glossary is ever read as rich markup: every line is a `Text` built
from (string, style) pieces, each string passed through `terminal.clean`, and the
console has markup and emoji codes off. So `[red]` or `:warning:` in a rule prints
as written, and an escape sequence in a term cannot reach the terminal.
"""

from __future__ import annotations

import sys

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..citation import citation_of_payload as citation
from ..terminal import Styled, clean

OWN_WORDS = ("(our words, not rule text)", "dim")


def console() -> Console:
    """Rich on standard output; every string it gets is cleaned (line()), so its colours may pass (Styled)."""
    return Console(file=Styled(sys.stdout), highlight=False, soft_wrap=False, markup=False, emoji=False)


def line(*parts) -> Text:
    """A Text from strings and (string, style) pairs; every string cleaned, none read as markup."""
    text = Text()
    for part in parts:
        value, style = part if isinstance(part, tuple) else (part, "")
        text.append(clean(str(value)), style=style)
    return text


def print_entry(entry: dict, related: list[dict], errata: list[dict], out: Console) -> None:
    out.print(
        line((entry["term"], "bold"), "  ", (entry["edition"], "cyan"), f" · {entry['kind']} · ", (entry["id"], "dim"))
    )
    out.print(line("Source: ", citation(entry)))
    out.print(line("Site: ", entry["url"]))
    if entry.get("concept"):
        out.print(line(f"Concept: {entry['concept']}  (l5r-rules compare {entry['concept']})"))
    if entry.get("aliases"):
        out.print(line("Also called: ", ", ".join(entry["aliases"])))
    out.rule("Rule text (verbatim)")
    out.print(line(entry["text"]))
    if entry.get("translation"):
        out.rule("Unofficial translation (our words; the German text is the authority)")
        out.print(line(entry["translation"]["text"]))
    if related:
        out.rule("Related")
        for r in related:
            out.print(line(f"- {r['id']}: {r.get('term') or '(not in the knowledge base)'}"))
    _print_errata(errata, out)


def _print_errata(errata: list[dict], out: Console) -> None:
    if errata:
        out.rule("Errata and changes")
        for e in errata:
            out.print(
                line(
                    "- ",
                    (e.get("title", e["id"]), "bold"),
                    f" ({e.get('type')}, {e.get('edition')}): ",
                    e.get("summary", ""),
                    " ",
                    OWN_WORDS,
                    f" — stated in {e.get('entry')}",
                )
            )
            print_evidence([q for q in e.get("evidence") or [] if q["quote"] != e.get("quote")], out)


def print_concept(concept: dict, entries: dict[str, list[dict]], errata: list[dict], out: Console) -> None:
    out.print(line((concept["title"], "bold magenta"), "  ", (concept["id"], "dim"), "  Site: ", concept["url"]))
    if concept.get("aliases"):
        out.print(line("Also called: ", ", ".join(concept["aliases"])))
    out.print(line("Summary ", OWN_WORDS, ": ", concept["summary"]))
    print_evidence(concept.get("summary_evidence"), out)
    table = Table(expand=True)
    for col in ("Edition", "Entry", "Source"):
        table.add_column(col)
    for edition, items in entries.items():
        for e in items:
            table.add_row(line(edition), line(f"{e['term']}\n{e['id']}"), line(citation(e)))
    out.print(table)
    print_differences(concept, out)
    if concept.get("related"):
        out.print(line("Related concepts: ", ", ".join(concept["related"])))
    for other in concept.get("cross_game") or []:
        out.print(line(f"Other game: {other['concept']}: ", other["note"], " ", OWN_WORDS))
    _print_errata(errata, out)


def print_evidence(items, out: Console) -> None:
    """The verbatim quotes an own-words claim rests on, each with the entry it comes from."""
    for q in items or []:
        out.print(line("    “", (clean(q["quote"]), "italic"), "” ", (f"({q['entry']})", "dim")))


def print_differences(concept: dict, out: Console) -> None:
    if concept.get("differences"):
        out.rule("Differences (our words, not rule text)")
        for d in concept["differences"]:
            eds = (", ".join(d.get("editions") or []) + " ", "cyan") if d.get("editions") else ""
            out.print(line("- ", eds, d["text"], (f" (rests on {', '.join(d['entries'])})", "dim")))
            print_evidence(d.get("evidence"), out)
    elif concept.get("same_in_all_editions"):
        out.print(line(("Checked: the same in all editions.", "dim")))


def diff_text(diff: dict) -> Text:
    """A word diff (worddiff.Diff.as_json) with removed words struck through, added ones underlined."""
    text = Text()
    for op in diff["ops"]:
        if op["op"] == "equal":
            text.append(clean(op["old"]) + " ")
        if op["op"] in ("delete", "replace") and op["old"]:
            text.append(clean(op["old"]), style="red strike")
            text.append(" ")
        if op["op"] in ("insert", "replace") and op["new"]:
            text.append(clean(op["new"]), style="green underline")
            text.append(" ")
    return text


def print_compare(concept: dict, columns: dict[str, str], diffs: list[dict], out: Console) -> None:
    out.print(line((concept["title"], "bold magenta"), "  ", (concept["id"], "dim")))
    out.print(line("Summary ", OWN_WORDS, ": ", concept["summary"]))
    table = Table(expand=True, show_lines=True)
    for edition in columns:
        table.add_column(line(f"{edition} (verbatim)"), ratio=1)
    table.add_row(*(line(t) for t in columns.values()))
    out.print(table)
    for d in diffs:
        if not d["same_game"]:
            out.rule(line(f"{d['from']} → {d['to']}: different games, compared side by side above (no word diff)"))
        elif not d["highlight"]:
            out.rule(
                line(
                    f"{d['from']} → {d['to']}: worded differently ({d['similarity']:.0%} of words in common), "
                    "no word diff"
                )
            )
        else:
            out.rule(line(f"{d['from']} → {d['to']}: word changes (similarity {d['similarity']:.0%})"))
            out.print(diff_text(d))
    print_differences(concept, out)
