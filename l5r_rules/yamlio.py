"""YAML in and out, with line numbers for every value.

Loading composes the node tree with libyaml's C parser where available (about
ten times faster than the pure-Python one) and builds plain Python data from
it ourselves, so that every value keeps its position and duplicate keys are
reported instead of silently overwritten. Dumping is deterministic so that
re-importing unchanged sources leaves files byte-identical.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

try:  # libyaml is an optional part of PyYAML wheels
    from yaml import CSafeLoader as _Loader, CSafeDumper as _Dumper
except ImportError:  # pragma: no cover - depends on the wheel
    from yaml import SafeLoader as _Loader, SafeDumper as _Dumper


Path_ = tuple[str | int, ...]


@dataclass
class YamlProblem:
    """A problem found while reading YAML (before any schema check)."""

    code: str
    line: int
    col: int
    field: str
    message: str


@dataclass
class Loaded:
    """A YAML document as plain data plus the position of every value."""

    data: Any
    positions: dict[Path_, tuple[int, int]] = field(default_factory=dict)
    problems: list[YamlProblem] = field(default_factory=list)

    def where(self, path: Path_) -> tuple[int, int]:
        """(line, col), 1-based, of the value at `path`, or of its nearest parent."""
        path = tuple(path)
        while path not in self.positions and path:
            path = path[:-1]
        return self.positions.get(path, (1, 1))


def dotted(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


def _build(node: yaml.Node, path: Path_, out: Loaded) -> Any:
    out.positions[path] = (node.start_mark.line + 1, node.start_mark.column + 1)
    if isinstance(node, yaml.MappingNode):
        result: dict[str, Any] = {}
        for key_node, value_node in node.value:
            key = _LOADER_SINGLETON.construct_object(key_node, deep=True) if isinstance(key_node, yaml.ScalarNode) else None
            if not isinstance(key, str):
                out.problems.append(YamlProblem("L5R003", key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                                dotted(path), "mapping keys must be plain strings"))
                continue
            if key in result:
                out.problems.append(YamlProblem("L5R002", key_node.start_mark.line + 1, key_node.start_mark.column + 1,
                                                dotted(path + (key,)), f"duplicate key '{key}' (the first one is at line {out.positions[path + (key,)][0]})"))
                continue
            result[key] = _build(value_node, path + (key,), out)
        return result
    if isinstance(node, yaml.SequenceNode):
        return [_build(child, path + (i,), out) for i, child in enumerate(node.value)]
    return _LOADER_SINGLETON.construct_object(node, deep=True)


_LOADER_SINGLETON = _Loader("")


def loads(text: str) -> Loaded:
    """Parse YAML text; syntax errors become problems, never exceptions."""
    out = Loaded(data=None)
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            out.problems.append(YamlProblem("L5R001", lineno, len(line) - len(stripped) + 1, "(document)",
                                            "tab used for indentation; YAML allows spaces only"))
    if out.problems:
        return out
    try:
        node = yaml.compose(text, Loader=_Loader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        out.problems.append(YamlProblem("L5R001", line, col, "(document)",
                                        f"invalid YAML: {exc.problem or exc.context}"))
        return out
    except yaml.YAMLError as exc:  # pragma: no cover - unmarked errors are rare
        out.problems.append(YamlProblem("L5R001", 1, 1, "(document)", f"invalid YAML: {exc}"))
        return out
    if node is None:
        out.data = None
        return out
    try:
        out.data = _build(node, (), out)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        out.problems.append(YamlProblem("L5R001", line, col, "(document)", f"invalid YAML value: {exc}"))
    return out


def load_file(path: Path) -> Loaded:
    try:
        text = path.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        out = Loaded(data=None)
        out.problems.append(YamlProblem("L5R001", 1, 1, "(document)", f"file is not UTF-8: {exc.reason}"))
        return out
    return loads(text)


def load_plain(path: Path) -> Any:
    """Fast load without positions, for readers of an already validated glossary."""
    with open(path, encoding="utf-8") as fh:
        return yaml.load(fh, Loader=_Loader)


class _BlockDumper(_Dumper):
    pass


def _str_representer(dumper: yaml.Dumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_BlockDumper.add_representer(str, _str_representer)


def dumps(data: Any) -> str:
    """Deterministic YAML: keys in the given order, multi-line strings as literal blocks."""
    return yaml.dump(data, Dumper=_BlockDumper, sort_keys=False, allow_unicode=True, width=100000,
                     default_flow_style=False)


def write_if_changed(path: Path, text: str) -> bool:
    """Write `text` to `path` atomically unless it already holds exactly that; True if written."""
    if path.exists() and path.read_text(encoding="utf-8") == text:
        return False
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text(text, encoding="utf-8")
    tmp.replace(path)
    return True


def sync_generated(folder: Path, wanted: dict[str, str], header: str, check: bool) -> tuple[list[str], int]:
    """Make `folder` hold exactly the generated files `wanted` (name -> text).

    Only files that start with `header` count as generated, so hand-written files
    beside them are never removed. Returns (names out of date, files written);
    with check=True nothing is written.
    """
    existing = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    stale = [p for p in existing if p.name not in wanted and p.read_text(encoding="utf-8").startswith(header)]
    differ = [name for name, text in wanted.items()
              if not (folder / name).exists() or (folder / name).read_text(encoding="utf-8") != text]
    out_of_date = differ + [p.name for p in stale]
    if check:
        return out_of_date, 0
    for old in stale:
        old.unlink()
    written = sum(write_if_changed(folder / name, text) for name, text in wanted.items())
    return out_of_date, written
