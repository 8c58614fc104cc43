"""`l5r-rules walk`: the framework steps of a phase (or the CCG turn) in order, and what may happen at a step."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .. import walk, yamlio
from ..walk import quoted, text
from ..walk.text import cite
from .common import layout_for, root_option, stop


@click.command("walk")
@click.argument("game")
@click.argument("phase", required=False)
@click.option("--edition", help="Edition of a game with several books (ccg: gold, lotus, ivory).")
@click.option(
    "--at",
    "at",
    metavar="STEP",
    help="Say what may happen at this step: its number (3.2.2, D.3) or its title ('declare defenders').",
)
@click.option("--json", "as_json", is_flag=True, help="Print the phase (or the step) as JSON.")
@root_option
def walk_cmd(game, phase, edition, at, as_json, root):
    """Walk a game's timing: the framework steps of PHASE in order with their rule
    entries, action windows marked; with --at STEP, what may happen at that step
    (actions, interrupts, reactions, forced abilities) and who acts first, quoting
    the rules. Without PHASE, list the phases.

    \b
    Examples:
      l5r-rules walk lcg                      # the LCG phases
      l5r-rules walk lcg conflict
      l5r-rules walk lcg conflict --at 3.2.2
      l5r-rules walk ccg turn --edition lotus
      l5r-rules walk lotus turn --at 4.4      # an edition id names its game too
    """

    layout_for(root)  # outside a checkout: one line and exit 2 (the walk quotes that checkout's glossary)
    if at is not None and not at.strip():  # was taken as no --at: the whole phase (hostile round 9b, #28)
        stop("error: --at is empty (e.g. --at 3.2.2 or --at 'declare defenders')", 2)
    try:
        book = walk.book_for(game, edition)
        if phase is None:
            if at:
                raise walk.WalkError(f"--at needs a phase (phases: {', '.join(p.id for p in book.phases)})")
            _emit(text.book_lines(book))
            return
        chosen = book.phase(phase)
        step = text.find_step(chosen, at) if at else None
    except walk.WalkError as exc:
        stop(f"error: {exc}", 2)
    entries = _entries(root, book)
    if as_json:
        click.echo(json.dumps(_json(book, chosen, step, entries), indent=2, ensure_ascii=False))
    else:
        _emit(text.step_lines(book, chosen, step, entries) if step else text.phase_lines(book, chosen))
    shown = _shown_rules(book, chosen, step, as_json)
    gone = sorted({r.entry for r in shown if walk.quoted(r, entries) is None})
    if gone:
        click.echo(
            f"walk: {len(gone)} cited entries no longer hold the words quoted from them ({', '.join(gone[:5])}); "
            "nothing was quoted from them (run `l5r-rules validate`: L5R082)",
            err=True,
        )
        sys.exit(1)


def _shown_rules(book, phase, step, as_json: bool) -> list:
    """The rules whose words the output quotes."""
    steps = [step] if step else (phase.steps if as_json else [])
    out = [r for s in steps for r in (s.rule, *s.rules, *(s.window.rules if s.window else ()))]
    if step:
        out += [r for rules in book.timing.values() for r in rules]
    return out


def _emit(lines: list[str]) -> None:
    click.echo("\n".join(lines))


def _entries(root: Path | None, book) -> dict:
    """The cited entries, read from the checkout's glossary."""
    layout = layout_for(root)  # outside a checkout: NotACheckout, one line (walk quotes the glossary)
    out = {}
    for rule in book.rules():
        path = layout.entry_path(book.edition, rule.entry)
        if path.is_file():
            data = yamlio.load_plain(path)
            if isinstance(data, dict) and data.get("id") == rule.entry:
                out[rule.entry] = data
    return out


def _rule(rule, entries: dict) -> dict:
    """The cited entry's own words (null where it no longer holds them, see L5R082) and its citation."""
    return {"entry": rule.entry, "quote": quoted(rule, entries), "citation": cite(rule, entries)}


def _step(step, entries: dict) -> dict:
    out = {"id": step.id, "title": step.title, "rule": _rule(step.rule, entries)}
    if step.rules:
        out["rules"] = [_rule(r, entries) for r in step.rules]
    if step.window:
        out["window"] = {
            "title": step.window.title,
            "first": step.window.first,
            "rules": [_rule(r, entries) for r in step.window.rules],
        }
    if step.goto:
        out["goto"] = {"step": step.goto[0], "when": step.goto[1]}
    if step.note:
        out["note_ours"] = step.note
    return out


def _json(book, phase, step, entries: dict) -> dict:
    out = {"game": book.game, "edition": book.edition, "phase": phase.id, "title": phase.title}
    if step is None:
        out["steps"] = [_step(s, entries) for s in phase.steps]
        return out
    out["step"] = _step(step, entries)
    out["timing"] = {k: [_rule(r, entries) for r in v] for k, v in book.timing.items()}
    return out
