"""Fuzz validate and the readers' loader: any value of any type in any field of any glossary file
gives problems with codes, never an exception (no TypeError from a check that trusted a type)."""

from __future__ import annotations

import shutil

from helpers import FIXTURES
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from l5r_rules import yamlio
from l5r_rules.checks.validate import run_all
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout

FILES = [
    "glossary/entries/lotus/lotus-bowing.yaml",
    "glossary/concepts/bowing.yaml",
    "glossary/errata/bow-note.yaml",
    "glossary/_sources.yaml",
]

scalars = st.one_of(st.none(), st.booleans(), st.integers(), st.floats(allow_nan=False), st.text(max_size=8))
values = st.recursive(
    scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=3), st.dictionaries(st.text(max_size=5), inner, max_size=3)),
    max_leaves=6,
)


def _paths(data, path=()):
    yield path
    if isinstance(data, dict):
        for k, v in data.items():
            yield from _paths(v, path + (k,))
    elif isinstance(data, list):
        for i, v in enumerate(data):
            yield from _paths(v, path + (i,))


def _set(data, path, value):
    if not path:
        return value
    target = data
    for part in path[:-1]:
        target = target[part]
    target[path[-1]] = value
    return data


@settings(
    max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(which=st.sampled_from(FILES), pick=st.integers(min_value=0, max_value=10_000), value=values)
def test_any_value_anywhere_gives_problems_not_exceptions(tmp_path_factory, which, pick, value):
    root = tmp_path_factory.mktemp("fuzz") / "root"
    shutil.copytree(FIXTURES / "valid", root)
    path = root / which
    data = yamlio.load_plain(path)
    paths = list(_paths(data))
    data = _set(data, paths[pick % len(paths)], value)
    path.write_text(yamlio.dumps(data), encoding="utf-8")
    problems, _ = run_all(Layout(root))  # must not raise
    assert all(p.code.startswith("L5R") for p in problems)
    try:
        load_kb(root)  # a reader: either loads or refuses with a GlossaryFileError
    except yamlio.GlossaryFileError:
        assert problems, "a reader refused what validate accepted"
