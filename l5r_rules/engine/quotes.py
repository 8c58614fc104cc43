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
step's description (rarer words count more; ties go to the earlier sentence).
An entry in another language (the German Battle for Rokugan book) is matched
through its reviewed English translation, sentence by sentence where the two
have the same sentences in that block, else block by block; the quote is the
original and the translation goes beside it, labelled as the project's words.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ..blocks import paragraph_anchor, top_level_blocks
from ..normalize import collapse

MAX_QUOTE = 420  # characters; a longer sentence (a whole list, a table) is quoted up to a word boundary

_CUT = re.compile(r"[.!?][\"'”’)*_]*\s+(?=[A-Z\"“„(*_Ä-Ü♦◆]|[-+] |\d+\. )")
_LEAD = re.compile(r"^(?:[-+*] |\d+\. |[♦◆] ?)+")
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
    translation: str = ""  # the entry's translation of `text` (the project's words), for a text in another language

    @property
    def anchor(self) -> str:
        return paragraph_anchor(self.entry, self.block)


def stem(word: str) -> str:
    """A rough English stem, enough to match 'controlled' with 'controls' and 'provinces' with 'province'."""
    for suffix in ("ing", "ies", "es", "ed", "s"):
        if len(word) > len(suffix) + 2 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    if len(word) > 3 and word.endswith("e"):
        word = word[:-1]
    if len(word) > 3 and word[-1] == word[-2] and word[-1] not in "aeiousz":
        word = word[:-1]
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
        for end in [m.end() for m in _CUT.finditer(flat)] + [len(flat)]:
            piece = _LEAD.sub("", flat[start:end].strip())  # a list item's marker is not part of its sentence
            if piece:
                out.append((n, piece))
            start = end
    return tuple(out)


def _bounded(entry: str, block: int, sentence: str) -> Quote:
    if len(sentence) <= MAX_QUOTE:
        return Quote(entry, sentence, block)
    cut = sentence.rfind(" ", 0, MAX_QUOTE)
    return Quote(entry, sentence[: cut if cut > 0 else MAX_QUOTE].rstrip(), block, cut=True)


def _best(found, about: str) -> int:
    """Index of the sentence in `found` that shares the most (rare) words with `about`; -1 if none shares any."""
    want = words(about)
    bags = [words(sentence) for _, sentence in found]
    # a word found in few of the entry's sentences says more about which one is meant than a common one
    df = {w: sum(w in bag for bag in bags) for w in want}
    best, best_score = -1, 0.0
    for i, bag in enumerate(bags):
        score = sum(1 / df[w] for w in want & bag)
        if score > best_score + 1e-9:
            best, best_score = i, score
    return best


def _bound(text: str) -> tuple[str, bool]:
    if len(text) <= MAX_QUOTE:
        return text, False
    cut = text.rfind(" ", 0, MAX_QUOTE)
    return text[: cut if cut > 0 else MAX_QUOTE].rstrip(), True


def _bounded(entry: str, block: int, sentence: str, translation: str = "") -> Quote:
    text, cut = _bound(sentence)
    return Quote(entry, text, block, cut, _bound(translation)[0] + (" …" if _bound(translation)[1] else ""))


def pick(entry_id: str, text: str, about: str, declared: str | None = None, translation: str | None = None):
    """The sentence of `text` (entry `entry_id`) that a step described by `about` applies; None if no text.

    `translation`: the entry's English translation when `text` is in another language."""
    found = sentences(text or "")
    if not found:
        return None
    if declared:
        wanted = collapse(declared)
        for n, sentence in found:
            if wanted in sentence:
                return _bounded(entry_id, n, wanted)
        # a declared sentence that spans blocks or is not in the text is not quoted as if it were
    if translation:
        return _through_translation(entry_id, text, translation, about)
    best = _best(found, about)
    return _bounded(entry_id, *found[max(best, 0)])


def _through_translation(entry_id: str, text: str, translation: str, about: str) -> Quote:
    found, english = sentences(text), sentences(translation)
    best = _best(english, about) if english else -1
    if best < 0:
        return _bounded(entry_id, *found[0])
    block, said = english[best]
    mine = [s for n, s in found if n == block]
    theirs = [s for n, s in english if n == block]
    if mine and len(mine) == len(theirs):
        return _bounded(entry_id, block, mine[theirs.index(said)], said)
    blocks, their_blocks = top_level_blocks(text), top_level_blocks(translation)
    if block <= len(blocks):  # the two texts cut this block differently: quote it whole, beside its translation
        return _bounded(entry_id, block, collapse(blocks[block - 1]), collapse(their_blocks[block - 1]))
    return _bounded(entry_id, *found[0])


def strip_emphasis(text: str) -> str:
    """A quote for the terminal: the Markdown emphasis marks of the source removed, every word kept."""
    return re.sub(r"(?<![\w*])([*_]{1,3})(?=\S)(.+?)(?<=\S)\1(?![\w*])", r"\2", text).replace("**", "")
