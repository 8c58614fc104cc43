"""Every file under glossary/ is one a reader reads (L5R102-L5R104).

Readers look only at `glossary/_*.yaml`, `entries/<edition>/*.yaml`,
`concepts/*.yaml`, `errata/*.yaml`, `cards/*.yaml` and `hints/*.yaml`. Anything else would be
silently ignored by every reader -- an entry saved as `.yml`, an editor's lock
or backup file, a file one folder too deep -- so validate names it instead.
(Files of the right name that are not regular files are L5R101, from the loader;
the temporary files, backups and journal of a write a kill interrupted are L5R105, and so is a folder
at the name of a lock in build/.)
"""

from __future__ import annotations

import os
from pathlib import Path

from .. import filetx
from ..outputs import LOCK_NAMES
from .loaded import Glossary
from .problems import Problem

TOP_FILES = {
    "_sources.yaml",
    "_skip.yaml",
    "_authority.yaml",
    "_errata_curated.yaml",
    "_card_names.yaml",
    "_synonyms.yaml",
    "_engine_status.yaml",
}
FLAT_FOLDERS = {"concepts", "errata", "cards", "hints"}


def _editor_file(name: str) -> bool:
    return name.startswith((".#", "#")) or name.endswith(("~", ".swp", ".swo", ".bak", ".orig", ".tmp"))


def _expected(rel: tuple[str, ...]) -> bool:
    """Is glossary/<rel> a place some reader reads a .yaml file from?"""
    if len(rel) == 1:
        return rel[0] in TOP_FILES
    if len(rel) == 2:
        return rel[0] in FLAT_FOLDERS
    return len(rel) == 3 and rel[0] in ("entries", "orphans")  # orphans: listed by L5R043 instead


def _folders_at_lock_names(g: Glossary) -> list[Problem]:
    """A folder at a lock's name in build/ stops every command that takes that lock (round 8, #10: validate
    said ok while build, link and search refused)."""
    return [
        Problem(
            f"build/{name}",
            1,
            1,
            "L5R105",
            "(file)",
            "a folder has the name of a lock file the commands take (no command makes one): remove it",
        )
        for name in LOCK_NAMES
        if (g.layout.build / name).is_dir() and not (g.layout.build / name).is_symlink()
    ]


def check(g: Glossary) -> list[Problem]:
    out: list[Problem] = _folders_at_lock_names(g)
    top = g.layout.glossary
    if not top.is_dir():
        return out
    for dirpath, dirnames, filenames in os.walk(top):
        here = Path(dirpath)
        for name in sorted(filenames + [d for d in dirnames if d.endswith((".yaml", ".yml")) or filetx.is_leftover(d)]):
            path = here / name
            rel_parts = path.relative_to(top).parts
            shown = str(path.relative_to(g.layout.root))
            if filetx.is_leftover(name) and path.is_dir() and not path.is_symlink():
                out.append(  # no writer makes one, and a writer cannot write its file there
                    Problem(
                        shown,
                        1,
                        1,
                        "L5R105",
                        "(file)",
                        "a folder has the name of a write's own file (its journal or a temporary file): remove it",
                    )
                )
            elif filetx.is_leftover(name):
                out.append(
                    Problem(
                        shown,
                        1,
                        1,
                        "L5R105",
                        "(file)",
                        "left by an interrupted write (a killed import, link or refresh): run `l5r-rules refresh` "
                        "(or the command again); it finishes or undoes that write and removes this file",
                    )
                )
            elif _editor_file(name):
                out.append(
                    Problem(
                        shown,
                        1,
                        1,
                        "L5R103",
                        "(file)",
                        "an editor's lock, swap or backup file: save your edit, then remove it",
                    )
                )
            elif name.endswith(".yml"):
                out.append(
                    Problem(
                        shown,
                        1,
                        1,
                        "L5R102",
                        "(file)",
                        f"'.yml' is not read by any reader: rename it to {name[:-4]}.yaml",
                    )
                )
            elif name.startswith("."):
                out.append(
                    Problem(shown, 1, 1, "L5R104", "(file)", "a hidden file is not read by any reader: remove it")
                )
            elif not name.endswith(".yaml") or not _expected(rel_parts):
                out.append(
                    Problem(
                        shown,
                        1,
                        1,
                        "L5R104",
                        "(file)",
                        "not read by any reader (entries go in glossary/entries/<edition>/<id>.yaml, "
                        "concepts, errata and cards in their folders): move or remove it",
                    )
                )
        dirnames[:] = [d for d in dirnames if not d.endswith((".yaml", ".yml"))]
    return out
