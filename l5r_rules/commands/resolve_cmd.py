"""`l5r-rules resolve`: run one scenario file through the rules engine."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import click


@click.command("resolve")
@click.argument("file", type=click.Path(dir_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help='Print {"outcome": ..., "trace": [...]} as JSON.')
@click.option("--explain", is_flag=True, help="Also print each step's inputs and values.")
def resolve_cmd(file, as_json, explain):
    """Resolve a scenario: print the outcome and the rule entries each step applies.

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
    try:
        result = scenario.run(data)
    except ScenarioError as exc:
        from .. import yamlio

        line = yamlio.load_file(file).where(exc.path)[0]
        click.echo(scenario.Problem(exc.path, exc.message, line).render(str(file)), err=True)
        sys.exit(1)
    except Exception as exc:  # an engine bug must still not print a traceback at the user
        click.echo(f"{file}:1: (document) internal engine error {type(exc).__name__}: {exc} (please report)", err=True)
        sys.exit(2)
    if as_json:
        click.echo(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return
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
