"""Format checks for the real players' questions (tests/search_eval_real.yaml, see its .md).

Only the file's own consistency with the glossary is checked: ids unique, every answer an entry or
concept, the phrase and every `also` sentence verbatim in their entries (after the same whitespace
collapse as the evaluation), a source URL for each question and none from the pages the issue
reserves for an independent check, the split made once per game. Nothing from the search is imported.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
import yaml

ROOT = Path(__file__).resolve().parent.parent
FILE = ROOT / "tests" / "search_eval_real.yaml"
GAMES = ("lcg", "ccg", "bfr")
# The pages issue 23 reserves for an independent check: no question may come from them.
RESERVED = (
    "cowell.org/~andy/ccg/l5r/archive/jeffa/271.",
    "cowell.org/~andy/ccg/l5r/archive/jeffa/274.",
    "cowell.org/~andy/ccg/l5r/archive/jeffa/278.",
    "cowell.org/~andy/ccg/l5r/archive/jeffa/295.",
    "cowell.org/~andy/ccg/l5r/archive/jeffa/309.",
    "topic/265010-",
    *(f"topic/{n}-" for n in (228597, 255555, 256879, 257307, 257504, 259809, 261631, 261877, 264789, 266254, 266498)),
    *(f"topic/{n}-" for n in (268346, 277292, 278581, 281704, 291128, 298000)),
    "impher/13/ih13faq",
    "impher/8/ih08orac",
    "impher/9/ih09orac",
    "impher/v1n4/ih14orac",
    "impher/v2n1/ih21orac",
    "document/690710117",
)


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


@pytest.fixture(scope="module")
def questions() -> list[dict]:
    return yaml.safe_load(FILE.read_text(encoding="utf-8"))["questions"]


@pytest.fixture(scope="module")
def records() -> dict[str, dict]:
    out = {}
    for path in (ROOT / "glossary" / "entries").glob("*/*.yaml"):
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        out[data["id"]] = data
    for path in (ROOT / "glossary" / "concepts").glob("*.yaml"):
        out.setdefault(path.stem, yaml.safe_load(path.read_text(encoding="utf-8")))
    return out


def _texts(record: dict) -> list[str]:
    translation = record.get("translation")
    if isinstance(translation, dict):
        translation = translation.get("text")
    return [t for t in (record.get("text"), translation, record.get("summary")) if isinstance(t, str)]


def test_ids_unique_and_fields_present(questions):
    ids = [q["id"] for q in questions]
    assert len(ids) == len(set(ids))
    for q in questions:
        assert q["q"].strip() and q["answers"] and q["phrase"].strip(), q["id"]
        assert q["game"] in GAMES and q["game"] in q["tags"], q["id"]
        assert q["split"] in ("tune", "sealed"), q["id"]
        assert q["lang"] in ("en", "de"), q["id"]
        assert q["note"].strip(), q["id"]


def test_answers_exist_and_phrases_are_verbatim(questions, records):
    for q in questions:
        for answer in q["answers"]:
            assert answer in records, (q["id"], answer)
        first = records[q["answers"][0]]
        assert any(_flat(q["phrase"]) in _flat(t) for t in _texts(first)), q["id"]
        for also in q.get("also") or []:
            assert any(_flat(also["text"]) in _flat(t) for t in _texts(records[also["entry"]])), (q["id"], also)


def test_every_question_has_a_public_source_and_none_is_reserved(questions):
    for q in questions:
        assert re.match(r"^https?://\S+$", q["source"]), q["id"]
        hits = [r for r in RESERVED if r in q["source"]]
        assert not hits, (q["id"], hits)


def test_the_split_is_half_and_half_per_game(questions):
    counts = Counter((q["game"], q["split"]) for q in questions)
    for game in GAMES:
        tune, sealed = counts[(game, "tune")], counts[(game, "sealed")]
        assert tune - sealed in (0, 1), (game, tune, sealed)


def test_the_question_is_not_the_answer(questions):
    """A paraphrase of a question, not the rulebook's sentence dressed up as one."""
    for q in questions:
        assert _flat(q["phrase"]) not in _flat(q["q"]), q["id"]
