"""Entry text as the book prints it (issue 24): whole sentences, balanced emphasis, whole titles.

The extraction broke sentences where the printed page broke, lost the opening half of
bold labels and cut titles mid-phrase; the importer repairs all of it by general rules
(importers/joins.py, normalize.REPAIRS, the outlines). These checks keep it so, with the
same rules (l5r_rules/textshape.py):

- L5R033 a paragraph stops mid-sentence: no terminal punctuation, and the next paragraph
  goes on with the sentence, or it is no list item, table row or figure label. Allowed only
  after the last words of a break the source itself has (the document's `breaks` or, for
  an incomplete file, `missing.after`, in glossary/_sources.yaml).
- L5R034 a paragraph, or an item of a list, opens or closes bold or italics without the other side.
- L5R035 a title stops on a word that wants a continuation ("Example: A Crab army destroys a").
- L5R036 `anchors` that do not fit the text's blocks (importers/anchors.py writes them).
- L5R037 an entry's text begins in the middle of a sentence ("uses Proclaim on ...").
"""

from __future__ import annotations

from .. import textshape
from ..blocks import top_level_blocks
from ..normalize import collapse
from .loaded import Doc, Glossary
from .problems import Problem


def _breaks(g: Glossary) -> dict[str, tuple[str, ...]]:
    """document id -> the last words before each break the source itself has."""
    if not g.registry_ok or not isinstance(g.registry.data, dict):
        return {}
    out = {}
    for d in g.registry.data.get("documents") or []:
        words = [b.get("after", "") for b in d.get("breaks") or []]
        if isinstance(d.get("missing"), dict):
            words.append(d["missing"].get("after", ""))
        out[d.get("id")] = tuple(collapse(w) for w in words if w)
    return out


def _text_line(doc: Doc, line_in_text: int) -> tuple[int, int]:
    """The file line of the text's `line_in_text`-th line (0-based): a block scalar starts below `text:`."""
    line, col = doc.loaded.where(("text",))
    lines = doc.path.read_text(encoding="utf-8", errors="replace").splitlines()
    block = 0 < line <= len(lines) and lines[line - 1].rstrip().endswith(("|", "|-", "|+", ">", ">-"))
    return (line + 1 + line_in_text, 3) if block else (line, col)


def _chunk_lines(text: str) -> list[int]:
    """The 0-based line where each paragraph (textshape.chunks) of `text` starts."""
    out, in_chunk = [], False
    for i, line in enumerate(text.splitlines()):
        if line.strip() and not in_chunk:
            out.append(i)
        in_chunk = bool(line.strip())
    return out


def _check_entry(doc: Doc, data: dict, breaks: tuple[str, ...]) -> list[Problem]:
    out: list[Problem] = []
    text, term = data["text"], data.get("term") or ""
    parts, starts = textshape.chunks(text), _chunk_lines(text)
    for i in textshape.mid_sentence_ends(text):
        last = collapse(textshape.last_line(parts[i]))
        if any(last.endswith(words) for words in breaks):
            continue
        line, col = _text_line(doc, starts[i] + parts[i].count("\n"))
        after = f"paragraph {i + 2} goes on with it" if i + 1 < len(parts) else "the entry ends there"
        out.append(
            Problem(
                doc.rel,
                line,
                col,
                "L5R033",
                "text",
                f"paragraph {i + 1} stops mid-sentence ('...{last[-50:]}') and {after}: join them in the importer, "
                "or list the source's own break under the document's `breaks` in glossary/_sources.yaml",
            )
        )
    for i, part in enumerate(parts):
        if textshape.unbalanced_emphasis(part):
            line, col = _text_line(doc, starts[i])
            out.append(
                Problem(
                    doc.rel,
                    line,
                    col,
                    "L5R034",
                    "text",
                    f"paragraph {i + 1} (or an item of its list) opens or closes emphasis (** or *) "
                    f"without the other side: '{collapse(part)[:60]}...'",
                )
            )
    if textshape.title_ends_mid_phrase(term):
        out.append(
            doc.problem(
                "L5R035",
                ("term",),
                f"'{term}' stops mid-phrase: title the entry by the whole phrase the book prints",
            )
        )
    if textshape.starts_mid_sentence(term, text):
        out.append(
            doc.problem(
                "L5R037",
                ("text",),
                f"begins mid-sentence ('{collapse(textshape.first_line(text))[:50]}...'): "
                "the entry must start where the book's sentence starts",
            )
        )
    anchors = data.get("anchors")
    if isinstance(anchors, list):
        count = len(top_level_blocks(text))
        numbers = [n for item in anchors if isinstance(item, str) for n in item.split()]
        if len(anchors) != count or len(numbers) != len(set(numbers)):
            out.append(
                doc.problem(
                    "L5R036",
                    ("anchors",),
                    f"{len(anchors)} item(s) for {count} top-level block(s) of the text"
                    + ("" if len(numbers) == len(set(numbers)) else ", a number given twice")
                    + ": run `l5r-rules import` to number them anew",
                )
            )
    return out


def check(g: Glossary) -> list[Problem]:
    if not g.registry_ok:  # the source breaks it lists cannot be read: every one would be a false L5R033
        return []
    breaks = _breaks(g)
    out: list[Problem] = []
    for doc in g.checked(g.entries):
        data = doc.data
        if not isinstance(data, dict) or not isinstance(data.get("text"), str):
            continue
        document = (data.get("source") or {}).get("document")
        out += _check_entry(doc, data, breaks.get(document, ()))
    return out
