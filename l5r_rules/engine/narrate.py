"""A scenario's resolution as a ruling a player can follow: the situation, each step in plain words
with the rule sentence it applies (quoted verbatim from the cited entry, with its citation), and the
outcome in words. One narration, two readers: `l5r-rules resolve --explain` (wrapped text, `as_text`)
and the site's worked examples (site/scenarios.py and the concept template).

Everything is built from what the engine already produces (the scenario, `Result.outcome`, the trace's
`Step.rule`/`what`/`result`, and the errors of errors.py), so a new procedure is narrated without code
here. A scenario that needs a player's decision (`MissingChoice`) is narrated as that decision: which
choice, why, and, where its values can be listed (the procedure's `options`, or a closed list or
true/false in the scenario schema), the outcome of each, from one engine run per option.
"""

from __future__ import annotations

import copy
import dataclasses
import re
import shutil
import textwrap
from dataclasses import dataclass, field
from pathlib import Path

from .. import citation, yamlio
from ..layout import Layout
from ..schemas import schema
from .errors import EngineError, MissingChoice, ScenarioError
from .game_end import CONDITIONS
from .quotes import Quote, pick, strip_emphasis
from .scenario import run
from .trace import Result

_OPS = ((" <= ", " ≤ "), (" >= ", " ≥ "), (" != ", " ≠ "), (" == ", " = "))


# --- the rule texts a narration quotes ---------------------------------------------------------


class RuleTexts:
    """Entries and document titles by id, read lazily from a checkout (the CLI) or given whole (the site)."""

    def __init__(self, root: Path | None = None, entries: dict | None = None, titles: dict | None = None):
        self.root = root
        self._entries = dict(entries or {})
        self._titles = dict(titles) if titles is not None else None
        self._misquotes = None  # sourcecheck.Misquotes, made when an entry is first read from the checkout
        self.misquoted: dict[str, str] = {}  # entry id -> why its words are not its book's (never quoted)

    @classmethod
    def of_kb(cls, kb) -> RuleTexts:
        return cls(kb.layout.root, kb.entries, {d.id: d.title for d in kb.documents.values()})

    def entry(self, entry_id: str) -> dict | None:
        if entry_id not in self._entries and self.root is not None and re.fullmatch(r"[a-z0-9-]+", entry_id or ""):
            self._entries[entry_id] = self._read(entry_id)
        return self._entries.get(entry_id)

    def exists(self, entry_id: str) -> bool:
        """Is there an entry file of this id (its id its file's name)? No book is read to say so."""
        if entry_id in self._entries or entry_id in self.misquoted:
            return self._entries.get(entry_id) is not None or entry_id in self.misquoted
        return (
            self.root is not None
            and re.fullmatch(r"[a-z0-9-]+", entry_id or "") is not None
            and self._plain(entry_id) is not None
        )

    def _plain(self, entry_id: str) -> dict | None:
        """The entry file's data as it is, or None (missing, broken, or an id that is not its file's name)."""
        for path in sorted((self.root / "glossary" / "entries").glob(f"*/{entry_id}.yaml")):
            try:
                data = yamlio.load_plain(path)
            except Exception:  # noqa: BLE001 - a broken entry file is validate's to report; the ruling goes on
                return None
            if not (isinstance(data, dict) and isinstance(data.get("text"), str)) or data.get("id") != entry_id:
                return None  # an id that is not its file's name is no entry of that name (validate: L5R020)
            return data
        return None

    def _read(self, entry_id: str) -> dict | None:
        """The entry to quote: its file's data, unless its words are not its book's (then noted in misquoted)."""
        data = self._plain(entry_id)
        why = self._misquote(data) if data is not None else None
        if why is not None:  # edited by hand: quoted as the book's words once (hostile round 9b, #58)
            self.misquoted[entry_id] = f"{why[0]} {why[1]}"
            return None
        return data

    def _misquote(self, entry: dict) -> tuple[str, str] | None:
        """Why the entry read from the checkout may not be quoted as its book's words (what validate refuses),
        else None; without a readable registry, nothing is compared (validate says why)."""
        if self._misquotes is None:
            try:
                from ..registry import load_documents  # lazy, as in title()
                from ..sourcecheck import Misquotes

                layout = Layout(self.root)
                self._misquotes = Misquotes(layout, {d.id: d for d in load_documents(layout)})
            except Exception:  # noqa: BLE001 - a registry validate rejects: its problem is said there
                self._misquotes = False
        return self._misquotes.why(entry) if self._misquotes else None

    def title(self, document: str) -> str:
        if self._titles is None:
            self._titles = {}
            if self.root is not None:
                try:
                    # lazy: the registry (and its checked loader) would cost `resolve --help` ~5 ms
                    from ..registry import load_documents

                    self._titles = {d.id: d.title for d in load_documents(Layout(self.root))}
                except Exception:  # noqa: BLE001 - without the registry a citation names the document id
                    pass
        return self._titles.get(document, document)

    def cite(self, entry_id: str) -> str:
        """'Title [edition], Section › Sub-section, p. 38', or the id where the entry is not at hand."""
        entry = self.entry(entry_id)
        if entry is None:
            return f"rule {entry_id} (its text is not in this checkout)"
        return citation.of_entry(entry, self.title((entry.get("source") or {}).get("document", ""))).full()


# --- values in words -----------------------------------------------------------------------------


def label(key) -> str:
    text = str(key).replace("_", " ").replace("-", " ").strip()
    return text[:1].upper() + text[1:] if text else text


def in_words(value) -> str:
    """A value as words: yes/no, none, 'A, B and C', 'attacker 2, defender 0'; never JSON."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "none"
    if isinstance(value, str):
        return tidy(value)
    if isinstance(value, (list, tuple, set, frozenset)):
        items = [in_words(v) for v in value]
        if not items:
            return "none"
        return items[0] if len(items) == 1 else ", ".join(items[:-1]) + " and " + items[-1]
    if isinstance(value, dict):
        if not value:
            return "none"
        sep = "; " if any(isinstance(v, dict) for v in value.values()) else ", "
        return sep.join(f"{label(k).lower() if _wordy(k) else k} {in_words(v)}" for k, v in value.items())
    if hasattr(value, "__dataclass_fields__"):
        return in_words(dataclasses.asdict(value))
    return tidy(str(value))


def _wordy(key) -> bool:
    """A field name (lower_case) rather than a name from the scenario (a clan, a Personality)."""
    return bool(re.fullmatch(r"[a-z][a-z0-9_]*", str(key)))


_PY_LIST = re.compile(r"\[((?:'[^'\]]*'|\"[^\"\]]*\")(?:, (?:'[^'\]]*'|\"[^\"\]]*\"))*)?\]")
_PY_ITEM = re.compile(r"'([^']*)'|\"([^\"]*)\"")


def tidy(text: str) -> str:
    """An engine message in words: a Python list of names written out ("['A', 'B']" -> "A and B")."""
    text = str(text).replace("[]", "an empty list")
    return _PY_LIST.sub(lambda m: in_words([a or b for a, b in _PY_ITEM.findall(m.group(0))]), text)


_STAGE = re.compile(r"^\[(\d+)\. ([\w-]+)\] ")  # a chained scenario's step: "[2. resolve-conflict] what"


def unstaged(what: str) -> str:
    """A step's own words, without the chain stage a chained scenario puts before them."""
    return _STAGE.sub("", what)


def plain(what: str) -> str:
    stage = _STAGE.match(what)
    if stage:  # "[2. resolve-conflict] x" -> "Resolve conflict — x"
        what = f"{label(stage.group(2))} — {what[stage.end() :]}"
    what = tidy(what)
    for old, new in _OPS:
        what = what.replace(old, new)
    return what[:1].upper() + what[1:]


_NEGATION = re.compile(r"\b(not|cannot|never)\b|n't\b", re.I)  # "no X" names an absence, not a negation


def negated(text: str) -> bool:
    """The words say 'not' (outside brackets: 'exceed (not equal)' is a comparison, not a negation)."""
    return bool(_NEGATION.search(re.sub(r"\([^)]*\)", "", text)))


def step_words(what: str, result) -> str:
    """A trace step as a sentence: its description and its result in words.

    A check that failed is never a double negative: 'X: Fear does not affect it' that does not hold reads
    'X: no.' (the condition failed, so its consequence is moot), and a negative rule that does not hold
    reads 'does not apply here'."""
    text = plain(what.rstrip(". "))
    if isinstance(result, bool):
        if result is False and negated(text):
            head, sep, tail = text.partition(": ")
            if sep and not negated(head):
                return f"{head}: no."
            return f"{text}: does not apply here."
        return f"{text}: {'yes' if result else 'no'}."
    return f"{text}: {in_words(result).rstrip('.')}."


def _details(inputs: dict, raw, floored) -> str:
    parts = []
    for key, value in (inputs or {}).items():
        if value in ([], {}, None, ()):
            continue
        if isinstance(value, dict) and any(isinstance(v, (dict, list)) for v in value.values()):
            continue  # a whole structure (an army) is the situation, not a detail of this step
        parts.append(f"{label(key).lower() if _wordy(key) else key} {in_words(value)}")
    if raw is not None and floored is not None and raw != floored:
        parts.append(f"{raw} before the floor of 0")
    return "; ".join(parts)


def outcome_lines(outcome: dict) -> tuple[str, ...]:
    chain = outcome.get("chain")
    if isinstance(chain, dict) and chain:  # a chained scenario: what each procedure decided, in order
        out = []
        for key, part in chain.items():
            n, _, procedure = str(key).partition(".")
            said = "; ".join(line.rstrip(".") for line in _lines(part if isinstance(part, dict) else {"result": part}))
            out.append(f"{n}. {label(procedure)}: {said}.")
        if outcome.get("not_played"):
            out.append(f"Not played, the game having ended: {in_words(outcome['not_played'])}.")
        return tuple(out)
    return _lines(outcome)


def _lines(outcome: dict) -> tuple[str, ...]:
    if outcome.get("status") == "not-in-source":
        return (f"Not in this rulebook: {sentence(outcome.get('reason', ''))}",)
    if outcome.get("status") == "unsettled":
        return (f"The rulebook does not decide this: {sentence(outcome.get('question', ''))}",)
    # `state` is the game state a chained procedure hands on (its fields are in the outcome already)
    lines = [
        f"{label(k)}: {in_words(v)}."
        for k, v in outcome.items()
        if k not in ("state", "game_over", "not_played") and not (k == "game_over" and v is None)
    ]
    if outcome.get("game_over"):
        lines.append(game_over_words(outcome["game_over"]))
    if outcome.get("not_played"):
        lines.append(f"Not played, the game having ended: {in_words(outcome['not_played'])}.")
    return tuple(lines)


def game_over_words(over: dict) -> str:
    """The end of the game in words: who wins and loses, by which condition, at which step."""
    who = in_words(over.get("winners") or []) if over.get("winners") else "not decided yet"
    condition = CONDITIONS.get(over.get("condition"), over.get("condition", ""))
    losers = f"; loses: {in_words(over['losers'])}" if over.get("losers") else ""
    both = (
        " Both players reached a victory condition at once: the first player wins." if over.get("simultaneous") else ""
    )
    return (
        f"The game is over (at {over.get('step')}): wins: {who}{losers}. {condition}{both} Nothing after that step "
        "happened."
    )


# --- the narration -------------------------------------------------------------------------------


@dataclass(frozen=True)
class StepStory:
    words: str  # the step in plain words, with its result
    rule: str  # the cited entry id ('' when the edition has no rule to cite)
    cite: str  # the citation of that entry
    quote: Quote | None = None  # the sentence it applies, verbatim
    details: str = ""  # the values the step used, in words
    same_rule: bool = False  # the same sentence as the step before (not repeated)


@dataclass(frozen=True)
class Option:
    value: str  # the option in words
    outcome: tuple[str, ...] = ()
    refused: str = ""  # the engine refused this option (or needs a further decision): why


@dataclass(frozen=True)
class Decision:
    name: str  # the choice's field, e.g. attacker_tie
    field: str  # dotted path in the scenario, e.g. choices.attacker_tie
    why: str  # what the player decides, in the procedure's words
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Narration:
    id: str
    situation: str  # one sentence, the scenario's title
    rules: str  # whose rules: the edition's rulebook and the procedure
    steps: tuple[StepStory, ...] = ()
    outcome: tuple[str, ...] = ()
    refused: str = ""  # the play the scenario describes is not allowed (an expected ScenarioError): why
    refused_rule: StepStory | None = None  # the scenario's source rule, quoted for a refusal or a decision
    decision: Decision | None = None
    note: str = ""  # the scenario's own note on how it reads the source (our words)
    quotes: tuple[Quote, ...] = field(default_factory=tuple)

    @property
    def kind(self) -> str:
        return "decision" if self.decision else "refused" if self.refused else "outcome"

    def to_json(self) -> dict:
        """The narration as data (`resolve --explain --json`): every quote with its entry and paragraph anchor."""

        def story(s: StepStory | None) -> dict | None:
            if s is None:
                return None
            out = dataclasses.asdict(s)
            out["quote"] = dict(out["quote"], anchor=s.quote.anchor) if s.quote else None
            return out

        return {
            "kind": self.kind,
            "situation": self.situation,
            "rules": self.rules,
            "note": self.note,
            "steps": [story(s) for s in self.steps],
            "outcome": list(self.outcome),
            "refused": self.refused,
            "source_rule": story(self.refused_rule),
            "decision": dataclasses.asdict(self.decision) if self.decision else None,
        }


def _situation(data: dict) -> str:
    text = str(data.get("title") or data.get("id") or "").strip()
    return text if text.endswith((".", "!", "?")) else text + "."


def _rules(data: dict, texts: RuleTexts) -> str:
    document = (data.get("source") or {}).get("document", "")
    return f"{texts.title(document)} ({data.get('ruleset', '')}), procedure: {label(data.get('procedure', '')).lower()}"


def grouped(trace) -> list:
    """Consecutive steps that apply one rule to several things with one result ('Holding 1: at most 3
    copies', 'Holding 2: ...', each with the same values) become one step naming them all."""
    out: list = []  # (step, the words its quote is picked by: the first step's own)
    heads: list[str] = []
    for step in trace:
        head, sep, tail = step.what.partition(": ")
        last = out[-1][0] if out else None
        if (
            last is not None
            and sep
            and heads
            and step.inputs == last.inputs
            and step.raw is None
            and step.sentence == last.sentence
            and step.rule == last.rule
            and step.result == last.result
            and type(step.result) is type(last.result)
            and tail == last.what.partition(": ")[2]
        ):
            heads.append(head)
            out[-1] = (dataclasses.replace(last, what=f"{in_words(heads)}: {tail}"), out[-1][1])
            continue
        # a result in words (a reason, a name) says which sentence is meant as much as the description does
        out.append((step, unstaged(step.what) + (f" {step.result}" if isinstance(step.result, str) else "")))
        heads = [head] if sep and step.raw is None else []
    return out


def _stories(result: Result, texts: RuleTexts) -> tuple[StepStory, ...]:
    out: list[StepStory] = []
    previous: Quote | None = None
    for step, about in grouped(result.trace):
        entry = texts.entry(step.rule) if step.rule else None
        quote = pick(step.rule, entry["text"], about, step.sentence, _translation(entry)) if entry else None
        same = quote is not None and previous is not None and quote == previous
        out.append(
            StepStory(
                words=step_words(step.what, step.result),
                rule=step.rule,
                cite=texts.cite(step.rule) if step.rule else "",
                quote=quote,
                details=_details(step.inputs, step.raw, step.floored),
                same_rule=same,
            )
        )
        previous = quote
    return tuple(out)


def _source_story(data: dict, texts: RuleTexts, about: str) -> StepStory | None:
    rule = (data.get("source") or {}).get("entry") or ""
    entry = texts.entry(rule) if rule else None
    if not entry:
        return None
    quote = pick(rule, entry["text"], about, translation=_translation(entry))
    return StepStory(words="", rule=rule, cite=texts.cite(rule), quote=quote)


def _translation(entry: dict) -> str | None:
    """The English translation of an entry in another language (matched against the steps' English words)."""
    if entry.get("lang", "en") == "en":
        return None
    tr = entry.get("translation") or {}
    return tr.get("text") if tr.get("lang") == "en" and isinstance(tr.get("text"), str) else None


def _set(data: dict, path: tuple, value) -> dict:
    out = copy.deepcopy(data)
    node = out
    for key in path[:-1]:
        nxt = node.get(key) if isinstance(node, dict) else None
        if not isinstance(nxt, dict):
            nxt = {}
            node[key] = nxt
        node = nxt
    node[path[-1]] = value
    return out


def schema_options(data: dict, exc: MissingChoice) -> tuple | None:
    """The values a top-level choice can take when the scenario schema lists them (an enum, true/false)."""
    if exc.options is not None:
        return exc.options
    if tuple(exc.path) != ("choices", exc.name):
        return None

    shape = schema("scenario").get("$defs", {}).get(f"{data.get('system')}-{data.get('procedure')}-choices", {})
    prop = (shape.get("properties") or {}).get(exc.name) or {}
    if "enum" in prop:
        return tuple(prop["enum"])
    if prop.get("type") == "boolean":
        return (True, False)
    return None


def _decision(data: dict, exc: MissingChoice) -> Decision:
    options = []
    for value in schema_options(data, exc) or ():
        shown = in_words(value) if value is not None else "none (no one)"
        try:
            result = run(_set(data, tuple(exc.path), value))
        except ScenarioError as bad:
            more = _as_decision(bad)
            if isinstance(more, MissingChoice):
                options.append(Option(shown, refused=f"then a further decision is needed: {_why(more)}"))
            else:
                options.append(Option(shown, refused=f"not allowed: {tidy(bad.message)}"))
        else:
            options.append(Option(shown, outcome_lines(result.outcome)))
    return Decision(exc.name, yamlio.dotted(tuple(exc.path)), _why(exc), tuple(options))


_MISSING = re.compile(r"missing decision '([^']+)': (.*)$")


def _as_decision(error):
    """A missing decision re-raised as a plain ScenarioError (a chained step adds its procedure's name to the
    message) is still a decision: recognised by the path ending in choices.<name> and MissingChoice's words."""
    if error is None or isinstance(error, MissingChoice) or not isinstance(error, ScenarioError):
        return error
    found = _MISSING.search(error.message)
    path = tuple(error.path)
    if found and len(path) >= 2 and path[-2] == "choices" and path[-1] == found.group(1):
        decision = MissingChoice(found.group(1), found.group(2))
        decision.path = path
        return decision
    return error


def sentence(text: str) -> str:
    text = tidy(text).strip()
    text = text[:1].upper() + text[1:]
    return text if text.endswith((".", "!", "?")) else text + "."


def _why(exc: MissingChoice) -> str:
    return sentence(getattr(exc, "why", "") or exc.message)


def narrate(data: dict, texts: RuleTexts, result: Result | None = None, error: EngineError | None = None) -> Narration:
    """The ruling for a validated scenario; runs the engine unless `result` or `error` is given."""
    if result is None and error is None:
        try:
            result = run(data)
        except ScenarioError as exc:
            error = exc
    base = dict(
        id=str(data.get("id", "")),
        situation=_situation(data),
        rules=_rules(data, texts),
        note=str((data.get("source") or {}).get("note") or ""),
    )
    error = _as_decision(error)
    if isinstance(error, MissingChoice):
        decision = _decision(data, error)
        return Narration(**base, decision=decision, refused_rule=_source_story(data, texts, decision.why))
    if isinstance(error, ScenarioError):
        return Narration(
            **base, refused=sentence(error.message), refused_rule=_source_story(data, texts, error.message)
        )
    if error is not None:
        return Narration(**base, refused=sentence(str(error)))
    steps = _stories(result, texts)
    return Narration(
        **base, steps=steps, outcome=outcome_lines(result.outcome), quotes=tuple(s.quote for s in steps if s.quote)
    )


# --- the terminal form ---------------------------------------------------------------------------


def terminal_width(default: int = 80, widest: int = 100) -> int:
    """The terminal's width (COLUMNS wins), never below 40; capped at `widest` for reading."""
    return max(40, min(shutil.get_terminal_size((default, 24)).columns, widest))


def _wrap(text: str, width: int, first: str = "", rest: str | None = None) -> list[str]:
    rest = first if rest is None else rest
    return textwrap.wrap(
        text,
        width=width,
        initial_indent=first,
        subsequent_indent=rest,
        break_long_words=True,
        break_on_hyphens=False,
    ) or [first.rstrip()]


def _quote_lines(story: StepStory, width: int, indent: str) -> list[str]:
    lines = []
    if story.quote:
        text = strip_emphasis(story.quote.text) + (" …" if story.quote.cut else "")
        lines += _wrap(f"“{text}”", width, indent, indent + " ")
        if story.quote.translation:
            said = strip_emphasis(story.quote.translation)
            lines += _wrap(f"(unofficial translation, our words: “{said}”)", width, indent + " ", indent + "  ")
    if story.cite:
        lines += _wrap(f"— {story.cite}", width, indent + "  ", indent + "    ")
    return lines


def as_text(n: Narration, width: int | None = None) -> str:
    """The ruling as plain text, every line at most `width` characters (default: the terminal's)."""
    width = width or terminal_width()
    out: list[str] = []
    out += _wrap(f"Ruling {n.id}: {n.rules}", width, "", "  ")
    out.append("")
    out += _wrap(f"Situation (our words): {n.situation}", width, "", "  ")
    if n.note:
        out += _wrap(f"How the scenario reads the book (our words): {n.note}", width, "", "  ")
    if n.decision:
        d = n.decision
        out.append("")
        out += _wrap(f"A player must decide ({d.field}): {d.why}", width, "", "  ")
        if n.refused_rule:
            out += _quote_lines(n.refused_rule, width, "  ")
        if d.options:
            out.append("")
            out.append("Each option and its outcome:")
            for opt in d.options:
                out += _wrap(f"If {d.name.replace('_', ' ')} is {opt.value}:", width, "  ", "    ")
                for line in (opt.refused,) if opt.refused else opt.outcome:
                    out += _wrap(line, width, "    ", "      ")
        else:
            out += _wrap(
                "The outcome depends on this decision; give it under choices to resolve the ruling.", width, "", "  "
            )
        return "\n".join(out)
    if n.refused:
        out.append("")
        out += _wrap(f"Not allowed: {n.refused}", width, "", "  ")
        if n.refused_rule:
            out += _quote_lines(n.refused_rule, width, "  ")
        return "\n".join(out)
    out.append("")
    out.append("Steps:")
    for i, story in enumerate(n.steps, 1):
        num = f"{i:>2}. "
        pad = " " * len(num)
        out += _wrap(story.words, width, num, pad)
        if story.details:
            out += _wrap(f"(from {story.details})", width, pad, pad + " ")
        if story.same_rule:
            out += _wrap("(the same rule sentence as the step before)", width, pad, pad)
        else:
            out += _quote_lines(story, width, pad)
    out.append("")
    out.append("Outcome:")
    for line in n.outcome:
        out += _wrap(line, width, "  ", "    ")
    return "\n".join(out)
