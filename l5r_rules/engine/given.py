"""Small readers for a scenario's `given` and `choices`: each failure names the field's path."""

from __future__ import annotations

from .errors import MissingChoice, ScenarioError


def choice(choices: dict, name: str, why: str):
    """A player's decision; absent means the scenario is incomplete, never a default."""
    if name not in choices:
        raise MissingChoice(name, why)
    return choices[name]


def known(name, names, path: tuple, what: str):
    """A reference to something `given` defines; an unknown name is a scenario error, never a KeyError."""
    if name not in names:
        listed = sorted(map(str, names))
        listed = ", ".join(listed[:10]) + (f" and {len(listed) - 10} more" if len(listed) > 10 else "") or "none"
        raise ScenarioError(path, f"'{name}' is not {what} (given: {listed})")
    return name


def unique(names, path: tuple, says: str = "is listed twice", field: tuple = ()):
    """`names` as given, each once; a repeat is a scenario error at its own place (`path` + index + `field`)."""
    once(((name, path + (i,) + field) for i, name in enumerate(names)), says)
    return names


def once(placed, says: str = "is listed twice") -> None:
    """Each name of `placed` ((name, its path), ...) once: names given in several lists, or at several depths."""
    seen = set()
    for name, where in placed:
        if name in seen:
            raise ScenarioError(where, f"'{name}' {says}")
        seen.add(name)
