"""Cross-links between entries, from the rulebooks' own references.

`l5r-rules link` turns three kinds of reference into ids in each entry's
generated `related_from_book` field (the curated `related`, a person's own
choice, is never touched):

- the LCG Rules Reference `Related: A, B` lines (`related_lines`),
- page references: `see page N`, `(see "X" on page N)`, `See "X" on page N.`,
  Ivory's `(see p. N)`, Battle for Rokugan's `auf Seite N`, `siehe „X“ auf
  Seite N` and `Siehe dazu „X“ weiter unten`, and glossary `See "ability".`
  (`pagerefs`), with page numbers resolved through the books' own tables of
  contents (`toc`) or the entries' pages from the page markers, and headings,
- bold mentions of a glossary term of the same edition (`**Cavalry**`; not in
  Battle for Rokugan, which has no glossary).

Everything is computed from the entries and the sources alone, so running it
twice changes nothing.
"""

from .build import LinkReport, compute_links, write_links

__all__ = ["LinkReport", "compute_links", "write_links"]
