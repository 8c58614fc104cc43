"""One edition registry: games and editions live in glossary/_sources.yaml and nowhere else.

Adding an edition needs only data: a throwaway edition added to a fixture's registry,
with a document and an entry, gets its tab, badge colour, compare pair, search filter
and question word without any code, template, stylesheet or schema change.
"""

from __future__ import annotations

import ast
import json
import re
import shutil
from pathlib import Path

import jinja2
import pytest
from click.testing import CliRunner
from helpers import FIXTURES

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
# Lines that may still name one edition, each with the name on that line and why. The test fails
# when an item is no longer needed, so that the list only ever shrinks.
ALLOWED_ONE_EDITION: dict[tuple[str, str], str] = {}
CODE = {".py", ".j2", ".json", ".css", ".html", ".js"}  # code, templates, stylesheets, schemas; not data (.yaml)


def _files():
    for base in ("l5r_rules", "site_overrides"):
        for path in sorted((ROOT / base).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in CODE | {".yaml"} and not any(
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


# --- not even one edition id -------------------------------------------------------------------
# Each kind of file is read by its own grammar, so that prose (comments, docstrings, a schema's
# descriptions) may name an edition as an example, and code may not: a string that is exactly an
# edition id ("lotus"), a dict key, a JSON value, a template's string or quoted attribute, a
# stylesheet's edition class.

_JS_TOKEN = re.compile(r"""//[^\n]*|/\*.*?\*/|"(?:\\.|[^"\\\n])*"|'(?:\\.|[^'\\\n])*'|`(?:\\.|[^`\\])*`""", re.S)


def _python_ids(text: str):
    tree = ast.parse(text)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and node.value in EDITIONS and id(node) not in docstrings:
            yield node.lineno, node.value


def _json_ids(text: str):
    def walk(value):
        if isinstance(value, dict):
            for key, item in value.items():
                yield from walk(key)
                yield from walk(item)
        elif isinstance(value, list):
            for item in value:
                yield from walk(item)
        elif value in EDITIONS:
            yield value

    for found in walk(json.loads(text)):  # a JSON value has no line of its own: find the first that holds it
        line = next(n for n, row in enumerate(text.splitlines(), 1) if f'"{found}"' in row)
        yield line, found


def _js_ids(text: str):
    for m in _JS_TOKEN.finditer(text):
        token = m.group(0)
        if token[0] in "\"'`" and token[1:-1] in EDITIONS:
            yield text.count("\n", 0, m.start()) + 1, token[1:-1]


def _css_ids(text: str):
    for m in _JS_TOKEN.finditer(text):  # comments and quoted strings, as in JavaScript
        if m.group(0)[0] in "\"'" and m.group(0)[1:-1] in EDITIONS:
            yield text.count("\n", 0, m.start()) + 1, m.group(0)[1:-1]
    without_comments = re.sub(r"/\*.*?\*/", lambda c: "\n" * c.group(0).count("\n"), text, flags=re.S)
    for n, line in enumerate(without_comments.splitlines(), 1):
        for m in CSS_CLASS.finditer(line):
            yield n, m.group(1)


def _template_ids(text: str):
    """A jinja2 template (the site's pages, the theme overrides): its expressions' strings, and quoted
    values or edition classes in the HTML and Markdown around them; its {# comments #} are prose."""
    for line, kind, value in jinja2.Environment().lex(text):
        if kind == "string" and value[1:-1] in EDITIONS:
            yield line, value[1:-1]
        elif kind == "data":
            for n, row in enumerate(value.splitlines(), line):
                for m in QUOTED.finditer(row):
                    yield n, m.group(2)
                for m in CSS_CLASS.finditer(row):
                    yield n, m.group(1)


def _one_id_reader(rel: str):
    suffix = Path(rel).suffix
    if suffix == ".py":
        return _python_ids
    if suffix == ".json":
        return _json_ids
    if suffix == ".css":
        return _css_ids
    if suffix in (".j2", ".html") or rel.startswith("l5r_rules/site/templates/"):
        return _template_ids
    return _js_ids


def test_no_code_template_stylesheet_or_schema_names_even_one_edition():
    offenders, used = [], set()
    for rel, text in _files():
        if Path(rel).suffix not in CODE:
            continue
        lines = text.splitlines()
        for n, edition in _one_id_reader(rel)(text):
            allowed = next((k for k in ALLOWED_ONE_EDITION if k[0] == rel and k[1] in lines[n - 1]), None)
            if allowed:
                used.add(allowed)
            else:
                offenders.append(f"{rel}:{n}: '{edition}' in {lines[n - 1].strip()[:100]}")
    assert not offenders, "an edition named in code (read it from the registry):\n" + "\n".join(offenders)
    stale = sorted(set(ALLOWED_ONE_EDITION) - used)
    assert not stale, f"ALLOWED_ONE_EDITION lists lines that no longer name an edition (remove them): {stale}"


@pytest.mark.parametrize(
    ("suffix", "text", "found"),
    [
        (".py", 'X = frozenset({"bfr"})\n', True),
        (".py", 'f(edition="lotus")\n', True),
        (".py", '"""A docstring may say \'lotus\'."""\n# and so may a comment: "lotus"\n', False),
        (".py", 'def f():\n    """lotus"""\n', False),
        (".json", '{"enum": ["gold"]}', True),
        (".json", '{"description": "e.g. \'gold\'"}', False),
        (".js", 'const a = "lcg";', True),
        (".js", '// the soft word ("gold")\nconst a = "gold coins";', False),
        (".css", ".l5r-ed-ivory { color: red; }", True),
        (".css", '[data-edition="ivory"] { color: red; }', True),
        (".css", "/* .l5r-ed-ivory */ a { color: red; }", False),
        (".j2", "{{ h.link(U.edition_index_page('bfr')) }}", True),
        (".j2", '<span class="x" data-edition="bfr">', True),
        (".j2", "{# the 'bfr' page #}Battle for Rokugan", False),
    ],
)
def test_the_one_edition_check_finds_a_single_id(suffix, text, found):
    assert bool(list(_one_id_reader("x" + suffix)(text))) is found


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
