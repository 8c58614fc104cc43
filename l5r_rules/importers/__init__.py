"""Importers: turn each source document into glossary entries.

One reader per source format (``readers_*``) turns a document into a list of
paragraphs with their page and heading level; ``outline`` decides, from a small
per-document outline file (``outlines/<document>.yaml``), which paragraphs are
headings and what kind of entry each section is; ``sections`` groups paragraphs
into entries; ``writer`` merges them with existing files without touching
curated fields.
"""
