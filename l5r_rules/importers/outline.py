"""Per-document outline: which paragraphs are headings, and what kind each section is.

The extraction lost the typography that told headings from body text, so each
document has a small outline file (``outlines/<document-id>.yaml``) read here:

    reader: blocks | lines | html
    heading_max_len: 60          # a heading is one short line ...
    heading_level: 2             # ... and gets this level unless listed in `chapters`
    prev_must_end_sentence: false  # for hard-wrapped text: a heading follows a finished sentence
    chapters: [..]               # level-1 headings (the book's chapters)
    headings: [..]               # lines that are headings although the rule says no;
                                 # {text: .., page: N} limits one to the line on page N
    not_headings: [..]           # lines that look like headings but are body text
    inline_terms: [..]           # sections whose paragraphs are "term: definition" glossary lines
    inline_term_kind: {section: kind}  # kind of the inline-term entries of a section (default glossary-term)
    inline_terms_without_colon: [..]   # glossary lines whose colon the extraction lost ("Term Definition")
    kinds: {section title: kind} # kind of every entry under that section (nearest title wins)
    levels: [[regex, level], ..] # heading level by pattern (for numbered sub-steps)
    body_after: heading          # after this heading every paragraph is body text (diagram labels)
    not_heading_pattern: regex   # lines matching it are body text (e.g. diagram legends "A. Name")
    example_pattern: regex       # a heading matching it is a worked example
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

    def level_of(self, text: str) -> int:
        norm = collapse(text)
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

    def __post_init__(self) -> None:
        self._forced = {collapse(h) for h in self.headings if isinstance(h, str)}
        self._forced_on_page = {(collapse(h["text"]), h["page"]) for h in self.headings if isinstance(h, dict)}
        self._refused = {collapse(h) for h in self.not_headings}
        self._chapters = {collapse(h) for h in self.chapters}
        self._forced |= self._chapters
