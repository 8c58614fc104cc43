"""Which game a question is about, from its words, when it names none (issue 23: "know the game").

Real players almost never name the game they play ("when can i play attachments?"), and the five
books share much of their vocabulary (province, honor, duel, dynasty, fate), so a question often
drew another game's rule first. The evidence is the knowledge base's own: a word is a game's word
when its books use it and the others' do not, and it names a rule there (it is in at least
GAME_MIN_HEADINGS of that game's entry titles or bold terms: "conflict", "ring" and "fate" for the
LCG; "Force", "Personality" for the CCG; "Kampfmarker", "token" for Battle for Rokugan). Its weight
is how exclusive it is: the log of how much more often that game's entries hold it than the other
games' entries (add-half smoothing). Card errata are left out (they name cards, not the game: the
CCG's "Akodo" and "Toturi" are LCG card names too), and so are words a rule's title happens to hold
once ("get" of "Getting set up").

The index build writes the table (`games.json`: index term -> [game, weight]); a question's words
are looked up by the terms both analyzers make of them (English and German), the weights are summed
per game, and a game is inferred when it holds at least GAME_MIN_LEAD of the evidence and at least
GAME_MIN_EVIDENCE in all. The other games' documents then count OTHER_GAME_FACTOR (the policy's
`other-game` rule): ranked below, never hidden. `search --all-games` (the site: "all games") skips it;
a question that names a game or an edition keeps its filter and infers nothing. The site's
js/gamewords.js reads the same table and does the same sums.
"""

from __future__ import annotations

import math
import re
from collections import Counter, defaultdict
from collections.abc import Iterable
from dataclasses import dataclass, field

from . import policy
from .analysis import analyze, english, german

GAME_SHARE = policy.number("GAME_SHARE")
GAME_MIN_DOCS = policy.count("GAME_MIN_DOCS")
GAME_MIN_HEADINGS = policy.count("GAME_MIN_HEADINGS")
GAME_MIN_LEAD = policy.number("GAME_MIN_LEAD")
GAME_MIN_EVIDENCE = policy.number("GAME_MIN_EVIDENCE")
GAME_SMOOTHING = policy.number("GAME_SMOOTHING")
_BOLD = re.compile(r"\*\*([^*]+)\*\*")


@dataclass(frozen=True)
class Inference:
    """The game a question's words point to, and the words (as typed) that point there."""

    game: str
    words: tuple[str, ...]
    share: float  # of the evidence
    evidence: float


@dataclass
class _Counts:
    docs: Counter = field(default_factory=Counter)  # game -> entries
    df: dict = field(default_factory=lambda: defaultdict(Counter))  # term -> game -> entries holding it
    headings: dict = field(default_factory=lambda: defaultdict(Counter))  # term -> game -> titles/bold holding it


def build_table(entries: Iterable[dict]) -> dict[str, list]:
    """index term -> [game, weight] for the terms exclusive to one game's books (see the module)."""
    en, de = english(), german()
    c = _Counts()
    for entry in entries:
        if entry.get("kind") == "errata":
            continue
        game = entry["game"]
        analyzer = de if entry.get("lang") == "de" else en
        translation = (
            (entry.get("translation") or {}).get("text", "") if isinstance(entry.get("translation"), dict) else ""
        )
        terms = set(analyze(analyzer, f"{entry['term']}\n{entry['text']}")) | set(analyze(en, translation))
        heads = set(analyze(analyzer, " ".join([entry["term"], *_BOLD.findall(entry["text"])])))
        heads |= set(analyze(en, " ".join(_BOLD.findall(translation))))
        c.docs[game] += 1
        for t in terms:
            c.df[t][game] += 1
        for t in heads:
            c.headings[t][game] += 1
    games = sorted(c.docs)
    total = sum(c.docs.values())
    table: dict[str, list] = {}
    for term, by_game in c.df.items():
        held = sum(by_game.values())
        if held < GAME_MIN_DOCS:
            continue
        rates = {g: by_game[g] / c.docs[g] for g in games}
        top = max(games, key=lambda g: (rates[g], g))
        if rates[top] < GAME_SHARE * sum(rates.values()) or c.headings[term][top] < GAME_MIN_HEADINGS:
            continue
        others, other_docs = held - by_game[top], total - c.docs[top]
        weight = math.log(((by_game[top] + GAME_SMOOTHING) / c.docs[top]) / ((others + GAME_SMOOTHING) / other_docs))
        if weight > 0:
            table[term] = [top, round(weight, 4)]
    return dict(sorted(table.items()))


def infer(words: Iterable[str], table: dict[str, list], skip: frozenset[str] = frozenset()) -> Inference | None:
    """The game the words point to (each word's strongest term of either language counts once), or None."""
    en, de = english(), german()
    score: Counter = Counter()
    why: dict[str, list[str]] = defaultdict(list)
    for word in words:
        if word in skip or word.isdigit():
            continue
        best = None
        for term in dict.fromkeys(analyze(en, word) + analyze(de, word)):
            hit = table.get(term)
            if hit and (best is None or hit[1] > best[1]):
                best = hit
        if best:
            score[best[0]] += best[1]
            if word not in why[best[0]]:
                why[best[0]].append(word)
    if not score:
        return None
    game, lead = max(score.items(), key=lambda kv: (kv[1], kv[0]))
    total = sum(score.values())
    if lead < GAME_MIN_EVIDENCE or lead < GAME_MIN_LEAD * total:
        return None
    return Inference(game, tuple(why[game]), lead / total, lead)
