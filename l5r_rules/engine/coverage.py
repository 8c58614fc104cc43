"""How much of each rulebook the engine covers: every entry's engine status, and the proven share.

An entry is **proven** when a passing scenario of `tests/rulings` cites it: its `source.entry`, an id
of its `expect.rules`, or a rule its resolution applies (for a scenario that must fail with its
`expect.error`, its source entry). That part is computed, never curated. Every other entry has a
curated status in `glossary/_engine_status.yaml` (schema `engine_status.schema.json`): **not a rule**
(a definition, an overview, an example, story, a component, a pointer elsewhere, a step that only
marks a moment, a list of changes) or **not modelled**, with why: `to-model` (a rule a scenario
could test, not modelled yet), `card-text`, `player-choice`, `physical`, `out-of-scope`.

The proven share is proven / (proven + not modelled `to-model`): the entries that state a rule a
scenario could test. validate checks the curated file (L5R110-L5R115); `l5r-rules coverage` and the
site's coverage pages show the result.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import asdict, dataclass, field
from functools import cache
from pathlib import Path

from .. import yamlio
from ..schemas import schema
from .errors import EngineError, ScenarioError

# status -> reason -> meaning (our words), in the order the schema lists them
REASONS: dict[str, dict[str, str]] = {}
TESTABLE = frozenset({"to-model"})  # not-modelled reasons whose entry states a rule a scenario could test


def reasons() -> dict[str, dict[str, str]]:
    """Status -> reason -> what the reason means (the engine status schema's descriptions)."""
    if not REASONS:
        props = schema("engine_status")["properties"]
        for status in ("not-a-rule", "not-modelled"):
            REASONS[status] = {k: v["description"] for k, v in props[status]["properties"].items()}
    return REASONS


@dataclass(frozen=True)
class Status:
    entry: str
    status: str  # proven, not-modelled, not-a-rule, or missing (no status: validate reports it)
    reason: str = ""  # for not-modelled and not-a-rule
    note: str = ""  # our words, optional
    scenarios: tuple[str, ...] = ()  # proven: the ids of the passing scenarios that cite it

    @property
    def testable(self) -> bool:
        """It states a rule a scenario could test (the proven share's denominator)."""
        return self.status == "proven" or (self.status == "not-modelled" and self.reason in TESTABLE)

    @property
    def meaning(self) -> str:
        return reasons().get(self.status, {}).get(self.reason, "")


@dataclass
class Summary:
    """One book's (or every book's) counts."""

    edition: str
    entries: int = 0
    proven: int = 0
    not_modelled: Counter = field(default_factory=Counter)  # reason -> count
    not_a_rule: Counter = field(default_factory=Counter)
    missing: int = 0

    @property
    def testable(self) -> int:
        return self.proven + sum(n for r, n in self.not_modelled.items() if r in TESTABLE)

    @property
    def share(self) -> float:
        return self.proven / self.testable if self.testable else 0.0

    def add(self, s: Status) -> None:
        self.entries += 1
        if s.status == "proven":
            self.proven += 1
        elif s.status == "not-modelled":
            self.not_modelled[s.reason] += 1
        elif s.status == "not-a-rule":
            self.not_a_rule[s.reason] += 1
        else:
            self.missing += 1

    def to_json(self) -> dict:
        """The counts, each reason's in the order of its name, then the testable entries and the proven share."""
        return {
            **asdict(self),
            "not_modelled": dict(sorted(self.not_modelled.items())),
            "not_a_rule": dict(sorted(self.not_a_rule.items())),
            "testable": self.testable,
            "share": round(self.share, 4),
        }


def scenario_files(rulings: Path) -> list[Path]:
    return sorted(p for p in rulings.glob("*/*.yaml") if p.parent.name != "golden") if rulings.is_dir() else []


def cited_by_passing(rulings: Path) -> dict[str, list[str]]:
    """entry id -> ids of the passing scenarios that cite it (a scenario that does not load or pass cites none)."""
    return dict(scenario_runs(rulings).cited)


@dataclass(frozen=True)
class Runs:
    """What running every scenario of a tests/rulings folder found (validate reports the last two, L5R116-117)."""

    cited: tuple  # (entry id, [ids of the passing scenarios citing it])
    failing: tuple  # (scenario file, line, what is wrong): it does not load, run or match its expect
    named: tuple  # (scenario file, field path, entry id): every entry id a scenario names (source.entry, expect.rules)


def scenario_runs(rulings: Path) -> Runs:
    return _runs(str(rulings), _stamp(rulings))


def _stamp(rulings: Path) -> tuple:
    return tuple((str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in scenario_files(rulings))


@cache
def _runs(rulings: str, stamp: tuple) -> Runs:
    # lazy: validate's checks import this module, and the scenario runner would cost `validate --help` and
    # `refresh --help` ~10 ms (jsonschema's validator, every procedure's shape)
    from . import scenario

    out: dict[str, list[str]] = {}
    failing, named = [], []
    for path in scenario_files(Path(rulings)):
        # the safe loader, not the schema (tests/test_rulings.py and `resolve` hold every scenario to it): a
        # scenario the engine cannot run as written proves nothing, and validate names it
        try:
            data = yamlio.load_plain(path)
            expect = data.get("expect") or {}
            ids = [data["source"]["entry"]]
            named += [(path, ("source", "entry"), ids[0])]
            named += [(path, ("expect", "rules", i), r) for i, r in enumerate(expect.get("rules") or ())]
            result = scenario.run(data)
        except yamlio.GlossaryFileError as err:
            problem = err.problem
            failing.append((path, problem.line, f"does not load: {problem.code} {problem.field} {problem.message}"))
            continue
        except ScenarioError as err:
            if "error" not in expect or expect["error"] not in err.message:
                failing.append((path, 1, f"fails: {err.message}"))
                continue
        except EngineError as err:
            failing.append((path, 1, f"fails: {err}"))
            continue
        except Exception:  # noqa: BLE001 - a malformed scenario cites nothing; `resolve` says what is wrong with it
            failing.append((path, 1, "does not load"))
            continue
        else:
            if "error" in expect:
                failing.append((path, 1, f"does not fail with its expect.error {expect['error']!r}"))
                continue
            if differences := scenario.check(data, result):
                failing.append((path, 1, f"does not match its expect: {differences[0].message}"))
                continue
            ids += list(expect.get("rules") or []) + result.rules
        for eid in dict.fromkeys(ids):
            out.setdefault(eid, []).append(str(data["id"]))
    return Runs(tuple(out.items()), tuple(failing), tuple(named))


@dataclass(frozen=True)
class Curated:
    """The curated statuses: entry -> (status, reason, line of its list item), notes, and ids listed twice."""

    statuses: dict
    notes: dict
    twice: tuple = ()  # (entry, path of the second listing)


def curated(data: dict | None) -> Curated:
    statuses: dict = {}
    twice = []
    for status in ("not-a-rule", "not-modelled"):
        for reason, ids in ((data or {}).get(status) or {}).items():
            for i, eid in enumerate(ids or ()):
                if eid in statuses:
                    twice.append((eid, (status, reason, i)))
                    continue
                statuses[eid] = (status, reason, (status, reason, i))
    return Curated(statuses, dict((data or {}).get("notes") or {}), tuple(twice))


def statuses(entries: dict, cited: dict[str, list[str]], data: dict | None) -> dict[str, Status]:
    """Every entry's status: proven from `cited`, else the curated one, else missing."""
    cur = curated(data)
    out = {}
    for eid in entries:
        note = cur.notes.get(eid, "")
        if cited.get(eid):
            out[eid] = Status(eid, "proven", note=note, scenarios=tuple(cited[eid]))
        elif eid in cur.statuses:
            status, reason, _ = cur.statuses[eid]
            out[eid] = Status(eid, status, reason, note)
        else:
            out[eid] = Status(eid, "missing")
    return out


def summaries(entries: dict, by_entry: dict[str, Status]) -> dict[str, Summary]:
    """Per edition (in the entries' order) and 'all'."""
    out: dict[str, Summary] = {}
    total = Summary("all")
    for eid, entry in entries.items():
        ed = entry.get("edition", "")
        out.setdefault(ed, Summary(ed)).add(by_entry[eid])
        total.add(by_entry[eid])
    out["all"] = total
    return out


def load(layout) -> tuple[dict[str, Status], dict]:
    """(statuses of every entry, the curated file's data or {}) for a checkout."""
    from ..kb import load_kb  # lazy, as scenario in _cited: kb loads the registry and editions (`validate --help`)

    kb = load_kb(layout.root)
    path = layout.engine_status
    data = yamlio.load_plain(path) if path.is_file() else {}
    return statuses(kb.entries, cited_by_passing(layout.rulings), data or {}), data or {}
