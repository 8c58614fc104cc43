"""The whoosh schema: which fields are searched, how they are weighted, what is stored.

Entries are English or German, so every searchable field exists twice (`x` with the
English analyzer, `x_de` with the German one) and each entry fills the pair that
matches its language. A concept's title and aliases are searched in the concept's own
document, which brings each edition's entry into the results (engine.py). Everything a result prints
lives in the stored `payload`
(JSON), so answering a query never reads the YAML files.
"""

from __future__ import annotations

from . import policy
from .analysis import english, german, index_terms
from .whooshlib import ID, KEYWORD, STORED, MemoText, Schema

# field name -> the language of its analyzer. Every searchable field exists twice (`x`, `x_de`);
# `parts_de` holds the parts of the German compounds in term, section and text (decompound.py);
# `translation` and `hints` are our own words (an entry's unofficial translation; questions a player
# might type that the entry answers, hints.py), never shown as rule text.
FIELD_LANGUAGES: dict[str, str] = {
    "term": "en",
    "term_de": "de",
    "aliases": "en",
    "aliases_de": "de",
    "section": "en",
    "section_de": "de",
    "text": "en",
    "text_de": "de",
    "parts_de": "de",
    "translation": "en",
    "hints": "en",
    "hints_de": "de",
}
# field name -> its weight in BM25F: the ranking policy's (policy.yaml says why and what chose each)
FIELD_BOOSTS: dict[str, float] = policy.table("FIELD_BOOSTS")
if FIELD_BOOSTS.keys() != FIELD_LANGUAGES.keys():
    raise policy.PolicyError(
        f"{policy.POLICY_FILE}: FIELD_BOOSTS must weigh exactly the fields {list(FIELD_LANGUAGES)}"
    )
# field name -> (language, boost), in the order above (the order a query tree lists a word's fields)
SEARCH_FIELDS: dict[str, tuple[str, float]] = {
    name: (lang, FIELD_BOOSTS[name]) for name, lang in FIELD_LANGUAGES.items()
}

# Fields that only some documents fill (the German entries', the hints), averaged over the documents
# that have them rather than over all (scoring.py; policy.yaml says why)
AVERAGED_OVER_FILLED = policy.words("AVERAGED_OVER_FILLED")


# The fields of a passage (passages.py): the rule text, or translation, of one piece of an entry.
# The same names and boosts as the entry's, so one query tree scores both indexes; every passage
# fills one of them (German ones parts_de too), and each is averaged over the passages that have it.
PASSAGE_FIELDS = policy.word_list("PASSAGE_FIELDS")


class Text(MemoText):
    """whoosh's TEXT field without positions, whose text is analyzed a word at a time through a memo
    (analysis.index_terms): the same terms, frequencies, weights and field lengths as TEXT's own (a test
    compares them), at a fraction of the cost of the build."""

    terms_of = staticmethod(index_terms)


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
