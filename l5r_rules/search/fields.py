"""The whoosh schema: which fields are searched, how they are weighted, what is stored.

Entries are English or German, so every searchable field exists twice (`x` with the
English analyzer, `x_de` with the German one) and each entry fills the pair that
matches its language. A concept's title and aliases are searched in the concept's own
document, which brings each edition's entry into the results (engine.py). Everything a result prints
lives in the stored `payload`
(JSON), so answering a query never reads the YAML files.
"""

from __future__ import annotations

from collections import Counter

from whoosh.fields import ID, KEYWORD, STORED, TEXT, Schema
from whoosh.formats import Frequency
from whoosh.system import pack_uint

from .analysis import english, german, index_terms

# field name -> (language, boost). Term and aliases weigh most: a judge types the name of the rule.
SEARCH_FIELDS: dict[str, tuple[str, float]] = {
    "term": ("en", 4.0),
    "term_de": ("de", 4.0),
    "aliases": ("en", 3.0),
    "aliases_de": ("de", 3.0),
    "section": ("en", 1.5),
    "section_de": ("de", 1.5),
    "text": ("en", 1.0),
    "text_de": ("de", 1.0),
    # the parts of the German compounds in term, section and text (Spielende -> spiel ende),
    # see decompound.py; a bit below text_de, as a part says less than the word itself
    "parts_de": ("de", 0.8),
    "translation": ("en", 0.6),  # our own words: found, but after the rulebooks' own English
    # our own words too: questions a player might type that the entry answers, written blind from the
    # rulebooks (hints.py). Above an alias: chosen on the tuning data, where 0.5 -> 3.0 raised
    # recall@1 on all three unseen sets; with the fourth batch (about 11 questions per entry instead
    # of 8) 4.0 to 6.0 gained a little more over 2,304 questions (recall@1 +0.002, recall@5 +0.001).
    "hints": ("en", 4.0),
    "hints_de": ("de", 3.0),  # German questions had no fourth batch; left at 3.0
}

# Fields that only some documents fill: the German entries' (47 of ~825 documents), and the hints
# (entries only, not concepts or errata). BM25 compares a document's field length with the field's
# average length; whoosh averages over ALL documents, which makes the German average ~18 times too
# short and punishes every German entry for its length. These are averaged over the documents that
# have them (counted by the indexer, see scoring.py).
AVERAGED_OVER_FILLED = frozenset({"term_de", "section_de", "text_de", "parts_de", "hints", "hints_de"})


# The fields of a passage (passages.py): the rule text, or translation, of one piece of an entry.
# The same names and boosts as the entry's, so one query tree scores both indexes; every passage
# fills one of them (German ones parts_de too), and each is averaged over the passages that have it.
PASSAGE_FIELDS = ("text", "text_de", "parts_de", "translation")


class Text(TEXT):
    """whoosh's TEXT field without positions, whose text is analyzed a word at a time through a
    memo (analysis.index_terms): the same terms, frequencies, weights and field lengths as TEXT's
    own Frequency format makes (a test compares them), at a fraction of the cost of the build."""

    def index(self, value, **kwargs):
        if not isinstance(value, str) or type(self.format) is not Frequency:
            return super().index(value, **kwargs)
        boost = self.format.field_boost
        counts = Counter(index_terms(self.analyzer, value))
        return [(term.encode("utf-8"), n, float(n) * boost, pack_uint(n)) for term, n in counts.items()]


def build_passage_schema() -> Schema:
    analyzers = {"en": english(), "de": german()}
    searchable = {
        name: Text(analyzer=analyzers[SEARCH_FIELDS[name][0]], field_boost=SEARCH_FIELDS[name][1], phrase=False)
        for name in PASSAGE_FIELDS
    }
    # payload: the passage's entry id, block number, anchor and text (passages.Passage)
    return Schema(payload=STORED, **searchable)


def build_schema() -> Schema:
    analyzers = {"en": english(), "de": german()}
    searchable = {
        name: Text(analyzer=analyzers[lang], field_boost=boost, phrase=False)
        for name, (lang, boost) in SEARCH_FIELDS.items()
    }
    return Schema(
        id=ID(stored=True, unique=True),
        doctype=ID(stored=True),  # entry | concept | errata
        game=ID,
        edition=ID,
        kind=ID,
        lang=ID,
        concept=ID,
        refers=KEYWORD(commas=True),  # errata: entry and concept ids the record is about
        payload=STORED,
        # (the unstemmed vocabulary of typo tolerance and compound splitting is no field: it is
        # only looked up, never scored, so it is a file beside the index, vocabulary.py)
        **searchable,
    )
