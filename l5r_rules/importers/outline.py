"""Per-document outline: which paragraphs are headings, and what kind each section is.

The extraction lost the typography that told headings from body text, so each
document has a small outline file (``outlines/<document-id>.yaml``) read here:

    reader: blocks | lines | html
    heading_max_len: 60          # a heading is one short line ...
    heading_level: 2             # ... and gets this level unless listed in `chapters`
    prev_must_end_sentence: false  # for hard-wrapped text: a heading follows a finished sentence
    chapters: [..]               # level-1 headings (the book's chapters)
    headings: [..]               # lines that are headings although the rule says no;
                                 # {text: .., page: N} limits one to the line on page N,
                                 # {text: .., occurrence: N} to its N-th occurrence (1-based),
                                 # {text: .., level: N} gives it its level in the book's structure
    not_headings: [..]           # lines that look like headings but are body text
    inline_terms: [..]           # sections whose paragraphs are "term: definition" glossary lines
    inline_term_kind: {section: kind}  # kind of the inline-term entries of a section (default glossary-term)
    inline_terms_without_colon: [..]   # glossary lines whose colon the extraction lost ("Term Definition")
    kinds: {section title: kind} # kind of every entry under that section (nearest title wins)
    levels: [[regex, level], ..] # heading level by pattern (for numbered sub-steps)
    body_after: heading          # after this heading every paragraph is body text (diagram labels)
    not_heading_pattern: regex   # lines matching it are body text (e.g. diagram legends "A. Name")
    example_pattern: regex       # a heading matching it is a worked example
    moves: [{first, last, after}] # reading order: the block of paragraphs from `first` to `last`
                                 # (a sidebar or a column the extraction put mid-sentence) is read
                                 # after the paragraph `after`; each is the start of one paragraph
    splits: [{before, term, level}] # a new entry starts at the body paragraph `before` (its
                                 # `occurrence`-th if given), titled by `term`, a label the book
                                 # prints inside that entry's own text
    ends_unfinished: [{term, reason}] # entries whose text stops mid-sentence because the source
                                 # itself stops there (the boundary test accepts only these)
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from .. import yamlio
from ..normalize import collapse

OUTLINE_DIR = Path(__file__).resolve().parent / "outlines"

_TERMINAL = (".", ",", ";", ":", "!")
_SENTENCE_END = (".", "!", "?", ":", "”", '"', ")")


@dataclass
class Outline:
    document: str
    reader: str
    heading_max_len: int = 60
    heading_level: int = 2
    prev_must_end_sentence: bool = False
    chapters: list[str] = field(default_factory=list)
    headings: list = field(default_factory=list)
    not_headings: list[str] = field(default_factory=list)
    inline_terms: list[str] = field(default_factory=list)
    inline_term_kind: dict[str, str] = field(default_factory=dict)
    inline_terms_without_colon: list[str] = field(default_factory=list)
    kinds: dict[str, str] = field(default_factory=dict)
    levels: list[list] = field(default_factory=list)
    body_after: str | None = None
    not_heading_pattern: str | None = None
    example_pattern: str = r"^(Example|Sample)\b"
    default_kind: str = "rule"
    moves: list[dict] = field(default_factory=list)
    splits: list[dict] = field(default_factory=list)
    ends_unfinished: list[dict] = field(default_factory=list)

    @classmethod
    def load(cls, document: str) -> Outline:
        data = yamlio.load_plain(OUTLINE_DIR / f"{document}.yaml") or {}
        return cls(document=document, **data)

    def looks_like_heading(self, text: str, prev: str | None, page: int | None = None) -> bool:
        """Is a level-0 paragraph really a heading? Overrides first, then the shape rule."""
        norm = collapse(text)
        if norm in self._forced:
            return True
        if (norm, page) in self._forced_on_page:
            return True
        if norm in self._refused:
            return False
        if self.not_heading_pattern and re.search(self.not_heading_pattern, norm):
            return False
        if "\n" in text.strip() or not norm or len(norm) > self.heading_max_len:
            return False
        if norm.endswith(_TERMINAL) or norm[0] in "-|*(•♦◆[" or norm.startswith("Related:"):
            return False
        if not (norm[0].isupper() or norm[0].isdigit() or norm[0] in "“\"'"):
            return False
        if self.prev_must_end_sentence and prev is not None and not collapse(prev).endswith(_SENTENCE_END):
            return False
        return True

    def level_of(self, text: str, occurrence: int = 1) -> int:
        norm = collapse(text)
        for key in ((norm, occurrence), (norm, None)):
            if key in self._levels:
                return self._levels[key]
        if norm in self._chapters:
            return 1
        for pattern, level in self.levels:
            if re.search(pattern, norm):
                return level
        return self.heading_level

    def kind_for(self, term: str, path: list[str]) -> str:
        if re.search(self.example_pattern, term):
            return "example"
        for title in reversed(path):
            if title in self.kinds:
                return self.kinds[title]
        return self.default_kind

    def forced_occurrence(self, text: str, occurrence: int) -> bool:
        """Is this the listed occurrence of a heading listed by {text, occurrence}?"""
        return (collapse(text), occurrence) in self._forced_occurrence

    def __post_init__(self) -> None:
        _check_items(self.headings, "headings", required=("text",), optional=("page", "occurrence", "level"))
        _check_items(self.moves, "moves", required=("first", "last", "after"))
        _check_items(self.splits, "splits", required=("before", "term", "level"), optional=("occurrence",))
        _check_items(self.ends_unfinished, "ends_unfinished", required=("term", "reason"))
        dicts = [h for h in self.headings if isinstance(h, dict)]
        self._forced = {collapse(h) for h in self.headings if isinstance(h, str)}
        self._forced |= {collapse(h["text"]) for h in dicts if "page" not in h and "occurrence" not in h}
        self._forced_on_page = {(collapse(h["text"]), h["page"]) for h in dicts if "page" in h}
        self._forced_occurrence = {(collapse(h["text"]), h["occurrence"]) for h in dicts if "occurrence" in h}
        self._levels = {(collapse(h["text"]), h.get("occurrence")): h["level"] for h in dicts if "level" in h}
        self._refused = {collapse(h) for h in self.not_headings}
        self._chapters = {collapse(h) for h in self.chapters}
        self._forced |= self._chapters


def _check_items(items: list, name: str, required: tuple[str, ...], optional: tuple[str, ...] = ()) -> None:
    """Each item of an outline list: a mapping with exactly the known keys, text values not empty."""
    for i, item in enumerate(items, 1):
        if isinstance(item, str) and name == "headings":
            continue
        if not isinstance(item, dict):
            raise ValueError(f"{name} item {i}: expected a mapping with {', '.join(required)}")
        missing = [k for k in required if k not in item]
        unknown = [k for k in item if k not in required + optional]
        if missing or unknown:
            raise ValueError(
                f"{name} item {i}: "
                + "; ".join(
                    ([f"missing {', '.join(missing)}"] if missing else [])
                    + ([f"unknown {', '.join(unknown)}"] if unknown else [])
                )
            )
        for k, v in item.items():
            if k in ("page", "occurrence", "level"):
                if not isinstance(v, int) or isinstance(v, bool) or v < 1:
                    raise ValueError(f"{name} item {i}: {k} must be a whole number of 1 or more")
            elif not isinstance(v, str) or not v.strip():
                raise ValueError(f"{name} item {i}: {k} must be non-empty text")


def document_outline(doc) -> Outline:
    """The document's outline file; a document without one uses the shape rule alone."""
    if not (OUTLINE_DIR / f"{doc.id}.yaml").exists():
        return Outline(document=doc.id, reader=doc.format)
    return Outline.load(doc.id)
