"""The golden rankings: every evaluation question's top 10 as the CLI ranks it, one file.

Why: the site's search is a second implementation of the ranking (l5r_rules/search/js/, put
together by webscript.py); it must rank exactly as `l5r-rules search` does (issue 27).
`tests/search_golden.jsonl` holds, for every question of the project's own set, both halves of every
unseen set and of the real players' set, and the planner's rarer paths (tests/search_golden_questions.json), the ids of
the first 10 hits with the passage each shows (`id#p3`: the anchor on the entry's page without the
entry's id). `tests/test_search_golden.py` checks that the CLI still ranks so (rankings unchanged, not
just recall), and `tests/test_browser_search.py` that the browser's ranking, run headless without the
page, gives every line at 100 %.

A change that means to rank differently rewrites the file on purpose, and its diff shows every question
that moved:

    .venv/bin/python -m l5r_rules.search.golden --write      # or --check (exit 1 on any difference)

Beside each ranking, the notes the list shows above a concept's hits (`notes`: the concept, the label
and the first words of its summary or difference, notes.py), which the browser must pick alike.

Nothing here scores a set: the file holds no answers, only rankings.
"""

from __future__ import annotations

import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import NamedTuple

from . import evaluation
from .engine import open_engine

GOLDEN = Path("tests") / "search_golden.jsonl"
DEPTH = 10

# (name, eval file under tests/, split or None)
SETS = (
    ("own", "search_eval.yaml", None),
    *(
        (f"unseen{n or ''}:{split}", f"search_eval_unseen{n or ''}.yaml", split)
        for n in ("", 2, 3, 4, 5)
        for split in evaluation.SPLITS
    ),
    *((f"real:{split}", "search_eval_real.yaml", split) for split in evaluation.SPLITS),
)

# Questions beside the eval sets: the planner's rarer paths, and a few edition filters (data, in tests/)
EXTRA = Path("tests") / "search_golden_questions.json"


@dataclass(frozen=True)
class Case:
    set: str
    q: str
    edition: str | None = None

    def key(self) -> tuple:
        return (self.set, self.q, self.edition)


def cases(root: Path) -> list[Case]:
    """Every question the golden file ranks, in file order."""
    out = []
    for name, file, split in SETS:
        out += [Case(name, q.q) for q in evaluation.load_questions(root / "tests" / file, split)]
    extra = json.loads((root / EXTRA).read_text(encoding="utf-8"))
    out += [Case("tricky", row["q"]) for row in extra["tricky"]]
    out += [Case("filtered", row["q"], row["edition"]) for row in extra["filtered"]]
    return out


class Ranking(NamedTuple):
    """What the golden file holds of one question: its hits as `ranked` gives them, and its notes."""

    top: list[str]
    notes: tuple[str, ...] = ()


NOTE_WORDS = 8  # a note is named by its concept, label and first words


def note_line(concept_id: str, note: dict) -> str:
    """'ccg-duelist difference: Lotus: a challenging Duelist whose Chi (or': a note the list shows."""
    return f"{concept_id} {note['label']}: {' '.join(note['text'].split()[:NOTE_WORDS])}"


def notes(results) -> tuple[str, ...]:
    """The note above each concept group of engine results that shows one, in order."""
    return tuple(note_line(g.concept["id"], g.note) for g in results.groups if g.headed and g.note)


def ranked(hits) -> list[str]:
    """`id#anchor` of engine hits, the anchor without its entry's id (`lotus-bowing#p1`), and `+anchor` of
    the neighbour shown with it when the two scored as one window (`lotus-bowing#p1+p2`)."""
    out = []
    for hit in hits:
        entry = hit.payload["id"]
        passage = hit.passage or {}
        anchor, partner = passage.get("anchor"), (passage.get("partner") or {}).get("anchor")
        out.append(
            entry
            + ("#" + shorten(entry, anchor) if anchor else "")
            + ("+" + shorten(entry, partner) if partner else "")
        )
    return out


def shorten(entry: str, anchor: str) -> str:
    return anchor[len(entry) + 1 :] if anchor.startswith(entry + "-") else anchor


def rank(engine, case: Case) -> Ranking:
    results = engine.search(case.q, edition=case.edition, limit=DEPTH)
    return Ranking(ranked(results.hits), notes(results))


def line(case: Case, ranking: Ranking) -> str:
    row = {"set": case.set, "q": case.q, **({"edition": case.edition} if case.edition else {}), "top": ranking.top}
    if ranking.notes:
        row["notes"] = list(ranking.notes)
    return json.dumps(row, ensure_ascii=True)


def read(path: Path) -> list[tuple[Case, Ranking]]:
    rows = []
    for text in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(text)
        rows.append((Case(row["set"], row["q"], row.get("edition")), Ranking(row["top"], tuple(row.get("notes", ())))))
    return rows


def current(root: Path) -> list[tuple[Case, Ranking]]:
    """Every case ranked by the CLI's engine on the checkout at `root` now."""
    with open_engine(root) as engine:
        return [(case, rank(engine, case)) for case in cases(root)]


def differences(expected: list[tuple[Case, Ranking]], got: list[tuple[Case, Ranking]]) -> list[str]:
    """One line per case whose ranking (or notes) differs, or that one side lacks."""
    want = {c.key(): top for c, top in expected}
    have = {c.key(): top for c, top in got}
    out = []
    for key in dict.fromkeys([*want, *have]):
        if want.get(key) != have.get(key):
            was, now = _shown(want.get(key)), _shown(have.get(key))
            out.append(f"{key[0]} {key[1]!r}{' edition=' + key[2] if key[2] else ''}: {was} -> {now}")
    return out


def _shown(ranking) -> str:
    """A ranking as a difference names it: its hits, and its notes where it has some."""
    if not isinstance(ranking, Ranking):
        return str(ranking)
    return str(ranking.top) + (f" notes {list(ranking.notes)}" if ranking.notes else "")


def main(argv: list[str]) -> int:
    root = Path(__file__).resolve().parents[2]
    if argv not in (["--write"], ["--check"]):
        print("usage: python -m l5r_rules.search.golden --write|--check", file=sys.stderr)
        return 2
    got = current(root)
    path = root / GOLDEN
    if argv == ["--write"]:
        path.write_text("".join(line(c, ranking) + "\n" for c, ranking in got), encoding="utf-8")
        print(f"{path}: {len(got)} questions")
        return 0
    diff = differences(read(path), got)
    for d in diff[:50]:
        print(d)
    print(f"{len(got) - len(diff)} of {len(got)} questions rank as {GOLDEN} says")
    return 1 if diff else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
