"""The one module that imports whoosh: what the search uses of it, and every use of its internals.

Why one place: whoosh-reloaded declares itself unmaintained (issue 27). Everything the search takes
from it comes through here: the analyzers' filters, the schema's field types, the index's files, the
BM25F weighting, and the few places where the search reads or writes below whoosh's public API for
speed (a posting list a block at a time, the writer's per-document lengths, posting blocks without
zlib, a field that analyzes its text through a memo). Replacing whoosh means re-implementing these
names, and the tests that compare the shortcuts with whoosh's own output say whether it was done
(tests/test_search_scoring.py, tests/test_search_indexing.py).

Importing whoosh cheaply: a cold `l5r-rules search` must start in well under 250 ms, and about 90 ms
went to modules whoosh imports but a search never uses: `urllib.request` (whoosh.compat imports
`urlretrieve` for a downloader) and `asyncio` (pulled in by the `cached_property` package, used by
whoosh.reading for one plain method). While whoosh is first imported, stand-ins answer for those two
names: `urlretrieve` forwards to the real function on first use, and `cached_property` is the standard
library's `functools.cached_property`. The stand-ins are removed from `sys.modules` right after, so any
later `import urllib.request` gets the real module. When whoosh is already imported (by another reader)
nothing is replaced.
"""

from __future__ import annotations

import functools
import sys
import types
from collections import Counter


def _urlretrieve(*args, **kwargs):  # pragma: no cover - whoosh never calls it while searching
    import urllib.request  # here, on first use only: the import is what the stand-in saves a cold start

    return urllib.request.urlretrieve(*args, **kwargs)


def _import_whoosh() -> None:
    if "whoosh.reading" in sys.modules:
        return
    stand_ins: dict[str, types.ModuleType] = {}
    if "urllib.request" not in sys.modules:
        stand_ins["urllib.request"] = types.ModuleType("urllib.request")
        stand_ins["urllib.request"].urlretrieve = _urlretrieve
    if "cached_property" not in sys.modules:
        stand_ins["cached_property"] = types.ModuleType("cached_property")
        stand_ins["cached_property"].cached_property = functools.cached_property
    sys.modules.update(stand_ins)
    try:
        import whoosh.compat  # noqa: F401  (the stand-ins answer while these two are first imported)
        import whoosh.reading  # noqa: F401
    finally:
        for name, module in stand_ins.items():
            if sys.modules.get(name) is module:
                del sys.modules[name]


_import_whoosh()

# ruff: noqa: E402 - whoosh is imported after the stand-ins are in place
from whoosh.analysis import STOP_WORDS, CharsetFilter, LowercaseFilter, RegexTokenizer, StemFilter, StopFilter
from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.formats import Frequency
from whoosh.index import create_in, open_dir
from whoosh.lang import stopwords_for_language
from whoosh.scoring import BM25F
from whoosh.support.charset import accent_map
from whoosh.system import pack_uint

__all__ = [
    "BM25F",
    "CharsetFilter",
    "ID",
    "KEYWORD",
    "LowercaseFilter",
    "RegexTokenizer",
    "STOP_WORDS",
    "STORED",
    "Schema",
    "StemFilter",
    "StopFilter",
    "accent_map",
    "create_in",
    "field_b",
    "field_bs",
    "MemoText",
    "open_dir",
    "postings",
    "stopwords_for_language",
    "writer",
]


def field_b(weighting: BM25F, fieldname: str) -> float:
    """BM25F's length normalization B of one field (whoosh keeps per-field values in `_field_B`)."""
    return weighting._field_B.get(fieldname, weighting.B)


def field_bs(weighting: BM25F) -> dict[str, float]:
    """Every per-field B that differs from the weighting's own (for the site's export)."""
    return dict(weighting._field_B)


def postings(m) -> tuple[list[int], list[float]]:
    """(document numbers, weights) of a whoosh postings matcher, a block at a time where the matcher
    is whoosh's own on-disk one (W3LeafMatcher: its decoded block arrays), else a posting at a time."""
    ids: list[int] = []
    weights: list[float] = []
    if hasattr(m, "_read_ids") and hasattr(m, "_next_block"):
        while m.is_active():
            m._read_ids()
            m._read_weights()
            ids.extend(m._ids)
            weights.extend(m._weights)
            m._next_block()
        return ids, weights
    while m.is_active():
        ids.append(m.id())
        weights.append(m.weight())
        m.next()
    return ids, weights


class MemoText(TEXT):
    """whoosh's TEXT field without positions, whose text a subclass's `terms_of(analyzer, text)` analyzes
    (fields.Text: analysis.index_terms, a word at a time through a memo): the same terms, frequencies,
    weights and field lengths as TEXT's own Frequency format makes (tests/test_search_indexing.py
    compares them). A subclass, not a closure: whoosh pickles the schema with the index."""

    @staticmethod
    def terms_of(analyzer, text: str) -> list[str]:
        return [t.text for t in analyzer(text)]

    def index(self, value, **kwargs):
        if not isinstance(value, str) or type(self.format) is not Frequency:
            return super().index(value, **kwargs)
        boost = self.format.field_boost
        counts = Counter(self.terms_of(self.analyzer, value))
        return [(term.encode("utf-8"), n, float(n) * boost, pack_uint(n)) for term, n in counts.items()]


def writer(ix):
    """A whoosh writer of `ix` whose commit reads each document's field length once, and writes its
    posting blocks without zlib.

    While committing, whoosh writes every posting with its document's field length, read back from the
    lengths it just wrote, a column look-up per posting (~100,000 of them, each term of a document asking
    again); here each (document, field) is read once and then remembered. Compressing the ~12,000 small
    posting blocks cost the build ~0.2 s and saved ~0.6 MB of build/index; each block records its
    compression, so whoosh reads either kind (and neither warm nor cold searches measured slower)."""
    from whoosh.codec.whoosh3 import W3Codec  # here, at a build only: a search never writes

    out = ix.writer(codec=W3Codec(compression=0))
    lengths_reader = getattr(out, "per_document_reader", None)
    if lengths_reader is not None:
        out.per_document_reader = lambda: _RememberedLengths(lengths_reader(), ix.schema)
    return out


class _RememberedLengths:
    """A whoosh per-document reader whose doc_field_length answers each question once (the segment
    being written never changes while its postings are written). A field that is not scorable has no
    lengths (whoosh counts none), so its answer is the default without the file-system look-up whoosh
    makes for the missing column."""

    def __init__(self, reader, schema):
        self._reader = reader
        self._unscored = frozenset(name for name in schema.names() if not schema[name].scorable)
        self._known: dict[tuple[int, str, int], int] = {}

    def doc_field_length(self, docnum: int, fieldname: str, default: int = 0) -> int:
        if fieldname in self._unscored:
            return default
        key = (docnum, fieldname, default)
        length = self._known.get(key)
        if length is None:
            length = self._known[key] = self._reader.doc_field_length(docnum, fieldname, default)
        return length

    def __getattr__(self, name):
        return getattr(self._reader, name)
