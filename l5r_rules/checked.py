"""One glossary file's data, loaded by the safe loader and checked against its JSON Schema.

Every reader of a single file calls `load_checked`: the knowledge base (`kb.py`), the registry
(`editions.py`, `registry.py`), the skip list, export and the generators. It lives below all of
them, so that none has to import another to read a file (kb.py, editions.py and registry.py
used to import each other for it).
"""

from __future__ import annotations

from pathlib import Path

from . import yamlio
from .schemas import error_path, say, validator


def load_checked(path: Path, schema_name: str, code: str = "L5R010"):
    """One file's data, refused with a GlossaryFileError unless it loads safely and fits its schema."""
    data = yamlio.load_plain(path)
    error = next(iter(validator(schema_name).iter_errors(data)), None)
    if error is not None:
        where = yamlio.load_file(path).where(error_path(error))
        raise yamlio.GlossaryFileError(
            path, yamlio.YamlProblem(code, *where, yamlio.dotted(error_path(error)), say(error))
        )
    return data
