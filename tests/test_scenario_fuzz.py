"""Fuzz the scenario loader and engine: mutated real scenarios must give input errors, never crashes.

Every scenario in tests/rulings/ is a valid starting point; hypothesis applies one
to three mutations (drop a key, change a value's type, swap the procedure or
system, set a number to -1/0/huge, replace a name with an unknown one, empty a
list or mapping), writes the result as YAML, and runs `scenario.load`, then
`scenario.run` and `scenario.check`. The only exceptions allowed are the
engine's own (ScenarioError, NotInSource, Unsettled): anything else would reach
the user as `resolve`'s "internal engine error". Derandomized, so CI is
reproducible; `MUTATE` and `mutated` are also used to count crashes by hand.
"""

from __future__ import annotations

import copy
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from l5r_rules import yamlio
from l5r_rules.engine import scenario
from l5r_rules.engine.errors import EngineError
from l5r_rules.engine.procedures import PROCEDURES

RULINGS = Path(__file__).parent / "rulings"
SEEDS = [yamlio.load_plain(p) for p in sorted(RULINGS.glob("*/*.yaml"))]
WEIRD = [None, True, "x", 1.5, 2.0, [], {}, -1, 0, 10**12, 10**30, [None], {"x": 1}]
NUMBERS = [-1, 0, 3.0, 1e300, 10**9, 10**30, -(10**30)]


def _paths(node, path=()):
    """Every path into the data, the root excluded."""
    if isinstance(node, dict):
        for k, v in node.items():
            yield path + (k,)
            yield from _paths(v, path + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield path + (i,)
            yield from _paths(v, path + (i,))


def _get(data, path):
    for part in path:
        data = data[part]
    return data


def _set(data, path, value):
    _get(data, path[:-1])[path[-1]] = value


def _drop(data, path, pick):
    del _get(data, path[:-1])[path[-1]]


def _retype(data, path, pick):
    _set(data, path, copy.deepcopy(pick(WEIRD)))  # a copy: a later mutation inside it must not change WEIRD itself


def _number(data, path, pick):
    _set(data, path, pick(NUMBERS))


def _unknown(data, path, pick):
    _set(data, path, "unknown-" + _get(data, path))


def _empty(data, path, pick):
    _set(data, path, type(_get(data, path))())


def _borrow(data, path, pick):
    """Put another string of the scenario here: a name used where a different kind of name belongs."""
    strings = sorted({_get(data, p) for p in _paths(data) if p[0] == "given" and _is(str)(_get(data, p))})
    _set(data, path, pick(strings or ["x"]))


def _procedure(data, path, pick):
    system, name = pick(sorted(PROCEDURES)).split("/")
    data["procedure"] = name
    if pick([True, False]):
        data["system"] = system


def _is(*types):
    return lambda v: isinstance(v, types) and not isinstance(v, bool)


# mutation -> (what it applies to, how)
MUTATE = {
    "drop": (lambda v: True, _drop),
    "retype": (lambda v: True, _retype),
    "number": (_is(int), _number),
    "unknown": (_is(str), _unknown),
    "borrow": (_is(str), _borrow),
    "empty": (_is(list, dict), _empty),
    "procedure": (lambda v: True, _procedure),
}


def mutated(seed: dict, steps) -> dict:
    """`seed` with each (mutation name, path index, choice index) in `steps` applied.

    The path is one the mutation applies to, inside given/choices/expect where there is one
    (mutations elsewhere mostly test the schema's top level, which needs few examples).
    """
    data = copy.deepcopy(seed)
    for kind, index, choice in steps:
        applies, change = MUTATE[kind]
        pick = lambda options, choice=choice: options[choice % len(options)]  # noqa: E731
        paths = [p for p in _paths(data) if applies(_get(data, p))]
        inner = [p for p in paths if p[0] in ("given", "choices", "expect")]
        paths = inner if inner and index % 5 else paths
        if paths:
            change(data, paths[index % len(paths)], pick)
    return data


def outcome_of(data: dict, folder: Path) -> str:
    """Load the data as a file, run and check it; 'problems', 'engine' or 'ok'. Other exceptions escape."""
    path = folder / "fuzz.yaml"
    path.write_text(yamlio.dumps(data), encoding="utf-8")
    loaded, problems = scenario.load(path)
    if problems:
        for p in problems:
            assert p.line >= 1 and p.render(str(path))
        return "problems"
    try:
        scenario.check(loaded, scenario.run(loaded))
    except EngineError:
        return "engine"
    return "ok"


@settings(
    max_examples=300,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
@given(
    seed=st.sampled_from(SEEDS),
    steps=st.lists(
        st.tuples(st.sampled_from(sorted(MUTATE)), st.integers(0, 10_000), st.integers(0, 100)), min_size=1, max_size=3
    ),
)
def test_mutated_scenarios_never_crash_the_engine(seed, steps):
    scenario_data = mutated(seed, steps)
    with tempfile.TemporaryDirectory() as tmp:
        event(outcome_of(scenario_data, Path(tmp)))


def test_the_seeds_resolve():
    """The control: unmutated scenarios load and run (so the fuzzer starts from valid files)."""
    with tempfile.TemporaryDirectory() as tmp:
        assert {outcome_of(s, Path(tmp)) for s in SEEDS} <= {"ok", "engine"}
