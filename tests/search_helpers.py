"""Shared set-up for the search tests: a private copy of the fixture checkout."""

from __future__ import annotations

import shutil
from pathlib import Path

FIXTURE = Path(__file__).resolve().parent / "fixtures" / "search"
REPO = Path(__file__).resolve().parent.parent


def fixture_checkout(tmp: Path) -> Path:
    """Copy tests/fixtures/search to `tmp` (the index is written into its build/)."""
    root = tmp / "checkout"
    shutil.copytree(FIXTURE, root)
    return root


def override_knob(monkeypatch, name: str, value) -> None:
    """Set a ranking-policy knob (l5r_rules/search/policy.yaml) to `value` for one test: in the policy's
    values, in its rules, and in every module attribute its `used_by` names (in that attribute's own type:
    a word list becomes the frozenset or tuple the module keeps)."""
    import importlib

    from l5r_rules.search import policy

    monkeypatch.setitem(policy._all(), name, value)
    monkeypatch.setattr(policy, "_rules", None)
    for use in policy.document()["knobs"][name]["used_by"]:
        module_name, attribute = use.split(".", 1)
        if module_name == "rules":
            continue
        module = importlib.import_module(f"l5r_rules.search.{module_name}")
        old = getattr(module, attribute)
        monkeypatch.setattr(module, attribute, _like(old, value))


def _like(old, value):
    """`value` (as policy.yaml writes it) in the type of the module attribute it replaces."""
    import re

    if isinstance(old, re.Pattern):
        return re.compile(value)
    if isinstance(old, frozenset):
        return frozenset(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(old, tuple):
        return tuple(tuple(v) if isinstance(v, list) else v for v in value)
    if isinstance(old, dict) and isinstance(value, dict):
        return {
            k: frozenset(v) if isinstance(next(iter(old.values()), None), frozenset) else v for k, v in value.items()
        }
    return value
