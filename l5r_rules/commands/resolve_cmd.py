"""`l5r-rules resolve`: run one scenario file through the rules engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click

from .. import yamlio
from ..engine import scenario
from ..engine.errors import ScenarioError
from ..engine.narrate import RuleTexts, as_text, grouped, narrate, outcome_lines, step_words
from ..engine.scenario import Problem
from ..layout import NotACheckout, checked_root, find_root
from ..terminal import visible
from .common import stop


@click.command("resolve")
@click.argument("file", type=click.Path(path_type=Path))
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print {"outcome": ..., "trace": [...], "expect": {"matches": ..., "problems": [...]}} as JSON '
    '(or {"error": ..., "expect": ...} for a scenario that fails); with --explain also "narration".',
)
@click.option(
    "--explain",
    is_flag=True,
    help="Print the ruling in words: the situation, each step with the rule sentence it applies "
    "(quoted from the cited entry, with its citation), and the outcome, wrapped to the terminal width.",
)
@click.option(
    "--root",
    type=click.Path(file_okay=False, path_type=Path),
    default=None,
    help="Checkout whose glossary the ruling quotes (default: the checkout holding FILE, else the current one).",
)
def resolve_cmd(file, as_json, explain, root):
    """Resolve a scenario: print the outcome and the rule entries each step applies,
    then compare them with the scenario's `expect` (exit status 1 when they differ).

    A scenario whose `expect.error` names the error it must fail with exits 0
    when it fails with that error, and prints that verdict (also with --json);
    it exits 1 when it resolves or fails otherwise. A scenario that needs a
    player's decision names it; with --explain it shows each option's outcome.
    A bad scenario (a field that is wrong or missing, a name that `given` does
    not define, a procedure of another game) prints `path:line: field message`
    and exits with status 2.

    \b
    Example:
      l5r-rules resolve tests/rulings/lotus/mary-todd-battle-province-1.yaml --explain
    """

    not_a_file = _not_a_file(file)
    if not_a_file:
        stop(f"{visible(str(file))}:1: (document) {not_a_file}", 2)  # visible: click strips an ESC [ typed in it
    texts = RuleTexts(checked_root(root) if root else _checkout(file))
    data, problems = scenario.load(file)
    if problems:
        for p in problems:
            click.echo(p.render(str(file)), err=True)
        sys.exit(2)
    cited = data["source"]["entry"]
    if not texts.exists(cited):  # validate's L5R117 (hostile round 10, #44)
        where = _at(file, ("source", "entry"), f"'{cited}' is not an entry id of {texts.root} (validate: L5R117)")
        stop(where.render(str(file)), 2)
    expected_error = data["expect"].get("error")
    try:
        result = scenario.run(data)
        mismatches = (
            []
            if expected_error
            else [_at(file, p.path, p.message).render(str(file)) for p in scenario.check(data, result)]
        )
    except ScenarioError as exc:
        _failed(file, data, exc, _at(file, exc.path, exc.message), as_json, explain, texts)
    except Exception as exc:  # an engine bug must still not print a traceback at the user
        stop(f"{file}:1: (document) internal engine error {type(exc).__name__}: {exc} (please report)", 2)
    if expected_error:
        mismatches = [
            _at(
                file,
                ("expect", "error"),
                f"the scenario expects an error containing '{expected_error}', but it resolved",
            ).render(str(file))
        ]
    if as_json:
        out = {**result.to_json(), "expect": {"matches": not mismatches, "problems": mismatches}}
        if explain:
            out["narration"] = narrate(data, texts, result=result).to_json()
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
        _not_quoted(texts)
        sys.exit(1 if mismatches else 0)
    if explain:
        click.echo(as_text(narrate(data, texts, result=result)))
        click.echo("")
    else:
        _print_result(data, result)
    if mismatches:
        for line in mismatches:
            click.echo(line, err=True)
        stop("expect: does NOT match the outcome above", 1)
    compared = [w for k, w in (("outcome", "outcome"), ("rules", "cited rules")) if k in data["expect"]]
    click.echo(f"expect: matches ({' and '.join(compared)})")
    _not_quoted(texts)


def _not_a_file(file: Path) -> str:
    """Why FILE cannot be read as a scenario, or ''; checked before opening (a FIFO would block)."""
    if file.is_dir():
        return "is a directory; give a scenario file (e.g. tests/rulings/lotus/<id>.yaml)"
    if file.is_file():
        return ""
    return "is not a regular file" if file.exists() else "no such file"


def _checkout(file: Path) -> Path:
    """The checkout whose glossary the ruling quotes: the one holding FILE, else the working folder's;
    NotACheckout (one line, exit 2) when neither is in one, never the installed package's checkout."""
    try:
        return find_root(Path(file).resolve().parent)
    except NotACheckout:
        return find_root()


def _not_quoted(texts: RuleTexts) -> None:
    """The cited entries whose words are not their book's (what validate refuses): said, and exit 1. They were
    quoted with their citation (hostile round 9b, #58); the ruling now leaves their words out."""
    if texts.misquoted:
        gone = sorted(texts.misquoted)
        click.echo(
            f"resolve: {len(gone)} cited entries do not hold their book's words ({', '.join(gone[:5])}: "
            f"{texts.misquoted[gone[0]]}); nothing was quoted from them (run `l5r-rules validate`)",
            err=True,
        )
        sys.exit(1)


def _failed(file: Path, data: dict, exc, error, as_json: bool, explain: bool, texts: RuleTexts):
    """The scenario failed with `error`: exit 0 if `expect.error` names it; 1 if it names another error;
    2 if the scenario expects no error (the file is wrong or incomplete: the user's to fix).

    The same test as tests/test_rulings.py: the expected text is part of the error's message.
    """

    expected = data["expect"].get("error")
    matches = expected is not None and expected in error.message
    where = error.render(str(file))
    problems = (
        []
        if matches or expected is None
        else [
            _at(
                file,
                ("expect", "error"),
                (f"the scenario expects an error containing '{expected}', but it failed with: {error.message}"),
            ).render(str(file))
        ]
    )
    if as_json:
        out = {
            "error": {
                "where": where,
                "line": error.line,
                "field": yamlio.dotted(error.path),
                "message": error.message,
            },
            "expect": {"matches": matches, "problems": problems},
        }
        if explain:
            out["narration"] = narrate(data, texts, error=exc).to_json()
        click.echo(json.dumps(out, indent=2, ensure_ascii=False))
    elif matches:
        if explain:
            click.echo(as_text(narrate(data, texts, error=exc)))
            click.echo("")
        else:
            click.echo(f"{data['id']} ({data['ruleset']}, {data['procedure']})")
        click.echo(f"error: {where}")
        click.echo("expect: this is the error the scenario expects")
    else:
        click.echo(where, err=True)
        for line in problems:
            click.echo(line, err=True)
        if problems:
            click.echo("expect: does NOT match the error above", err=True)
    _not_quoted(texts)
    sys.exit(0 if matches else 1 if expected is not None else 2)


def _at(file: Path, path: tuple, message: str):
    """A Problem at the line of the field `path` in the scenario file."""

    return Problem(tuple(path), message, yamlio.load_file(file).where(path)[0])


def _print_result(data: dict, result) -> None:
    """The short form: the outcome in words and each step with the entry id it cites (--explain quotes them)."""

    click.echo(f"{data['id']} ({data['ruleset']}, {data['procedure']})")
    click.echo("outcome:")
    for line in outcome_lines(result.outcome):
        click.echo(f"  {line}")
    for i, (step, _) in enumerate(grouped(result.trace), 1):
        click.echo(f"{i:3}. [{step.rule}] {step_words(step.what, step.result)}")
