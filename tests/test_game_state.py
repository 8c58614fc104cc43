"""Issue #26 items 1-2: every procedure declares the state it reads and writes and where it can end the game.

Proves: each procedure module declares STATE (engine/state.py) and, when it can end the game, ENDS; a
procedure whose outcome reports honor, fate or Gold after a change writes that quantity to the chain's
state; every LCG procedure that changes honor can end the game; every step a procedure lists in ENDS
ends the game in some scenario of tests/rulings (with its winners, condition and step); a chain stops
at the end of the game, refuses a step whose state no earlier step produced or an earlier step changed
under another name, and lets only a procedure that runs at the game's end follow.
"""

from __future__ import annotations

import copy
from functools import cache
from pathlib import Path

import pytest

from l5r_rules.engine import run_scenario, scenario, schema_gen
from l5r_rules.engine.errors import ScenarioError
from l5r_rules.engine.game_end import CONDITIONS
from l5r_rules.engine.state import QUANTITIES, State, state

RULINGS = Path(__file__).parent / "rulings"
PROCS = schema_gen.procedures()

# outcome fields that report a quantity after the procedure changed it -> that quantity
REPORTS = {
    "honor": "honor",
    "family_honor": "honor",
    "controller_honor": "honor",
    "family_honors": "honor",
    "leftover": "gold",
    "fate": "fate",
}
# procedures whose outcome field of that name is not a changed pool, with the reason
NOT_A_POOL = {
    ("ccg/yu", "honor"): "the Honor a loser gains for Yu kills: always 0",
    ("ccg/battle", "honor"): "the Honor each side gains (the leaders' Family Honor is `family_honor`, written)",
    ("ccg/maneuvers", "honor"): "the Honor each ally gains (their Family Honor is `family_honors`, written)",
    ("ccg/ranged-attack", "honor"): "the Honor gained for a card destroyed by a Ranged Attack: always 0",
    ("lcg/personal-honor", "status"): "the character's status",
    ("lcg/dynasty-phase", "fate"): "the same fate pools as first.fate and second.fate, written",
    ("lcg/fate-phase", "fate"): "the fate left on each character, written with the characters",
    ("bfr/scoring", "honor"): "the final count, once the game is over (nothing follows it)",
    ("lcg/setup", "fate"): "the fate pools, written as first.fate and second.fate",
}


@cache
def resolved() -> list[tuple[str, dict, object]]:
    out = []
    for path in sorted(RULINGS.glob("*/*.yaml")):
        data, problems = scenario.load(path)
        if problems or "error" in data["expect"]:
            continue
        out.append((path.name, data, scenario.run(data)))
    return out


@pytest.mark.parametrize("proc", PROCS, ids=[p.key for p in PROCS])
def test_every_procedure_declares_its_state(proc):
    assert isinstance(getattr(proc.module, "STATE", None), State), f"{proc.key}: declare STATE = state(...)"
    for path, quantity in {**proc.state.reads, **proc.state.writes}.items():
        assert quantity in QUANTITIES, (proc.key, path)
    for path in proc.state.reads:
        node = proc.given
        for part in path.split("."):
            node = schema_gen.shapes.NAMED.get(node.get("$ref", "").split("/")[-1], node)
            assert part in node.get("properties", {}), f"{proc.key}: reads {path!r}, which its given does not declare"
            node = node["properties"][part]


def test_updates_declares_fields_read_and_written_back():
    declared = state(updates={"player.honor": "honor", "attacker": "cards"})
    assert declared.reads == declared.writes == {"player.honor": "honor", "attacker": "cards"}
    assert declared.changes == {"honor", "cards"}
    with pytest.raises(ValueError, match="unknown quantity 'honour'"):
        state(updates={"player.honor": "honour"})
    with pytest.raises(ValueError, match="give them apart, or updates alone"):
        state(reads={"ring": "rings"}, updates={"player.honor": "honor"})


@pytest.mark.parametrize("proc", PROCS, ids=[p.key for p in PROCS])
def test_a_procedure_that_changes_a_pool_writes_it(proc):
    for field, quantity in REPORTS.items():
        if field in proc.outcome.get("properties", {}) and (proc.key, field) not in NOT_A_POOL:
            assert quantity in proc.state.changes, (
                f"{proc.key}: its outcome reports {field} but it writes no {quantity}"
            )


def test_every_lcg_procedure_that_changes_honor_can_end_the_game():
    starts = {"lcg/setup": "the starting honor of a stronghold, before the game begins"}
    missing = [p.key for p in PROCS if p.system == "lcg" and "honor" in p.state.changes and not p.ends]
    assert sorted(set(missing) - set(starts)) == []


@pytest.mark.parametrize("proc", [p for p in PROCS if p.ends], ids=[p.key for p in PROCS if p.ends])
def test_every_game_end_a_procedure_lists_ends_a_scenario(proc):
    seen = set()
    for _, data, result in resolved():
        chain = result.outcome.get("chain") or {}
        played = [(k.split(".", 1)[1], v) for k, v in chain.items()] or [(data["procedure"], result.outcome)]
        for procedure, outcome in played:
            over = outcome.get("game_over")
            if f"{data['system']}/{procedure}" == proc.key and over:
                assert over["condition"] in CONDITIONS and over["step"] in proc.ends
                seen.add(over["step"])
    assert seen == set(proc.ends), f"{proc.key}: no scenario ends the game at {sorted(set(proc.ends) - seen)}"


def test_an_outcome_says_game_over_null_while_the_game_goes_on():
    for name, data, result in resolved():
        mod = schema_gen.Procedure(f"{data['system']}/{data['procedure']}").module
        if (
            getattr(mod, "ENDS", None)
            and "chain" not in result.outcome
            and result.outcome.get("status")
            not in (
                "not-in-source",
                "unsettled",
            )
        ):
            assert "game_over" in result.outcome, name


CHAIN = {
    "id": "c",
    "system": "lcg",
    "ruleset": "lcg",
    "procedure": "honor-bid",
    "source": {
        "document": "lcg-rules-reference",
        "section": "s",
        "kind": "derived-edge-case",
        "entry": "lcg-winning-the-game",
    },
    "given": {"honor": {"first": 4, "second": 10}},
    "choices": {"bids": {"first": 5, "second": 1}},
    "expect": {"outcome": {"legal": True}},
}


def _chain(*steps) -> dict:
    data = copy.deepcopy(CHAIN)
    data["then"] = list(steps)
    return data


def test_a_chain_stops_where_the_game_ends():
    result = run_scenario(_chain({"procedure": "honor-bid", "choices": {"bids": {"first": 1, "second": 1}}}))
    assert list(result.outcome["chain"]) == ["1.honor-bid"]
    assert result.outcome["not_played"] == ["2.honor-bid"]
    assert result.outcome["game_over"]["winners"] == ["second"]
    assert result.outcome["state"]["honor"] == {"first": 0, "second": 14}


def test_a_chain_plays_on_while_the_game_goes_on():
    data = _chain({"procedure": "honor-bid", "choices": {"bids": {"first": 1, "second": 2}}})
    data["given"]["honor"]["first"] = 8
    result = run_scenario(data)
    assert list(result.outcome["chain"]) == ["1.honor-bid", "2.honor-bid"]
    assert result.outcome["honor"] == {"first": 5, "second": 13}  # 8-4+1, 10+4-1: the second step read the first's
    assert "not_played" not in result.outcome and result.outcome["game_over"] is None


def test_a_step_needing_state_no_step_produced_names_both_steps():
    data = copy.deepcopy(CHAIN)
    data["given"]["honor"]["first"] = 8
    data["then"] = [{"procedure": "duel", "choices": {"bids": {"challenger": 1, "challengee": 1}}}]
    with pytest.raises(ScenarioError) as info:
        run_scenario(data)
    assert info.value.path == ("then", 0, "given")
    assert "step 2 (duel) needs 'challenger', 'challengee', which no earlier step produced" in info.value.message
    assert "step 1 (honor-bid) outputs honor" in info.value.message


def test_a_step_given_the_field_itself_is_not_stale():
    # lcg/duel changes honor under challenger.player_honor; a later honor-bid given its honor anew reads that
    data = copy.deepcopy(CHAIN)
    data["given"]["honor"]["first"] = 8
    data["then"] = [
        {
            "procedure": "duel",
            "given": {
                "challenger": {"name": "A", "skill": 2, "player_honor": 9},
                "challengee": {"name": "B", "skill": 2, "player_honor": 9},
            },
            "choices": {"bids": {"challenger": 2, "challengee": 1}},
        },
        {"procedure": "honor-bid", "choices": {"bids": {"first": 1, "second": 1}}},
    ]
    with pytest.raises(ScenarioError) as info:
        run_scenario(data)
    assert "step 3 (honor-bid) reads 'honor' (honor), but step 2 (duel) changed honor" in info.value.message
    data["then"][1]["given"] = {"honor": {"first": 8, "second": 10}}
    assert run_scenario(data).outcome["honor"] == {"first": 8, "second": 10}
