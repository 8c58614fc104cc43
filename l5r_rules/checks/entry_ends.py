"""Does an entry's text end where a rule ends? (issue #14: boundaries that follow the rules)

An entry cut by the page layout stops mid-sentence ("A lord with an honorable
reputation finds many"). A text ends cleanly when its last line, after any
trailing figure labels, ends a sentence, is a list item, a cross-reference
line or a table row. Figure labels are the short captions the extraction keeps
after the running text ("Gold / Cost", "- Item -", "Battlefield"); a text made
only of them (a heading's note, a component list) ends cleanly too. Where the
source itself stops mid-sentence, the document's outline lists the entry under
`ends_unfinished` with the reason, and nowhere else is an unfinished end accepted.
"""

from __future__ import annotations

import re

_SENTENCE_END = (".", "!", "?", ":", ";", ")", "”", '"', "’", "'", "»", "“")
_TRAILING_MARKUP = re.compile(r"(\s*(\*+|_+|\[[^\]\n]{1,20}\]))+$")  # emphasis, a tag such as "[errata]"
_LIST_ITEM = re.compile(r"^(?:[-*•♦◆]\s|c\s|\d+[.)]\s|[A-Za-z][.)]\s|Related:\s)")
_LABEL_MAX_WORDS = 5
# A caption never ends on a word that wants a continuation; a cut line often does ("Some Items have the").
_OPEN_WORDS = frozenset(
    "a an the of to in on at by for from with and or but as is are be your his her its their this that "
    "der die das den dem des ein eine einer eines und oder zu mit von im in auf für".split()
)


def _is_label(line: str) -> bool:
    words = line.split()
    return (
        0 < len(words) <= _LABEL_MAX_WORDS
        and (line[0].isupper() or line[0].isdigit() or line[0] in "-*\"“„'")
        and not re.search(r"[.!?]\s", line)
        and words[-1] not in _OPEN_WORDS
    )


def ends_cleanly(text: str) -> bool:
    lines = [_TRAILING_MARKUP.sub("", line.strip()) for line in text.strip().splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        return False
    while lines and _is_label(lines[-1]) and not lines[-1].endswith(_SENTENCE_END):
        lines.pop()
    if not lines:
        return True  # labels only: a heading's note, a list of components
    last = lines[-1]
    return last.endswith(_SENTENCE_END) or bool(_LIST_ITEM.match(last)) or "|" in last or "\t" in last
