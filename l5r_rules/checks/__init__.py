"""`l5r-rules validate`: small checks with stable codes, one module per concern.

Every check takes the loaded glossary (`loaded.Glossary`) and returns
`Problem`s; `validate.run_all` collects them all. Codes (one failing fixture
per code lives in tests/fixtures/invalid/):

    L5R001 invalid YAML (syntax, tab indentation, more than one document, undefined alias)
    L5R002 duplicate key
    L5R003 mapping key that is not a string
    L5R004 explicit YAML tag (on a scalar, list or mapping)
    L5R005 alias expansion over the budget, or a recursive alias
    L5R006 nesting deeper than the limit
    L5R007 integer too long to be a number
    L5R008 bytes that are not UTF-8 (byte offset and line)
    L5R009 file larger than the size limit
    L5R010 schema: wrong type or value
    L5R011 schema: unknown field
    L5R012 schema: missing required field
    L5R020 id differs from the file name
    L5R021 id used by two files
    L5R022 entry stored under another edition's folder
    L5R030 source.document is not in the sources registry
    L5R031 game or edition differs from the source document's
    L5R040 related id is not an entry
    L5R041 translation is stale: the entry's text changed since translation.source_sha256 was recorded
    L5R042 translation has no source fingerprint (translation.source_sha256)
    L5R043 orphaned entry parked by `import --keep-orphans` in glossary/orphans/, not yet resolved
    L5R050 concept cites an entry that does not exist
    L5R051 concept lists an entry under the wrong edition
    L5R052 concept related / cross_game id is not a concept
    L5R060 errata record cites an entry or concept that does not exist
    L5R061 errata quote does not occur in its entry's text
    L5R070 sources registry invalid (schema or missing file)
    L5R071 skip list invalid (schema)
    L5R072 curated errata data (glossary/_errata_curated.yaml) invalid (schema)
    L5R073 curated card names (glossary/_card_names.yaml) invalid (schema)
    L5R074 curated errata data cites an entry or concept that does not exist
    L5R075 curated errata quote does not occur in its entry's text
    L5R076 curated card name that no entry's text names
    L5R077 curated card name, erratum card or change id listed twice
    L5R078 curated errata data missing: an erratum entry without a summary, a "What's new" count that differs
    L5R079 curated erratum summary for a card that no erratum entry is about (stale)
    L5R080 authority ladder cites an entry that does not exist
    L5R081 authority ladder quote does not occur in its entry's text
    L5R090 card index cites an entry or errata record that does not exist
    L5R091 card index lists an entry whose text does not name the card
    L5R100 empty or comment-only file
    L5R101 not a regular file (directory, FIFO, dangling or looping symlink)
    L5R102 '.yml' file where '.yaml' is the convention
    L5R103 editor lock, swap or backup file
    L5R104 file in a place no reader reads

The YAML-level codes (L5R001-L5R009, L5R100, L5R101) come from the safe loader,
`l5r_rules/yamlio.py`, which every reader uses too; its docstring gives the bounds.
"""
