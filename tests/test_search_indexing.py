"""The index build's shortcuts make exactly what whoosh made.

fields.Text analyzes a text a word at a time through a memo (analysis.index_terms) instead of
running whoosh's filter chain over every word: here its (term, frequency, weight, value) items
are compared with whoosh's own TEXT field's, for every searchable field of both schemas, over
the fixture glossary's texts and some awkward ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from whoosh.fields import TEXT

from l5r_rules.search.analysis import analyze, english, german, index_terms, plain
from l5r_rules.search.fields import Text, build_passage_schema, build_schema

GLOSSARY = Path(__file__).resolve().parent / "fixtures" / "search" / "glossary"
AWKWARD = [
    "",
    "   ",
    "The the THE a an I'm don't it’s Personality's O'Brien",
    "Kämpfe KÄMPFE Kampf Spielende Spiel\u00adende Bushidō Straße ﬁnal",
    "x y z 13F 3F 2nd 1,000 e.g. i.e. — – ... «Spiel» „Karte“",
    "bow bowed bowing bows BOW Bowed; bow, bow. bow! bow? bow: (bow) [bow]",
    "Und der die das ein eine einer und oder nicht wenn dann",
]


def _texts() -> list[str]:
    texts = list(AWKWARD)
    for path in sorted(GLOSSARY.rglob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if isinstance(data, dict):
            texts += [v for k, v in data.items() if isinstance(v, str) and k in ("term", "text", "title", "summary")]
    return texts


TEXTS = _texts()


@pytest.mark.parametrize("schema", [build_schema(), build_passage_schema()], ids=["entries", "passages"])
def test_text_fields_index_as_whooshs_text(schema):
    assert len(TEXTS) > 30
    fields = [name for name in schema.names() if isinstance(schema[name], Text)]
    assert fields
    for name in fields:
        ours = schema[name]
        theirs = TEXT(analyzer=ours.analyzer, field_boost=ours.format.field_boost, phrase=False)
        for text in TEXTS:
            assert sorted(ours.index(text)) == sorted(theirs.index(text)), (name, text[:60])


@pytest.mark.parametrize("analyzer", [english(), german(), plain()], ids=["english", "german", "plain"])
def test_word_at_a_time_is_the_analyzers_own(analyzer):
    for text in TEXTS:
        assert index_terms(analyzer, text) == [t.text for t in analyzer(text)] == analyze(analyzer, text)
