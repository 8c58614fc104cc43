"""Thin wrapper: `python scripts/import_sources.py` = `l5r-rules import`."""

from l5r_rules.cli import cli

if __name__ == "__main__":
    cli(["import"])
