"""`l5r-rules validate`: small checks with stable codes, one module per concern.

Every check takes the loaded glossary (`loaded.Glossary`) and returns
`Problem`s; `validate.run_all` collects them all. Codes, with their meaning and
fix, are in one table: `l5r_rules/codes.py` (each has one failing fixture in
tests/fixtures/invalid/ that fires exactly that code, and the format page shows them).
The YAML-level codes (L5R001-L5R009, L5R100, L5R101) come from the safe loader,
`l5r_rules/yamlio.py`, which every reader uses too; its docstring gives the bounds.
"""
