"""Where a sentence ends: the one rule behind joining split paragraphs and checking that none is left.

The extraction broke paragraphs where the printed page or column broke ("A player can
assign a Cavalry unit to a battle" / "during the Cavalry Maneuvers Segment ..."). The
importer joins such a pair (importers/joins.py) and validate reports any pair left
(checks/text_shape.py, L5R033); both ask `continues` and `ends_mid_sentence` here, so
what one joins the other cannot flag, and what the other flags the first would join.

A paragraph is a chunk of an entry's text between blank lines. Its last line ends a sentence
when, trailing emphasis aside, it ends with terminal punctuation (a colon and a semicolon
too: a list or a clause follows), or with a closing quote after anything but a comma (a
comma inside the quotes, "the Dynasty action “Recruit,”", says the sentence goes on). The
next chunk continues the sentence when it starts in lower case, or the first ends on a word
that wants one after it ("the", "or", "und"); a list item is never a continuation (a lead-in
such as "provided" introduces the list that finishes it). A chunk that does not end a
sentence and is not continued is still whole when it is a list item, a table row or a short
label the extraction kept from a figure ("Kampfmarker-Vorrat", "1 SPIELPLAN"); otherwise it
ends mid-sentence.
"""

from __future__ import annotations

import re

SENTENCE_END = (".", "!", "?", ":", ";", ")", "”", '"', "’", "'", "»", "“")
CLOSING_QUOTES = "”\"’'»“"  # “ too: the Gold file prints its quotes reversed (”Human“)
TRAILING_MARKUP = re.compile(r"(\s*(\*+|_+|\[[^\]\n]{1,20}\]))+$")  # emphasis, a tag such as "[errata]"
# A card diagram's type line, framed by dashes ("- Follower -", "- Personality -"): a label, not a list item.
FIGURE_LABEL_LINE = re.compile(r"(?m)^- [A-Z][A-Za-z]*(?: [A-Z][A-Za-z]*){0,2} -[ \t]*$")
LIST_ITEM = re.compile(r"^(?:[-*+•♦◆◇]\s|c\s|\d+[.)]\s|[A-Za-z][.)]\s|Related:\s)")
_LEADING_MARKS = re.compile(r"^(?:[-*+]\s+|\d+[.)]\s+|[♦◆◇•]\s*|[*_]+)+")
LABEL_MAX_WORDS = 5
# Words after which a sentence cannot stop: articles, prepositions, conjunctions (English, German).
OPEN_WORDS = frozenset(
    "a an the of to in on at by for from with and or but as is are be your his her its their this that "
    "der die das den dem des ein eine einer eines und oder zu mit von im in auf für".split()
)
_BLANK = re.compile(r"\n[ \t]*\n")


def chunks(text: str) -> list[str]:
    """The text's paragraphs: its chunks between blank lines, stripped."""
    return [c.strip() for c in _BLANK.split(text or "") if c.strip()]


def last_line(chunk: str) -> str:
    lines = [TRAILING_MARKUP.sub("", line.strip()) for line in chunk.strip().splitlines()]
    lines = [line for line in lines if line]
    return lines[-1] if lines else ""


def first_line(chunk: str) -> str:
    return chunk.strip().splitlines()[0].strip() if chunk.strip() else ""


def ends_sentence(line: str) -> bool:
    """Does the line end with terminal punctuation? A closing quote ends a sentence unless a comma stands
    inside it: "Like the Dynasty action “Recruit,”" goes on ("Equip asks you ...")."""
    return line.endswith(SENTENCE_END) and not comma_inside_quotes(line)


def comma_inside_quotes(line: str) -> bool:
    """Does the line end with a comma inside closing quotes ("“Recruit,”")? The sentence goes on after it."""
    bare = line.rstrip(CLOSING_QUOTES)
    return bare != line and bare.endswith(",")


def is_list_item(line: str) -> bool:
    return bool(LIST_ITEM.match(line)) and not FIGURE_LABEL_LINE.match(line)


def introduces_list(paragraph: str, following: str) -> bool:
    """`paragraph` is a lead-in whose list is `following` (Gold's "the player must either:" and its items):
    it ends with a colon and the next opens with a list item, so a reader shown the one needs the other."""
    return last_line(paragraph).endswith(":") and is_list_item(first_line(following))


def is_table_row(line: str) -> bool:
    return "|" in line or "\t" in line


def is_label(line: str) -> bool:
    """A short caption kept from a figure: at most five words, capitalized, no sentence inside,
    not ending on a word that wants a continuation."""
    words = line.split()
    return (
        0 < len(words) <= LABEL_MAX_WORDS
        and (line[0].isupper() or line[0].isdigit() or line[0] in "-*\"“„'")
        and not re.search(r"[.!?]\s", line)
        and words[-1].lower() not in OPEN_WORDS
    )


def ends_on_open_word(line: str) -> bool:
    words = re.findall(r"[\wÄÖÜäöüß]+", line)
    return bool(words) and words[-1].lower() in OPEN_WORDS and not ends_sentence(line)


def starts_lower(chunk: str) -> bool:
    """Does the chunk's first word start in lower case (list marks and emphasis aside)?"""
    words = _LEADING_MARKS.sub("", first_line(chunk))
    return words[:1].islower()


def continues(prev: str, nxt: str) -> bool:
    """Does paragraph `nxt` go on with the sentence paragraph `prev` left unfinished?"""
    end = last_line(prev)
    if not end or ends_sentence(end) or is_table_row(end) or is_list_item(first_line(nxt)):
        return False
    if starts_lower(nxt) or ends_on_open_word(end):
        return True
    return not (is_list_item(end) or is_label(end))  # a sentence cut before a capital ("gains" / "Honor for")


def ends_mid_sentence(prev: str, nxt: str | None) -> bool:
    """Does paragraph `prev` stop mid-sentence? `nxt` is the paragraph after it (None at the end of the text)."""
    end = last_line(prev)
    if not end or ends_sentence(end) or is_table_row(end):
        return False
    if nxt is not None:
        return continues(prev, nxt)  # else a label, a list item, or a lead-in such as "provided" opening a list
    return not (is_list_item(end) or is_label(end))


def mid_sentence_ends(text: str) -> list[int]:
    """0-based numbers of the text's paragraphs that stop mid-sentence (the last one included)."""
    parts = chunks(text)
    return [i for i, c in enumerate(parts) if ends_mid_sentence(c, parts[i + 1] if i + 1 < len(parts) else None)]


_BOLD = re.compile(r"\*\*")
_LONE_STAR = re.compile(r"(?<![*\s])\*(?![*\s])|(?<![*\w])\*(?=[^\s*])|(?<=[^\s*])\*(?![*\w])")


_ITEM_START = re.compile(r"(?m)^(?=[ \t]*(?:[-*+]|\d+[.)])[ \t])")


def unbalanced_emphasis(chunk: str) -> bool:
    """Does a paragraph, or one item of a list (emphasis never runs from one item into the next: "- 1.
    Select decks.** ..." / "- 2. Create token bank.** ..." is two unbalanced items), open or close bold
    (`**`) or italics (`*` against a word) without the other side? A lone `*` between spaces or on a
    line of its own is a printed star, not a marker."""
    for part in _ITEM_START.split(chunk):
        if len(_BOLD.findall(part)) % 2:
            return True
        if len(_LONE_STAR.findall(_BOLD.sub("", part))) % 2 == 1:
            return True
    return False


def title_ends_mid_phrase(title: str) -> bool:
    """Does a title stop on a word that wants a continuation ("Example: A Crab army destroys a")?
    An inverted index heading ("Tokens, Running Out of") reads as "Running Out of Tokens"."""
    if title.rstrip("”\"’' ").endswith(("...", "…")):
        return False  # an ellipsis leaves it open on purpose ("“Soul of...”")
    words = re.findall(r"[\wÄÖÜäöüß]+", title)
    if not words or words[-1].lower() not in OPEN_WORDS:
        return title.rstrip().endswith((",", "-", "–"))
    return ", " not in title


def starts_mid_sentence(term: str, text: str) -> bool:
    """Does an entry's text begin in the middle of a sentence ("uses Proclaim on ...")? A glossary
    line that starts with its own lower-case term ("ability: Text on a card ...") does not."""
    first = first_line(text)
    if not starts_lower(first):
        return False
    bare = _LEADING_MARKS.sub("", first).lower()
    return not bare.startswith(term.strip("*_ ").lower().rstrip(".:"))
