"""Scenarios that chain: several procedures of one game run in order on one game state.

Proves: a chain's outcome is the last step's with every step's outcome under `chain`;
the trace holds every step's rules in order; a step's `given` is merged into the state
and the procedure reads only the fields it declares; an outcome's `state` carries into
the next step; a bad step is an error naming `then[i]`; a step of another game is refused
by the schema; single-procedure scenarios are unchanged; defenders are declared once per conflict.
"""

from __future__ import annotations

import copy

import pytest

from l5r_rules.engine import run_scenario, scenario
from l5r_rules.engine.errors import ScenarioError

CONFLICT = {
    "id": "chain-test",
    "system": "lcg",
    "ruleset": "lcg",
    "procedure": "conflict",
    "source": {
        "document": "lcg-rules-reference",
        "section": "3.2.3",
        "kind": "derived-edge-case",
        "entry": "lcg-3-2-3-compare-skill-values",
    },
    "given": {"type": "military", "attacker": [{"name": "A", "skill": 3}], "province_strength": 3},
    "expect": {"outcome": {"winner": "attacker"}},
}


def chain(*steps) -> dict:
    data = copy.deepcopy(CONFLICT)
    data["then"] = list(steps)
    return data


def test_single_procedure_scenario_has_no_chain_field():
    result = run_scenario(CONFLICT)
    assert "chain" not in result.outcome
    assert result.outcome["state"] == {"winner": "attacker"}  # the fields lcg/conflict declares it writes
    assert result.outcome["winner"] == "attacker"


def test_chain_outcome_is_the_last_steps_with_every_step_listed():
    data = chain({"procedure": "victory", "given": {"first": {"honor": 25}, "second": {"honor": 10}}})
    result = run_scenario(data)
    assert list(result.outcome["chain"]) == ["1.conflict", "2.victory"]
    assert result.outcome["chain"]["1.conflict"]["winner"] == "attacker"
    assert result.outcome["winner"] == result.outcome["chain"]["2.victory"]["winner"]
    first = scenario.run(CONFLICT).rules
    assert result.rules[: len(first)] == first and len(result.rules) > len(first)
    assert all(s.what.startswith(("[1. conflict]", "[2. victory]")) for s in result.trace)


def test_a_step_given_overrides_the_state_and_reads_only_its_fields():
    # the second conflict step changes only the province strength; type and attackers come from the state
    data = chain({"procedure": "conflict", "given": {"province_strength": 4}})
    result = run_scenario(data)
    assert result.outcome["chain"]["1.conflict"]["province_broken"] is True
    assert result.outcome["chain"]["2.conflict"]["province_broken"] is False
    assert result.outcome["state"]["province_strength"] == 4
    assert result.outcome["state"]["attacker"] == [{"name": "A", "skill": 3}]


def test_state_from_an_outcome_carries_into_the_next_step(monkeypatch):
    from l5r_rules.engine.lcg import conflict

    real = conflict.resolve

    def with_state(inp, rs):
        result = real(inp, rs)
        state = {"honor": {"attacker": 7, "defender": 5}, "province_strength": 9}
        return type(result)({**result.outcome, "state": state}, result.trace)

    monkeypatch.setattr(conflict, "resolve", with_state)
    result = run_scenario(chain({"procedure": "conflict"}))
    # honor is a field lcg/conflict writes: the second step reads the first one's; province_strength is not
    assert result.outcome["state"]["honor"] == {"attacker": 7, "defender": 5}
    assert result.outcome["chain"]["2.conflict"]["honor"] == {"attacker": 7, "defender": 4}
    assert result.outcome["chain"]["2.conflict"]["province_broken"] is True  # still 3: an undeclared field stays


def test_a_bad_step_names_its_place_in_the_chain():
    data = chain({"procedure": "conflict", "given": {"type": "naval"}})
    with pytest.raises(ScenarioError) as info:
        run_scenario(data)
    assert info.value.path[:3] == ("then", 0, "given")
    assert "conflict" in info.value.message


def test_a_missing_decision_in_a_step_names_the_step():
    data = chain({"procedure": "honor-bid", "given": {"honor": {"first": 10, "second": 10}}})
    with pytest.raises(ScenarioError) as info:
        run_scenario(data)
    assert info.value.path[:2] == ("then", 0)
    assert "bids" in info.value.message


@pytest.mark.parametrize(
    "step, word",
    [
        ({"procedure": "battle"}, "procedure"),  # a CCG procedure in an LCG chain
        ({"procedure": "conflict", "bogus": 1}, "bogus"),
        ({"given": {}}, "procedure"),
    ],
)
def test_schema_refuses_bad_steps(step, word):
    problems = scenario.schema_problems(chain(step))
    assert problems and any(word in p.message or word in map(str, p.path) for p in problems), problems


def test_numbers_in_a_step_are_checked_like_the_first_given():
    problems = scenario.schema_problems(chain({"procedure": "conflict", "given": {"province_strength": 10**9}}))
    assert [p.path for p in problems] == [("then", 0, "given", "province_strength")]


DEFEND = {
    "id": "defend-test",
    "system": "lcg",
    "ruleset": "lcg",
    "procedure": "declare-defenders",
    "source": {
        "document": "lcg-rules-reference",
        "section": "3.2.1",
        "kind": "derived-edge-case",
        "entry": "lcg-covert",
    },
    "given": {
        "type": "military",
        "attacker": [{"name": "A", "skill": 3}],
        "characters": {"defender": [{"name": "D", "military": 2, "political": 2}, {"name": "E", "military": 1}]},
    },
    "choices": {"defenders": ["D"]},
}


@pytest.mark.parametrize(
    ("second", "refused"),
    [
        ({"procedure": "declare-defenders", "choices": {"defenders": ["E"]}}, True),  # the same conflict
        # a new conflict given (its attackers): its defenders are declared anew
        (
            {
                "procedure": "declare-defenders",
                "given": {"attacker": [{"name": "B", "skill": 2}]},
                "choices": {"defenders": ["E"]},
            },
            False,
        ),
    ],
)
def test_defenders_are_declared_once_per_conflict(second, refused):
    data = {**copy.deepcopy(DEFEND), "then": [second]}
    if refused:
        with pytest.raises(ScenarioError, match="would set 'defender' again, which step 1"):
            scenario.run(data)
    else:
        assert scenario.run(data).outcome["defenders"] == [{"name": "E", "skill": 1}]
