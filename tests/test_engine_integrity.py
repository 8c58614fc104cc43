"""Every glossary id the engine or a scenario cites must exist, so a renamed entry fails CI."""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest

from l5r_rules.engine import RULESETS, run_scenario, scenario_entries
from l5r_rules.engine.errors import ScenarioError
from l5r_rules.kb import load_kb

RULINGS = Path(__file__).parent / "rulings"
FILES = sorted(p for p in RULINGS.glob("*/*.yaml"))


@cache
def entries() -> dict:
    return load_kb().entries


@pytest.mark.parametrize("rs", sorted(RULESETS))
def test_ruleset_citations_exist(rs):
    ruleset = RULESETS[rs]
    missing = {k: v for k, v in ruleset.cites.items() if v not in entries()}
    assert not missing, f"{rs}: cited ids not in the glossary: {missing}"
    wrong = {k: v for k, v in ruleset.cites.items() if entries()[v]["edition"] != rs}
    assert not wrong, f"{rs}: cites another edition's entries: {wrong}"


def test_scenario_citations_exist():
    missing = {}
    for path in FILES:
        try:
            ids = scenario_entries(path)
        except ScenarioError:
            continue
        bad = [i for i in ids if i not in entries()]
        if bad:
            missing[str(path)] = bad
    assert not missing, missing


def test_scenario_entry_matches_its_ruleset():
    wrong = []
    for path in FILES:
        data = run_scenario.__globals__["_data"](path)
        entry = entries().get(data["source"]["entry"])
        if (
            entry is None
            or entry["edition"] != data["ruleset"]
            or entry["source"]["document"] != data["source"]["document"]
        ):
            wrong.append(path.name)
    assert not wrong, wrong
