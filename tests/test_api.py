"""The static JSON API the site build writes under api/v1/ (l5r_rules/site/api.py).

Every file must follow its published schema (resolved against the other published
schemas only, as a tool reading the site would), the index must list exactly the
files there are, and every glossary id must have its file.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from helpers import ROOT
from jsonschema import Draft202012Validator
from referencing import Registry, Resource
from site_helpers import FIXTURE_ROOT, built_fixture_site, built_offline_fixture_site, built_real_site

from l5r_rules.engine.coverage import scenario_files
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout
from l5r_rules.site.api import FOLDERS

SITES = {
    "fixture": (built_fixture_site, FIXTURE_ROOT),
    "offline": (built_offline_fixture_site, FIXTURE_ROOT),
    "real": (built_real_site, ROOT),
}


def _validators(base: Path) -> dict[str, Draft202012Validator]:
    schemas = {p.name: json.loads(p.read_text(encoding="utf-8")) for p in (base / "schemas").glob("*.schema.json")}
    registry = Registry().with_resources((name, Resource.from_contents(s)) for name, s in schemas.items())
    return {name[: -len(".schema.json")]: Draft202012Validator(s, registry=registry) for name, s in schemas.items()}


def _problems(validator: Draft202012Validator, value) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message[:150]}" for e in validator.iter_errors(value)]


@pytest.fixture(scope="module", params=list(SITES))
def site(request):
    build, root = SITES[request.param]
    return build() / "api" / "v1", root


def test_every_api_file_follows_its_schema(site):
    base, _root = site
    validators = _validators(base)
    index = json.loads((base / "index.json").read_text(encoding="utf-8"))
    assert not _problems(validators["api_index"], index)
    bad = {}
    for item in index["files"]:
        if item["kind"] == "schema":
            continue
        record = json.loads((base / item["path"]).read_text(encoding="utf-8"))
        assert (record["kind"], record["id"]) == (item["kind"], item["id"]), item["path"]
        problems = _problems(validators["api_record"], record)
        if problems:
            bad[item["path"]] = problems[:3]
    assert not bad, bad


def test_index_lists_every_api_file_and_nothing_else(site):
    base, _root = site
    index = json.loads((base / "index.json").read_text(encoding="utf-8"))
    listed = [item["path"] for item in index["files"]]
    on_disk = sorted(p.relative_to(base).as_posix() for p in base.rglob("*") if p.is_file())
    assert len(listed) == len(set(listed))
    assert sorted(listed + ["index.json"]) == on_disk
    counts = {}
    for item in index["files"]:
        counts[item["kind"]] = counts.get(item["kind"], 0) + 1
    assert index["counts"] == counts


def test_every_glossary_id_has_its_file(site):
    base, root = site
    kb = load_kb(root)
    for kind, ids in {"entry": kb.entries, "concept": kb.concepts, "errata": kb.errata, "card": kb.cards}.items():
        missing = [i for i in ids if not (base / FOLDERS[kind] / f"{i}.json").is_file()]
        assert not missing, (kind, missing[:5])
        extra = sorted({p.stem for p in (base / FOLDERS[kind]).glob("*.json")} - set(ids))
        assert not extra, (kind, extra[:5])


def test_entry_record_is_the_glossary_record_with_permalink_and_citation(site):
    base, root = site
    kb = load_kb(root)
    eid, entry = sorted(kb.entries.items())[0]
    record = json.loads((base / "entries" / f"{eid}.json").read_text(encoding="utf-8"))
    assert record["record"] == entry
    assert record["permalink"] in (f"entries/{eid}/", f"entries/{eid}.html")
    assert record["citation"].startswith(kb.documents[entry["source"]["document"]].title)


def test_permalinks_lead_to_built_pages(site):
    base, _root = site
    index = json.loads((base / "index.json").read_text(encoding="utf-8"))
    site_dir = base.parent.parent
    broken = []
    for item in index["files"]:
        if item["kind"] != "schema":
            link = json.loads((base / item["path"]).read_text(encoding="utf-8"))["permalink"]
            page, _, anchor = link.partition("#")
            html = site_dir / page if page.endswith(".html") else site_dir / page / "index.html"
            if not html.is_file() or (anchor and f'id="{anchor}"' not in html.read_text(encoding="utf-8")):
                broken.append((item["path"], link))
    assert not broken, broken[:5]


def test_real_site_scenarios_carry_outcome_or_error():
    base = built_real_site() / "api" / "v1"
    files = sorted((base / "scenarios").glob("*.json"))
    assert len(files) == len(scenario_files(Layout(ROOT).rulings)) > 0
    for path in files:
        record = json.loads(path.read_text(encoding="utf-8"))["record"]
        assert (record["outcome"] is None) != (record["error"] is None), path.name
