"""Every stable problem code, in one table: code -> level, one-line meaning, how to fix it.

`l5r-rules validate` prints `path:line:col: CODE field message`; import and the
readers use the same codes. A `Problem` or `YamlProblem` with a code that is not
here fails at once, the format page shows this table, and each code has one
failing fixture in `tests/fixtures/invalid/<CODE>.yaml` that fires exactly it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Code:
    code: str
    level: str  # "error": validate exits 1; every code is an error today
    meaning: str
    fix: str


_TABLE = (
    # YAML and files (the safe loader, yamlio.py; bounds in its docstring)
    (
        "L5R001",
        "invalid YAML: syntax, tab indentation, more than one document, an alias with no anchor",
        "fix the YAML at the line shown; indent with spaces; keep one document per file",
    ),
    ("L5R002", "duplicate key in a mapping", "keep one of the two keys (the message names both lines)"),
    (
        "L5R003",
        "mapping key that is not a plain string (a number, yes/no, null, a list, a '<<' merge key)",
        "quote the key, or write the merged values out",
    ),
    (
        "L5R004",
        "explicit YAML tag (!!str, !!python/..., !custom) on a scalar, list or mapping",
        "remove the tag: glossary files hold plain data only",
    ),
    (
        "L5R005",
        "aliases expand to more than the budget of values, or an alias refers to itself",
        "write the data out instead of using anchors and aliases",
    ),
    ("L5R006", "nesting deeper than the limit", "flatten the data"),
    ("L5R007", "integer with more digits than the limit", "quote it if it is text; fix it if it is a number"),
    ("L5R008", "bytes that are not UTF-8 (the message gives the byte offset and line)", "save the file as UTF-8"),
    ("L5R009", "file larger than the size limit", "split the entry or remove what does not belong in it"),
    # schema
    ("L5R010", "wrong type or value for a field (JSON Schema)", "see the field's description on the format page"),
    ("L5R011", "unknown field", "remove it or fix its spelling (the message lists the allowed fields)"),
    ("L5R012", "missing required field", "add the field"),
    (
        "L5R013",
        "a string (or a source file) holds a control character (C0 but tab and newline, DEL, C1) or a bidi control "
        "(U+202A-U+202E, U+2066-U+2069)",
        "remove the character (the message gives its code and place)",
    ),
    ("L5R014", "a string of spaces only (a blank term, title, alias or section)", "write it, or remove the item"),
    (
        "L5R015",
        "page range out of order: source.page_end not after source.page, or a page break outside or out of order",
        "fix the pages (a one-page entry has no page_end)",
    ),
    # identity
    ("L5R020", "id differs from the file name", "rename the file or fix the id: the file name is the id"),
    ("L5R021", "id used by two files", "give one of them another id"),
    ("L5R022", "entry stored under another edition's folder", "move the file to glossary/entries/<edition>/"),
    (
        "L5R023",
        "former id (former_ids) that is an entry's id or another entry's former id",
        "remove it: a former id forwards to one entry only, and never shadows a live entry",
    ),
    # references
    ("L5R030", "source.document is not in the sources registry", "use a document id from glossary/_sources.yaml"),
    ("L5R031", "game or edition differs from the source document's", "copy them from the document's registry line"),
    (
        "L5R032",
        "edition or game id that the registry (glossary/_sources.yaml games, editions) does not list",
        "use a listed id, or add the edition or game to the registry",
    ),
    # text as the book prints it (checks/text_shape.py, l5r_rules/textshape.py)
    (
        "L5R033",
        "paragraph that stops mid-sentence outside a list, a table, a figure label or a listed source break",
        "join it in the importer (importers/joins.py); if the source itself breaks there, list the last words "
        "under the document's `breaks` in glossary/_sources.yaml",
    ),
    (
        "L5R034",
        "unbalanced emphasis: a paragraph or a list item opens or closes bold or italics without the other side",
        "repair the markup where the text is imported (a listed repair in normalize.py), never a word",
    ),
    (
        "L5R035",
        "entry title that stops mid-phrase, on a word that wants a continuation",
        "title the entry by the whole phrase the book prints (the outline's `splits` or `headings`)",
    ),
    (
        "L5R036",
        "`anchors` that do not fit the entry's text (one item per top-level block, each number once)",
        "run `l5r-rules import`: it numbers the blocks anew from the old ones",
    ),
    (
        "L5R037",
        "entry text that begins in the middle of a sentence",
        "move the entry's start back to where the sentence begins (the outline's `splits` or `headings`)",
    ),
    (
        "L5R038",
        "entry text or term that does not occur in its source as printed (after the documented normalization)",
        "run `l5r-rules import` to take it from the book again; never edit rule text by hand",
    ),
    (
        "L5R039",
        "a recorded source (sources/SHA256SUMS) whose bytes differ from its hash: the book was edited",
        "put the book back (git checkout -- sources/FILE); a new printing: record its hash in SHA256SUMS",
    ),
    ("L5R040", "related id is not an entry", "fix the id (the message suggests the closest one) or remove it"),
    (
        "L5R041",
        "stale translation: the entry's text changed since translation.source_sha256 was recorded",
        "review the translation against the new text, then record the fingerprint the message gives",
    ),
    (
        "L5R042",
        "translation has no source fingerprint (translation.source_sha256)",
        "check the translation against the text, then add the fingerprint the message gives",
    ),
    (
        "L5R043",
        "orphaned entry parked by `import --keep-orphans` in glossary/orphans/",
        "move its curated fields to the entry that replaces it, then delete the file",
    ),
    ("L5R044", "entry lists itself as related", "remove it: related names other entries"),
    ("L5R050", "concept cites an entry that does not exist", "fix the id or remove it"),
    ("L5R051", "concept lists an entry under the wrong edition", "move the id under its own edition"),
    ("L5R052", "concept related / cross_game id is not a concept", "fix the id or remove it"),
    ("L5R053", "evidence quote cites an entry that does not exist", "fix the entry id"),
    ("L5R054", "evidence quote does not occur in its entry's text", "quote the entry verbatim (whitespace may differ)"),
    ("L5R055", "evidence quote shorter than three words", "quote the whole clause that states the rule"),
    (
        "L5R056",
        "a concept difference names an edition that none of its evidence quotes comes from",
        "add a quote from that edition's entries showing what it says",
    ),
    ("L5R057", "concept `reviewed` record lists an entry that does not exist", "fix the id or remove it"),
    ("L5R058", "errata record without evidence for its summary", "run `l5r-rules refresh` (it writes the evidence)"),
    (
        "L5R059",
        "concept lists entries of an edition whose game its `games` do not name",
        "move the entries to a concept of that game (cross_game links the two), or add the game to games",
    ),
    ("L5R060", "errata record cites an entry or concept that does not exist", "fix the id or remove it"),
    ("L5R061", "errata quote does not occur in its entry's text", "quote the entry verbatim"),
    (
        "L5R062",
        "errata record's edition differs from the edition of the entry it quotes",
        "use the entry's edition (the record belongs to the book that prints it)",
    ),
    (
        "L5R070",
        "sources registry invalid (schema, no documents, or a missing source file)",
        "fix glossary/_sources.yaml at the line shown",
    ),
    ("L5R071", "skip list invalid (schema)", "fix glossary/_skip.yaml at the line shown"),
    (
        "L5R072",
        "curated errata data (glossary/_errata_curated.yaml) invalid (schema)",
        "fix the file at the line shown (see the format page)",
    ),
    (
        "L5R073",
        "curated card names (glossary/_card_names.yaml) invalid (schema)",
        "fix the file at the line shown (see the format page)",
    ),
    ("L5R074", "curated errata data cites an entry or concept that does not exist", "fix the id or remove it"),
    ("L5R075", "curated errata quote does not occur in its entry's text", "quote the entry verbatim"),
    ("L5R076", "curated card name that no entry's text names", "spell it as the book does, or remove it"),
    ("L5R077", "curated card name, erratum card or change id listed twice", "keep one of them"),
    (
        "L5R078",
        'curated errata data missing: an erratum entry without a summary, or a "What\'s new" count that '
        "differs from the book's",
        "add the summary (our words) or fix the count",
    ),
    ("L5R079", "curated erratum summary for a card that no erratum entry is about (stale)", "remove the summary"),
    ("L5R080", "authority ladder cites an entry that does not exist", "fix the id or remove the citation"),
    ("L5R081", "authority ladder quote does not occur in its entry's text", "quote the entry verbatim"),
    (
        "L5R082",
        "timing walker step (l5r_rules/walk/sequences/) cites an entry that no longer holds its quote",
        "quote the entry as it is now, or cite the entry that states the step",
    ),
    (
        "L5R084",
        "skip list item (glossary/_skip.yaml) names a document the registry does not list: it skips nothing",
        "use a document id from glossary/_sources.yaml",
    ),
    ("L5R090", "card index cites an entry or errata record that does not exist", "fix the id or remove it"),
    ("L5R091", "card index lists an entry whose text does not name the card", "remove the entry from mentioned_in"),
    # search data: hints (glossary/hints/<edition>.yaml) and synonyms (glossary/_synonyms.yaml)
    (
        "L5R120",
        "a hints file for an edition whose registry line does not say `hints: true` (no reader reads it)",
        "add `hints: true` to the edition in glossary/_sources.yaml, or remove the file",
    ),
    (
        "L5R121",
        "an edition whose registry line says `hints: true` has no hints file",
        "write glossary/hints/<edition>.yaml (l5r_rules/search/hints.md says how), or remove `hints: true`",
    ),
    (
        "L5R122",
        "hints for an id that is not an entry of the file's edition (stale after a rename or a removal)",
        "move them to the entry's new id (import --rename carries them), or remove them",
    ),
    (
        "L5R123",
        "an entry of an edition with hints has no English hint",
        "write two to six questions a player might type that the entry answers, blind from the entry",
    ),
    (
        "L5R124",
        "a hint names an edition or a game (its id, label or short name): hints are written for any edition",
        "ask the question without the edition's name",
    ),
    ("L5R125", "a hint only repeats its entry's heading", "ask as a player would, not with the rule's name"),
    (
        "L5R126",
        "a synonym key that an edition or game word of the registry takes first, so it never applies",
        "remove the line, or rename the key",
    ),
    (
        "L5R127",
        "a player's word that is also a synonym key, or whose real question names no entry it finds",
        "keep the key in one list; name the entry id whose rule answers the question",
    ),
    (
        "L5R110",
        "engine status file (glossary/_engine_status.yaml) invalid (schema)",
        "fix the file at the line shown (see the format page)",
    ),
    ("L5R111", "engine status for an entry that does not exist", "fix the id or remove it"),
    (
        "L5R112",
        "engine status for an entry a passing scenario cites (it is proven: computed, never curated)",
        "remove it from glossary/_engine_status.yaml",
    ),
    (
        "L5R113",
        "entry with no engine status: no passing scenario cites it and glossary/_engine_status.yaml does not list it",
        "list it under not-a-rule or not-modelled with the reason, or write a scenario that proves it",
    ),
    ("L5R114", "engine status lists an entry twice", "keep one of them"),
    (
        "L5R115",
        "engine status file (glossary/_engine_status.yaml) missing in a checkout with scenarios",
        "put it back from git; without it every entry no scenario cites has no status to count",
    ),
    (
        "L5R116",
        "scenario (tests/rulings) that does not load, run or match its expect: it proves nothing",
        "run `l5r-rules resolve FILE`, which says what is wrong, and fix the scenario (or the engine)",
    ),
    ("L5R117", "scenario naming an entry id that does not exist (source.entry, expect.rules)", "fix the id"),
    # files
    ("L5R100", "empty or comment-only file", "write the entry, or delete the file"),
    (
        "L5R101",
        "not a regular file: a directory, FIFO, device, or a dangling or looping symlink",
        "remove or rename it",
    ),
    ("L5R102", "'.yml' file where '.yaml' is the convention (no reader reads it)", "rename it to .yaml"),
    ("L5R103", "an editor's lock, swap or backup file", "save your edit and close the editor, then remove it"),
    ("L5R104", "a file in a place no reader reads", "move it to its folder (see the format page) or remove it"),
    (
        "L5R105",
        "a temporary file, backup or journal left by an interrupted write (a killed import, link or refresh), "
        "or a folder at the name of one of them or of a lock in build/",
        "run `l5r-rules refresh` (or the interrupted command): it finishes or undoes that write; remove a folder",
    ),
)

CODES: dict[str, Code] = {code: Code(code, "error", meaning, fix) for code, meaning, fix in _TABLE}


def known(code: str) -> str:
    """The code itself, or an AssertionError naming the table: a typo in a check fails at once."""
    if code not in CODES:
        raise AssertionError(f"problem code {code!r} is not in l5r_rules/codes.py")
    return code
