"""Candidate card names, derived mechanically from the rulebooks' own text (issue #14, item 5).

The card index (glossary/_card_names.yaml -> glossary/cards/) is curated by hand; this module is
its check from the other side. It reads every entry and proposes every string that *might* be a
card's name, so that `tests/test_card_candidates.py` can require each one to be settled in the
curated file: indexed as a card, or listed under `not_a_card` with a reason. Precision is not the
aim (the curated file decides); recall is. Each candidate says which rule found it:

- `italics`: a title-case name in italics, `*Hida Daizu*` (Lotus prints card titles so); a trailing
  experience mark ("*Moto Latomu Exp.*") is dropped.
- `bold`: a title-case name of two or more words in bold, `**The Shadowlands Horde**` (the books
  bold their terms, and a card title now and then); labels ending in a colon are not names.
- `quoted`: a title-case name in quotation marks, "Soul of Hida Amoro" or “Keeper of Earth”.
- `capitalized` (English text): two or more capitalized words in a row ("no", "of", "the", "a",
  "to the" allowed inside, as in "Shiryo no Tadaka", "Army Like a Tide", "Back to the Front"),
  anywhere in the text: the walkthroughs name cards in sentences with no card word nearby ("3 Force
  from Ichimoko, 4 Force from Sairei, 2 Force from the Kikage Zumi Initiates"). The run is cut at
  game nouns (Clan, Personality, Province, Phase, Honor, Gold, Force, ...), and words that only
  open a sentence or qualify a card ("The", "If", "Experienced 2", a player of the examples) are
  dropped from its front, so "Crab Clan Personality Hiruma Moritoki" gives "Hiruma Moritoki".
- `apposition`: a name set off after a card type, "the Strategy card, Incapacitated," or "the Lion
  stronghold, Shiro no Yojin." (one word too).
- `bonus`: a name just before the bonus it gives, "has a Naginata (+1F/+2C)" (one word too).
- `played`: a name right after a verb that plays a card, "attach Spearmen to Moritoki", "plays
  Treachery and Deceit" (one word too).
- `karte` (German text): a kind of card, `Territoriumskarte`. German capitalizes every noun, so a
  capitalized run says nothing there; Battle for Rokugan names kinds of cards (its components), and
  each kind is a candidate so that the curated file says whether any is a card of its own.

Candidates are looked up in the text as `card_text` gives it (whitespace collapsed); emphasis is read
before its marks are dropped.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

from ..kb import load_kb
from ..normalize import collapse

RULES = ("italics", "bold", "quoted", "capitalized", "apposition", "bonus", "played", "karte")

# A capitalized word: "Hida", "Miya's", "Junzo's", "Kaiu-built"; words inside a name may also be these.
_CAP = r"[A-Z][\w]*(?:['’][a-z]+)?(?:-[\w]+)*"
_JOIN = r"(?:no|of|the|a|to(?=\s+the\b))"
_JOINERS = frozenset({"no", "of", "the", "to", "a"})
_RUN = re.compile(rf"(?<![\w'’-]){_CAP}(?:\s+(?:{_JOIN}\s+)*{_CAP})+(?![\w'’-])")
# A title-case name: every word capitalized but the joining ones, 1-6 words.
_TITLE = re.compile(rf"^(?:A\s+|An\s+|The\s+)?{_CAP}(?:\s+(?:(?:{_JOIN}|and|a|to|in)\s+)*{_CAP}){{0,5}}[!]?$")
_ITALIC = re.compile(r"(?<!\*)\*(?!\*)([^*\n]+?)(?<!\*)\*(?!\*)")
_BOLD = re.compile(r"\*\*([^*\n]+?)\*\*")
_QUOTED = re.compile(r"[\"“”]([^\"“”\n]{2,60}?)[\"“”]")
# "the Strategy card, Incapacitated, ...", "the Lion stronghold, Shiro no Yojin." (one word too)
_APPOSITION = re.compile(
    rf"\b(?:card|Holding|Personality|Follower|Item|Spell|Region|Event|Strategy|stronghold|Stronghold),\s+"
    rf"({_CAP}(?:\s+(?:{_JOIN}\s+)*{_CAP})*)(?=[,.;])"
)
# "has a Naginata (+1F/+2C)": a card named just before the bonus it gives (one word too)
_BONUS = re.compile(rf"\b(?:a|an|his|her|the)\s+({_CAP}(?:\s+(?:{_JOIN}\s+)*{_CAP})*)\s+\([+-]\d")
# "attach Spearmen to Moritoki", "plays Treachery and Deceit": a name right after a verb that plays a
# card (one word too)
_PLAYED = re.compile(
    rf"\b(?:attach(?:es|ed)?|plays?|played|discards?|recruits?|equips?|casts?)\s+(?:the\s+|a\s+|an\s+)?"
    rf"({_CAP}(?:\s+(?:{_JOIN}\s+)*{_CAP})*)"
)
_EXP = re.compile(r"\s+Exp\.?(?:\s*\d+)?$")
_KARTE = re.compile(r"(?<![\w-])([A-ZÄÖÜ][\w-]*?-?[Kk]arten?)(?![\w-])")

# Words dropped from the front of a capitalized run: sentence openers, qualifiers, the players of
# the examples (they are people at the table, never cards).
_OPENERS = frozenset(
    """A An The If When While Each Every His Her Their Its This That These Those Then For In On At As
    After Before Both All Any Now Once Later But And Or Since Though So To With Without Only Also
    Example Examples Note Experienced Exp Inexperienced Your You He She They It We Some Most No Not
    Allen Bob Cindy David Jim Rachel Tom Mary Todd Allen's Bob's Cindy's David's Jim's Rachel's
    Tom's Mary's Todd's Recruit Recruiting Proclaim Like Unlike Destroy Produce Lose Gain Bringing From
    Total How Reaction Reactions Take Taking Target Raise Draw Using Playing Play Get Our It's Welcome""".split()
)
# Game nouns: a capitalized run is cut at them ("Crab Clan Personality Hiruma Moritoki" -> "Crab",
# "Hiruma Moritoki"), so that card types, stats and phases do not glue names together or pose as one.
_GAME_NOUNS = frozenset(
    """Clan Clans Personality Personalities Holding Holdings Follower Followers Province Provinces
    Stronghold Strongholds Card Cards Phase Phases Segment Segments Deck Honor Gold Force Chi Cost
    Production Edition EditionTM Rulebook Rules Value Values Modifier Requirement Strength Effect Title
    Text Box Bar Mon Exp""".split()
)
_SENTENCE = re.compile(r"(?<=[.!?:;])\s+(?=[A-Z“\"(*])|\n")


@dataclass(frozen=True)
class Candidate:
    """A string of one entry's text that may be a card's name, and the rule that found it."""

    name: str
    edition: str
    entry: str
    rule: str


def _clean(name: str) -> str:
    name = collapse(name).replace("TM", "").strip(" ,.;:()“”\"'’")
    return _EXP.sub("", name)


def _title(name: str) -> bool:
    return bool(_TITLE.match(name))


def _noun(word: str) -> bool:
    return re.sub(r"['’]s$", "", word) in _GAME_NOUNS


def _trim_run(run: str) -> list[str]:
    """The run cut at game nouns, each piece without sentence openers, experience qualifiers and
    players' names in front and without a joining word or possessive mark at the end."""
    pieces: list[list[str]] = [[]]
    for word in run.replace("TM", "").split():
        if _noun(word):
            pieces.append([])
        else:
            pieces[-1].append(word)
    out = []
    for words in pieces:
        while words and (words[0] in _OPENERS or words[0].isdigit() or words[0] in _JOINERS):
            words.pop(0)
        while words and words[-1] in _JOINERS:
            words.pop()
        if words:
            words[-1] = re.sub(r"['’]s$", "", words[-1])
            out.append(" ".join(words))
    return out


def _emphasis(text: str) -> Iterable[tuple[str, str]]:
    for m in _ITALIC.finditer(text):
        name = _clean(m.group(1))
        if _title(name):
            yield name, "italics"
    for m in _BOLD.finditer(text):
        raw = m.group(1).strip()
        name = _clean(raw)
        if not raw.endswith(":") and " " in name and _title(name):
            yield name, "bold"


def _quoted(text: str) -> Iterable[tuple[str, str]]:
    for m in _QUOTED.finditer(text.replace("*", "")):
        name = _clean(m.group(1))
        if " " in name and _title(name) and not name.isupper():
            yield name, "quoted"


def _capitalized(text: str) -> Iterable[tuple[str, str]]:
    for paragraph in text.split("\n\n"):
        flat = collapse(paragraph.replace("*", ""))
        for sentence in _SENTENCE.split(flat):
            for m in _RUN.finditer(sentence):
                for name in _trim_run(m.group(0)):
                    if " " in name and not name.isupper():
                        yield name, "capitalized"


def _apposition(text: str) -> Iterable[tuple[str, str]]:
    flat = collapse(text.replace("*", ""))
    for m in _APPOSITION.finditer(flat):
        for name in _trim_run(m.group(1)):
            yield name, "apposition"
    for m in _BONUS.finditer(flat):
        for name in _trim_run(m.group(1)):
            yield name, "bonus"
    for m in _PLAYED.finditer(flat):
        for name in _trim_run(m.group(1)):
            yield name, "played"


def _karte(text: str) -> Iterable[tuple[str, str]]:
    for m in _KARTE.finditer(collapse(text.replace("*", ""))):
        word = m.group(1)
        if word.lower() not in {"karte", "karten"}:
            yield word, "karte"


def entry_candidates(entry: dict) -> list[Candidate]:
    """Every candidate card name in one entry's text, in text order per rule, each once."""
    text = entry["text"]
    found = [*_emphasis(text), *_quoted(text), *_apposition(text)]
    # German capitalizes every noun: there a capitalized run says nothing, a kind of card does.
    found += list(_karte(text)) if entry.get("lang") == "de" else list(_capitalized(text))
    seen: dict[tuple[str, str], Candidate] = {}
    for name, rule in found:
        if name and (name, rule) not in seen:
            seen[(name, rule)] = Candidate(name, entry["edition"], entry["id"], rule)
    return list(seen.values())


def candidates(entries: Iterable[dict]) -> dict[tuple[str, str], list[Candidate]]:
    """(edition, name) -> every place a rule found that name, over all entries."""
    out: dict[tuple[str, str], list[Candidate]] = {}
    for entry in entries:
        for c in entry_candidates(entry):
            out.setdefault((c.edition, c.name), []).append(c)
    return out


def unsettled(
    found: dict[tuple[str, str], list[Candidate]], books: list[dict], cards: Iterable[dict], texts: dict[str, str]
) -> list[Candidate]:
    """The candidates that the curated file and the card index leave open, one per (edition, name).

    A candidate is settled in its book when it is the name (or another spelling) of an indexed card of
    that edition, when the book's `not_a_card` lists it, or when it is part of such a card's name
    printed in the same entry ("Perfect Gift" of "The Perfect Gift", "Spawning Ground" of "The
    Spawning Ground"): the reader dropped the article, the card is indexed. `books` are the items of
    glossary/_card_names.yaml, `cards` the records of glossary/cards/, `texts` entry id -> `card_text`.
    """
    names: dict[str, set[str]] = {}
    for card in cards:
        for edition in card["editions"]:
            names.setdefault(edition, set()).update([card["name"], *(card.get("also_spelled") or [])])
    not_cards = {b["edition"]: {n for g in b["not_a_card"] for n in g["names"]} for b in books}
    out = []
    for (edition, name), places in sorted(found.items()):
        known = names.get(edition, set())
        if name in known or name in not_cards.get(edition, set()):
            continue
        part = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
        if any(part.search(card) and card in texts[c.entry] for card in known for c in places):
            continue
        out.append(places[0])
    return out


def main() -> None:  # pragma: no cover - a reading aid: `python -m l5r_rules.generate.card_candidates`

    kb = load_kb(Path.cwd())
    for (edition, name), found in sorted(candidates(kb.entries.values()).items()):
        rules = ",".join(sorted({c.rule for c in found}))
        print(f"{edition}\t{name}\t{rules}\t{found[0].entry}")


if __name__ == "__main__":  # pragma: no cover
    main()
