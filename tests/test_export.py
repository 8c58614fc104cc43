"""`l5r-rules export` is the whole knowledge base: every kind of glossary file, each record valid
against the schema that travels with it, in a file with normal permissions."""

from __future__ import annotations

import json
import os
import stat

import pytest
from jsonschema import Draft202012Validator

from l5r_rules.layout import Layout

# export key -> glossary files it must hold (one record each)
EXPECTED = {
    "entries": lambda L: L.entry_files(),
    "concepts": lambda L: sorted(L.concepts.glob("*.yaml")),
    "errata": lambda L: sorted(L.errata.glob("*.yaml")),
    "cards": lambda L: sorted(L.cards.glob("*.yaml")),
    "authority": lambda L: [L.authority],
}
SCHEMA_OF = {
    "documents": None,
    "entries": "entry",
    "concepts": "concept",
    "errata": "errata",
    "cards": "card",
    "authority": "authority",
    "skip": None,
}


@pytest.fixture(scope="module")
def exported(repo_root, tmp_path_factory):
    from click.testing import CliRunner

    from l5r_rules.cli import cli

    out = tmp_path_factory.mktemp("export") / "kb.json"
    result = CliRunner().invoke(cli, ["export", "--root", str(repo_root), "-o", str(out)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return out


def test_every_glossary_file_is_exported(exported, repo_root):
    data = json.loads(exported.read_text(encoding="utf-8"))
    layout = Layout(repo_root)
    for key, files in EXPECTED.items():
        assert len(data[key]) == len(files(layout)), key
    from l5r_rules.skiplist import load_skip_list

    assert len(data["skip"]) == len(load_skip_list(layout)) > 0 and all(item["reason"] for item in data["skip"])


def test_every_record_follows_the_schema_exported_with_it(exported):
    data = json.loads(exported.read_text(encoding="utf-8"))
    for key, name in SCHEMA_OF.items():
        if name is None:
            continue
        validator = Draft202012Validator(data["schemas"][name])
        for record in data[key]:
            assert not list(validator.iter_errors(record)), (key, record.get("id"))
    Draft202012Validator(data["schemas"]["sources"]).validate(
        {"games": data["games"], "editions": data["editions"], "documents": data["documents"]}
    )
    Draft202012Validator(data["schemas"]["skip"]).validate({"skip": data["skip"]})


def test_the_output_file_has_normal_permissions(exported):
    umask = os.umask(0)
    os.umask(umask)
    assert stat.S_IMODE(exported.stat().st_mode) == 0o666 & ~umask
