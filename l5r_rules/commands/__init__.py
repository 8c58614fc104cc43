"""One module per CLI command (see l5r_rules/cli.py)."""
