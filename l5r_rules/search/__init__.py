"""Full-text search over the knowledge base: a whoosh index kept in build/index/.

Why a package of small modules: the index schema (fields.py), the analyzers
(analysis.py) and German compound splitting (decompound.py), staleness detection
(freshness.py), building (indexer.py) and the files beside the index (store.py),
rebuilding a damaged index (repair.py) and the errors commands report (errors.py),
turning casual judge questions into query trees (querying.py, synonyms.py), scoring
them with whoosh's BM25F (scoring.py), cutting entries into passages (passages.py) and
combining an entry's heading, text and best passage (ranking.py, explained by explain.py),
grouping results (engine.py), marking the query's words (highlight.py), and the terminal
list a search prints (terminal/listing.py) each change for different reasons. Every knob,
word list and post-scoring rule of the ranking is the policy's (policy.yaml, policy.py); the
site's twin of each module is js/<module>.js (webscript.py); the golden rankings hold the two
together (golden.py). whoosh is imported in one module, whooshlib.py, with every use of its
internals. Nothing here imports mkdocs, jinja2, rich, the YAML reader or the rules engine on
the search path (nor the terminal: the list is a layer above), so a `l5r-rules search`
process starts fast.

Entry point for readers: ``from l5r_rules.search.engine import open_engine``.
"""
