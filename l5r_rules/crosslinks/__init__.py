"""Cross-links between entries, from the rulebooks' own references.

`l5r-rules link` turns three kinds of reference into ids in each entry's
curated `related` field:

- the LCG Rules Reference `Related: A, B` lines (`related_lines`),
- page references: `see page N`, `(see "X" on page N)`, `See "X" on page N.`
  and glossary `See "ability".` (`pagerefs`), with page numbers resolved
  through the books' own tables of contents (`toc`) and headings,
- bold mentions of a glossary term of the same edition (`**Cavalry**`).

Everything is computed from the entries and the sources alone, so running it
twice changes nothing. Battle for Rokugan entries are left alone for now.
"""

from .build import LinkReport, compute_links, write_links

__all__ = ["LinkReport", "compute_links", "write_links"]
