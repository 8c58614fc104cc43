"""L5R rules reference and judge assistant.

The knowledge base lives in ``glossary/`` (one YAML file per entry); everything
else in this package reads it: validation, the search index, the site build and
the rules engine.
"""

__version__ = "0.1.0"
