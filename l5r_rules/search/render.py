"""Terminal output of the search commands with rich (imported only for human output).

Rule text is printed verbatim (excerpts end in '…'); anything in the project's own
words (concept summaries, differences, translations) carries a label saying so.
"""

from __future__ import annotations

from rich.console import Console
from rich.markup import escape
from rich.table import Table
from rich.text import Text

from .payloads import citation, short_citation

EXCERPT_CHARS = 220
OWN_WORDS = "[dim](our words, not rule text)[/dim]"


def console() -> Console:
    return Console(highlight=False, soft_wrap=False)


def excerpt(text: str, n: int = EXCERPT_CHARS) -> str:
    flat = " ".join(text.split())
    return flat if len(flat) <= n else flat[: n - 1].rstrip() + "…"


def print_results(results, out: Console) -> None:
    if results.corrections:
        fixes = "; ".join(f"{w} ≈ {', '.join(c[:3])}" for w, c in results.corrections.items())
        out.print(f"[dim]Typo tolerance: {escape(fixes)}[/dim]")
    if results.widened:
        out.print(f"[dim]Nothing in {', '.join(results.editions)}; showing all editions.[/dim]")
    elif results.editions or results.games:
        out.print(f"[dim]Only: {', '.join(results.editions + results.games)}[/dim]")
    if not results.groups:
        out.print("No results. Try other words, or fewer filters.")
        return
    n = 0
    pending: list = []  # lone entries share one table; each concept gets its own, titled
    for group in results.groups:
        if group.concept and len(group.hits) > 1:
            if pending:
                n = _print_hits(pending, n, out)
                pending = []
            title = f"Concept: {group.concept['title']}  ·  l5r-rules compare {group.concept['id']}"
            n = _print_hits(group.hits, n, out, title=title)
        else:
            pending.extend(group.hits)
    if pending:
        _print_hits(pending, n, out)


def _print_hits(hits, n: int, out: Console, title: str | None = None) -> int:
    table = Table(show_lines=True, expand=True, title=title, title_justify="left", title_style="bold magenta")
    table.add_column("#", justify="right", no_wrap=True)
    table.add_column("Entry", ratio=2, overflow="fold")
    table.add_column("Source", ratio=2)
    table.add_column("Text (verbatim excerpt)", ratio=4)
    for hit in hits:
        n += 1
        p = hit.payload
        entry = Text.from_markup(f"[bold]{escape(p['term'])}[/bold]\n[cyan]{p['edition']}[/cyan] · {p['kind']}"
                                 f"\n[dim]{escape(p['id'])}[/dim]")
        body = excerpt(p["text"])
        if p.get("translation"):
            body += f"\n[unofficial translation] {excerpt(p['translation']['text'], 160)}"
        table.add_row(str(n), entry, Text(short_citation(p)), Text(body))
    out.print(table)
    return n


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
