"""Small readers for a scenario's `given` and `choices`: each failure names the field's path."""

from __future__ import annotations

from .errors import MissingChoice, ScenarioError


def need(data: dict, key: str, path: tuple):
    if key not in data:
        raise ScenarioError(path + (key,), f"'{key}' is required here")
    return data[key]


def choice(choices: dict, name: str, why: str):
    """A player's decision; absent means the scenario is incomplete, never a default."""
    if name not in choices:
        raise MissingChoice(name, why)
    return choices[name]
