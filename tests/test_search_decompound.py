"""German compound splitting (l5r_rules/search/decompound.py) on the real Battle for Rokugan words.

The vocabulary is built from the German entries exactly as the indexer builds it; the
words below are taken from those entries (term, section or text). Some must split,
some must not: a wrong split puts junk parts into the index (pass|ende, best|immen).
"""

from __future__ import annotations

import pickle
from pathlib import Path

import pytest

from l5r_rules.kb import load_kb
from l5r_rules.search.decompound import MIN_PART, Splitter, fold, index_vocabulary, vocabulary_of
from l5r_rules.search.engine import open_engine
from l5r_rules.search.fields import build_schema
from l5r_rules.search.indexer import _german_splitter

REPO = Path(__file__).resolve().parent.parent

# word as the rulebook writes it -> parts (`Splitter.split`), with the entry it comes from
SPLITS = [
    ("Spielende", ["spiel", "ende"]),  # bfr-spielende
    ("Kampfmarker", ["kampf", "marker"]),  # bfr-die-kampfmarker
    ("Kampfmarkern", ["kampf", "markern"]),  # bfr-kampfmarker-legen (last part inflected)
    ("Verteidigungsbonus", ["verteidigung", "bonus"]),  # bfr-verteidigungsbonus (Fugen-s)
    ("Verteidigungsboni", ["verteidigung", "boni"]),  # bfr-kaempfe-abhandeln
    ("Territoriumskarten", ["territorium", "karten"]),  # bfr-territoriumskarten-spielen
    ("Rundenmarker", ["runde", "marker"]),  # bfr-abhandlungsphase (Fugen-n)
    ("Friedensmarker", ["frieden", "marker"]),  # bfr-frieden (Fugen-s after a word ending in -en)
    ("Küstenprovinz", ["küsten", "provinz"]),  # bfr-provinzen
    ("Landgrenze", ["land", "grenze"]),  # bfr-provinzen: a 4-letter part
    ("Planungsphase", ["planung", "phase"]),  # bfr-planungsphase: -ung + s, never alone in the rulebook
    ("Unterhaltungsphase", ["unterhaltung", "phase"]),  # bfr-unterhaltungsphase
    ("Überraschungsangriffe", ["überraschung", "angriffe"]),  # bfr-shinobi
    ("Klanhauptstädten", ["klan", "hauptstädten"]),  # bfr-spielaufbau
    ("Spielfeldrand", ["spiel", "feld", "rand"]),  # bfr-provinzen: three parts
    ("Startspielerkarte", ["startspieler", "karte"]),  # bfr-spielaufbau: fewest parts first
    ("Gesamtstärke", ["gesamt", "stärke"]),  # bfr-kaempfe-abhandeln
]

# words of the entries that are not compounds of two known words, or whose "split" is junk
NOT_SPLIT = [
    "Beispiel",  # bei|spiel: 'bei' is a stop word and too short
    "Spieler",  # spiel|er: 'er' is no part
    "Verteidigung",  # verteid|igung
    "Provinzen",
    "Territorium",
    "passende",  # pass|ende: a participle, 'pass' never stands alone in the rulebook
    "entsprechenden",  # entsprech|enden
    "bestimmen",  # best|immen
    "grundlegende",  # grundleg|ende
    "Schattenlande",  # 'Schatten' never stands alone in the rulebook
    "Abhandlungsphase-",  # not a word (hyphen)
    "Kampf",  # too short to hold two parts
    "Daimyō",
]


@pytest.fixture(scope="module")
def splitter() -> Splitter:
    return _german_splitter(load_kb(REPO).entries.values())


@pytest.fixture(scope="module")
def german_words() -> set[str]:
    kb = load_kb(REPO)
    texts = [e["term"] + "\n" + e["text"] for e in kb.entries.values() if e.get("lang") == "de"]
    return set(vocabulary_of(texts))


@pytest.mark.parametrize("word, parts", SPLITS, ids=[w for w, _ in SPLITS])
def test_compound_splits(splitter, german_words, word, parts):
    assert word.lower() in german_words, f"{word} is not a word of the German entries: keep the cases real"
    assert splitter.split(word) == parts


@pytest.mark.parametrize("word", NOT_SPLIT)
def test_not_a_compound(splitter, word):
    assert splitter.split(word) == []


@pytest.mark.parametrize("word, parts", SPLITS, ids=[w for w, _ in SPLITS])
def test_every_part_is_long_enough(splitter, word, parts):
    assert all(len(p) >= MIN_PART for p in splitter.parts(word))


def test_parts_of_parts(splitter):
    assert splitter.parts("Startspielerkarte") == ["startspieler", "karte", "start", "spieler"]


# typed without umlauts: folded as the analyzers fold them, or spelled with ae/oe/ue
@pytest.mark.parametrize("typed", ["Kustenprovinz", "Kuestenprovinz", "KÜSTENPROVINZ"])
def test_umlauts_typed_any_way(splitter, typed):
    parts = splitter.split(typed)
    assert [fold(p) for p in parts] == ["kusten", "provinz"]


# The rules themselves, on a tiny vocabulary: (vocabulary, word, parts)
RULES = [
    ({"spiel", "ende"}, "spielende", ["spiel", "ende"]),
    ({"spiel", "end"}, "spielend", []),  # 'end' is shorter than MIN_PART
    ({"runde", "marker"}, "rundenmarker", ["runde", "marker"]),  # linking -n
    ({"tag", "buch"}, "tagebuch", []),  # head too short even without the linking -e
    ({"hund", "hütte"}, "hundehütte", ["hund", "hütte"]),  # linking -e
    ({"liebe", "brief"}, "liebesbrief", ["liebe", "brief"]),  # linking -s
    ({"kind", "garten"}, "kindergarten", []),  # -er is not a linking element here
    ({"freiheit", "kampf"}, "freiheitskampf", ["freiheit", "kampf"]),
    ({"kampf"}, "sicherheitskampf", ["sicherheit", "kampf"]),  # -heit + s: a certain boundary
    ({"kampf"}, "sicherheitkampf", []),  # ... but only with the -s
    ({"eine", "kampf"}, "einekampf", []),  # stop words are no parts
    ({"marker"}, "markermarker", ["marker", "marker"]),
    ({"land", "karte", "landkarte"}, "landkartenspiel", []),  # 'spiel' unknown: no partial split
]


@pytest.mark.parametrize("vocabulary, word, parts", RULES, ids=[r[1] for r in RULES])
def test_rules(vocabulary, word, parts):
    assert Splitter(lambda w: int(w in vocabulary)).split(word) == parts


def test_index_holds_parts_of_german_entries_only():
    with open_engine(REPO) as engine:
        holders = {
            n for term in engine.reader.lexicon("parts_de") for n in engine.reader.postings("parts_de", term).all_ids()
        }
        docs = [engine.docs[n] for n in holders]
        assert engine.docs[engine.docnum[("entry", "bfr-spielende")]] in docs
        assert docs and all(d["doctype"] == "entry" and d["edition"] == "bfr" for d in docs)
        spielende = engine.docnum[("entry", "bfr-spielende")]
        for stem in ("spiel", "end"):  # Spielende -> spiel, ende
            assert spielende in set(engine.reader.postings("parts_de", stem).all_ids())


def test_query_side_vocabulary_splits_like_the_indexer(splitter):
    """At query time the vocabulary is the index itself; it must split the rulebook's compounds alike."""
    with open_engine(REPO) as engine:
        at_query_time = Splitter(index_vocabulary(engine.stats))
        differ = {
            w: (at_query_time.split(w), splitter.split(w))
            for w, _ in SPLITS
            if [fold(p) for p in at_query_time.split(w)] != [fold(p) for p in splitter.split(w)]
        }
    assert not differ


def test_vocabulary_stays_out_of_the_schema():
    """The schema is unpickled on every cold search: no word list may ride along in it."""
    blob = pickle.dumps(build_schema())
    assert b"verteidigung" not in blob and len(blob) < 20_000
