"""The CLI ranks every evaluation question as tests/search_golden.jsonl says (issue 27).

The golden file is the ranking the browser's search is checked against at 100 %
(tests/test_browser_search.py), and the guard that a refactoring ranks nothing differently: the
first 10 hits of every question of every eval set, each with the passage it shows, not just recall.
A change that means to rank differently rewrites it on purpose
(`python -m l5r_rules.search.golden --write`), and the diff shows every question that moved.
"""

from __future__ import annotations

from pathlib import Path

from l5r_rules.search import golden

ROOT = Path(__file__).resolve().parent.parent


def test_golden_file_covers_every_eval_question():
    stored = [case for case, _ in golden.read(ROOT / golden.GOLDEN)]
    assert stored == golden.cases(ROOT), "eval sets changed: python -m l5r_rules.search.golden --write"
    assert {case.set for case in stored} >= {"own", "unseen5:sealed", "tricky", "filtered"}


def test_cli_ranks_as_the_golden_file_says():
    diff = golden.differences(golden.read(ROOT / golden.GOLDEN), golden.current(ROOT))
    assert not diff, f"{len(diff)} questions rank differently, e.g. " + "\n".join(diff[:5])


def test_a_changed_ranking_is_named():
    case = golden.Case("own", "bowing")
    diff = golden.differences([(case, ["a#p1", "b#p1"])], [(case, ["b#p1", "a#p1"])])
    assert diff == ["own 'bowing': ['a#p1', 'b#p1'] -> ['b#p1', 'a#p1']"]
    assert golden.differences([(case, ["a"])], []) == ["own 'bowing': ['a'] -> None"]
