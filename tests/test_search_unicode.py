"""One spelling for query and index (analysis.normalize): a decomposed umlaut, a ligature,
a soft hyphen or a zero-width character finds exactly what the plain spelling finds, and
the glossary side is normalized the same way when the index is built."""

from __future__ import annotations

import pytest
from search_helpers import fixture_checkout

from l5r_rules.search.analysis import normalize
from l5r_rules.search.engine import open_engine

NORMALIZED = [
    ("Ka\u0308mpfe", "Kämpfe"),  # combining diaeresis (macOS, some PDFs) -> composed
    ("Straße", "Straße"),  # ß stays ß (no case folding to "ss")
    ("STRAẞE", "STRAẞE"),  # capital sharp s stays
    ("Küste", "Küste"),  # composed umlaut untouched
    ("\ufb01nal \ufb02otte", "final flotte"),  # ligatures fi, fl
    ("ｂｏｗ", "bow"),  # full-width letters
    ("Spiel\u00adende", "Spielende"),  # soft hyphen
    ("Flo\u200btt\u200c\u200de\u2060", "Flotte"),  # zero-width space, non-joiner, joiner, word joiner
    ("\ufeffbow", "bow"),  # byte order mark
    ("bow\udcff\udcfe", "bow"),  # undecodable argument bytes (surrogate escapes)
    ("Rokugan™ rules", "Rokugan  rules"),  # ™ is a space, not "TM" glued to the word
    ("plain ascii", "plain ascii"),
]


@pytest.mark.parametrize("text,expected", NORMALIZED, ids=[ascii(t) for t, _ in NORMALIZED])
def test_normalize(text, expected):
    assert normalize(text) == expected


@pytest.fixture(scope="module")
def engine(tmp_path_factory):
    with open_engine(fixture_checkout(tmp_path_factory.mktemp("unicode"))) as e:
        yield e


def ids(results):
    return [h.payload["id"] for h in results.hits]


# a spelling -> the plain spelling whose results it must equal exactly
SAME_AS = [
    ("Ka\u0308mpfe", "Kämpfe"),
    ("Ku\u0308stenprovinz verteidigen", "Küstenprovinz verteidigen"),
    ("Spiel\u00adende", "Spielende"),
    ("Verteidi\u00adgungsbonus", "Verteidigungsbonus"),
    ("\ufb02otte", "flotte"),
    ("bo\u200bwing", "bowing"),
    ("\ufeffexhausted\u2060 guy", "exhausted guy"),
    ("ｄｕｅｌ", "duel"),
]


@pytest.mark.parametrize("variant,plain", SAME_AS, ids=[ascii(v) for v, _ in SAME_AS])
def test_variant_finds_what_the_plain_spelling_finds(engine, variant, plain):
    expected = ids(engine.search(plain))
    assert expected, f"{plain!r} finds nothing in the fixture: the test would prove nothing"
    assert ids(engine.search(variant)) == expected


def test_glossary_text_is_normalized_at_index_time(engine, tmp_path):
    """An entry written with a decomposed umlaut and a soft hyphen is indexed as if written
    plainly (same results as the fixture's own spelling); the result shows the verbatim text."""
    root = fixture_checkout(tmp_path)
    path = root / "glossary" / "entries" / "bfr" / "bfr-flotte.yaml"
    text = path.read_text(encoding="utf-8")
    assert text.count("Küstenprovinz") == 1
    path.write_text(text.replace("Küstenprovinz", "Ku\u0308sten\u00adprovinz"), encoding="utf-8")
    with open_engine(root) as odd:
        assert ("words", "kustenprovinz") in odd.stats  # one word, not "ku" "sten" "provinz"
        for query in ("Küstenprovinz", "Ku\u0308stenprovinz", "Provinz verteidigen"):
            assert [(h.payload["id"], round(h.score, 6)) for h in odd.search(query).hits] == [
                (h.payload["id"], round(h.score, 6)) for h in engine.search(query).hits
            ], query
        assert "Ku\u0308sten\u00adprovinz" in odd.entry("bfr-flotte")["text"]  # stored verbatim
