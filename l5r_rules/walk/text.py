"""The walker as terminal text: a phase's steps in order, or what may happen at one step.

Rule text is quoted verbatim between double quotes with its entry id and citation,
taken from the cited entry as it is now (walk.quoted), never from the sequence file; a
quote that is part of a sentence is marked so with "…" where it is cut;
our own words (`when`, `note`, the headings) are never inside quotes, and a note is
labelled "(our note)".
"""

from __future__ import annotations

import shutil
import textwrap

from ..citation import of_entry
from . import KINDS, Book, Phase, Rule, Step, WalkError, books, quoted

WINDOW_MARK = "◇"
KIND_TITLES = {
    "actions": "Actions",
    "interrupts": "Interrupts",
    "reactions": "Reactions",
    "forced": "Forced abilities",
}


def width() -> int:
    return max(60, min(shutil.get_terminal_size((100, 24)).columns, 120))


def _wrap(text: str, indent: str, later: str | None = None) -> list[str]:
    return textwrap.wrap(
        text, width(), initial_indent=indent, subsequent_indent=later if later is not None else indent
    ) or [indent]


def cite(rule: Rule, entries: dict) -> str:
    """'entry-id: Document [edition], Section › Sub-section' (the id alone when the entry is not at hand)."""

    entry = entries.get(rule.entry)
    return f"{rule.entry}: {of_entry(entry).full()}" if entry else rule.entry


def _quoted(rule: Rule, entries: dict, indent: str = "    ", seen: set | None = None) -> list[str]:
    """The cited entry's own words, then its citation (only the entry id for an entry already cited above).
    Words the entry no longer holds are not printed: a line says so instead (validate: L5R082)."""
    where = rule.entry if seen is not None and rule.entry in seen else cite(rule, entries)
    if seen is not None:
        seen.add(rule.entry)
    words = quoted(rule, entries)
    if words is None:
        said = f"• [not quoted: {rule.entry} no longer holds the words this step cites; run `l5r-rules validate`]"
        return _wrap(said, indent, indent + "  ") + _wrap(f"— {where}", indent + "  ")
    return _wrap(f'• "{words}"', indent, indent + "  ") + _wrap(f"— {where}", indent + "  ")


def phase_lines(book: Book, phase: Phase) -> list[str]:
    """The phase's steps in order, one line each, action windows marked, jumps shown under their step."""
    out = [f"{phase.title} - {book.title}", f"[{phase.rule.entry}]", ""]
    pad = max(len(s.id) for s in phase.steps)
    for step in phase.steps:
        mark = f"{WINDOW_MARK} " if step.window else "  "
        first = f" ({step.window.first} acts first)" if step.window else ""
        out += _wrap(
            f"{step.id.ljust(pad)}  {mark}{step.title}{first}  [{step.rule.entry}]",
            "  ",
            "  " + " " * (pad + 4),
        )
        if step.goto:
            out.append(f"  {' ' * (pad + 4)}→ go to {step.goto[0]} when {step.goto[1]}")
    out.append("")
    out += _wrap(
        f"{WINDOW_MARK} marks an action window. For what may happen at a step (actions, interrupts, reactions, "
        f"forced abilities) and who acts first: --at STEP (e.g. --at {_example(phase).id}).",
        "",
    )
    return out


def _example(phase: Phase) -> Step:
    return next((s for s in phase.steps if s.window), phase.steps[0])


def book_lines(book: Book) -> list[str]:
    """The phases of a book, for `walk GAME` without a phase."""
    out = [book.title, ""]
    for phase in book.phases:
        windows = sum(1 for s in phase.steps if s.window)
        out.append(f"  {phase.id:<9} {phase.title} ({len(phase.steps)} steps, {windows} action windows)")
    out.append("")
    out.append(f"Walk one: l5r-rules walk {book.game} {book.phases[0].id}" + _edition_flag(book))
    return out


def _edition_flag(book: Book) -> str:

    return f" --edition {book.edition}" if sum(b.game == book.game for b in books().values()) > 1 else ""


def step_lines(book: Book, phase: Phase, step: Step, entries: dict) -> list[str]:
    """What may happen at one step: its rule, the action window (who acts first), each kind of triggered ability."""
    i = phase.steps.index(step)
    before = phase.steps[i - 1] if i else None
    after = phase.steps[i + 1] if i + 1 < len(phase.steps) else None
    seen: set = set()
    out = [f"{step.id}  {step.title} - {phase.title}, {book.title}"]
    out += _quoted(step.rule, entries, "  ", seen)
    for rule in step.rules:
        out += _quoted(rule, entries, "  ", seen)
    if step.note:
        out += _wrap(f"(our note) {step.note}", "  ")
    nav = []
    if before:
        nav.append(f"previous: {before.id} {before.title}")
    if after:
        nav.append(f"next: {after.id} {after.title}")
    if step.goto:
        nav.append(f"or go to {step.goto[0]} when {step.goto[1]}")
    out += _wrap(" · ".join(nav), "  ")
    out.append("")
    if step.window:
        out.append(f"{WINDOW_MARK} ACTION WINDOW: {step.window.title}; the {step.window.first} acts first.")
        for rule in step.window.rules:
            out += _quoted(rule, entries, seen=seen)
    else:
        out.append("Not an action window: players get no action opportunities at this step.")
    for kind in KINDS:
        rules = book.timing.get(kind)
        if kind == "actions":
            if rules:
                out.append(f"{KIND_TITLES[kind]}: when they may be taken")
                for rule in rules:
                    out += _quoted(rule, entries, seen=seen)
            continue
        if not rules:
            out.append(f"{KIND_TITLES[kind]}: this book has no ability type by that name (not in the source).")
            continue
        out.append(f"{KIND_TITLES[kind]}:")
        for rule in rules:
            out += _quoted(rule, entries, seen=seen)
    return out


def find_step(phase: Phase, step_id: str) -> Step:
    step = phase.find(step_id)
    if step is None:
        want = " ".join(step_id.lower().split()).rstrip(".")
        holding = [s for s in phase.steps if want and want in s.title.lower()]
        if len(holding) > 1:  # a word of several titles: say which, rather than list every number
            named = ", ".join(f"{s.id} {s.title}" for s in holding)
            raise WalkError(f"{step_id!r} is in the title of {len(holding)} steps ({named}): give its number")
        # repr() shows a control character as its escape: an --at of only such characters is not echoed as ''
        raise WalkError(f"no step {step_id!r} in {phase.title} (steps: {', '.join(s.id for s in phase.steps)})")
    return step
