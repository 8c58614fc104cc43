"""How the look-up commands (search, show, compare, export) fail: one line on stderr and an exit
code, never a traceback.

Usage errors (an unknown edition, an empty query) and an index that cannot be
rebuilt where it lives (build/ read-only or not a folder) exit 2 like click's own;
other problems (an unreadable glossary) exit 1. A damaged index never gets here: it
is rebuilt (repair.py).
"""

from __future__ import annotations

import functools
import sys

import click

from ..layout import NotACheckout
from .common import environment_error, stop


class NotFound(Exception):
    """An id that is not in the knowledge base."""


def one_line_errors(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        try:
            return fn(*args, **kwargs)
        except NotFound as exc:
            stop(f"Error: {exc}", 1)
        except (click.exceptions.Exit, click.ClickException, SystemExit, KeyboardInterrupt, NotACheckout):
            raise  # NotACheckout: said in one line by the command group (exit 2), like every command's
        except Exception as exc:  # noqa: BLE001 - the promise is: never a traceback
            # imported only on the way out, so `export` never loads whoosh and `search` never yaml
            from ..search.errors import IndexUnwritable, SearchUsageError
            from ..yamlio import GlossaryFileError

            if isinstance(exc, GlossaryFileError):
                raise  # printed as path:line:col: CODE by the command group, like every command's
            if isinstance(exc, (SearchUsageError, IndexUnwritable)):
                stop(f"Error: {exc}", 2)

            plain = environment_error(exc)
            if plain:  # the machine's problem (full disk, encoding), not the glossary's
                stop(f"Error: {plain}", 1)
            detail = str(exc).splitlines()[0] if str(exc) else ""
            click.echo(
                f"Error: {type(exc).__name__}: {detail} (run `l5r-rules validate` to check the glossary)", err=True
            )
            sys.exit(1)

    return wrapper


def id_argument(value: str, name: str, example: str) -> str:
    """An id typed on the command line, stripped; empty is a usage error (exit 2).

    Messages quote ids with repr(), which escapes control and bidi characters.
    """
    value = value.strip()
    if not value:
        from ..search.errors import SearchUsageError  # on the way out, as above

        raise SearchUsageError(f"{name} is empty (e.g. {example})")
    return value


def did_you_mean(wanted: str, known: list[str]) -> str:
    import difflib  # only for an id that is not there: `show` and `compare` of a known id never load it

    # ids are lower case: `LOTUS-YU` got no hint while `lotus-yuu` did (hostile round 10, #14)
    close = difflib.get_close_matches(wanted.casefold(), known, n=3, cutoff=0.6)
    return f" (did you mean {', '.join(repr(c) for c in close)}?)" if close else ""
