"""Every scenario under tests/rulings/<ruleset>/ runs as its own case, named by file and id.

Each case checks the schema, the expected outcome (or expected error), and the
golden trace in tests/rulings/golden/. Regenerate goldens only on purpose:
`L5R_UPDATE_GOLDEN=1 scripts/test.sh tests/test_rulings.py`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from l5r_rules.engine import scenario
from l5r_rules.engine.errors import ScenarioError

RULINGS = Path(__file__).parent / "rulings"
GOLDEN = RULINGS / "golden"
FILES = sorted(p for p in RULINGS.glob("*/*.yaml") if p.parent.name != "golden")
UPDATE = os.environ.get("L5R_UPDATE_GOLDEN") == "1"


def _case_id(path: Path) -> str:
    data = scenario.yamlio.load_plain(path) or {}
    return f"{path.parent.name}/{path.name}::{data.get('id', '?')}"


@pytest.mark.parametrize("path", FILES, ids=[_case_id(p) for p in FILES])
def test_scenario(path: Path):
    data, problems = scenario.load(path)
    assert not problems, "\n".join(p.render(str(path)) for p in problems)
    assert data["id"] == path.stem, "file name must be the scenario id"
    assert data["ruleset"] == path.parent.name, "folder must be the ruleset"
    expect = data["expect"]
    if "error" in expect:
        with pytest.raises(ScenarioError) as info:
            scenario.run(data)
        assert expect["error"] in info.value.message
        return
    result = scenario.run(data)
    problems = scenario.check(data, result)
    assert not problems, "\n".join(p.render(str(path)) for p in problems)
    golden = GOLDEN / path.parent.name / f"{path.stem}.json"
    text = json.dumps(result.to_json(), indent=1, ensure_ascii=False, sort_keys=True) + "\n"
    if UPDATE:
        golden.parent.mkdir(parents=True, exist_ok=True)
        golden.write_text(text, encoding="utf-8")
    assert golden.is_file(), f"no golden trace {golden}; run with L5R_UPDATE_GOLDEN=1"
    assert golden.read_text(encoding="utf-8") == text, f"trace differs from {golden}"


def test_no_stale_golden_files():
    live = {(p.parent.name, p.stem) for p in FILES}
    stale = [g for g in GOLDEN.glob("*/*.json") if (g.parent.name, g.stem) not in live]
    assert not stale, f"golden traces without a scenario: {stale}"


def test_at_least_450_scenarios_and_every_procedure_covered_three_times():
    from collections import Counter

    from l5r_rules.engine.procedures import PROCEDURES

    datas = [scenario.yamlio.load_plain(p) for p in FILES]
    assert len(datas) >= 450
    per_procedure = Counter(f"{d['system']}/{d['procedure']}" for d in datas)
    thin = {p: per_procedure[p] for p in PROCEDURES if per_procedure[p] < 3}
    assert not thin, f"procedures with fewer than 3 scenarios (a threshold needs below, at, above): {thin}"


def test_every_ruleset_has_threshold_cases():
    per_ruleset = {}
    for p in FILES:
        d = scenario.yamlio.load_plain(p)
        per_ruleset.setdefault(d["ruleset"], set()).add(d["source"]["kind"])
    for rs in ("gold", "lotus", "ivory", "lcg", "bfr"):
        assert {"worked-example", "derived-edge-case"} <= per_ruleset[rs], rs


# Pairs for which no input was found yet that the procedure must refuse without inventing a rule (the
# procedure is not in that edition's source, or every field the schema lets through is a legal answer).
# An open gap, listed so it stays visible: the test fails when a pair here gets its error case (remove it).
KNOWN_GAPS = {
    "gold/lobby",
    "lotus/lobby",
    "ivory/lobby",
    "gold/personality-destroyed",
    "lotus/personality-destroyed",
    "ivory/personality-destroyed",
    "gold/recruit",
    "lotus/recruit",
    "ivory/recruit",
    "gold/seppuku",
    "ivory/seppuku",
    "ivory/stat",  # Ivory's book has no rule on stats below 0: every case is not-in-source (issue 26 blind batch)
    "lcg/province-strength",
}


def test_every_ruleset_procedure_pair_has_an_error_case():
    """Issue #13 item 5: each procedure, under each ruleset it has scenarios for, has at least one
    scenario whose `expect.error` names the error the engine must refuse the input with."""
    pairs: dict[str, bool] = {}
    for p in FILES:
        d = scenario.yamlio.load_plain(p)
        key = f"{d['ruleset']}/{d['procedure']}"
        pairs[key] = pairs.get(key, False) or "error" in (d.get("expect") or {})
    missing = sorted(k for k, has_error in pairs.items() if not has_error)
    assert not set(missing) - KNOWN_GAPS, f"pairs without an expect.error scenario: {sorted(set(missing) - KNOWN_GAPS)}"
    closed = sorted(KNOWN_GAPS - set(missing))
    assert not closed, f"these pairs have an error case now; remove them from KNOWN_GAPS: {closed}"


def _expected_errors():
    """(path, data, the ScenarioError it raised) of each `expect.error` scenario that fails with one
    (one that does not is test_scenario's failure)."""
    for path in FILES:
        data = scenario.yamlio.load_plain(path)
        if "error" not in data["expect"]:
            continue
        try:
            scenario.run(data)
        except ScenarioError as err:
            yield path, data, err


def test_every_documented_refusal_is_shown_by_a_scenario():
    """Each `REFUSES` text a procedure documents (the format page's `expect.error` table) is in the message of
    an error some scenario of that procedure really fails with."""
    from l5r_rules.engine import schema_gen

    messages: dict[str, list[str]] = {}
    for _, data, err in _expected_errors():
        messages.setdefault(f"{data['system']}/{data['procedure']}", []).append(err.message)
    missing = [
        (p.key, text)
        for p in schema_gen.procedures()
        for text, _ in p.refuses
        if not any(text in m for m in messages.get(p.key, []))
    ]
    assert not missing, f"documented refusals no scenario shows: {missing}"


def test_every_error_a_scenario_expects_is_in_a_table_of_the_format_page():
    """Each `expect.error` scenario fails with an error the format page documents: a refusal by the rules
    (REFUSES) or a fact the scenario gets wrong (CHECKS) of the procedure that raised it, or one of the
    errors any scenario can meet (scenario.GENERIC)."""
    import re

    from l5r_rules.engine import schema_gen

    tables = {p.key: p.refuses + p.checks for p in schema_gen.procedures()}
    undocumented = []
    for path, data, err in _expected_errors():
        step = re.match(r"\(([a-z-]+)\) ", err.message)  # a chained step's error names its procedure
        key = f"{data['system']}/{step.group(1) if step else data['procedure']}"
        texts = [t for t, _ in tables[key] + scenario.GENERIC]
        if not any(t in err.message for t in texts):
            undocumented.append((path.name, key, err.message[:120]))
    assert not undocumented, undocumented
