"""Score the search engine on an eval set: recall@1, recall@5, MRR, and whether the answer is visible.

Shared by scripts/bench_search.py (prints figures) and tests/test_search_eval.py
(asserts the floor), so both measure exactly the same thing.

Two sets: the project's own (tests/search_eval.yaml) and the unseen one written blind by
someone else (tests/search_eval_unseen.yaml), whose questions carry `split: tune | sealed`.
Only the tune half may be looked at while working on the search; the sealed half is read
only when a caller asks for it by name (`load_questions(path, split="sealed")`).

A hit answers a question when its entry id, or the id of its concept, is one of the
question's `answers` (the unseen set lists a concept for an edition comparison).
"Answer visible": the question's `phrase` (whitespace collapsed, case ignored) is in the
text a result list shows for the first answering hit in the top 5 (its passage, and the
concept's answering summary or difference printed above its group), so a judge reads the
answer without opening the entry.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

import yaml

SPLITS = ("tune", "sealed")


@dataclass
class Question:
    q: str
    answers: list[str]
    tags: list[str] = field(default_factory=list)
    phrase: str = ""
    id: str = ""
    split: str = ""
    also: list[str] = field(default_factory=list)  # other sentences that answer equally (the real set)


@dataclass
class Ranked:
    """One hit as the evaluation sees it: its ids and the text a result list shows for it."""

    id: str
    concept: str | None
    shown: str = ""


@dataclass
class Outcome:
    question: Question
    hits: list[Ranked]

    @property
    def ranked(self) -> list[str]:
        return [h.id for h in self.hits]

    @property
    def rank(self) -> int | None:
        """1-based rank of the first hit that answers the question, or None."""
        for i, hit in enumerate(self.hits, 1):
            if hit.id in self.question.answers or (hit.concept and hit.concept in self.question.answers):
                return i
        return None

    @property
    def visible(self) -> bool:
        """The question's phrase (or a sentence that answers equally, `also`) is in what the list shows for its
        first answering hit in the top 5."""
        rank = self.rank
        if not self.question.phrase or rank is None or rank > 5:
            return False
        shown = _flat(self.hits[rank - 1].shown)
        return any(_flat(p) in shown for p in (self.question.phrase, *self.question.also))


def _flat(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip().lower()


def load_questions(path: Path, split: str | None = None) -> list[Question]:
    """The questions of an eval file; with `split`, only the questions of that split.

    A file whose questions carry splits must be read with one: nobody reads the sealed
    half by accident."""
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    rows = data["questions"]
    if split is None and any("split" in q for q in rows):
        raise ValueError(f"{path}: its questions have splits; name one ({', '.join(SPLITS)})")
    if split is not None and split not in SPLITS:
        raise ValueError(f"unknown split {split!r} (choose from {', '.join(SPLITS)})")
    return [
        Question(
            q["q"],
            list(q["answers"]),
            list(q.get("tags") or []),
            q.get("phrase") or "",
            q.get("id") or "",
            q.get("split") or "",
            [a["text"] for a in q.get("also") or []],
        )
        for q in rows
        if split is None or q.get("split") == split
    ]


def run(engine, questions: list[Question], depth: int = 10, shown=None) -> list[Outcome]:
    """Each question's first `depth` hits. `shown(hit)` -> the texts a result list shows of a hit
    (terminal.listing.shown_texts for the CLI's list), which "answer visible" reads; without it, nothing
    counts as shown. (Passed in by the caller: search knows no screen.)"""
    out = []
    for q in questions:
        ranked = []
        for group in engine.search(q.q, limit=depth).groups:
            note = group.note["text"] + "\n" if group.note else ""  # printed under the concept's title
            ranked += [
                Ranked(h.payload["id"], h.payload.get("concept"), note + "\n".join(shown(h) if shown else ()))
                for h in group.hits
            ]
        out.append(Outcome(q, ranked))
    return out


def recall_at(outcomes: list[Outcome], k: int) -> float:
    return sum(1 for o in outcomes if o.rank is not None and o.rank <= k) / max(len(outcomes), 1)


def mrr(outcomes: list[Outcome]) -> float:
    return sum(1 / o.rank for o in outcomes if o.rank) / max(len(outcomes), 1)


def visible_share(outcomes: list[Outcome]) -> float:
    return sum(1 for o in outcomes if o.visible) / max(len(outcomes), 1)
