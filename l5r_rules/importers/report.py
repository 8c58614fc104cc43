"""What an import did, or (with problems) refused to do: the plan and its account."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from .problems import ImportProblem


@dataclass
class ImportReport:
    """What an import did (or, with problems, refused to do: then nothing was written)."""

    counts: dict[str, int] = field(default_factory=dict)  # document id -> entries produced
    written: dict[str, int] = field(default_factory=dict)  # document id -> entry files (re)written
    unchanged: dict[str, int] = field(default_factory=dict)  # document id -> entry files left alone
    removed: list[str] = field(default_factory=list)  # files deleted: no longer produced, nothing curated
    renamed: list[tuple[str, str, list[str]]] = field(default_factory=list)  # (old id, new id, fields carried)
    references: dict[str, list[str]] = field(default_factory=dict)  # renamed id -> files that still name it
    orphaned: list[tuple[str, str]] = field(default_factory=list)  # (entry file, where it was parked)
    stale: list[tuple[str, str]] = field(default_factory=list)  # (entry id, fingerprint of its new text)
    comments_dropped: list[str] = field(default_factory=list)  # rewritten files whose comments are gone
    problems: list[ImportProblem] = field(default_factory=list)
    files: dict[Path, str] = field(default_factory=dict)  # the plan: path -> new text
    deletions: list[Path] = field(default_factory=list)  # the plan: files to delete after writing
