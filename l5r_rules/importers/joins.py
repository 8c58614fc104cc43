"""A section's paragraphs laid out as the book prints them: whole sentences, lists as lists.

The readers give one paragraph per block (or line) of the source, but the extraction
broke blocks where the printed page or column broke. Three rules, the same for every
book, put them back together without changing a word (`check-sources` proves it):

1. **Join what the page broke.** A paragraph whose sentence the next one finishes
   (`textshape.continues`: no terminal punctuation before, and a lower-case start after
   or an article, preposition or conjunction before) is followed by a line break instead
   of a blank line, so it is one paragraph again; inside a list item the next lines are
   the item's ("... his or her fate" / "pool onto that character.").
2. **Lists that lost their marks.** After a lead-in that ends with a colon, the
   paragraphs that go on with its sentence are the items of its list: an item starts in
   lower case, or it or the item before it ends with a comma, a semicolon or "or"/"and"
   ("the player must either:" / "currently have at least one unit in the battle," /
   "gain a unit ..., or" / "be reacting ..."). Items that are whole sentences are the
   lines the file prints right under each other opening with the same word ("the
   following conditions:" / "It comes from ..." / "It moves ..." / "It targets ..." /
   "It is reacting ..."); the next line, which opens otherwise, is a rule of its own and
   stays a paragraph. Each item becomes a Markdown item ("- "); the mark is the only
   thing added, and the fidelity check sets list marks aside.
3. **Hard-wrapped lines** (the Ivory walkthrough: one source line per printed line)
   stay lines of one paragraph, except where a line ends a sentence and the next begins
   one (a comma inside closing quotes ends none: "Like the Dynasty action “Recruit,”" /
   "Equip asks you ..."). A line that opens a numbered step after a sentence's end
   ("2. Once a strike has been called,") is the next item of the steps' list, and the
   lines up to the next step are indented under it (`wrapped_steps`).
"""

from __future__ import annotations

import re

from .. import textshape
from .paragraphs import Para

_WRAPPED_END = (".", "!", "?", ":", "”", '"', ")")  # a hard-wrapped line that ends a sentence
_STEP = re.compile(r"^(\d{1,2})\.\s+[A-Z“\"]")  # a numbered step opening a hard-wrapped line
_ITEM_END = re.compile(r"(?:[,;]|\b(?:or|and|oder|und))$")


def _ends_wrapped_sentence(line: str) -> bool:
    """Does a hard-wrapped line end a sentence? Not with a comma inside closing quotes ("“Recruit,”")."""
    line = line.rstrip()
    return line.endswith(_WRAPPED_END) and not textshape.comma_inside_quotes(line)


def _ends_like_an_item(text: str) -> bool:
    """Does a line end as a list item that the next item continues (', ' '; ' ', or')?"""
    return bool(_ITEM_END.search(textshape.last_line(text)))


def _plain(p: Para) -> bool:
    """A body paragraph of one line that is not already a list item."""
    return not (p.level or p.wrapped or "\n" in p.text.strip() or textshape.is_list_item(textshape.first_line(p.text)))


def _first_word(p: Para) -> str:
    words = p.text.split()
    return words[0].strip("*_“”\"'").lower() if words else ""


def _parallel_items(paras: list[Para], start: int) -> list[int]:
    """Whole sentences printed one a line right under each other (`tight`), each opening with the
    same word as the first: the items of a list ("It comes from ..." / "It moves or creates ..." /
    "It targets ..." / "It is reacting ..."). The list ends at the first line that opens with
    another word, a whole rule of its own the file prints on the next line all the same ("A player
    can take an action that refers to ..."). At least two items, or none."""
    run: list[int] = []
    for k in range(start, len(paras)):
        p = paras[k]
        whole = p.text[:1].isupper() and textshape.ends_sentence(textshape.last_line(p.text))
        if not (_plain(p) and whole and (not run or (p.tight and _first_word(p) == _first_word(paras[start])))):
            break
        run.append(k)
    return run if len(run) >= 2 else []


def lost_list_items(paras: list[Para]) -> set[int]:
    """Positions (in `paras`) of the paragraphs that are items of a list whose marks the extraction lost."""
    items: set[int] = set()
    for i, lead in enumerate(paras):
        if lead.level or lead.wrapped or not textshape.last_line(lead.text).endswith(":"):
            continue
        j, previous = i + 1, None
        while j < len(paras):
            p = paras[j]
            if not _plain(p):
                break
            goes_on = textshape.starts_lower(p.text) or _ends_like_an_item(p.text)
            if not (goes_on or (previous is not None and _ends_like_an_item(previous.text))):
                break
            items.add(j)
            previous = p
            j += 1
        if previous is None:
            items.update(_parallel_items(paras, i + 1))
    return items


def wrapped_steps(paras: list[Para]) -> tuple[dict[int, int], dict[int, int]]:
    """Numbered steps in hard-wrapped lines (Ivory's duel: "1. The challenged player ..." ... "4. Discard
    all focused cards."): ({position of a step's first line: its number}, {position of a line inside a
    step that a next step closes: the width to indent it by}). A step opens a line after one that ends
    a sentence; the lines up to the next step are its own, their paragraphs too ("If one player
    focused, ..." is step 1's), so they are indented under it; after the last step nothing is known to
    be its own."""
    steps: dict[int, int] = {}
    for i, p in enumerate(paras):
        m = _STEP.match(p.text)
        if m and p.wrapped and i and paras[i - 1].wrapped and _ends_wrapped_sentence(paras[i - 1].text):
            steps[i] = int(m.group(1))
    inside: dict[int, int] = {}
    for at, number in steps.items():
        nxt = next((k for k in steps if k > at), None)
        if nxt is not None and steps[nxt] == number + 1:
            inside.update({k: len(str(number)) + 2 for k in range(at + 1, nxt)})
    return steps, inside


def layout(paras: list[Para]) -> list[tuple[str, str]]:
    """(what goes before it, its text) for each paragraph of a section: nothing for the first,
    a line break where it goes on with the paragraph before, else a blank line."""
    items = lost_list_items(paras)
    steps, inside = wrapped_steps(paras)
    texts = [f"- {p.text}" if i in items else " " * inside.get(i, 0) + p.text for i, p in enumerate(paras)]
    out: list[tuple[str, str]] = []
    for i, p in enumerate(paras):
        text = texts[i]
        if i == 0:
            out.append(("", text))
            continue
        prev = paras[i - 1]
        if i in steps:  # a step goes on with the list of the step before it; "1." may open one below a line
            follows = steps[i] == 1 or steps.get(max((k for k in steps if k < i), default=-1)) == steps[i] - 1
            out.append(("\n" if follows else "\n\n", text))
            continue
        wrapped = prev.wrapped and p.wrapped and not (_ends_wrapped_sentence(prev.text) and p.text[:1].isupper())
        same_list = i in items and i - 1 in items
        joined = wrapped or same_list or (i not in items and textshape.continues(texts[i - 1], text))
        out.append(("\n" if joined else "\n\n", text))
    return out


def joined(paras: list[Para]) -> tuple[int, int]:
    """(sentences joined, list items restored) in a section: the figures issue 24 asks for, per book."""
    items = lost_list_items(paras)
    seps = layout(paras)
    sentences = sum(
        1
        for i in range(1, len(paras))
        if seps[i][0] == "\n" and i not in items and not (paras[i - 1].wrapped and paras[i].wrapped)
    )
    return sentences, len(items)
