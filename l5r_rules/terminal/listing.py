"""Search results as a numbered list for the terminal, without rich.

Why not a rich table like `show` and `compare`: importing and laying out rich costs a
cold `l5r-rules search` about 50 ms of its 250 ms budget, and a four-column table on a
narrow terminal (a phone over SSH) breaks entry ids and citations across lines. A list
keeps every id whole, so it can be copied into `l5r-rules show ID`.

Each hit: number, heading, edition and kind, entry id; then its citation; then the
passage that answers the query best (search/passages.py), verbatim, with its paragraph
number (¶, the anchor of that paragraph on the entry's site page) and the words the query
matched in bold on a terminal (search/highlight.py); a German entry's passage comes with
the same paragraph of its translation, labelled as unofficial. An entry the query did not
match in its text shows its first lines. Entries that a concept lines up across editions are listed under
the concept's title with the `compare` command that sets them side by side. Colour
only on a terminal (click strips it otherwise); control characters from any text are
replaced (terminal.clean), so nothing printed can move the cursor or recolour the screen.
"""

from __future__ import annotations

import re
import shutil
import sys
import textwrap

import click

from ..citation import pages_label, passage_pages, short_citation
from ..search.highlight import spans
from ..terminal import Styled, clean
from ..textshape import is_list_item, is_table_row

_ITEM_MARK = re.compile(r"^\s*(?:[-*+]\s+)?(?:[•♦◆◇]\s*|c\s+|\d+[.)]\s+|[A-Za-z][.)]\s+)?")

EXCERPT_CHARS = 220
PASSAGE_CHARS = 500  # a passage is at most a few sentences (passages.py); a longer one is cut
PAIR_CHARS = 800  # two neighbouring passages shown together (the window they scored as: ranking.py)
TRANSLATION_CHARS = 160
INDENT = "     "
MAX_WIDTH = 110


def excerpt(text: str, n: int = EXCERPT_CHARS) -> str:
    """The first `n` characters of `text` as the list prints it (`flow`), with … where it is cut."""
    flowed, whole = flow(text, n)
    return flowed if whole else flowed + "…"


def flow(text: str, n: int) -> tuple[str, bool]:
    """`text` as the list prints it, and whether it is whole: a paragraph's wrapped lines joined with single
    spaces, each list item (textshape.LIST_ITEM: "- ", "1.", Ivory's "c ", ♦ ...; a letter only where two
    lines open with one) and each table row on a line of its own, a nested item indented; at most `n`
    characters, cut at the last sentence end before `n` (else where an item or line ends), between words
    only when the first sentence alone is longer. The site's cards show the same items (js/page.js)."""
    raw = clean(text).split("\n")
    letters = sum(1 for line in raw if _LETTER_ITEM.match(line.strip())) > 1
    lines: list[str] = []
    new_paragraph = True
    for line in raw:
        words = " ".join(line.split())
        if not words:
            new_paragraph = True
            continue
        item = is_list_item(words) and (letters or not _LETTER_ITEM.match(words))
        if item or is_table_row(line) or new_paragraph or not lines:
            indent = len(line) - len(line.lstrip())
            lines.append(("  " if item and indent >= 2 else "") + words)
        else:  # a wrapped line of the paragraph or item above
            lines[-1] += " " + words
        new_paragraph = False
    out, used = [], 0
    for line in lines:
        if used + len(line) > n:
            head = line[: max(n - used - 1, 0)]
            ends = [m.end() for m in _SENTENCE_END.finditer(head + " ")]
            cut = head[: ends[-1]] if ends else "" if out else head.rsplit(" ", 1)[0].rstrip()
            if cut.strip() and _ITEM_MARK.match(cut + " ").end() < len(cut):  # words, not a mark alone
                out.append(cut)
            return "\n".join(out), False
        out.append(line)
        used += len(line) + 1
    return "\n".join(out), True


_LETTER_ITEM = re.compile(r"^[A-Za-z][.)]\s")
_SENTENCE_END = re.compile(r"[.!?:;][\"'”’)»]*(?=\s)")


def shown_texts(hit) -> list[str]:
    """The rule text a hit's lines show, unstyled (the evaluation checks whether the answer is in it)."""
    return [text for _, text, _ in _shown(hit)]


def _shown(hit) -> list[tuple[str, str, str | None]]:
    """(label, text, language to mark the query's words in, or None) of each text line of a hit."""
    p, passage = hit.payload, hit.passage
    if passage is None or not passage["matched"]:
        first = passage["text"] if passage else p["text"]
        out = [("", excerpt(first), None)]
        translation = (passage or {}).get("companion") or {}
        if translation.get("text") or p.get("translation"):
            text = translation.get("text") or p["translation"]["text"]
            out.append(("[unofficial translation] ", excerpt(text, TRANSLATION_CHARS), None))
        return out
    passage, n = _with_partner(passage)
    best = ("", _cut(passage, n), p.get("lang", "en") if not passage["translation"] else "en")
    label = f"¶{passage['label']}{_passage_page(p, passage)} "
    companion = passage.get("companion")
    if not passage["translation"]:
        out = [(label, best[1], best[2])]
        if companion:
            out.append(("[unofficial translation] ", _cut(companion, TRANSLATION_CHARS), None))
        return out
    out = [(label, _cut(companion, TRANSLATION_CHARS), None)] if companion else []
    return out + [(("" if companion else label) + "[unofficial translation] ", best[1], "en")]


def _with_partner(passage: dict) -> tuple[dict, int]:
    """The passage to show and its length limit: with the neighbour it was scored with as one window
    (engine: `partner`), the two in book order as one text (¶3-4), else the passage alone (¶3)."""
    partner = passage.get("partner")
    if not partner:
        return {**passage, "label": str(passage["block"])}, PASSAGE_CHARS
    first, second = (partner, passage) if partner["before"] else (passage, partner)
    blocks = f"{first['block']}" if first["block"] == second["block"] else f"{first['block']}-{second['block']}"
    whole = ((first.get("whole") or (True, True))[0], (second.get("whole") or (True, True))[1])
    gap = "\n" if first["block"] == second["block"] else "\n\n"  # another paragraph starts a line of its own
    return {**passage, "text": f"{first['text']}{gap}{second['text']}", "whole": whole, "label": blocks}, PAIR_CHARS


def _passage_page(payload: dict, passage: dict) -> str:
    """', p. 73' when the entry runs over pages and its page markers place the passage (citation.passage_pages)."""
    if passage["translation"]:
        return ""
    pages = passage_pages(payload.get("source") or {}, payload.get("text", ""), passage["text"])
    return f", {pages_label(*pages)}" if pages else ""


def _cut(passage: dict, n: int) -> str:
    """A passage as the list prints it (`flow`: its list items one a line), with … where it is not the whole
    paragraph or is cut at `n`; a passage that leads into a list (engine.Engine.list_after: "the player must
    either:") with that list after it, in as many characters again."""
    starts, ends = passage.get("whole") or (True, True)
    following = passage.get("list")
    text = passage["text"] + ("\n\n" + following["text"] if following else "")
    flowed, whole = flow(text, 2 * n if following else n)
    if following:
        ends = (following.get("whole") or (True, True))[1]
    return ("" if starts else "… ") + flowed + ("" if ends and whole else " …")


def width() -> int:
    return max(40, min(MAX_WIDTH, shutil.get_terminal_size((100, 24)).columns))


def results_lines(results, columns: int) -> list[str]:
    """The lines `l5r-rules search` prints for `results` (styled with click.style)."""
    out: list[str] = []
    if results.corrections:
        fixes = "; ".join(f"{w} ≈ {', '.join(c[:3])}" for w, c in results.corrections.items())
        out.append(click.style(f"Typo tolerance: {clean(fixes)}", dim=True))
    if results.opening:
        out.append(click.style(f"Nothing to search but {', '.join(_named(results))}: where its rules begin.", dim=True))
    elif results.widened:
        out.append(click.style(f"Nothing in {', '.join(results.editions)}; showing all editions.", dim=True))
    elif results.editions or results.games:
        out.append(click.style(f"Only: {', '.join(_named(results))}", dim=True))
    inferred = getattr(results, "inferred", None)
    if inferred:  # the game the question's words point to (search/gamewords.py): ranked first, not alone
        words = ", ".join(inferred.words)
        said = f"{results.inferred_label} rules first, from your words: {words} (--all-games: every game alike)"
        out += [click.style(line, dim=True) for line in textwrap.wrap(clean(said), columns)]
    if not results.groups:
        out.append("No results. Try other words, or fewer filters.")
        return out
    legend = (
        "Each hit shows the passage that answers best, verbatim (¶N: its paragraph; … marks a cut);"
        " `l5r-rules show ID` prints a whole entry."
    )
    out += [click.style(line, dim=True) for line in textwrap.wrap(legend, columns)]
    n = 0
    under_concept = False
    for group in results.groups:
        if getattr(group, "headed", group.concept and len(group.hits) > 1):
            title = f"Concept: {clean(group.concept['title'])}"
            command = f"l5r-rules compare {group.concept['id']}"
            out.append("")
            if len(title) + len(command) + 5 <= columns:
                out.append(click.style(f"{title}  ·  {command}", fg="magenta", bold=True))
            else:  # the command on a line of its own, so that it is never broken
                out += [click.style(line, fg="magenta", bold=True) for line in textwrap.wrap(title, columns)]
                out.append(click.style(f"  {command}", fg="magenta"))
            wrap = textwrap.TextWrapper(width=columns, initial_indent=INDENT, subsequent_indent=INDENT)
            absent = getattr(group, "absent", None)
            if absent:
                out += [click.style(line, dim=True) for line in wrap.wrap(absent_line(absent, group.hits))]
            note = getattr(group, "note", None)
            if note:
                out += wrap.wrap(f"[{note['label']}] " + clean(note["text"]))
            under_concept = True
        elif under_concept:  # so that a lone entry does not look like part of the concept above
            out += ["", click.style("Other entries", fg="magenta", bold=True)]
            under_concept = False
        for hit in group.hits:
            n += 1
            out.extend(_hit_lines(n, hit, columns, getattr(results, "terms", None)))
    return out


def _named(results) -> list[str]:
    """The editions and games the search kept to, each once (the LCG is a game and its edition)."""
    return list(dict.fromkeys(results.editions + results.games))


def absent_line(absent: list[str], hits) -> str:
    """What a concept group says when the editions searched have no entry of it ("yu in ivory?")."""
    others = dict.fromkeys(h.payload["edition"] for h in hits)  # each once, in the order shown
    return f"No entry in {' or '.join(absent)}; shown from {', '.join(others)}."


def _hit_lines(n: int, hit, columns: int, terms=None) -> list[str]:
    p = hit.payload
    wrap = textwrap.TextWrapper(
        width=columns, initial_indent=INDENT, subsequent_indent=INDENT, break_long_words=False, break_on_hyphens=False
    )
    number, term, label = f"{n:>3}. ", clean(p["term"]), f"{p['edition']} · {p['kind']}"
    label, entry_id = click.style(label, fg="cyan"), click.style(p["id"], dim=True)
    lines = [""]
    if len(number) + len(term) + len(p["edition"] + p["kind"]) + len(p["id"]) + 7 <= columns:
        lines.append(number + click.style(term, bold=True) + "  " + label + "  " + entry_id)
    else:  # narrow: heading wrapped, then edition and id, the id never broken
        heading = textwrap.wrap(term, columns - len(INDENT), break_long_words=False) or [""]
        lines.append(number + click.style(heading[0], bold=True))
        lines += [INDENT + click.style(more, bold=True) for more in heading[1:]]
        lines += [INDENT + label, INDENT + entry_id]
    lines += wrap.wrap(clean(short_citation(p)))
    for label, text, lang in _shown(hit):
        for i, line in enumerate(text.split("\n")):  # a list's items one a line, each wrapped under its text
            mark = _ITEM_MARK.match(line)
            under = textwrap.TextWrapper(
                width=columns,
                initial_indent=INDENT,
                subsequent_indent=INDENT + " " * (mark.end() if mark and (i or not label) else 0),
                break_long_words=False,
                break_on_hyphens=False,
            )
            lines += _marked(under, label if i == 0 else "", line, spans(line, terms, lang) if lang and terms else [])
    if hit.explain is not None:
        for line in explain_lines(hit.explain):
            inner = INDENT + " " * (len(line) - len(line.lstrip()))
            for piece in textwrap.wrap(
                line.lstrip(), columns, initial_indent=inner, subsequent_indent=inner + "  ", break_long_words=False
            ):
                lines.append(click.style(piece, dim=True))
    return lines


# Fields whose text is ours, not the rulebooks': the unofficial translation and the search hints.
OUR_WORDS_FIELDS = frozenset({"translation", "hints", "hints_de"})


def explain_lines(why: dict) -> list[str]:
    """`--explain`: how a hit's score was made (search/explain.py), one line per part and factor."""
    out = [f"why: score {why['score']:.3f}" + ("" if why["matched"] else " (brought in by its concept)")]
    for part in why.get("parts", []):
        where = f" ¶{part['block']} ({part['anchor']})" if "anchor" in part else ""
        if "coverage" in part:
            where += f", holds {part['coverage'][0]} of the question's {part['coverage'][1]} words"
        if "window" in part:  # scored as one with the next or previous passage of its text
            w = part["window"]
            where += (
                f"; scored with its neighbour ¶{w['block']} ({w['anchor']}), together {w['coverage'][0]}"
                f" of {w['coverage'][1]} words, their sum x {w['weight']:g}"
            )
        out.append(f"  {part['part']}{where}: {part['score']:.3f} x {part['weight']:g}")
        for name, field in part["fields"].items():
            label = f"{name} (our words)" if name in OUR_WORDS_FIELDS else name
            out.append(f"    {label} {field['score']:.3f}: {', '.join(field['terms']) or '(phrase)'}")
        for once in part.get("once", []):  # a word that two fields index twice counts once: the better
            lost = "; ".join(_alternative(a) for a in once["lost"])
            out.append(f"    counted once: {_alternative(once['won'])}, not {lost}")
    if "sum" in why:
        out.append(f"  = {why['sum']:.3f}")
    for factor in why["factors"]:
        out.append(f"  x {factor['factor']:.3f} {factor['why']}")
    return [clean(line) for line in out]


def _alternative(part: dict) -> str:
    return f"{part['field']} {part['score']:.3f} ({', '.join(part['terms'])})"


def _marked(wrap: textwrap.TextWrapper, label: str, text: str, marks: list[tuple[int, int]]) -> list[str]:
    """`label + text` wrapped, the characters of `text` at `marks` in bold. The text is one line
    with single spaces, so each wrapped line is a piece of it and offsets carry over."""
    flat = label + text
    out = []
    pos = 0
    marks = [(a + len(label), b + len(label)) for a, b in marks]
    for line in wrap.wrap(flat):
        body = line[len(wrap.initial_indent if not out else wrap.subsequent_indent) :]
        start = flat.index(body, pos)
        end = start + len(body)
        pos = end
        styled, at = [], start
        for a, b in marks:
            a, b = max(a, start), min(b, end)
            if a >= b:
                continue
            styled += [flat[at:a], click.style(flat[a:b], bold=True)]
            at = b
        styled.append(flat[at:end])
        out.append(line[: len(line) - len(body)] + "".join(styled))
    return out


def print_results(results) -> None:
    click.echo("\n".join(results_lines(results, width())), file=Styled(sys.stdout))  # every data string cleaned
