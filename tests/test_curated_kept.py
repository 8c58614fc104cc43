"""Curated work survives every generator: a value a person wrote in any curated field is still there,
unchanged, after `l5r-rules refresh` (import, link, errata, cards, check-sources, validate) and after
`link` and `import` run alone; readers (show) show it.

"Every curated field" is read from the schemas, not listed here: each entry field whose description
starts with "Curated." gets a planted value (a test fails if a new one has no planting rule), and every
curated input file (concepts, the registry, the skip list, the authority ladder, the errata and card
inputs) is planted in and must come back byte for byte.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from l5r_rules import yamlio
from l5r_rules.cli import cli as group
from l5r_rules.importers.run import CURATED, GENERATED

ROOT = Path(__file__).resolve().parent.parent
SCHEMAS = ROOT / "l5r_rules" / "schemas"


def _run(*args: str):
    return CliRunner().invoke(group, list(args), catch_exceptions=False)


def _curated_entry_fields() -> list[str]:
    schema = json.loads((SCHEMAS / "entry.schema.json").read_text(encoding="utf-8"))
    return [
        k for k, v in schema["properties"].items() if v.get("description", "").startswith(("Curated.", "Curated ("))
    ]


def test_the_schema_and_the_importer_agree_on_curated_and_generated_fields():
    schema = json.loads((SCHEMAS / "entry.schema.json").read_text(encoding="utf-8"))
    generated = [k for k, v in schema["properties"].items() if v.get("description", "").startswith("Generated ")]
    assert sorted(_curated_entry_fields()) == sorted(CURATED)
    assert generated == list(GENERATED) == ["related_from_book"]


@pytest.fixture(scope="module")
def planted(tmp_path_factory) -> tuple[Path, dict]:
    """A copy of the real glossary and sources with a curated value planted in every curated field."""
    root = tmp_path_factory.mktemp("curated") / "repo"
    for name in ("glossary", "sources"):
        shutil.copytree(ROOT / name, root / name)
    entries = root / "glossary" / "entries"
    plants: dict = {}

    def plant_entry(path: Path, field: str, value) -> None:
        data = yamlio.load_plain(path)
        data[field] = value
        path.write_text(yamlio.dumps(data), encoding="utf-8")
        plants.setdefault(path, {})[field] = value

    rules = {
        # an entry the book already links: the person's own id must survive next to the book's
        "related": lambda: plant_entry(
            entries / "gold" / "gold-bowing.yaml", "related", ["gold-1-straighten-phase", "gold-actions-2"]
        ),
        "aliases": lambda: plant_entry(entries / "lcg" / "lcg-ability.yaml", "aliases", ["planted alias"]),
        # an id the entry had before a renamed heading (import --rename writes it; a person may too)
        "former_ids": lambda: plant_entry(entries / "lotus" / "lotus-fear.yaml", "former_ids", ["lotus-fear-planted"]),
        "translation": lambda: plant_entry(
            entries / "bfr" / "bfr-armee.yaml",
            "translation",
            {
                **yamlio.load_plain(entries / "bfr" / "bfr-armee.yaml")["translation"],
                "text": "A planted translation, our words.",
            },
        ),
    }
    for field in _curated_entry_fields():
        assert field in rules, f"curated entry field {field!r} has no planting rule in this test: add one"
        rules[field]()
    concept = root / "glossary" / "concepts" / "ccg-bowing-and-straightening.yaml"
    data = yamlio.load_plain(concept)
    data["aliases"] = [*(data.get("aliases") or []), "planted concept alias"]
    concept.write_text(yamlio.dumps(data), encoding="utf-8")
    for name in ("_sources.yaml", "_skip.yaml", "_authority.yaml", "_errata_curated.yaml", "_card_names.yaml"):
        path = root / "glossary" / name
        path.write_text(path.read_text(encoding="utf-8") + "# a person's note, planted\n", encoding="utf-8")
    curated_files = {
        p: p.read_bytes() for p in [*(root / "glossary" / "concepts").glob("*.yaml"), *(root / "glossary").glob("_*")]
    }
    return root, {"entries": plants, "files": curated_files}


@pytest.mark.parametrize("command", [["refresh"], ["link"], ["import"]])
def test_every_curated_value_survives(planted, command):
    root, plants = planted
    result = _run(*command, "--root", str(root))
    assert result.exit_code == 0, result.output
    for path, fields in plants["entries"].items():
        data = yamlio.load_plain(path)
        for field, value in fields.items():
            assert data.get(field) == value, f"{command[0]} changed {field} of {path.name}: {data.get(field)!r}"
    changed = [p.name for p, before in plants["files"].items() if p.read_bytes() != before]
    assert not changed, f"{command[0]} rewrote curated files: {changed}"


def test_readers_show_the_curated_related_beside_the_books(planted):
    root, _plants = planted
    assert _run("refresh", "--root", str(root)).exit_code == 0
    data = yamlio.load_plain(root / "glossary" / "entries" / "gold" / "gold-bowing.yaml")
    assert data["related"] == ["gold-1-straighten-phase", "gold-actions-2"]
    assert data["related_from_book"][:1] == ["gold-actions-2"]  # the book's own, regenerated by link
    shown = json.loads(_run("show", "gold-bowing", "--json", "--root", str(root)).output)
    ids = [r["id"] for r in shown["related"]]
    assert ids[:2] == ["gold-1-straighten-phase", "gold-actions-2"] and len(ids) == len(set(ids))
    assert set(data["related_from_book"]) <= set(ids)
