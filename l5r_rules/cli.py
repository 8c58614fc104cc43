"""The `l5r-rules` command line: a click group whose commands are imported lazily.

Each command lives in its own module (``l5r_rules/commands/<name>.py``) and is
only imported when it runs, so `l5r-rules search` never imports mkdocs, jinja2
or the rules engine. To add a command, add one line to COMMANDS.
"""

from __future__ import annotations

import importlib
import os
import sys

import click

from .commands.common import environment_error, teardown
from .layout import NotACheckout
from .terminal import SafeStream

# command name -> (module, attribute, one-line help shown in `l5r-rules --help`)
COMMANDS: dict[str, tuple[str, str, str]] = {
    "import": (
        "l5r_rules.commands.import_cmd",
        "import_cmd",
        "Import the rulebooks in sources/ into glossary entries.",
    ),
    "refresh": (
        "l5r_rules.commands.refresh_cmd",
        "refresh_cmd",
        "Regenerate everything after an import (import ... validate); --check.",
    ),
    "validate": (
        "l5r_rules.commands.validate_cmd",
        "validate_cmd",
        "Check every glossary file; print path:line:col problems.",
    ),
    "link": (
        "l5r_rules.commands.link_cmd",
        "link_cmd",
        "Turn the rulebooks' cross-references into `related_from_book` entry ids.",
    ),
    "build": ("l5r_rules.commands.build_cmd", "build_cmd", "Build the static site into site/ (atomic; --check-links)."),
    "serve": (
        "l5r_rules.commands.serve_cmd",
        "serve_cmd",
        "Serve the built site on 127.0.0.1 for use without internet.",
    ),
    "check-links": (
        "l5r_rules.commands.check_links_cmd",
        "check_links_cmd",
        "Report broken internal links and anchors in the built site.",
    ),
    "resolve": (
        "l5r_rules.commands.resolve_cmd",
        "resolve_cmd",
        "Run a rules-engine scenario; print the outcome and cited steps.",
    ),
    "coverage": (
        "l5r_rules.commands.coverage_cmd",
        "coverage_cmd",
        "How much of each rulebook the rules engine proves.",
    ),
    "walk": (
        "l5r_rules.commands.walk_cmd",
        "walk_cmd",
        "Walk a phase's timing steps in order; --at STEP: what may happen there.",
    ),
    "check-sources": (
        "l5r_rules.commands.check_sources_cmd",
        "check_sources_cmd",
        "Fidelity and coverage of every source document.",
    ),
    "search": (
        "l5r_rules.commands.search_cmd",
        "search_cmd",
        "Search the rules of every edition (casual words, typos, German).",
    ),
    "show": (
        "l5r_rules.commands.show_cmd",
        "show_cmd",
        "Show an entry or concept with citation, related links and errata.",
    ),
    "compare": (
        "l5r_rules.commands.compare_cmd",
        "compare_cmd",
        "Compare a concept's rule across editions, word by word.",
    ),
    "export": ("l5r_rules.commands.export_cmd", "export_cmd", "Export the whole knowledge base as JSON or JSON Lines."),
    "packet": (
        "l5r_rules.commands.packet_cmd",
        "packet_cmd",
        "Write the judge packet: print-ready PDFs per edition and per pair.",
    ),
}


class LazyGroup(click.Group):
    def list_commands(self, ctx):
        return sorted(COMMANDS)

    def get_command(self, ctx, name):
        if name not in COMMANDS:
            return None
        module, attr, _ = COMMANDS[name]
        return getattr(importlib.import_module(module), attr)

    def invoke(self, ctx):
        try:
            return super().invoke(ctx)
        except NotACheckout as exc:  # no glossary where the command looked: say so, never use another one
            click.echo(f"error: {exc}", err=True)
            ctx.exit(2)
        except Exception as exc:
            from .yamlio import GlossaryFileError  # imported only on the way out: search never pays for yaml

            if not isinstance(exc, GlossaryFileError):
                raise
            click.echo(f"{exc} (run `l5r-rules validate` to see every problem)", err=True)
            ctx.exit(1)

    def format_commands(self, ctx, formatter):
        rows = [(name, COMMANDS[name][2]) for name in self.list_commands(ctx)]
        with formatter.section("Commands"):
            formatter.write_dl(rows)


@click.group(cls=LazyGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="l5r-rules")
def cli() -> None:
    """Legend of the Five Rings rules reference and judge assistant.

    \b
    Example:
      l5r-rules validate
    """


def _say(message: str) -> None:
    """One line on stderr, even when stderr itself is closed or broken."""
    try:
        print(message, file=sys.stderr or sys.__stderr__, flush=True)
    except (OSError, ValueError, AttributeError):
        pass


def main() -> None:
    if sys.stdout is None or sys.stderr is None:  # started with `>&-` or `2>&-`
        _say("error: standard output or standard error is closed; nothing can be printed")
        sys.exit(2)
    # The terminal boundary, for every command: control and bidi characters from any data are escaped.
    sys.stdout, sys.stderr = SafeStream(sys.stdout), SafeStream(sys.stderr)
    try:
        cli(standalone_mode=True)
        code = 0
    except SystemExit as exc:
        code = exc.code
    except KeyboardInterrupt:  # pragma: no cover
        code = 130
    except Exception as exc:  # a bug must still not print a traceback at a judge
        if os.environ.get("L5R_DEBUG"):
            raise
        plain = environment_error(exc)
        if plain:
            _say(f"error: {plain}")
            code = 1
        else:
            detail = str(exc).splitlines()[0] if str(exc) else ""
            _say(f"internal error: {type(exc).__name__}: {detail} (please report it; set L5R_DEBUG=1 for the details)")
            code = 70
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:  # e.g. `l5r-rules search x | head -1`: the reader left
        code = code or 1
    except OSError as exc:  # e.g. `> /dev/full`: the output was lost, so say so and fail
        _say(f"error: cannot write the output: {exc.strerror or exc}")
        code = code or 1
    else:
        cut = sys.stdout.cut() if isinstance(sys.stdout, SafeStream) else None
        if cut:  # `export > file` on a full disk: the system took part of the write and Python said nothing
            _say(f"error: the output file holds only {cut} written to it (a full disk or a file size limit?)")
            code = code or 1
    if not teardown["skip"] or not isinstance(code, (int, type(None))):
        try:
            sys.exit(code)
        finally:
            try:  # the interpreter's own flush at exit must not print a traceback either
                sys.stdout = open(os.devnull, "w")  # noqa: SIM115
            except OSError:
                pass
    os._exit(code or 0)
