"""YAML in and out, with line numbers for every value: the one safe loader every reader uses.

Loading walks libyaml's event stream (its C parser where available) and builds
plain Python data itself, so that every value keeps its position, duplicate keys
are reported instead of silently overwritten, and nothing hostile gets through.
Every problem is a `YamlProblem` with a stable code, never an exception:

    L5R001 not YAML (syntax, tab indentation, more than one document, undefined alias)
    L5R002 duplicate key                      L5R003 mapping key that is not a plain string
    L5R004 explicit YAML tag (any: !!str, !!python/object, !custom) -- plain data only
    L5R005 alias expansion over MAX_ALIAS_VALUES values, or a recursive alias
    L5R006 nesting deeper than MAX_DEPTH      L5R007 integer longer than MAX_INT_DIGITS digits
    L5R008 bytes that are not UTF-8 (with byte offset and line)
    L5R009 file larger than MAX_FILE_BYTES    L5R100 empty or comment-only file
    L5R101 not a regular file (directory, FIFO, device, dangling or looping symlink)

Bounds: a file is read only if it is a regular file of at most MAX_FILE_BYTES, so
memory and time stay proportional to that; aliases may expand to at most
MAX_ALIAS_VALUES values in all. Readers call `load_plain`, which raises
`GlossaryFileError` (one line, `path:line:col: CODE ...`) on any of these, so
nothing `l5r-rules validate` rejects can crash them. Dumping is deterministic so
that re-importing unchanged sources leaves files byte-identical.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import yaml

from .codes import known
from .filetx import apply

try:  # libyaml is an optional part of PyYAML wheels
    from yaml import CSafeDumper as _Dumper
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on the wheel
    from yaml import SafeDumper as _Dumper
    from yaml import SafeLoader as _Loader

MAX_FILE_BYTES = 1024 * 1024
MAX_DEPTH = 32
MAX_ALIAS_VALUES = 10_000
MAX_INT_DIGITS = 30

Path_ = tuple[str | int, ...]


@dataclass
class YamlProblem:
    """A problem found while reading YAML (before any schema check)."""

    code: str
    line: int
    col: int
    field: str
    message: str

    def __post_init__(self) -> None:
        known(self.code)


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

    def problem(self, code: str, line: int, col: int, message: str, path: Path_ = ()) -> None:
        self.problems.append(YamlProblem(code, line, col, dotted(path), message))


class GlossaryFileError(Exception):
    """A file a reader needs is not plain, valid YAML; str() is one line naming path:line:col and code."""

    def __init__(self, path: Path | str, problem: YamlProblem) -> None:
        self.path, self.problem = str(path), problem
        super().__init__(f"{path}:{problem.line}:{problem.col}: {problem.code} {problem.field} {problem.message}")


def dotted(path: Path_) -> str:
    out = ""
    for part in path:
        out += f"[{part}]" if isinstance(part, int) else (f".{part}" if out else str(part))
    return out or "(document)"


class _Stop(Exception):
    """A problem after which the rest of the document is not read (budgets, syntax)."""


_SCALAR = _Loader("")
_NO_KEY = object()


class _Frame:
    __slots__ = ("value", "path", "anchor", "size", "key", "key_mark", "mark")

    def __init__(self, value, path, anchor, mark):
        self.value, self.path, self.anchor, self.size, self.mark = value, path, anchor, 1, mark
        self.key, self.key_mark = _NO_KEY, None


def _mark(event) -> tuple[int, int]:
    return event.start_mark.line + 1, event.start_mark.column + 1


def _scalar(event, out: Loaded, path: Path_):
    value = event.value
    tag = _SCALAR.resolve(yaml.ScalarNode, value, event.implicit)
    line, col = _mark(event)
    if tag == "tag:yaml.org,2002:int" and sum(c.isdigit() for c in value) > MAX_INT_DIGITS:
        out.problem(
            "L5R007",
            line,
            col,
            f"integer of {sum(c.isdigit() for c in value)} digits (at most {MAX_INT_DIGITS}); quote it if it is text",
            path,
        )
        return value
    if tag == "tag:yaml.org,2002:str":
        return value
    constructor = _SCALAR.yaml_constructors.get(tag)
    if constructor is None:  # '<<' (merge) and '=' (value) keys have no plain meaning
        return value
    try:
        return constructor(_SCALAR, yaml.ScalarNode(tag, value, event.start_mark, event.end_mark))
    except (ValueError, OverflowError, yaml.YAMLError) as exc:
        out.problem("L5R001", line, col, f"invalid value {value[:40]!r}: {str(exc).splitlines()[0]}", path)
        return value


def _attach(frames: list[_Frame], value, mark, size: int, out: Loaded, positions: bool) -> None:
    """Put a finished value into the innermost open collection (recording where it stands)."""
    top = frames[-1]
    top.size += size
    if isinstance(top.value, list):
        if positions:
            out.positions[top.path + (len(top.value),)] = mark
        top.value.append(value)
        return
    if top.key is _NO_KEY:  # the value just finished is a key
        top.key, top.key_mark = value, mark
        return
    key, (line, col) = top.key, top.key_mark
    top.key = _NO_KEY
    if not isinstance(key, str) or key == "<<":
        out.problem(
            "L5R003",
            line,
            col,
            "mapping keys must be plain strings" + (" ('<<' merge keys are not allowed)" if key == "<<" else ""),
            top.path,
        )
    elif key in top.value:
        first = out.positions.get(top.path + (key,), (0, 0))[0]
        out.problem(
            "L5R002",
            line,
            col,
            f"duplicate key '{key}'" + (f" (the first one is at line {first})" if first else ""),
            top.path + (key,),
        )
    else:
        if positions:
            out.positions[top.path + (key,)] = mark
        top.value[key] = value


def _child_path(frames: list[_Frame]) -> Path_:
    if not frames:
        return ()
    top = frames[-1]
    if isinstance(top.value, list):
        return top.path + (len(top.value),)
    if top.key is _NO_KEY or not isinstance(top.key, str):
        return top.path + ("(key)",)
    return top.path + (top.key,)


def _compose(text: str, out: Loaded, positions: bool) -> None:
    frames: list[_Frame] = []
    anchors: dict[str, tuple[Any, int]] = {}
    open_anchors: set[str] = set()
    expanded = documents = 0
    root_set = False
    for event in yaml.parse(text, Loader=_Loader):
        if isinstance(event, yaml.DocumentStartEvent):
            documents += 1
            if documents > 1:
                out.problem("L5R001", *_mark(event), "more than one YAML document in the file ('---' a second time)")
                raise _Stop
            continue
        if not isinstance(event, (yaml.NodeEvent, yaml.CollectionEndEvent)):
            continue
        line, col = _mark(event)
        if isinstance(event, yaml.CollectionEndEvent):
            done = frames.pop()
            if done.anchor is not None:
                open_anchors.discard(done.anchor)
                anchors[done.anchor] = (done.value, done.size)
            value, size, mark = done.value, done.size, done.mark
        else:
            path = _child_path(frames)
            tag = getattr(event, "tag", None)
            if tag is not None:
                out.problem(
                    "L5R004", line, col, f"YAML tag '{tag}' is not allowed: glossary files hold plain data only", path
                )
            if isinstance(event, yaml.AliasEvent):
                if event.anchor in open_anchors:
                    out.problem("L5R005", line, col, f"recursive alias '*{event.anchor}' (it refers to itself)", path)
                    raise _Stop
                if event.anchor not in anchors:
                    out.problem("L5R001", line, col, f"alias '*{event.anchor}' has no anchor before it", path)
                    raise _Stop
                value, size = anchors[event.anchor]
                expanded += size
                if expanded > MAX_ALIAS_VALUES:
                    out.problem(
                        "L5R005",
                        line,
                        col,
                        f"aliases expand to more than {MAX_ALIAS_VALUES} values "
                        "(an alias bomb?); write the data out instead",
                        path,
                    )
                    raise _Stop
            elif isinstance(event, (yaml.MappingStartEvent, yaml.SequenceStartEvent)):
                if len(frames) >= MAX_DEPTH:
                    out.problem("L5R006", line, col, f"nested deeper than {MAX_DEPTH} levels", path)
                    raise _Stop
                frames.append(
                    _Frame({} if isinstance(event, yaml.MappingStartEvent) else [], path, event.anchor, (line, col))
                )
                if event.anchor is not None:
                    open_anchors.add(event.anchor)
                continue
            else:
                value, size = _scalar(event, out, path), 1
                if event.anchor is not None:
                    anchors[event.anchor] = (value, 1)
            mark = (line, col)
        if frames:
            _attach(frames, value, mark, size, out, positions)
        elif not root_set:
            out.data, root_set = value, True
            out.positions[()] = mark


def loads(text: str, positions: bool = True) -> Loaded:
    """Parse YAML text; every problem becomes a YamlProblem, never an exception."""
    out = Loaded(data=None)
    for lineno, line in enumerate(text.splitlines(), 1):
        stripped = line.lstrip(" ")
        if stripped.startswith("\t"):
            out.problem(
                "L5R001", lineno, len(line) - len(stripped) + 1, "tab used for indentation; YAML allows spaces only"
            )
            return out
    try:
        _compose(text, out, positions)
    except _Stop:
        out.data = None
        return out
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line, col = (mark.line + 1, mark.column + 1) if mark else (1, 1)
        out.problem("L5R001", line, col, f"invalid YAML: {exc.problem or exc.context}")
        out.data = None
        return out
    except yaml.YAMLError as exc:  # the reader's errors (control characters) carry a character position
        position = getattr(exc, "position", None)
        if isinstance(position, int):
            line = text.count("\n", 0, position) + 1
            col = position - (text.rfind("\n", 0, position) + 1) + 1
        else:
            line, col = 1, 1
        out.problem("L5R001", line, col, f"invalid YAML: {str(exc).splitlines()[0]}")
        out.data = None
        return out
    if not out.problems and out.data is None and not _has_content(text):
        out.problem("L5R100", 1, 1, "the file is empty (or holds only comments): write the entry, or delete the file")
    return out


def _has_content(text: str) -> bool:
    return any(line.strip() and not line.lstrip().startswith("#") for line in text.splitlines())


def read_bytes(path: Path, out: Loaded) -> bytes | None:
    """The file's bytes, or None with a problem: only regular files of bounded size are read."""
    try:
        info = os.stat(path)
    except FileNotFoundError:
        what = "a dangling symlink (its target does not exist)" if os.path.islink(path) else "missing"
        out.problem("L5R101", 1, 1, f"not a regular file: {what}")
        return None
    except OSError as exc:
        out.problem("L5R101", 1, 1, f"not a regular file: {exc.strerror or exc} (a symlink loop?)")
        return None
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a directory"
            if stat.S_ISDIR(info.st_mode)
            else "a FIFO"
            if stat.S_ISFIFO(info.st_mode)
            else "a special file"
        )
        out.problem("L5R101", 1, 1, f"not a regular file: {kind}; remove or rename it")
        return None
    if info.st_size > MAX_FILE_BYTES:
        out.problem("L5R009", 1, 1, f"file of {info.st_size} bytes is larger than the limit of {MAX_FILE_BYTES}")
        return None
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        out.problem("L5R101", 1, 1, f"cannot read: {exc.strerror or exc}")
        return None
    with os.fdopen(fd, "rb") as fh:
        data = fh.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        out.problem("L5R009", 1, 1, f"file is larger than the limit of {MAX_FILE_BYTES} bytes")
        return None
    return data


def decode(data: bytes, out: Loaded) -> str | None:
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        out.problem(
            "L5R008",
            line,
            col,
            f"not UTF-8: byte 0x{data[exc.start]:02x} at byte offset {exc.start} (line {line}); save the file as UTF-8",
        )
        return None


def load_file(path: Path, positions: bool = True) -> Loaded:
    """Read and parse one file; every problem (file kind, size, encoding, YAML) is a YamlProblem."""
    out = Loaded(data=None)
    data = read_bytes(Path(path), out)
    text = decode(data, out) if data is not None else None
    if text is None:
        return out
    loaded = loads(text, positions)
    if Path(path).parent.parent.name != "entries":  # not an entry: a registry, a status file, hints...
        loaded.problems = [
            replace(
                p,
                message="the file is empty (or holds only comments): restore it from git (`git checkout -- "
                f"{Path(path).name}` in its folder), or write its content (see the format page)",
            )
            if p.code == "L5R100"
            else p
            for p in loaded.problems
        ]
    return loaded


def load_plain(path: Path) -> Any:
    """A file's data for a reader, through the same checks as validate; GlossaryFileError on any problem."""
    loaded = load_file(path, positions=False)
    if loaded.problems:
        raise GlossaryFileError(path, loaded.problems[0])
    return loaded.data


def load_mapping(path: Path) -> dict:
    """Like load_plain, for files whose document must be a mapping (every glossary file)."""
    data = load_plain(path)
    if not isinstance(data, dict):
        raise GlossaryFileError(
            path, YamlProblem("L5R010", 1, 1, "(document)", f"the file must hold a mapping, not {type(data).__name__}")
        )
    return data


class _BlockDumper(_Dumper):
    pass


def _str_representer(dumper: yaml.Dumper, value: str) -> yaml.Node:
    style = "|" if "\n" in value else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", value, style=style)


_BlockDumper.add_representer(str, _str_representer)


def dumps(data: Any) -> str:
    """Deterministic YAML: keys in the given order, multi-line strings as literal blocks."""
    return yaml.dump(
        data, Dumper=_BlockDumper, sort_keys=False, allow_unicode=True, width=100000, default_flow_style=False
    )


def sync_generated(
    folder: Path, wanted: dict[str, str], header: str, check: bool, journal: Path | None = None
) -> tuple[list[str], int]:
    """Make `folder` hold exactly the generated files `wanted` (name -> text).

    Only files that start with `header` count as generated, so hand-written files
    beside them are never removed, and one that a generator would overwrite is
    refused (HandWritten) rather than lost. Returns (names out of date, files
    written); with check=True nothing is written. The writes are all or nothing,
    finished after a kill (filetx.py, `journal`).
    """
    existing = sorted(folder.glob("*.yaml")) if folder.is_dir() else []
    generated = {p.name for p in existing if _starts_with(p, header)}
    hand_written = sorted(name for name in wanted if (folder / name).exists() and name not in generated)
    if hand_written:
        raise HandWritten([folder / name for name in hand_written])
    stale = [p for p in existing if p.name not in wanted and p.name in generated]
    differ = [
        name
        for name, text in wanted.items()
        if not (folder / name).exists() or (folder / name).read_text(encoding="utf-8") != text
    ]
    out_of_date = differ + [p.name for p in stale]
    if check or not out_of_date:
        return out_of_date, 0
    apply({folder / name: wanted[name] for name in differ}, stale, journal=journal)
    return out_of_date, len(differ)


class HandWritten(Exception):
    """Files in a generated folder, without the generated header, that a generator would overwrite."""

    def __init__(self, paths: list[Path]):
        super().__init__(", ".join(map(str, paths)))
        self.paths = paths


def _starts_with(path: Path, header: str) -> bool:
    try:
        with open(path, encoding="utf-8", errors="replace") as fh:
            return fh.read(len(header)) == header
    except OSError:
        return False
