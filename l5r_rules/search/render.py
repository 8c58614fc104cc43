"""Terminal output of `show` and `compare` with rich (imported only for human output).

`search` prints a plain list instead (listing.py), to start fast.

Rule text is printed verbatim and whole; anything in the project's own
words (concept summaries, differences, translations) carries a label saying so.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .payloads import citation

OWN_WORDS = "[dim](our words, not rule text)[/dim]"


def console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def print_entry(entry: dict, related: list[dict], errata: list[dict], out: Console) -> None:
    out.print(f"[bold]{escape(entry['term'])}[/bold]  [cyan]{entry['edition']}[/cyan] · {entry['kind']} · "
              f"[dim]{escape(entry['id'])}[/dim]")
    out.print(f"Source: {escape(citation(entry))}")
    out.print(f"Site: {entry['url']}")
    if entry.get("concept"):
        out.print(f"Concept: {entry['concept']}  (l5r-rules compare {entry['concept']})")
    if entry.get("aliases"):
        out.print(f"Also called: {escape(', '.join(entry['aliases']))}")
    out.rule("Rule text (verbatim)")
    out.print(Text(entry["text"]))
    if entry.get("translation"):
        out.rule("Unofficial translation (our words; the German text is the authority)")
        out.print(Text(entry["translation"]["text"]))
    if related:
        out.rule("Related")
        for r in related:
            out.print(f"- {escape(r['id'])}: {escape(r.get('term', '(not in the knowledge base)'))}")
    _print_errata(errata, out)


def _print_errata(errata: list[dict], out: Console) -> None:
    if errata:
        out.rule("Errata and changes")
        for e in errata:
            out.print(f"- [bold]{escape(e.get('title', e['id']))}[/bold] ({e.get('type')}, {e.get('edition')}): "
                      f"{escape(e.get('summary', ''))} {OWN_WORDS} — stated in {e.get('entry')}")


def print_concept(concept: dict, entries: dict[str, list[dict]], errata: list[dict], out: Console) -> None:
    out.print(f"[bold magenta]{escape(concept['title'])}[/]  [dim]{concept['id']}[/dim]  Site: {concept['url']}")
    if concept.get("aliases"):
        out.print(f"Also called: {escape(', '.join(concept['aliases']))}")
    out.print(f"Summary {OWN_WORDS}: {escape(concept['summary'])}")
    table = Table(expand=True)
    for col in ("Edition", "Entry", "Source"):
        table.add_column(col)
    for edition, items in entries.items():
        for e in items:
            table.add_row(edition, f"{e['term']}\n{e['id']}", citation(e))
    out.print(table)
    print_differences(concept, out)
    if concept.get("related"):
        out.print(f"Related concepts: {', '.join(concept['related'])}")
    for other in concept.get("cross_game") or []:
        out.print(f"Other game: {other['concept']}: {escape(other['note'])} {OWN_WORDS}")
    _print_errata(errata, out)


def print_differences(concept: dict, out: Console) -> None:
    if concept.get("differences"):
        out.rule("Differences (our words, not rule text)")
        for d in concept["differences"]:
            eds = f"[cyan]{', '.join(d.get('editions') or [])}[/cyan] " if d.get("editions") else ""
            out.print(f"- {eds}{escape(d['text'])} [dim](rests on {', '.join(d['entries'])})[/dim]")
    elif concept.get("same_in_all_editions"):
        out.print("[dim]Checked: the same in all editions.[/dim]")


def diff_text(diff: dict) -> Text:
    text = Text()
    for op in diff["ops"]:
        if op["op"] == "equal":
            text.append(op["old"] + " ")
        if op["op"] in ("delete", "replace") and op["old"]:
            text.append(op["old"], style="red strike")
            text.append(" ")
        if op["op"] in ("insert", "replace") and op["new"]:
            text.append(op["new"], style="green underline")
            text.append(" ")
    return text


def print_compare(concept: dict, columns: dict[str, str], diffs: list[dict], out: Console) -> None:
    out.print(f"[bold magenta]{escape(concept['title'])}[/]  [dim]{concept['id']}[/dim]")
    out.print(f"Summary {OWN_WORDS}: {escape(concept['summary'])}")
    table = Table(expand=True, show_lines=True)
    for edition in columns:
        table.add_column(f"{edition} (verbatim)", ratio=1)
    table.add_row(*(Text(t) for t in columns.values()))
    out.print(table)
    for d in diffs:
        out.rule(f"{d['from']} → {d['to']}: word changes (similarity {d['similarity']:.0%})")
        out.print(diff_text(d))
    print_differences(concept, out)
