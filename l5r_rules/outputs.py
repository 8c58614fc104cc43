"""What a command may write: one list of protected places and one check, for every writer.

`export -o FILE`, `build --out DIR`, `packet --out DIR` (and any future writer) call
`check_file` or `check_folder` before any work starts; a refusal is `OutputRefused`,
whose str() is the one line to print (exit status 2). Never written, whatever the
command:

- anything inside a `.git` folder, or a `.git` itself (`export -o .git/HEAD` would
  make the checkout no repository), or inside a Python package's install data (`*.egg-info`,
  `*.dist-info`: the checkout's editable install);
- the own folders (PROTECTED: the knowledge base, its sources, the code, the tests, the
  site's templates and pages, CI's files) of the checkout, the project and the checkout the output
  is in, and the glossary/ and sources/ of any checkout, not only --root's;
- a file git tracks in one of those checkouts (`export -o mkdocs.yml`), and, where git
  cannot say, their top-level files (TOP_FILES);
- another writer's folder output: anything inside a built site or a folder of packets (a folder holding
  its marker, anywhere) or inside a checkout's default site/ and build/packets/, built or not; and
  another checkout's default site/ or build/packets/ even for their own writer (made from that glossary);
- a path under something that is not a folder (`-o README.md/x.json`): said so, at once;
- anything that is not a regular file where a file goes (a device, FIFO, symlink).

A folder output (site, packets) must moreover be absent, empty, or hold the marker
file a previous run of the same writer left, may not be a symbolic link (never followed),
and may be neither the checkout, the project, build/, the home directory nor a folder
holding any of them.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from . import filetx
from .layout import PROJECT_DIR, Layout

# The checkout's (and the project's) own folders: no writer writes into them or replaces them.
PROTECTED = (
    ".git",
    ".ci",
    ".github",
    ".venv",
    "glossary",
    "sources",
    "content",
    "site_overrides",
    "tests",
    "l5r_rules",
    "scripts",
)
# Generated folders of build/ that belong to other commands (the search index, the site's Markdown).
OTHERS_OUTPUTS = ("build/index", "build/docs")
# Top-level files of a checkout, protected even where git cannot say which files it tracks.
TOP_FILES = ("README.md", "mkdocs.yml", "pyproject.toml", "requirements.lock", ".gitignore", ".gitattributes")


# A Python package's install data (the checkout's editable install: `export -o l5r_rules.egg-info/PKG-INFO`
# replaced it, hostile round 8, #37): a folder with one of these endings is never written into, wherever it is.
INSTALL_DATA = (".egg-info", ".dist-info")
# The lock files in build/: one glossary writer (import, link, refresh), one site build, one index rebuild at a time.
GLOSSARY_LOCK, SITE_LOCK, INDEX_LOCK = ".glossary.lock", ".site-build.lock", ".index.lock"
LOCK_NAMES = (GLOSSARY_LOCK, SITE_LOCK, INDEX_LOCK)
# Files the commands keep for themselves (locks, markers): never an output's name.
OWN_NAMES = (*LOCK_NAMES, ".l5r-rules-site", ".l5r-rules-packets")
# The folder outputs (a built site, a folder of packets): the marker each leaves, and where each goes in a checkout
# by default. Nothing but its own writer writes into one: `export -o site/index.html` replaced a built page with
# JSON, `export -o OTHER/site/x.json` made OTHER's next build refuse its own site/, packets were written into a
# folder of a built site (hostile round 7, #24, #25, #29, #105).
OUTPUT_MARKERS = {".l5r-rules-site": "a site built by l5r-rules", ".l5r-rules-packets": "a folder of packets"}
DEFAULT_OUTPUTS = {"site": ".l5r-rules-site", "build/packets": ".l5r-rules-packets"}


class OutputRefused(Exception):
    """The output is not the writer's to write; str() is the one-line reason, nothing was touched."""


def _checkout_around(path: Path) -> Path | None:
    """The checkout (a folder with glossary/_sources.yaml) that `path` is, or is inside, else None."""
    for folder in (path, *path.parents):
        try:
            if (folder / "glossary" / "_sources.yaml").is_file():
                return folder.resolve()
        except OSError:
            return None
    return None


def _roots(layout: Layout | None, path: Path | None = None) -> list[Path]:
    """The checkouts whose own folders and files no writer touches: --root's, the project's, and the one the
    output is in (export -o ../other/README.md overwrote another checkout's tracked file: round 4, #150)."""
    roots = [PROJECT_DIR.resolve()]
    for root in (layout.root.resolve() if layout is not None else None, _checkout_around(path) if path else None):
        if root is not None and root not in roots:
            roots.insert(0, root)
    return roots


def protected_folders(layout: Layout | None, path: Path | None = None) -> list[Path]:
    """Every folder no writer may write into or replace: PROTECTED of the checkout, the project and the
    checkout around `path`, and the build/ folders of other commands."""
    out = [root / name for root in _roots(layout, path) for name in PROTECTED]
    if layout is not None:
        out += [layout.root.resolve() / name for name in OTHERS_OUTPUTS]
    return out


def _under_a_file(path: Path) -> Path | None:
    """The first existing ancestor of `path` that is not a folder (README.md of README.md/x.json), else None."""
    for parent in reversed(path.parents):
        if os.path.lexists(parent) and not parent.is_dir():
            return parent
    return None


def _in_git_folder(path: Path) -> bool:
    """Inside a `.git` folder, or inside any git repository's own data under another name (a bare repository,
    a `--separate-git-dir`: HEAD, objects/ and refs/ side by side; round 6 overwrote a bare repository's HEAD)."""
    if ".git" in path.parts:
        return True
    for folder in (path, *path.parents):
        try:
            if (folder / "HEAD").is_file() and (folder / "objects").is_dir() and (folder / "refs").is_dir():
                return True
        except OSError:
            return False
    return False


def _in_any_knowledge_base(path: Path) -> Path | None:
    """The glossary/ or sources/ of any checkout that `path` is, or is inside, else None (`build --out
    ../other/glossary` replaced another checkout's whole glossary: hostile round 4, #106)."""
    for folder in (path, *path.parents):
        if folder.name == "glossary" and (folder / "_sources.yaml").is_file():
            return folder
        if folder.name == "sources" and (folder.parent / "glossary" / "_sources.yaml").is_file():
            return folder
    return None


def _git_tracks(root: Path, rel: Path) -> bool | None:
    """Does git track `rel` (or a file under it) in `root`? None where git cannot say (no git, no
    repository, a repository git refuses to read)."""
    if not (root / ".git").exists():
        return None
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "ls-files", "--", str(rel)], capture_output=True, text=True, timeout=20
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return bool(done.stdout.strip()) if done.returncode == 0 else None


def tracked(path: Path, roots: list[Path]) -> Path | None:
    """The root whose git tracks `path` (or a file under it), else None. Where git cannot say, the
    root's TOP_FILES count as tracked."""
    for root in roots:
        if not path.is_relative_to(root) or path == root:
            continue
        rel = path.relative_to(root)
        known = _git_tracks(root, rel)
        if known or (known is None and len(rel.parts) == 1 and rel.parts[0] in TOP_FILES):
            return root
    return None


def _inside_an_output(path: Path, layout: Layout | None, marker: str | None = None) -> str | None:
    """Why `path` is inside another writer's folder output, else None: a folder holding an output's marker
    (any site or packet folder, anywhere), or a checkout's default site/ or build/packets/. With `marker`
    (a folder writer's), `path` itself may be that writer's own: its default folder, or marked by it."""
    for folder in (path, *path.parents):
        for name, kind in OUTPUT_MARKERS.items():
            if is_marked(folder, name) and not (folder == path and name == marker):
                return f"it is inside {folder}, {kind} (its own command replaces it whole)"
    here = layout.root.resolve() if layout is not None else None
    for root in _roots(layout, path):
        for rel, own in DEFAULT_OUTPUTS.items():
            folder = root / rel
            command = f"l5r-rules {'build' if rel == 'site' else 'packet'}"
            if path == folder and own == marker and here is not None and root != here:
                # the same writer, but from another checkout: its site is made from its own glossary (hostile
                # round 8, #13: `build --out OTHER/site` replaced OTHER's site with this checkout's)
                return f"it is {root}'s own {rel}/ (to rebuild it, run `{command} --root {root}`)"
            if path == folder and own != marker or path != folder and path.is_relative_to(folder):
                return f"it would write into {folder}, where `{command}` writes"
    return None


def _common(path: Path, layout: Layout | None, what: str, marker: str | None = None) -> None:
    """The checks every output shares: under a file, inside .git, a protected folder, a knowledge base,
    another writer's output."""
    blocker = _under_a_file(path)
    if blocker is not None:
        raise OutputRefused(f"{path}: refusing to {what} there: {blocker} is a file, not a folder")
    if _in_git_folder(path):
        raise OutputRefused(f"{path}: refusing to {what} there: it is inside a .git folder (a repository's own data)")
    installed = next((p for p in (path, *path.parents) if p.name.endswith(INSTALL_DATA)), None)
    if installed is not None:
        raise OutputRefused(f"{path}: refusing to {what} there: {installed} is a Python package's install data")
    for folder in protected_folders(layout, path):
        if path == folder or path.is_relative_to(folder):
            raise OutputRefused(f"{path}: refusing to {what} there: it would write into {folder}")
    kb = _in_any_knowledge_base(path)
    if kb is not None:
        raise OutputRefused(f"{path}: refusing to {what} there: it would write into {kb}, a checkout's {kb.name}/")
    why = _inside_an_output(path, layout, marker)
    if why is not None:
        raise OutputRefused(f"{path}: refusing to {what} there: {why}")


def check_file(path: Path | str, layout: Layout | None, what: str = "write the export") -> Path:
    """`path` (absolute) if a writer may write a file there, else OutputRefused."""
    given = Path(path)
    path = Path(os.path.abspath(given))
    _common(path, layout, what)
    real = _real(path)
    if real != path:  # a folder on the way is a link (into another checkout's glossary/, say): its target counts
        _common(real, layout, what)
    if path.name in OWN_NAMES or filetx.is_leftover(path.name):  # a lock or journal replaced lets two writers run
        raise OutputRefused(f"{path}: refusing to {what} there: it is a name the commands keep for themselves")
    if given.is_symlink() or (path.exists() and not path.is_file()):
        raise OutputRefused(f"{path}: exists and is not a regular file; refusing to replace it")
    root = tracked(path.resolve(), _roots(layout, path))
    if root is not None:
        raise OutputRefused(
            f"{path}: refusing to {what} there: it is a file of the checkout {root} (choose a file elsewhere, "
            "e.g. under build/)"
        )
    return path


def _real(path: Path) -> Path:
    """`path` with its folders' links followed (the file itself may not exist yet)."""
    try:
        return path.parent.resolve() / path.name
    except (OSError, RuntimeError):
        return path


def check_build(layout: Layout) -> Path:
    """The checkout's build/ (index, locks, the site's Markdown) if commands may write there, else OutputRefused:
    a build/ that is a link into a checkout's glossary/ or sources/ (or another protected folder) would put the
    search index there (hostile round 5: search wrote it into another checkout's glossary/)."""
    build = layout.build
    if build.is_symlink() or os.path.lexists(build):
        real = build.resolve()
        if real != build.absolute():
            _common(real, None, f"use {build} (a link to {real})")
    return build


def is_marked(path: Path, marker: str) -> bool:
    return (path / marker).is_file() and not (path / marker).is_symlink()


def check_folder(
    out: Path,
    layout: Layout | None,
    *,
    marker: str,
    what: str,
    made_by: str,
    keep_whole: list[Path] = (),
    keep_out: list[Path] = (),
) -> Path:
    """`out` (resolved) if a writer may replace it with a folder of its own, else OutputRefused.

    `out` must be absent, empty, or hold `marker` (left by an earlier run of the same writer); it may be
    none of the protected folders (nor `keep_out`, another writer's), nor the checkout, the project,
    build/, the home directory (or `keep_whole`), nor hold any of them."""
    out = Path(os.path.abspath(out))
    blocker = _under_a_file(out)
    if blocker is not None:
        raise OutputRefused(f"{out}: refusing to {what} there: {blocker} is a file, not a folder")
    if out.is_symlink():  # never followed: a link at site/ made build replace another checkout's site (round 7)
        raise OutputRefused(
            f"{out}: is a symbolic link (to {os.readlink(out)}); refusing to follow it: give the folder itself as "
            "--out, or remove the link"
        )
    out = out.resolve()
    home = Path.home().resolve()
    whole = [*_roots(layout, out), *(p.resolve() for p in keep_whole), home]
    if layout is not None:
        whole.insert(1, layout.build.resolve())
    for folder in whole:
        if folder.is_relative_to(out):
            where = f"{folder} (your home directory)" if folder == home else str(folder)
            raise OutputRefused(f"{out}: refusing to {what} there: it would replace {where}")
    for folder in [*protected_folders(layout, out), *(p.resolve() for p in keep_out)]:
        if out.is_relative_to(folder) or folder.is_relative_to(out):
            raise OutputRefused(f"{out}: refusing to {what} there: it would write into {folder}")
    _common(out, layout, what, marker)
    if out.exists() and not out.is_dir():
        raise OutputRefused(f"{out}: exists and is not a directory; choose another --out")
    if out.is_dir() and not is_marked(out, marker):
        try:  # a marker an earlier version was killed writing (`.MARKER.tmp-PID`) is the writer's own
            empty = all(e.name.startswith(f".{marker}.tmp-") for e in out.iterdir())
        except OSError as exc:
            raise OutputRefused(f"{out}: cannot read it ({exc.strerror}); choose another --out") from None
        if not empty:
            raise OutputRefused(
                f"{out}: not empty and not {made_by} (no {marker} file); "
                "refusing to replace it: choose an empty or new folder, or remove it yourself"
            )
    return out
