"""Importers: turn each source document into glossary entries.

One reader per source format (``read_text``, ``read_html``) turns a document into a list of
paragraphs with their page and heading level; ``outline`` decides, from a small
per-document outline file (``outlines/<document>.yaml``), which paragraphs are
headings and what kind of entry each section is; ``sections`` groups paragraphs
into entries, ``joins`` lays out each section's paragraphs as the book prints
them (split sentences joined, lost list marks restored). ``entries`` builds a
document's entries from its source. ``run`` runs an import: ``inputs`` reads
everything first, ``plan`` merges with the existing files (``fields``: which
fields import writes; ``curated``: every other field is kept; ``anchors``:
paragraph anchors carried across a re-import) and decides what to write, remove
or park (``orphans``), giving an account (``report``), and ``apply`` writes a
plan only when it has no problems (``problems``). ``fingerprint`` is what a
translation records of the text it translates. The modules import one way only:
``run`` -> ``plan`` -> ``inputs``/``entries``/``curated`` -> ``fields``/``outline``.
"""
