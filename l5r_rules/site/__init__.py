"""The static site: knowledge base -> Markdown pages (jinja2) -> HTML (mkdocs-material).

`builder.build_site()` is the one entry point; `l5r-rules build` calls it.
Generated Markdown lives only in a temporary build directory; hand-written
pages come from `content/`. See issue 5 for the requirements.
"""
