"""Score the search engine on tests/search_eval.yaml: recall@1, recall@5, MRR.

Shared by scripts/bench_search.py (prints figures) and tests/test_search_eval.py
(asserts the floor), so both measure exactly the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import yaml


@dataclass
class Question:
    q: str
    answers: list[str]
    tags: list[str] = field(default_factory=list)


@dataclass
class Outcome:
    question: Question
    ranked: list[str]

    @property
    def rank(self) -> int | None:
        """1-based rank of the first answer among the hits, or None."""
        for i, hit in enumerate(self.ranked, 1):
            if hit in self.question.answers:
                return i
        return None


def load_questions(path: Path) -> list[Question]:
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return [Question(q["q"], list(q["answers"]), list(q.get("tags") or [])) for q in data["questions"]]


def run(engine, questions: list[Question], depth: int = 10) -> list[Outcome]:
    return [Outcome(q, [h.payload["id"] for h in engine.search(q.q, limit=depth).hits]) for q in questions]


def recall_at(outcomes: list[Outcome], k: int) -> float:
    return sum(1 for o in outcomes if o.rank is not None and o.rank <= k) / max(len(outcomes), 1)


def mrr(outcomes: list[Outcome]) -> float:
    return sum(1 / o.rank for o in outcomes if o.rank) / max(len(outcomes), 1)
