"""The rule sentence a trace step applies, quoted verbatim from the entry it cites.

A step names its glossary entry (`Step.rule`) and says in a few words what it
checks (`Step.what`). The sentence shown beside it is cut from the entry's own
text: the entry is divided into its top-level blocks (the same blocks the site
anchors as `<entry-id>-p<n>`, l5r_rules/blocks.py), each block's whitespace is
collapsed as check-sources does (l5r_rules/normalize.py), and the block is cut
into sentences. So every quote is a substring of the collapsed entry text, and
the site can link it to the paragraph it comes from.

Which sentence: the one the step declares (`Step.sentence`, a verbatim piece
of the entry's text), else the sentence sharing the most words with the
step's description (ties go to the earlier sentence).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..blocks import top_level_blocks
from ..normalize import collapse

MAX_QUOTE = 420  # characters; a longer sentence (a whole list, a table) is quoted up to a word boundary

_CUT = re.compile(r"[.!?:;][\"'”’)*_]*\s+(?=[A-Z\"“(*_Ä-Ü])")
_WORD = re.compile(r"[a-zäöüß]+|\d+")
_STOP = frozenset(
    "a an and are as at be by can for from has have he his if in is it its may must no not of on or that the "
    "their them then there this to was when which who will with his her they one each any all only than so "
    "der die das und ist ein eine den dem des zu von mit auf im".split()
)


@dataclass(frozen=True)
class Quote:
    entry: str  # the cited entry's id
    text: str  # verbatim: a substring of the entry's text with whitespace collapsed
    block: int  # 1-based top-level block of the entry text (the site's anchor `<entry>-p<block>`)
    cut: bool = False  # the sentence goes on after `text`

    @property
    def anchor(self) -> str:
        from ..blocks import paragraph_anchor

        return paragraph_anchor(self.entry, self.block)


def stem(word: str) -> str:
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            return word[: -len(suffix)]
    return word


def words(text: str) -> set[str]:
    return {stem(w) for w in _WORD.findall(text.lower().replace("*", "")) if len(w) > 1 and w not in _STOP}


@lru_cache(maxsize=4096)
def sentences(text: str) -> tuple[tuple[int, str], ...]:
    """(block number, sentence) for every sentence of an entry's text, each verbatim after collapsing."""
    out = []
    for n, block in enumerate(top_level_blocks(text), 1):
        flat = collapse(block)
        start = 0
        for m in _CUT.finditer(flat):
            piece = flat[start : m.end()].strip()
            if piece:
                out.append((n, piece))
            start = m.end()
        if flat[start:].strip():
            out.append((n, flat[start:].strip()))
    return tuple(out)


def _bounded(entry: str, block: int, sentence: str) -> Quote:
    if len(sentence) <= MAX_QUOTE:
        return Quote(entry, sentence, block)
    cut = sentence.rfind(" ", 0, MAX_QUOTE)
    return Quote(entry, sentence[: cut if cut > 0 else MAX_QUOTE].rstrip(), block, cut=True)


def pick(entry_id: str, text: str, about: str, declared: str | None = None) -> Quote | None:
    """The sentence of `text` (entry `entry_id`) that a step described by `about` applies; None if no text."""
    found = sentences(text or "")
    if not found:
        return None
    if declared:
        wanted = collapse(declared)
        for n, sentence in found:
            if wanted in sentence:
                return _bounded(entry_id, n, wanted)
        # a declared sentence that spans blocks or is not in the text is not quoted as if it were
    want = words(about)
    bags = [words(sentence) for _, sentence in found]
    # a word found in few of the entry's sentences says more about which one is meant than a common one
    df = {w: sum(w in bag for bag in bags) for w in want}
    best, best_score = found[0], 0.0
    for (n, sentence), bag in zip(found, bags):
        score = sum(1 / df[w] for w in want & bag)
        if score > best_score + 1e-9:
            best, best_score = (n, sentence), score
    return _bounded(entry_id, *best)


def strip_emphasis(text: str) -> str:
    """A quote for the terminal: the Markdown emphasis marks of the source removed, every word kept."""
    return re.sub(r"(?<![\w*])([*_]{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*])", r"\2", text).replace("**", "")
