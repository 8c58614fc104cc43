"""The checked-in JSON Schemas: one per kind of YAML file. Used by validate, the build and the tests."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

from jsonschema import Draft202012Validator

SCHEMA_DIR = Path(__file__).resolve().parent


@cache
def schema(name: str) -> dict:
    """Load `<name>.schema.json`, e.g. schema('entry')."""
    return json.loads((SCHEMA_DIR / f"{name}.schema.json").read_text(encoding="utf-8"))


@cache
def validator(name: str):

    return Draft202012Validator(schema(name))
