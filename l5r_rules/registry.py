"""The sources registry (glossary/_sources.yaml): one record per rulebook."""

from __future__ import annotations

import hashlib
import os
import re
import stat
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from . import yamlio
from .checked import load_checked
from .layout import Layout
from .normalize import CONTROL, collapse, drop_first_line, html_text, repair, strip_page_markers


class SourceBreak(NamedTuple):
    """A place where the file itself breaks a sentence: the words before it, a note in our words and,
    for a figure's labels printed inside the sentence, those labels (as the file prints them)."""

    words: str
    note: str
    labels: str = ""

    def at(self, block: str) -> bool:
        """Is the break in this block of an entry's text? A break that ends a paragraph is at its end;
        a figure's labels follow the words before them anywhere in it (even glued to a word's half)."""
        text = collapse(block)
        if not self.labels:
            return text.endswith(self.words)
        return re.search(re.escape(self.words) + r"\s*" + re.escape(self.labels), text) is not None


@dataclass(frozen=True)
class Document:
    id: str
    game: str
    edition: str
    title: str
    year: int
    language: str
    file: str
    format: str
    artifacts: tuple[str, ...]
    known_problems: tuple[str, ...]
    missing: dict | None
    publisher: str = ""
    year_note: str = ""
    breaks: tuple[dict, ...] = ()
    figure_labels: tuple[dict, ...] = ()
    links: str = "all"  # what `l5r-rules link` reads: all, or its page and "see" references only

    def source_breaks(self) -> tuple[SourceBreak, ...]:
        """Each place where the file itself breaks a sentence, with a note in our words saying so: its
        listed `breaks` and, for an incomplete file, where it stops (`missing`), which end a paragraph;
        and its `figure_labels`, a figure's labels printed inside a sentence."""
        out = [
            SourceBreak(collapse(b["after"]), f"The source breaks off here, mid-sentence: {b['reason']}")
            for b in self.breaks
        ]
        if self.missing:
            chapters = "; ".join(self.missing.get("chapters") or [])
            out.append(
                SourceBreak(
                    collapse(self.missing["after"]), f"The source file ends here, mid-sentence. Missing: {chapters}."
                )
            )
        for f in self.figure_labels:
            note = (
                f"The source prints the labels of {f['figure']} (“{collapse(f['labels'])}”) in the middle of a "
                f"sentence of this paragraph, after “…{collapse(f['after'])}”; the sentence goes on after them."
            )
            out.append(SourceBreak(collapse(f["after"]), note, collapse(f["labels"])))
        return tuple(out)

    def break_words(self) -> tuple[str, ...]:
        """The last words before each place where the file itself breaks a sentence off (a paragraph may
        end there)."""
        return tuple(b.words for b in self.source_breaks() if not b.labels)

    def path(self, layout: Layout) -> Path:
        return layout.root / self.file

    def raw_text(self, layout: Layout) -> str:
        """The source file's text (a leading byte-order mark dropped); GlossaryFileError if it is not a
        regular file under sources/ (a FIFO would block every reader) or not UTF-8."""
        problem = source_file_problem(layout, self.file)
        if problem:
            raise yamlio.GlossaryFileError(
                layout.sources_registry, yamlio.YamlProblem("L5R070", 1, 1, "documents.file", f"{self.id}: {problem}")
            )
        data = self.path(layout).read_bytes()
        try:
            return data.decode("utf-8-sig")
        except UnicodeDecodeError as exc:
            line = data.count(b"\n", 0, exc.start) + 1
            raise yamlio.GlossaryFileError(
                self.file, yamlio.YamlProblem("L5R008", line, 1, "(document)", f"not UTF-8 at byte offset {exc.start}")
            ) from None

    def clean_text(self, layout: Layout) -> str:
        """The document with its listed extraction artifacts removed (see normalize.py)."""
        text = self.raw_text(layout)
        if "first-line-note" in self.artifacts:
            text = drop_first_line(text)
        if "html" in self.artifacts:
            text = html_text(text)
        if "page-markers" in self.artifacts:
            text = strip_page_markers(text)
        return repair(text, self.artifacts)

    def normalized_text(self, layout: Layout) -> str:
        return collapse(self.clean_text(layout))


# A rulebook as text is well under 1 MB (the largest here: 109 KB); a bigger file is the wrong file, and reading
# it whole would cost every reader its time and memory (a 100 MiB file: 13 s and 1 GB before this bound).
MAX_SOURCE_BYTES = 8 * 1024 * 1024


def source_file_problem(layout: Layout, file: str) -> str | None:
    """Why a registry `file` cannot be read as a source, or None: it must be a regular file under sources/,
    of at most MAX_SOURCE_BYTES (checked before it is read)."""

    if not file.strip():
        return "source file is empty: give the path of the rulebook's text under sources/"
    if any(not c.isprintable() for c in file):  # a NUL would make every path call raise
        return f"source file {file!r} is not a file name (it holds a control character)"
    path = layout.root / file
    try:
        inside = path.resolve().is_relative_to(layout.sources.resolve())
    except (OSError, RuntimeError, ValueError):
        inside = False
    if not inside:
        return f"source file '{file}' is not under sources/ (the rulebooks live there, untouched)"
    try:
        info = os.stat(path)
    except OSError:
        return f"source file '{file}' does not exist"
    if not stat.S_ISREG(info.st_mode):
        return f"source file '{file}' is not a regular file"
    if info.st_size > MAX_SOURCE_BYTES:
        return (
            f"source file '{file}' is {info.st_size:,} bytes, more than the limit of {MAX_SOURCE_BYTES:,} "
            "(a rulebook's text is well under 1 MB): is it the right file?"
        )
    if info.st_size == 0:  # an import would call every entry of the book "no longer produced"
        return f"source file '{file}' is empty (0 bytes): is it the right file?"
    return None


def recorded_hashes(layout: Layout) -> dict[str, tuple[str, int]]:
    """file name -> (its recorded sha256, line) from `sources/SHA256SUMS` (sha256sum's format: hash, two spaces,
    name; `*` marks binary mode); empty where there is no such file (a test fixture's stand-in sources)."""
    sums = layout.sources / "SHA256SUMS"
    try:
        lines = sums.read_text(encoding="utf-8").splitlines() if sums.is_file() else []
    except (OSError, UnicodeDecodeError):
        return {}
    pairs = [(n, line.split(maxsplit=1)) for n, line in enumerate(lines, 1)]
    return {parts[1].lstrip("*"): (parts[0].lower(), n) for n, parts in pairs if len(parts) == 2}


def edited_source_problem(layout: Layout, name: str, recorded: dict[str, tuple[str, int]]) -> tuple[int, str] | None:
    """(line of SHA256SUMS, message) when the recorded source `name` is not the book whose hash is recorded
    (L5R039: validate, and import before it reads the book), else None."""
    if name not in recorded:
        return None
    digest, line = recorded[name]
    path = layout.sources / name
    try:
        actual = hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    except OSError:
        actual = None
    if actual == digest:
        return None
    what = "differs from" if actual else "is missing or unreadable, though listed with"
    return line, (
        f"sources/{name} {what} the hash recorded here: the sources are the books as published, never "
        f"edited (put it back: git checkout -- sources/{name}; a new printing: record its hash here)"
    )


def source_text_problem(data: bytes) -> tuple[int, int, str, str] | None:
    """(line, column, code, message) where a source's bytes are not UTF-8 text or hold a control character, else None.

    Import and validate both ask: a control character would be imported into an entry, and validate would then
    blame the generated entry, which the next import rewrites, instead of the source line (hostile r2#53).
    A carriage return is a line ending, not a control character, in a source file.
    """
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data.count(b"\n", 0, exc.start) + 1
        col = exc.start - (data.rfind(b"\n", 0, exc.start) + 1) + 1
        return (
            line,
            col,
            "L5R008",
            f"source is not UTF-8 text (byte 0x{data[exc.start]:02x}: {exc.reason}); convert the file to UTF-8",
        )
    for m in CONTROL.finditer(text):
        if m.group() == "\r":
            continue
        line = text.count("\n", 0, m.start()) + 1
        col = m.start() - (text.rfind("\n", 0, m.start()) + 1) + 1
        return (
            line,
            col,
            "L5R013",
            f"source holds the control character U+{ord(m.group()):04X}: remove it (it would reach the glossary, "
            "the site and a terminal raw)",
        )
    return None


def load_registry_data(layout: Layout) -> dict:
    """`_sources.yaml` as data; GlossaryFileError if it is missing, unsafe YAML or off its schema."""
    path = layout.sources_registry
    if not path.exists() and not path.is_symlink():
        raise yamlio.GlossaryFileError(
            path,
            yamlio.YamlProblem(
                "L5R070",
                1,
                1,
                "(document)",
                "no sources registry here: is --root a checkout with glossary/_sources.yaml?",
            ),
        )
    return load_checked(path, "sources", "L5R070")


def load_documents(layout: Layout, data: dict | None = None) -> list[Document]:
    """The registry's documents (from `data` if already loaded)."""
    data = load_registry_data(layout) if data is None else data
    docs = []
    for d in data.get("documents", []):
        d = dict(d)
        d["artifacts"] = tuple(d.get("artifacts") or ())
        d["known_problems"] = tuple(d.get("known_problems") or ())
        d["breaks"] = tuple(d.get("breaks") or ())
        d["figure_labels"] = tuple(d.get("figure_labels") or ())
        docs.append(Document(**d))
    return docs
