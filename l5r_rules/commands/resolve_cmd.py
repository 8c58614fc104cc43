"""`l5r-rules resolve`: run one scenario file through the rules engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


@click.command("resolve")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True,
              help='Print {"outcome": ..., "trace": [...], "expect": {"matches": ..., "problems": [...]}} as JSON.')
@click.option("--explain", is_flag=True, help="Also print each step's inputs and values.")
def resolve_cmd(file, as_json, explain):
    """Resolve a scenario: print the outcome and the rule entries each step applies,
    then compare them with the scenario's `expect` (exit status 1 when they differ).

    A bad scenario prints `path:line: field message` and exits with status 1.

    \b
    Example:
      l5r-rules resolve tests/rulings/lotus/mary-todd-battle-province-1.yaml --explain
    """
    from ..engine import scenario
    from ..engine.errors import ScenarioError

    if not file.is_file():
        click.echo(f"{file}:1: (document) no such file", err=True)
        sys.exit(1)
    data, problems = scenario.load(file)
    if problems:
        for p in problems:
            click.echo(p.render(str(file)), err=True)
        sys.exit(1)
    expected_error = (data.get("expect") or {}).get("error")
    try:
        result = scenario.run(data)
    except ScenarioError as exc:
        click.echo(_located(file, scenario.Problem(exc.path, exc.message)), err=True)
        if expected_error and expected_error in exc.message:
            click.echo("expect: this is the error the scenario expects", err=True)
        sys.exit(1)
    except Exception as exc:  # an engine bug must still not print a traceback at the user
        click.echo(f"{file}:1: (document) internal engine error {type(exc).__name__}: {exc} (please report)", err=True)
        sys.exit(2)
    if expected_error:
        mismatches = [_located(file, scenario.Problem(
            ("expect", "error"), f"the scenario expects an error containing '{expected_error}', but it resolved"))]
    else:
        mismatches = [_located(file, p) for p in scenario.check(data, result)]
    if as_json:
        click.echo(json.dumps({**result.to_json(), "expect": {"matches": not mismatches, "problems": mismatches}},
                              indent=2, ensure_ascii=False))
        sys.exit(1 if mismatches else 0)
    _print_result(data, result, explain)
    if mismatches:
        for line in mismatches:
            click.echo(line, err=True)
        click.echo("expect: does NOT match the outcome above", err=True)
        sys.exit(1)
    click.echo("expect: matches (outcome and cited rules)")


def _located(file: Path, problem) -> str:
    """`path:line: field message`, the line of the field in the scenario file."""
    from .. import yamlio

    line = yamlio.load_file(file).where(problem.path)[0]
    return type(problem)(problem.path, problem.message, line).render(str(file))


def _print_result(data: dict, result, explain: bool) -> None:
    click.echo(f"{data['id']} ({data['ruleset']}, {data['procedure']})")
    click.echo("outcome: " + json.dumps(result.outcome, ensure_ascii=False))
    for i, step in enumerate(result.trace, 1):
        click.echo(f"{i:3}. [{step.rule}] {step.what}: {json.dumps(step.result, ensure_ascii=False)}")
        if explain:
            extra = dict(step.inputs)
            if step.raw is not None or step.floored is not None:
                extra.update(raw=step.raw, floored=step.floored)
            if extra:
                click.echo("       " + json.dumps(extra, ensure_ascii=False))
