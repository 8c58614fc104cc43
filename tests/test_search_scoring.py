"""scoring.py folds a query tree over dicts instead of running whoosh's matchers:
it must give whoosh's own scores and order, for every eval question, with and without filters."""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query as Q

from l5r_rules.search import evaluation
from l5r_rules.search.engine import open_engine
from l5r_rules.search.querying import build_query, plan
from l5r_rules.search.scoring import score, top

REPO = Path(__file__).resolve().parent.parent
QUESTIONS = evaluation.load_questions(REPO / "tests" / "search_eval.yaml")
FILTERS = [None, Q.Term("edition", "lotus"), Q.Or([Q.Term("game", "bfr"), Q.Term("doctype", "concept")])]


@pytest.fixture(scope="module")
def engine():
    with open_engine(REPO) as e:
        yield e


def whoosh_ranking(searcher, q, limit, filter_query):
    return [(hit.docnum, hit.score) for hit in searcher.search(q, limit=limit, filter=filter_query)]


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.q for q in QUESTIONS])
def test_same_scores_as_whoosh(engine, question):
    q = build_query(engine.searcher.reader(), plan(question.q, engine.synonyms))
    if q is None:
        pytest.skip("no query terms")
    ours = score(engine.searcher, q)
    theirs = dict(whoosh_ranking(engine.searcher, q, None, None))
    assert ours.keys() == theirs.keys()
    for docnum, value in theirs.items():
        assert ours[docnum] == pytest.approx(value, rel=1e-9)


@pytest.mark.parametrize("filter_query", FILTERS, ids=["all", "lotus", "bfr-or-concept"])
def test_same_top_results_as_whoosh(engine, filter_query):
    searcher = engine.searcher
    allow = None if filter_query is None else {d for d, _ in whoosh_ranking(searcher, filter_query, None, None)}
    compared = 0
    for question in QUESTIONS:
        q = build_query(searcher.reader(), plan(question.q, engine.synonyms))
        if q is None:
            continue
        ours = top(score(searcher, q), 40, allow)
        theirs = whoosh_ranking(searcher, q, 40, filter_query)
        assert [d for d, _ in ours] == [d for d, _ in theirs], question.q
        compared += 1
    assert compared > len(QUESTIONS) * 0.9


def test_unknown_terms_and_fields_match_nothing(engine):
    assert score(engine.searcher, Q.Term("text", "zzzqqq")) == {}
    assert score(engine.searcher, Q.Term("no_such_field", "bow")) == {}
    assert score(engine.searcher, Q.And([Q.Term("text", "bow"), Q.Term("text", "zzzqqq")])) == {}


def test_other_query_types_are_refused(engine):
    with pytest.raises(TypeError):
        score(engine.searcher, Q.Prefix("text", "bo"))
