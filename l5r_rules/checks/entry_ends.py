"""Does an entry's text end where a rule ends? (issue #14: boundaries that follow the rules)

An entry cut by the page layout stops mid-sentence ("A lord with an honorable
reputation finds many"). A text ends cleanly when its last line, after any
trailing figure labels, ends a sentence, is a list item, a cross-reference
line or a table row. Figure labels are the short captions the extraction keeps
after the running text ("Gold / Cost", "- Item -", "Battlefield"); a text made
only of them (a heading's note, a component list) ends cleanly too. Where the
source itself stops mid-sentence, the document's outline lists the entry under
`ends_unfinished` with the reason, and nowhere else is an unfinished end accepted. The
words that end a sentence, a list item or a label are l5r_rules/textshape.py's, which the
importer's joins and validate's L5R033 use too.
"""

from __future__ import annotations

from ..textshape import LIST_ITEM as _LIST_ITEM
from ..textshape import TRAILING_MARKUP as _TRAILING_MARKUP
from ..textshape import ends_sentence as _ends_sentence
from ..textshape import is_label as _is_label


def ends_cleanly(text: str) -> bool:
    lines = [_TRAILING_MARKUP.sub("", line.strip()) for line in text.strip().splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        return False
    while lines and _is_label(lines[-1]) and not _ends_sentence(lines[-1]):
        lines.pop()
    if not lines:
        return True  # labels only: a heading's note, a list of components
    last = lines[-1]
    return _ends_sentence(last) or bool(_LIST_ITEM.match(last)) or "|" in last or "\t" in last
