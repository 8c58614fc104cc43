"""The timing walker: each book's framework steps as data, read by `l5r-rules walk` and the site.

`sequences/<edition>.yaml` (schema: l5r_rules/schemas/timing.schema.json) lists, per
phase (or the CCG turn), the steps in the book's order; each step cites the glossary
entry stating it with a verbatim `quote`. A step with `window: <kind>` is an action
window; `windows` says who acts first there and what may be done, `timing` what may
happen at any step (interrupts, reactions, forced abilities), each with its rules.
A kind the book does not have is left out, and the walker says so.

    books() -> {edition: Book}           every sequence file, checked
    book_for(game, edition) -> Book      the one book of a game, or the named edition's
    quote_problems(book, entries) -> []  quotes not found in their entry's text (validate: L5R082)
    quoted(rule, entries) -> str | None  the quote as the cited entry's text holds it now

What is printed or published is the cited entry's own words (`quoted`), never the
sequence file's copy: an entry edited since would otherwise be misquoted with its
own citation.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from .. import yamlio
from ..schemas import say, validator

SEQUENCES = Path(__file__).resolve().parent / "sequences"
KINDS = ("actions", "interrupts", "reactions", "forced")


class WalkError(Exception):
    """A bad command-line request or a bad sequence file; str() is one line."""


@dataclass(frozen=True)
class Rule:
    entry: str
    quote: str


@dataclass(frozen=True)
class Window:
    name: str
    title: str
    first: str
    rules: tuple[Rule, ...]


@dataclass(frozen=True)
class Step:
    id: str
    title: str
    rule: Rule
    window: Window | None
    rules: tuple[Rule, ...]
    goto: tuple[str, str] | None  # (step id, when)
    note: str | None

    @property
    def anchor(self) -> str:
        return "step-" + re.sub(r"[^a-z0-9]+", "-", self.id.lower()).strip("-")


@dataclass(frozen=True)
class Phase:
    id: str
    title: str
    rule: Rule
    steps: tuple[Step, ...]

    def find(self, step_id: str) -> Step | None:
        """The step by its number (3.2.2, D.3), else by its title or the only title holding the words."""
        want = " ".join(step_id.lower().split()).rstrip(".")
        by_id = next((s for s in self.steps if s.id.lower() == want), None)
        if by_id or not want:
            return by_id
        by_title = [s for s in self.steps if s.title.lower() == want]
        holding = [s for s in self.steps if want in s.title.lower()]
        return (by_title or holding)[0] if len(by_title) == 1 or (not by_title and len(holding) == 1) else None


@dataclass(frozen=True)
class Book:
    game: str
    edition: str
    title: str
    entry: str  # the entry introducing the book's timing chapter
    timing: dict  # kind -> tuple[Rule, ...]; a kind absent: the book does not have it
    phases: tuple[Phase, ...]
    path: Path

    def phase(self, phase_id: str) -> Phase:
        for p in self.phases:
            if p.id == phase_id.strip().lower():
                return p
        listed = ", ".join(p.id for p in self.phases)
        raise WalkError(f"no phase {phase_id!r} in {self.title} (phases: {listed})")

    def rules(self) -> list[Rule]:
        out: list[Rule] = []
        for rules in self.timing.values():
            out += rules
        for phase in self.phases:
            out.append(phase.rule)
            for step in phase.steps:
                out += [step.rule, *step.rules, *(step.window.rules if step.window else ())]
        return list(dict.fromkeys(out))


def _rule(node: dict) -> Rule:
    return Rule(node["entry"], node["quote"])


def _rules(nodes) -> tuple[Rule, ...]:
    return tuple(_rule(n) for n in nodes or ())


def load(path: Path) -> Book:
    """One sequence file, checked against its schema and for references inside it (WalkError: file:line)."""

    loaded = yamlio.load_file(path)
    if loaded.problems:
        p = loaded.problems[0]
        raise WalkError(f"{path}:{p.line}: {p.code} {p.field} {p.message}")
    data = loaded.data

    def fail(where: tuple, message: str):
        raise WalkError(f"{path}:{loaded.where(where)[0]}: {yamlio.dotted(where) or '(document)'} {message}")

    error = next(iter(sorted(validator("timing").iter_errors(data), key=lambda e: list(e.absolute_path))), None)
    if error is not None:
        fail(tuple(error.absolute_path), say(error))
    if data["edition"] != path.stem:
        fail(("edition",), f"is '{data['edition']}' but the file is {path.name}")
    windows = {
        name: Window(name, w["title"], w["first"], _rules(w["rules"])) for name, w in data.get("windows", {}).items()
    }
    seen: set[str] = set()
    phases = []
    for i, p in enumerate(data["phases"]):
        ids = [s["id"] for s in p["steps"]]
        steps = []
        for j, s in enumerate(p["steps"]):
            where = ("phases", i, "steps", j)
            if s["id"].lower() in seen:
                fail(where + ("id",), f"'{s['id']}' is used twice in this file")
            seen.add(s["id"].lower())
            if "window" in s and s["window"] not in windows:
                fail(where + ("window",), f"'{s['window']}' is not under windows (given: {', '.join(windows)})")
            goto = s.get("goto")
            if goto and goto["step"] not in ids:
                fail(where + ("goto", "step"), f"'{goto['step']}' is not a step of phase {p['id']}")
            steps.append(
                Step(
                    s["id"],
                    s["title"],
                    _rule(s),
                    windows.get(s.get("window")),
                    _rules(s.get("rules")),
                    (goto["step"], goto["when"]) if goto else None,
                    s.get("note"),
                )
            )
        phases.append(Phase(p["id"], p["title"], _rule(p), tuple(steps)))
    if len({p.id for p in phases}) != len(phases):
        fail(("phases",), "two phases share an id")
    timing = {k: _rules(v) for k, v in (data.get("timing") or {}).items()}
    return Book(data["game"], data["edition"], data["title"], data["entry"], timing, tuple(phases), path)


@cache
def books() -> dict[str, Book]:
    """Every sequence file by edition, in file-name order."""
    return {b.edition: b for b in (load(p) for p in sorted(SEQUENCES.glob("*.yaml")))}


def book_for(game: str, edition: str | None = None) -> Book:
    """The book a `walk` names: by game (and --edition where the game has several), or by edition id."""
    all_ = books()
    game = game.strip().lower()
    if edition is None and game in all_:  # `walk lotus turn`
        return all_[game]
    if game in all_:  # `walk lotus turn --edition gold`: the edition is named twice
        wanted = edition.strip().lower()
        if wanted == game:
            return all_[game]
        real = all_[game].game
        if wanted not in all_:
            raise WalkError(f"--edition {edition!r} is not an edition with a timing sequence ({', '.join(all_)})")
        if all_[wanted].game != real:  # `walk lcg turn --edition lotus`: another game's edition
            raise WalkError(
                f"--edition {edition!r} is an edition of {all_[wanted].game}, not of {real}: "
                f"walk {wanted} PHASE (or walk {all_[wanted].game} PHASE --edition {wanted})"
            )
        raise WalkError(
            f"'{game}' is an edition (of {real}), and --edition names another, {edition!r}: "
            f"give the game and the edition (walk {real} PHASE --edition {wanted}) or the edition alone "
            f"(walk {wanted} PHASE)"
        )
    of_game = {e: b for e, b in all_.items() if b.game == game}
    if not of_game:
        games = sorted({b.game for b in all_.values()})
        raise WalkError(
            f"no timing sequence for {game!r} (games: {', '.join(games)}; or an edition: {', '.join(all_)})"
        )
    if edition is None:
        if len(of_game) == 1:
            return next(iter(of_game.values()))
        raise WalkError(f"{game} has one sequence per edition; add --edition ({', '.join(of_game)})")
    if edition.strip().lower() not in of_game:
        raise WalkError(f"no {game} sequence for edition {edition!r} (editions: {', '.join(of_game)})")
    return of_game[edition.strip().lower()]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text.replace("*", "")).strip()


def holds_quote(text: str, quote: str) -> bool:
    """`text` holds the words of `quote`, bold marks and spacing aside (what validate's L5R082 checks too)."""
    return _norm(quote) in _norm(text)


def _norm_map(text: str) -> tuple[str, list[int]]:
    """`_norm(text)` and, for each of its characters, the index in `text` it comes from."""
    chars: list[str] = []
    where: list[int] = []
    for i, ch in enumerate(text):
        if ch == "*":
            continue
        if ch.isspace():
            if not chars or chars[-1] == " ":
                continue
            ch = " "
        chars.append(ch)
        where.append(i)
    while chars and chars[-1] == " ":
        chars.pop()
        where.pop()
    return "".join(chars), where


# the start of the text, of a line, or of a list item (its marks: "- ", "◆ ", "◇ ", "• ", "* ", bold aside)
_LINE_START = re.compile(r"(?:\A|\n)[ \t]*(?:[-*◆◇•][ \t]*)*(?:\*\*)?\Z")


def quoted(rule: Rule, entries: dict[str, dict]) -> str | None:
    """The words of `rule.quote` as the cited entry's text holds them now (its own spacing and bold
    marks), or None when the entry is missing or no longer holds them."""
    entry = entries.get(rule.entry)
    text = entry.get("text") if isinstance(entry, dict) else None
    if not isinstance(text, str):
        return None
    flat, where = _norm_map(text)
    want = _norm(rule.quote)
    at = flat.find(want) if want else -1
    if at < 0:
        return None
    start, end = where[at], where[at + len(want) - 1] + 1
    words = " ".join(text[start:end].split())
    # a cut is marked, as search marks its excerpts: a sentence quoted in part read as a whole rule (round 10, #39)
    before, after = text[:start], text[end:].lstrip("*_")  # a bold mark closing the quote is no more words
    opens = bool(_LINE_START.search(before)) or before.rstrip().rstrip(")\"'”’*_")[-1:] in (".", "!", "?", ":")
    closes = (
        words.rstrip("*_\"'”)")[-1:] in (".", "!", "?")
        or not after.strip()
        or "\n" in after[: len(after) - len(after.lstrip())]
    )
    return ("" if opens else "… ") + words + ("" if closes else " …")


def quote_problems(book: Book, entries: dict[str, dict]) -> list[str]:
    """Each rule whose entry is missing, of another edition, or does not contain its quote (bold marks aside)."""
    out = []
    for rule in book.rules():
        entry = entries.get(rule.entry)
        if entry is None:
            out.append(f"{book.path.name}: no entry '{rule.entry}'")
        elif entry["edition"] != book.edition:
            out.append(f"{book.path.name}: '{rule.entry}' is an entry of {entry['edition']}, not {book.edition}")
        elif not holds_quote(entry["text"], rule.quote):
            out.append(f"{book.path.name}: '{rule.entry}' does not contain: {rule.quote}")
    return out
