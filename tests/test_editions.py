"""One edition registry: games and editions live in glossary/_sources.yaml and nowhere else.

Adding an edition needs only data: a throwaway edition added to a fixture's registry,
with a document and an entry, gets its tab, badge colour, compare pair, search filter
and question word without any code, template, stylesheet or schema change.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner
from conftest import FIXTURES

from l5r_rules.cli import cli
from l5r_rules.editions import load_registry
from l5r_rules.site.builder import build_site

ROOT = Path(__file__).resolve().parent.parent
EDITIONS = load_registry(ROOT).order
NAMES = "|".join(EDITIONS)
QUOTED = re.compile(rf"""(["'])({NAMES})\1""")
CSS_CLASS = re.compile(rf"\.l5r-ed-({NAMES})\b")
# Code that is about particular editions by design, not a list of all of them: the engine's
# rulesets (one per rulebook), the generated scenario schema (from the rulesets), the importers'
# per-document outlines, and the table of contents of particular books.
ABOUT_ONE_EDITION = {
    "l5r_rules/engine",
    "l5r_rules/importers/outlines",
    "l5r_rules/crosslinks/toc.py",
    "l5r_rules/schemas/scenario.schema.json",
}


def _files():
    for base in ("l5r_rules", "site_overrides"):
        for path in sorted((ROOT / base).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in {".py", ".j2", ".json", ".css", ".html", ".yaml", ".js"} and not any(
                rel == a or rel.startswith(a + "/") for a in ABOUT_ONE_EDITION
            ):
                yield rel, path.read_text(encoding="utf-8")


def test_no_code_template_stylesheet_or_schema_lists_the_editions():
    offenders = []
    for rel, text in _files():
        for n, line in enumerate(text.splitlines(), 1):
            if len(set(m.group(2) for m in QUOTED.finditer(line))) >= 2 or CSS_CLASS.search(line):
                offenders.append(f"{rel}:{n}: {line.strip()[:100]}")
    assert not offenders, "editions listed by hand (read them from the registry):\n" + "\n".join(offenders)


def test_no_schema_has_an_edition_or_game_enum():
    for path in sorted((ROOT / "l5r_rules/schemas").glob("*.schema.json")):
        if path.name == "scenario.schema.json":
            continue
        enums = re.findall(r'"enum":\s*\[([^\]]*)\]', path.read_text(encoding="utf-8"))
        assert not [e for e in enums if QUOTED.search(e)], path.name


# --- a sixth edition, in data only -------------------------------------------------------------

JADE = """- id: jade
  game: ccg
  label: Jade Edition
  short: Jade
  badge: '#00695c'
  words: [jade, jade edition]
"""
JADE_DOC = """- id: jade-rulebook
  game: ccg
  edition: jade
  title: Jade Edition rulebook (a test fixture)
  year: 2003
  language: en
  file: sources/jade.txt
  format: blocks
  artifacts: []
  known_problems: []
  missing: null
"""
JADE_ENTRY = """id: jade-bowing
term: Bowing
game: ccg
edition: jade
kind: rule
lang: en
source:
  document: jade-rulebook
  section:
  - Bowing
  page: null
order: 1
text: To bow a jade card, turn it sideways.
"""


@pytest.fixture(scope="module")
def jade_root(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("jade") / "root"
    shutil.copytree(FIXTURES / "site", root)
    registry = root / "glossary/_sources.yaml"
    text = registry.read_text(encoding="utf-8")
    text = text.replace("\ndocuments:\n", "\n" + JADE + "documents:\n" + JADE_DOC, 1)
    registry.write_text(text, encoding="utf-8")
    (root / "sources").mkdir(exist_ok=True)
    (root / "sources/jade.txt").write_text("Bowing\n\nTo bow a jade card, turn it sideways.\n", encoding="utf-8")
    (root / "glossary/entries/jade").mkdir()
    (root / "glossary/entries/jade/jade-bowing.yaml").write_text(JADE_ENTRY, encoding="utf-8")
    concept = root / "glossary/concepts/bowing.yaml"
    concept.write_text(
        concept.read_text(encoding="utf-8").replace(
            "  lcg: [lcg-bow-bowed]\n", "  lcg: [lcg-bow-bowed]\n  jade: [jade-bowing]\n"
        ),
        encoding="utf-8",
    )
    return root


def _run(*args: str):
    return CliRunner().invoke(cli, list(args), catch_exceptions=False)


def test_a_new_edition_passes_validate_without_code_changes(jade_root):
    result = _run("validate", "--root", str(jade_root))
    assert "L5R032" not in result.output and "jade" not in result.output, result.output


@pytest.fixture(scope="module")
def jade_site(jade_root) -> Path:
    return build_site(jade_root, jade_root / "site").out


def test_the_new_edition_gets_its_tab_badge_colour_and_contents(jade_site):
    concept = (jade_site / "concepts/bowing/index.html").read_text(encoding="utf-8")
    assert ">Jade</label>" in concept  # a tab of its own, after the LCG's (publication order)
    assert concept.index(">LCG</label>") < concept.index(">Jade</label>")
    css = (jade_site / "assets/stylesheets/editions.css").read_text(encoding="utf-8")
    assert ".l5r-ed-jade { background: #00695c; }" in css
    index = (jade_site / "concepts/index.html").read_text(encoding="utf-8")
    assert 'l5r-ed-jade" title="Jade Edition">Jade<' in index
    assert (jade_site / "editions/jade/index.html").is_file() or any(jade_site.glob("**/jade*/index.html"))


def test_search_filters_and_reads_the_new_edition_word(jade_root):
    by_option = _run("search", "bow a card", "--edition", "jade", "--json", "--root", str(jade_root))
    assert by_option.exit_code == 0, by_option.output
    assert {h["id"] for h in json.loads(by_option.output)} == {"jade-bowing"}
    by_word = _run("search", "jade bowing", "--json", "--root", str(jade_root))
    assert [h["edition"] for h in json.loads(by_word.output)] == ["jade"]
    unknown = _run("search", "bowing", "--edition", "opal", "--root", str(jade_root))
    assert unknown.exit_code == 2 and "jade" in unknown.output
