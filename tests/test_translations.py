"""The English translation of Battle for Rokugan keeps every number, list and line of the German.

The German rulebook stays the authority; each bfr entry carries our own, unofficial
English `translation`. These checks catch what a careless translation loses most
easily: a number, a list item, a whole sentence-bearing line, an emphasis. They are
run per entry, so a failure names the entry id.

The translation is written line by line against the German (same blank lines, same
non-empty lines, same list markers), which is what makes the per-line checks possible.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest

from l5r_rules.kb import load_kb

ROOT = Path(__file__).resolve().parents[1]
BFR = load_kb(ROOT).entries_of("bfr")
IDS = [e["id"] for e in BFR]

NUMBER = re.compile(r"\d+")
# A list item: "- ", "* " or "N." at the start of a line, after any indentation.
LIST_ITEM = re.compile(r"^( *)(?:[-*] |\d+\.)")


# Words that carry a rule's negations, exceptions and conditions: (German, English).
# A line of the translation must have at least as many of each as its German line.
QUALIFIERS = {
    "negation": (
        re.compile(r"\b(nicht|kein\w*|nichts|nie|niemals|ohne)\b", re.I),
        re.compile(r"\b(not|no|none|nothing|never|without|cannot|unless|neither|nor)\b|n't\b|\bnon-", re.I),
    ),
    "exception": (
        re.compile(r"\b(außer|ausgenommen|ausnahme|bis auf)\b", re.I),
        re.compile(r"\b(except|exception|unless|other than)\b", re.I),
    ),
    "condition": (
        re.compile(r"\b(falls|wenn|sofern|solange)\b", re.I),
        re.compile(r"\b(if|when|whenever|as long as|unless|while|each time)\b", re.I),
    ),
}


def numbers(text: str) -> Counter:
    return Counter(NUMBER.findall(text))


def list_items_by_depth(text: str) -> Counter:
    """How many list items the text has at each indentation."""
    return Counter(len(m.group(1)) for line in text.splitlines() if (m := LIST_ITEM.match(line)))


def lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def blocks(text: str) -> list[str]:
    return [b for b in re.split(r"\n\s*\n", text.strip()) if b.strip()]


def english(entry: dict) -> str:
    translation = entry.get("translation")
    assert translation, f"{entry['id']}: no translation"
    return translation["text"]


def test_the_german_rulebook_is_imported():
    assert BFR, "no bfr entries found under glossary/entries/bfr"
    assert all(e["lang"] == "de" for e in BFR)


@pytest.mark.parametrize("entry", BFR, ids=IDS)
def test_every_entry_has_an_unofficial_english_translation(entry):
    translation = entry.get("translation")
    assert translation, f"{entry['id']}: no translation"
    assert translation["lang"] == "en"
    assert translation["unofficial"] is True
    assert translation["text"].strip()
    assert translation["text"] != entry["text"], f"{entry['id']}: translation is the German text"


@pytest.mark.parametrize("entry", BFR, ids=IDS)
def test_every_number_of_the_german_appears_in_the_translation(entry):
    german, translated = numbers(entry["text"]), numbers(english(entry))
    missing = german - translated
    assert not missing, f"{entry['id']}: numbers lost in translation: {dict(missing)}"
    invented = set(translated) - set(german)
    assert not invented, f"{entry['id']}: numbers not in the German: {sorted(invented)}"


@pytest.mark.parametrize("entry", BFR, ids=IDS)
def test_lists_keep_their_item_count(entry):
    assert list_items_by_depth(english(entry)) == list_items_by_depth(entry["text"]), entry["id"]


@pytest.mark.parametrize("entry", BFR, ids=IDS)
def test_translation_follows_the_german_line_by_line(entry):
    german, translated = lines(entry["text"]), lines(english(entry))
    assert len(blocks(english(entry))) == len(blocks(entry["text"])), f"{entry['id']}: paragraph count differs"
    assert len(translated) == len(german), f"{entry['id']}: {len(translated)} lines, German has {len(german)}"
    for n, (de, en) in enumerate(zip(german, translated), 1):
        where = f"{entry['id']} line {n}: {de[:60]!r}"
        assert numbers(de) - numbers(en) == Counter(), f"{where}: a number is missing"
        assert bool(LIST_ITEM.match(de)) == bool(LIST_ITEM.match(en)), f"{where}: list item differs"
        assert ("**" in de) == ("**" in en), f"{where}: bold differs"
        assert ("*" in de.replace("**", "")) == ("*" in en.replace("**", "")), f"{where}: italics differ"


@pytest.mark.parametrize("entry", BFR, ids=IDS)
def test_aliases_include_the_german_term(entry):
    aliases = entry.get("aliases") or []
    assert entry["term"].casefold() in {a.casefold() for a in aliases}, f"{entry['id']}: term not among aliases"
    assert len(aliases) >= 2, f"{entry['id']}: needs the German term and an English equivalent"


@pytest.mark.parametrize("entry", BFR, ids=IDS)
@pytest.mark.parametrize("kind", sorted(QUALIFIERS))
def test_negations_exceptions_and_conditions_survive(entry, kind):
    german_words, english_words = QUALIFIERS[kind]
    for n, (de, en) in enumerate(zip(lines(entry["text"]), lines(english(entry))), 1):
        de_count, en_count = len(german_words.findall(de)), len(english_words.findall(en))
        assert en_count >= de_count, (
            f"{entry['id']} line {n}: {de_count} {kind} word(s) in the German, "
            f"{en_count} in the translation: {de[:60]!r}"
        )
