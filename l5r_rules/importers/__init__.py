"""Importers: turn each source document into glossary entries.

One reader per source format (``read_text``, ``read_html``) turns a document into a list of
paragraphs with their page and heading level; ``outline`` decides, from a small
per-document outline file (``outlines/<document>.yaml``), which paragraphs are
headings and what kind of entry each section is; ``sections`` groups paragraphs
into entries. ``run`` builds a document's entries and runs an import:
``inputs`` reads everything first, ``plan`` merges with the existing files
(``curated``: every field import does not produce is kept) and decides what to
write, remove or park (``orphans``), and ``apply`` writes a plan only when it
has no problems (``problems``). ``fingerprint`` is what a translation records
of the text it translates.
"""
