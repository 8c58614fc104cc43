"""Search hints (l5r_rules/search/hints/*.yaml, hints.py): well formed, about real entries, our words only.

Each file covers one edition's entries with questions a player might type. They must name real
entries of that edition, cover every one of them, never name an edition (a hint of one book that
says "lotus" would filter a question the judge did not), and reach the entry they belong to.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
import yaml

from l5r_rules.search import hints

ROOT = Path(__file__).resolve().parent.parent
# ("gold" is also the CCG's currency, which hints may ask about)
EDITION_WORDS = re.compile(r"\b(lotus|ivory|lcg|ccg|bfr|battle for rokugan|kampf um rokugan)\b", re.I)


def _entries(edition: str) -> dict[str, dict]:
    out = {}
    for path in (ROOT / "glossary" / "entries" / edition).glob("*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out[data["id"]] = data
    return out


@pytest.mark.parametrize("path", hints.files(), ids=lambda p: p.name)
def test_a_hints_file_covers_every_entry_of_its_edition_and_nothing_else(path):
    edition = path.stem
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    entries = _entries(edition)
    assert entries, f"{path.name}: no edition {edition!r} in glossary/entries"
    assert data.get("hints"), f"{path.name}: no English hints"
    for key in ("hints", "hints_de"):
        mapping = data.get(key) or {}
        if not mapping:
            continue
        assert set(mapping) == set(entries), (
            key,
            sorted(set(entries) - set(mapping))[:5],
            sorted(set(mapping) - set(entries))[:5],
        )
        for entry_id, questions in mapping.items():
            assert 1 <= len(questions) <= 16, entry_id
            for q in questions:
                assert not EDITION_WORDS.search(q), (entry_id, q)
                assert " ".join(q.lower().split()) != " ".join(entries[entry_id]["term"].lower().split()), (entry_id, q)


def test_hints_read_every_file_by_language_and_reject_a_malformed_file(tmp_path):
    read = hints.read()
    for lang, key in (("en", "hints"), ("de", "hints_de")):
        expected = sum(len(yaml.safe_load(p.read_text(encoding="utf-8")).get(key) or {}) for p in hints.files())
        assert len(read[lang]) == expected
    (tmp_path / "x.yaml").write_text("hints:\n  gold-bowing: not a list\n", encoding="utf-8")
    with pytest.raises(ValueError, match="x.yaml: hints of gold-bowing"):
        hints.read(tmp_path)
    (tmp_path / "x.yaml").write_text("hint:\n  gold-bowing: [a b c]\n", encoding="utf-8")
    with pytest.raises(ValueError, match="x.yaml: needs `hints:`"):
        hints.read(tmp_path)


def test_a_hint_reaches_its_entry_and_explain_names_the_field():
    """The hints field scores for its entry: a hint's own words find the entry, and --explain says
    the words matched in `hints` (our words), not in the rule text."""
    from l5r_rules.search.engine import open_engine

    entry_id, question = next((e, qs[0]) for e, qs in sorted(hints.read()["en"].items()))
    with open_engine(ROOT) as engine:
        hit = next(h for h in engine.search(question, limit=50, explain=True).hits if h.payload["id"] == entry_id)
    body = next(p for p in hit.explain["parts"] if p["part"] == "whole text")
    assert "hints" in body["fields"] and body["fields"]["hints"]["terms"]
