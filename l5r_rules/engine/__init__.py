"""The rules engine: each procedure is a pure `resolve(inputs, ruleset) -> Result(outcome, trace)`.

Public helpers for other readers (the site build shows each scenario's outcome):

    run_scenario(path_or_dict) -> Result     resolve a scenario file or dict
    scenario_entries(scenario) -> [entry id] the glossary entries a scenario cites
"""

from __future__ import annotations

from pathlib import Path

from .errors import EngineError, MissingChoice, NotInSource, ScenarioError, Unsettled
from .ruleset import RULESETS, Ruleset
from .trace import Result, Step


def _data(path_or_dict) -> dict:
    # lazy: the scenario loader (jsonschema, every procedure's shape) is no cost of `validate --help` or
    # `refresh --help`, whose checks import engine.coverage (~10 ms)
    from .scenario import load, schema_problems

    if isinstance(path_or_dict, dict):
        problems = schema_problems(path_or_dict)
        data = path_or_dict
    else:
        data, problems = load(Path(path_or_dict))
    if problems:
        raise ScenarioError(problems[0].path, problems[0].message)
    return data


def run_scenario(path_or_dict) -> Result:
    """Resolve one scenario; raises ScenarioError (with .path) for a bad or incomplete scenario."""
    from .scenario import run  # lazy, as in _data

    return run(_data(path_or_dict))


def scenario_entries(scenario) -> list[str]:
    """Entry ids a scenario cites: its source entry, then the rules its resolution applies, without repeats."""
    data = _data(scenario)
    ids = [data["source"]["entry"]] + list(data.get("expect", {}).get("rules", []))
    try:
        ids += run_scenario(data).rules
    except EngineError:
        pass
    return list(dict.fromkeys(i for i in ids if i))


__all__ = [
    "EngineError",
    "MissingChoice",
    "NotInSource",
    "RULESETS",
    "Result",
    "Ruleset",
    "ScenarioError",
    "Step",
    "Unsettled",
    "run_scenario",
    "scenario_entries",
]
