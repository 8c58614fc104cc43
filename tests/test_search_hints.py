"""Search hints (glossary/hints/<edition>.yaml, l5r_rules/hints.py): glossary data that search reads.

The registry says which editions have hints; validate checks each file (schema, every entry of its
edition covered and no other, no edition named, L5R120-L5R125: tests/test_validate.py fires each code
on a fixture); import carries an entry's hints to its new id; the indexer reads them only for the
editions the registry names, and a hint's words reach its entry.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from l5r_rules import hints, yamlio
from l5r_rules.editions import load_registry
from l5r_rules.layout import Layout

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures"
BOWING = "glossary/entries/lotus/lotus-bowing.yaml"
HINTS = "glossary/hints/lotus.yaml"


def apply_fixture(root: Path, spec: dict) -> None:
    """Write a fixture's files (tests/fixtures/passing: `write`, path -> text)."""
    for rel, text in spec["write"].items():
        (root / rel).parent.mkdir(parents=True, exist_ok=True)
        (root / rel).write_text(text, encoding="utf-8")


def test_every_edition_of_the_real_registry_has_hints_and_they_are_read():
    registry = load_registry(ROOT)
    assert hints.editions(registry) == registry.order  # each edition says so in glossary/_sources.yaml
    read = hints.read(Layout(ROOT), registry)
    for lang, key in (("en", "hints"), ("de", "hints_de")):
        expected = sum(len(yamlio.load_plain(Layout(ROOT).hints_file(e)).get(key) or {}) for e in registry.order)
        assert len(read[lang]) == expected > 0
    assert all(" ".join(q.split()) == q for qs in read["en"].values() for q in qs)


def test_only_the_editions_the_registry_names_are_read(mini_root):
    apply_fixture(mini_root, yamlio.load_plain(FIXTURES / "passing" / "search-hints-and-synonyms.yaml"))
    layout = Layout(mini_root)
    registry = load_registry(mini_root)
    assert hints.read(layout, registry)["en"]["lotus-bowing"] == ["can a tapped card still act"]
    (layout.hints / "gold.yaml").write_text("hints:\n  gold-x:\n  - never read\n", encoding="utf-8")
    assert "gold-x" not in hints.read(layout, registry)["en"]  # validate names the file instead (L5R120)
    layout.hints_file("lotus").write_text("hints:\n  lotus-bowing: not a list\n", encoding="utf-8")
    with pytest.raises(yamlio.GlossaryFileError, match=r"lotus.yaml:2:\d+: L5R010"):
        hints.read(layout, registry)


def _with_hints(cli, root: Path) -> None:
    apply_fixture(root, yamlio.load_plain(FIXTURES / "passing" / "search-hints-and-synonyms.yaml"))
    assert cli("validate", "--root", str(root)).exit_code == 0
    path = root / "sources" / "mini.txt"
    path.write_text(path.read_text(encoding="utf-8").replace("Bowing\n", "Bowing cards\n", 1), encoding="utf-8")


def test_import_rename_carries_an_entrys_hints(cli, mini_root):
    _with_hints(cli, mini_root)
    result = cli("import", "--root", str(mini_root), "--rename", "lotus-bowing=lotus-bowing-cards")
    assert result.exit_code == 0, result.output
    assert "carried related, hints" in result.output
    text = (mini_root / HINTS).read_text(encoding="utf-8")
    data = yamlio.load_plain(mini_root / HINTS)
    assert (
        data["hints"]["lotus-bowing-cards"] == ["can a tapped card still act"] and "lotus-bowing" not in data["hints"]
    )
    assert text.startswith("# questions a player might type\n")  # the file's comment is kept
    assert HINTS not in result.output.split("still named in")[-1]  # not listed as still naming the old id
    result = cli("validate", "--root", str(mini_root))
    assert "L5R12" not in result.output, result.output


def test_import_refuses_to_drop_the_hints_of_an_entry_with_no_other_curated_field(cli, mini_root):
    """Hints are curated data of their entry: a heading renamed away needs --rename (or
    --accept-renames, --keep-orphans), as for its curated fields, else they would be stale."""
    _with_hints(cli, mini_root)
    entry = mini_root / BOWING
    entry.write_text(entry.read_text(encoding="utf-8").split("related:")[0], encoding="utf-8")
    before = (mini_root / HINTS).read_bytes()
    result = cli("import", "--root", str(mini_root))
    assert result.exit_code == 1
    assert "'lotus-bowing' is no longer produced" in result.output and "hints would be lost" in result.output
    assert "--rename lotus-bowing=lotus-bowing-cards" in result.output
    assert (mini_root / HINTS).read_bytes() == before
    result = cli("import", "--root", str(mini_root), "--accept-renames")
    assert result.exit_code == 0, result.output
    assert "lotus-bowing-cards" in yamlio.load_plain(mini_root / HINTS)["hints"]


def test_a_hint_reaches_its_entry_and_explain_names_the_field():
    """The hints field scores for its entry: a hint's own words find the entry, and --explain says
    the words matched in `hints` (our words), not in the rule text."""
    from l5r_rules.search.engine import open_engine

    found = hints.read(Layout(ROOT), load_registry(ROOT))["en"]
    entry_id, question = next((e, qs[0]) for e, qs in sorted(found.items()))
    with open_engine(ROOT) as engine:
        hit = next(h for h in engine.search(question, limit=50, explain=True).hits if h.payload["id"] == entry_id)
    body = next(p for p in hit.explain["parts"] if p["part"] == "whole text")
    assert "hints" in body["fields"] and body["fields"]["hints"]["terms"]
