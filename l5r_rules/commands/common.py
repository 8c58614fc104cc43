"""Options shared by several commands."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import NoReturn

import click

from ..filetx import WriteFailed
from ..layout import Layout, checked_root, find_root
from ..outputs import OutputRefused

root_option = click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Checkout whose glossary/ to use (default: the current checkout).",
)


def stop(message: str, code: int) -> NoReturn:
    """How a command refuses or fails: one line on stderr, then exit with `code` (2 usage, 1 otherwise)."""
    click.echo(message, err=True)
    sys.exit(code)


def site_option(what: str):
    """`--site DIR`: the built site a command works on (check-links, serve)."""
    return click.option(
        "--site",
        "site_dir",
        type=click.Path(file_okay=False, path_type=Path),
        default=None,
        help=f"Built site to {what} (default: site/ in the checkout).",
    )


def built_site(root: Path | None, site_dir: Path | None) -> Path:
    """The built site (`--site`, else the checkout's site/); one line and exit 2 when there is none."""

    site = (site_dir if site_dir else layout_for(root).root / "site").resolve()
    if not (site / "index.html").is_file():
        stop(f"{site}: no built site here (run `l5r-rules build` first, or pass --site)", 2)
    return site


def layout_for(root: Path | None) -> Layout:
    """The checkout of `--root`, else the one around the working folder; NotACheckout (one line, exit 2)
    when there is none: never the installed package's own checkout."""
    return Layout(checked_root(root) if root else find_root())


# Set by read-only look-up commands (search, show, compare): their process may end without
# the interpreter's teardown, which costs a cold `l5r-rules search` ~20 ms of its 250 ms.
teardown = {"skip": False}


def skip_teardown() -> None:
    """Let this process end right after its output: nothing it opened needs cleaning up.
    Only the console script (cli.main) acts on it; commands run in-process (tests) are unaffected."""
    teardown["skip"] = True


def environment_error(exc: BaseException) -> str | None:
    """A one-line message for a failure of the machine rather than of this program, else None.

    A full disk, a closed or broken output, a path that is a file where a folder is
    needed, a folder that was deleted, a symlink loop, an encoding the terminal cannot
    print, a ranking policy file broken by an edit: the user can act on each, so it is said plainly,
    never as an internal error.
    """
    if isinstance(exc, UnicodeEncodeError):
        return (
            f"this terminal's encoding ({exc.encoding}) cannot print the text: use a UTF-8 locale "
            "or set PYTHONIOENCODING=utf-8"
        )
    if isinstance(exc, OutputRefused):  # a place no command writes (a build/ linked into a glossary/)
        return str(exc)
    if isinstance(exc, WriteFailed):  # a writer's own message: the file, and what is wrong or kept
        return f"{exc.path}: cannot be written: {exc.reason}"
    if isinstance(exc, OSError):
        where = f": {exc.filename}" if getattr(exc, "filename", None) else ""
        return f"{exc.strerror or type(exc).__name__}{where}"
    if isinstance(exc, RuntimeError) and "symlink loop" in str(exc).lower():
        return f"{exc} (a symlink points at itself)"
    from ..search.policy import PolicyError  # on the way out only: a command that never ranks never loads it

    if isinstance(exc, PolicyError):  # a maintainer's edit of the ranking policy, not a bug to report
        return f"{exc} (the search's ranking policy: fix that file; tests/test_search_policy.py checks it)"
    return None
