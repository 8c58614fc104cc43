"""Full-text search over the knowledge base: a whoosh index kept in build/index/.

Why a package of small modules: the index schema (fields.py), the analyzers
(analysis.py), staleness detection (freshness.py), building (indexer.py), turning
casual judge questions into whoosh queries (querying.py, synonyms.py) and running
them (engine.py) each change for different reasons. Nothing here imports mkdocs,
jinja2 or the rules engine, so a `l5r-rules search` process starts fast.

Entry point for readers: ``from l5r_rules.search.engine import open_engine``.
"""

from .whoosh_import import import_whoosh

import_whoosh()
