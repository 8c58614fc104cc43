"""The index build's shortcuts make exactly what whoosh made.

whooshlib.writer remembers each document's field length while whoosh commits: the blocks it
writes are compared with whoosh's own writer's. fields.Text analyzes a text a word at a time
through a memo (analysis.index_terms) instead of running whoosh's filter chain over every word:
its (term, frequency, weight, value) items are compared with whoosh's own TEXT field's, for every
searchable field of both schemas, over the fixture glossary's texts and some awkward ones.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml
from whoosh.fields import TEXT
from whoosh.filedb.filestore import RamStorage

from l5r_rules.search.analysis import analyze, english, german, index_terms, plain
from l5r_rules.search.fields import Text, build_passage_schema, build_schema
from l5r_rules.search.whooshlib import writer as _writer

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


def _block_stats(schema, writer_of) -> dict:
    """(field, term) -> each posting's document, weight and its block's least and greatest field
    length, of an index of TEXTS written by `writer_of(ix)`."""
    ix = RamStorage().create_index(schema)
    writer = writer_of(ix)
    for n, text in enumerate(TEXTS):
        fields = {"text": text, "text_de": text, "payload": text}
        if "id" in schema:  # the entry index: unscored ID fields too
            fields.update(id=f"doc-{n}", doctype="entry", kind="rule" if n % 2 else "", refers="a,b", term=text[:20])
        writer.add_document(**{k: v for k, v in fields.items() if v})
    writer.commit()
    out = {}
    with ix.reader() as reader:
        for name in schema.names():
            if not schema[name].indexed:
                continue
            for term in reader.lexicon(name):
                m = reader.postings(name, term)
                rows = []
                while m.is_active():
                    rows.append((m.id(), m.weight(), m.block_min_length(), m.block_max_length()))
                    m.next()
                out[(name, term)] = rows
    return out


@pytest.mark.parametrize("schema", [build_schema(), build_passage_schema()], ids=["entries", "passages"])
def test_remembered_lengths_write_the_same_blocks(schema):
    """The indexer's writer reads each document's field length once while committing
    (whooshlib.writer); every posting and block records what whoosh's own writer records."""
    ix = RamStorage().create_index(schema)
    writer = _writer(ix)
    assert "per_document_reader" in vars(writer)  # the hook whoosh's commit calls is ours
    writer.cancel()
    ours, theirs = _block_stats(schema, _writer), _block_stats(schema, lambda ix: ix.writer())
    assert len(ours) > 100 and ours == theirs
    assert any(k[0] == "id" for k in ours) == ("id" in schema)


MARKDOWN = [
    "One paragraph\nover two lines.\n\nAnother *with **emphasis*** and `code`.",
    "- a list item\n- another, with a [link](x)\n  continued\n\n1. ordered\n2. list",
    "| a | b |\n|---|---|\n| *1* | 2 |\n\nAfter the table.",
    "> a quote\n> over lines\n\n# Heading\n\n    indented code\n\n```\nfence\n```\n\n---\n\nend",
    "<b>raw html</b> stays text\n\n* star * not emphasis *\n\n_under_score_ **unclosed",
]


def test_block_parser_finds_the_sites_blocks():
    """top_level_blocks parses without the inline pass (blocks.block_parser): every block token,
    its level and its lines are those of the site's parser (blocks.parser), which numbers the anchors."""
    from l5r_rules.blocks import block_parser, parser

    def blocks(md, text):
        return [(t.type, t.level, t.map, t.tag, t.nesting) for t in md.parse(text)]

    for text in TEXTS + MARKDOWN:
        assert blocks(block_parser(), text) == blocks(parser(), text), text[:60]
