"""Engine scenarios on concept pages: optional, shown only when the engine exists.

The rules engine (`l5r_rules.engine`, another part of the project) exposes
`run_scenario(path_or_dict)` and `scenario_entries(scenario)`. When that module
is missing the site simply has no scenarios; when one scenario fails to run, its
page shows the one-line reason instead of an outcome, and the build goes on.
"""

from __future__ import annotations

import importlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from .. import yamlio


@dataclass(frozen=True)
class ScenarioView:
    id: str
    path: str
    ruleset: str
    procedure: str
    source: dict
    entries: tuple[str, ...]
    outcome: str | None = None
    cited: tuple[str, ...] = field(default_factory=tuple)
    error: str | None = None


def _engine():
    try:
        engine = importlib.import_module("l5r_rules.engine")
    except ImportError:
        return None
    return engine if hasattr(engine, "run_scenario") else None


def _jsonable(value):
    if hasattr(value, "__dataclass_fields__"):
        import dataclasses

        return _jsonable(dataclasses.asdict(value))
    if isinstance(value, dict):
        return {str(k): _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple, set, frozenset)):
        return [_jsonable(v) for v in value]
    if isinstance(value, (str, int, float, bool)) or value is None:
        return value
    return str(value)


def _cited(trace) -> tuple[str, ...]:
    out: list[str] = []
    for step in trace or ():
        rule = step.get("rule") if isinstance(step, dict) else getattr(step, "rule", None)
        if isinstance(rule, str) and rule not in out:
            out.append(rule)
    return tuple(out)


def scenario_files(root: Path) -> list[Path]:
    base = root / "tests" / "rulings"
    return sorted(p for p in base.glob("*/*.yaml") if p.parent.name != "golden") if base.is_dir() else []


def load_scenarios(root: Path) -> list[ScenarioView]:
    engine = _engine()
    if engine is None:
        return []
    views = []
    for path in scenario_files(root):
        data = yamlio.load_plain(path)
        if not isinstance(data, dict):
            continue
        source = data.get("source") or {}
        try:
            entries = tuple(engine.scenario_entries(data)) if hasattr(engine, "scenario_entries") else (source.get("entry"),)
        except Exception:  # noqa: BLE001 - a bad scenario must not stop the site
            entries = (source.get("entry"),) if source.get("entry") else ()
        common = dict(id=str(data.get("id", path.stem)), path=str(path.relative_to(root)),
                      ruleset=str(data.get("ruleset", "")), procedure=str(data.get("procedure", "")),
                      source=source, entries=tuple(e for e in entries if e))
        try:
            result = engine.run_scenario(data)
            outcome = getattr(result, "outcome", result)
            text = json.dumps(_jsonable(outcome), ensure_ascii=False, indent=1, sort_keys=True)
            views.append(ScenarioView(**common, outcome=text, cited=_cited(getattr(result, "trace", ()))))
        except Exception as exc:  # noqa: BLE001 - shown on the page instead
            views.append(ScenarioView(**common, error=f"{type(exc).__name__}: {exc}".splitlines()[0]))
    return views
