"""The worked examples (engine scenarios, `Layout.rulings`) on the pages of the entries they cite.

Each scenario is resolved once by the rules engine (`l5r_rules.engine.run_scenario`)
and narrated as a ruling (`l5r_rules.engine.narrate`: the situation, each step with the
rule sentence it applies, the outcome; a player's decision with each option's outcome;
a play the rules refuse, with the rule). It is shown on the pages of its source entry,
the rules its `expect` names and the rules its resolution applies. `error` keeps the
engine's one-line reason for the JSON API; pages show the narration.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass, field

from ..engine import EngineError, run_scenario
from ..engine.coverage import scenario_files
from ..engine.narrate import RuleTexts, narrate
from ..engine.scenario import load
from ..layout import Layout


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
    narration: object | None = None  # engine.narrate.Narration

    @property
    def not_in_source(self) -> bool:
        """Its edition's rulebook lacks the rule (outcome status not-in-source): listed after the others."""
        return bool(self.outcome) and json.loads(self.outcome).get("status") == "not-in-source"


def _jsonable(value):
    if hasattr(value, "__dataclass_fields__"):
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


class BadScenario(Exception):
    """A scenario file `resolve` would refuse; str() is its first problem as `path:line: field message`."""


def load_scenarios(layout: Layout, texts=None) -> list[ScenarioView]:
    """Every scenario, resolved and narrated; `texts` (engine.narrate.RuleTexts) defaults to the checkout's."""

    texts = texts or RuleTexts(layout.root)

    views = []
    for path in scenario_files(layout.rulings):
        data, problems = load(path)  # refused as `resolve` refuses it: nothing unchecked reaches a page
        if problems:
            shown = path.relative_to(layout.root) if path.is_relative_to(layout.root) else path
            raise BadScenario(f"{problems[0].render(str(shown))} (run `l5r-rules resolve {shown}`)")
        if not isinstance(data, dict):
            continue
        source = data.get("source") or {}
        common = dict(
            id=str(data.get("id", path.stem)),
            path=str(path.relative_to(layout.root)),
            ruleset=str(data.get("ruleset", "")),
            procedure=str(data.get("procedure", "")),
            source=source,
        )
        named = [source.get("entry"), *((data.get("expect") or {}).get("rules") or [])]
        try:
            result = run_scenario(data)  # once: its trace also says which rules it applied
        except EngineError as exc:  # narrated: the decision a player must make, or the play the rules refuse
            views.append(
                ScenarioView(
                    **common,
                    entries=_ids(named),
                    error=f"{type(exc).__name__}: {exc}".splitlines()[0],
                    narration=narrate(data, texts, error=exc),
                )
            )
            continue
        text = json.dumps(_jsonable(result.outcome), ensure_ascii=False, indent=1, sort_keys=True)
        views.append(
            ScenarioView(
                **common,
                entries=_ids(named + list(result.rules)),
                outcome=text,
                cited=_cited(result.trace),
                narration=narrate(data, texts, result=result),
            )
        )
    return views


def _ids(ids) -> tuple[str, ...]:
    return tuple(dict.fromkeys(i for i in ids if isinstance(i, str) and i))
