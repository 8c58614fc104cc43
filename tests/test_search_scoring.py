"""scoring.py folds a query tree over dicts instead of running whoosh's matchers:
it must give whoosh's own scores and order (whoosh.searching.Searcher with BM25F),
for every eval question, with and without filters."""

from __future__ import annotations

from pathlib import Path

import pytest
from whoosh import query as Q
from whoosh.matching import NullMatcher
from whoosh.matching.binary import DisjunctionMaxMatcher
from whoosh.scoring import BM25F

from l5r_rules.search import evaluation, ranking
from l5r_rules.search.engine import open_engine
from l5r_rules.search.fields import SEARCH_FIELDS
from l5r_rules.search.querying import build_query, plan
from l5r_rules.search.scoring import All, Any, Max, ReaderStats, Term, prune, score, top
from l5r_rules.search.vocabulary import Vocabulary

REPO = Path(__file__).resolve().parent.parent
QUESTIONS = evaluation.load_questions(REPO / "tests" / "search_eval.yaml")
FILTERS = [None, Q.Term("edition", "lotus"), Q.Or([Q.Term("game", "bfr"), Q.Term("doctype", "concept")])]


@pytest.fixture(scope="module")
def engine():
    with open_engine(REPO) as e:
        yield e


@pytest.fixture(scope="module")
def searcher(engine):
    """whoosh's own searcher, told the one statistic ReaderStats defines differently on purpose
    (the average length of a field only German entries fill), so the fold itself is compared."""
    with engine.ix.searcher(weighting=BM25F()) as s:
        s.avg_field_length = engine.stats.avg_field_length
        yield s


def test_fields_only_german_entries_fill_are_averaged_over_those(engine):
    stats, reader = engine.stats, engine.reader
    assert set(stats.field_docs) == {"term_de", "section_de", "text_de", "parts_de", "hints", "hints_de"}
    entries = sum(1 for d in engine.docs if d["doctype"] == "entry")
    assert stats.field_docs["hints"] == entries  # every entry has hints; concepts and errata none
    german = sum(1 for d in engine.docs if d["id"].startswith("bfr-") and d["doctype"] == "entry")
    assert stats.field_docs["text_de"] == stats.field_docs["term_de"] == german
    assert stats.avg_field_length("text_de") == pytest.approx(reader.field_length("text_de") / german)
    assert stats.avg_field_length("text") == pytest.approx(reader.field_length("text") / reader.doc_count_all())


class _DisMaxMatcher(DisjunctionMaxMatcher):
    """whoosh 2.7's DisjunctionMaxMatcher, with two slips fixed so it computes what its class
    says: score() took the max of both sub-matchers whenever both were active, even when they
    stood on different documents (a document that only one part matched got the other part's
    score of another document); replace() dropped both when one ran out."""

    def score(self):
        a, b = self.a, self.b
        if not a.is_active() or (b.is_active() and b.id() < a.id()):
            return b.score()
        if not b.is_active() or a.id() < b.id():
            return a.score()
        return max(a.score(), b.score())

    def replace(self, minquality=0):
        a, b = self.a, self.b
        if not (a.is_active() or b.is_active()):
            return NullMatcher()
        if not a.is_active():
            return b.replace(minquality)
        if not b.is_active():
            return a.replace(minquality)
        a, b = a.replace(minquality), b.replace(minquality)
        if not (a.is_active() or b.is_active()):
            return NullMatcher()
        if not a.is_active():
            return b
        if not b.is_active():
            return a
        return self if (a is self.a and b is self.b) else self.__class__(a, b)


class _DisjunctionMax(Q.DisjunctionMax):
    """whoosh.query.DisjunctionMax (tiebreak 0), run with the fixed matcher above."""

    def _matcher(self, subs, searcher, context):
        reader = searcher.reader()
        return self._tree_matcher(
            subs, _DisMaxMatcher, searcher, context, lambda q: q.estimate_size(reader), tiebreak=self.tiebreak
        )


def to_whoosh(node) -> Q.Query:
    if isinstance(node, Term):
        return Q.Term(node.field, node.text, boost=node.boost)
    parts = [to_whoosh(p) for p in node.parts]
    if isinstance(node, All):
        return Q.And(parts, boost=node.boost)
    if isinstance(node, Max):
        return _DisjunctionMax(parts, boost=node.boost, tiebreak=0.0)
    q = Q.Or(parts, boost=node.boost)
    q.matcher_type = Q.Or.DEFAULT_MATCHER
    return q


def whoosh_ranking(searcher, q, limit, filter_query):
    return [(hit.docnum, hit.score) for hit in searcher.search(q, limit=limit, filter=filter_query)]


def query_of(engine, question):
    return build_query(engine.stats, plan(question, engine.synonyms, engine.names))


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.q for q in QUESTIONS])
def test_same_scores_as_whoosh(engine, searcher, question):
    q = query_of(engine, question.q)
    if q is None:
        pytest.skip("no query terms")
    ours = score(engine.stats, q)
    theirs = dict(whoosh_ranking(searcher, to_whoosh(q), None, None))
    assert ours.keys() == theirs.keys()
    for docnum, value in theirs.items():
        assert ours[docnum] == pytest.approx(value, rel=1e-9)


@pytest.mark.parametrize("filter_query", FILTERS, ids=["all", "lotus", "bfr-or-concept"])
def test_same_top_results_as_whoosh(engine, searcher, filter_query):
    allow = None if filter_query is None else {d for d, _ in whoosh_ranking(searcher, filter_query, None, None)}
    compared = 0
    for question in QUESTIONS:
        q = query_of(engine, question.q)
        if q is None:
            continue
        ours = top(score(engine.stats, q), 40, allow)
        theirs = whoosh_ranking(searcher, to_whoosh(q), 40, filter_query)
        assert [d for d, _ in ours] == [d for d, _ in theirs], question.q
        compared += 1
    assert compared > len(QUESTIONS) * 0.9


# hand-made trees that exercise each rule of the fold, including whoosh's quirk that a
# compound with a single part ignores its own boost
TREES = [
    Term("text", "bow", 2.0),
    Any((Term("text", "bow"), Term("term", "bow", 3.0), Term("text", "duel")), 1.5),
    All((Term("text", "bow"), Term("text", "person")), 2.0),
    Any((All((Term("text", "duel"), Term("text", "tie"))), Term("aliases", "duel")), 0.5),
    Any((Term("text", "bow", 2.0),), 7.0),
    All((Term("text_de", "kampf"), Term("text_de", "provinz")), 1.0),
    Max((Term("aliases", "duel"), Term("aliases_de", "duel"))),
    Max((Term("text_de", "kampf"), Term("parts_de", "kampf", 0.8), Term("text", "duel")), 2.0),
    Any((Max((Term("text", "bow"), All((Term("text", "bow"), Term("text", "person"))))), Term("term", "bow"))),
    Max((Term("text", "bow", 3.0),), 5.0),
]


@pytest.mark.parametrize("tree", TREES, ids=[str(i) for i in range(len(TREES))])
def test_hand_made_trees_score_as_in_whoosh(engine, searcher, tree):
    ours = score(engine.stats, tree)
    theirs = dict(whoosh_ranking(searcher, to_whoosh(tree), None, None))
    assert ours and ours.keys() == theirs.keys()
    assert all(ours[d] == pytest.approx(s, rel=1e-9) for d, s in theirs.items())


def test_unknown_terms_and_fields_match_nothing(engine):
    assert score(engine.stats, Term("text", "zzzqqq")) == {}
    assert score(engine.stats, Term("no_such_field", "bow")) == {}
    assert score(engine.stats, All((Term("text", "bow"), Term("text", "zzzqqq")))) == {}
    assert score(engine.stats, Any(())) == {}


def test_other_node_types_are_refused(engine):
    with pytest.raises(TypeError):
        score(engine.stats, ("text", "bow"))


def test_remembered_statistics_build_the_same_queries(engine):
    """ReaderStats remembers look-ups: after answering every question once, it still builds the
    trees a fresh one builds."""
    for question in QUESTIONS:
        engine.search(question.q)
    vocabulary = Vocabulary(lambda: dict(engine.stats.vocabulary.counts))
    fresh = ReaderStats(engine.reader, field_docs=engine.stats.field_docs, vocabulary=vocabulary)
    for question in QUESTIONS:
        assert build_query(engine.stats, plan(question.q, engine.synonyms, engine.names)) == build_query(
            fresh, plan(question.q, engine.synonyms, engine.names)
        ), question.q


def maxes(node):
    """Every Max of a query tree."""
    if isinstance(node, Max):
        yield node
    if not isinstance(node, Term):
        for part in node.parts:
            yield from maxes(part)


def fields_of(node) -> set[str]:
    return {node.field} if isinstance(node, Term) else {f for part in node.parts for f in fields_of(part)}


@pytest.mark.parametrize(
    ("question", "family"),
    [("duel", {"aliases", "aliases_de"}), ("Kampf", {"text_de", "parts_de"})],
)
def test_a_typed_word_counts_once_in_fields_that_index_it_twice(engine, question, family):
    """Both fields of the family hold the word in some documents; there the word scores the
    better field's score, not the sum of both."""
    q = query_of(engine, question)
    (group,) = [m for m in maxes(q) if fields_of(m) == family]
    scored = [score(engine.stats, part) for part in group.parts]
    both = set(scored[0]).intersection(*scored[1:])
    assert both
    ours = score(engine.stats, group)
    for d in both:
        assert ours[d] == max(s[d] for s in scored) < sum(s[d] for s in scored)


def test_synonyms_count_once_in_the_aliases(engine):
    """'tap' searches bow too: all of the word's alias terms, in either analyzer, make one Max."""
    q = query_of(engine, "tap")
    alias_groups = [m for m in maxes(q) if fields_of(m) & {"aliases", "aliases_de"}]
    assert len(alias_groups) == 1
    assert fields_of(alias_groups[0]) == {"aliases", "aliases_de"}
    assert {t.text for t in alias_groups[0].parts} >= {"tap", "bow"}


@pytest.mark.parametrize("question", QUESTIONS, ids=[q.q for q in QUESTIONS])
def test_scores_split_by_field_group_add_up(engine, question):
    """ranking.py scores the heading fields apart and takes the rest as the difference: every
    Max (like every All) must lie within one of the groups, so the two parts add up."""
    q = query_of(engine, question.q)
    if q is None:
        pytest.skip("no query terms")
    head_fields = frozenset(ranking.HEAD_FIELDS)
    rest_fields = frozenset(SEARCH_FIELDS) - head_fields
    for m in maxes(q):
        assert fields_of(m) <= head_fields or fields_of(m) <= rest_fields
        assert fields_of(m) <= ranking.PASSAGE_FIELDS or not fields_of(m) & ranking.PASSAGE_FIELDS
    whole = score(engine.stats, q)
    split = [score(engine.stats, p) for p in (prune(q, head_fields), prune(q, rest_fields)) if p is not None]
    assert whole.keys() == set().union(*split)
    for d, value in whole.items():
        assert sum(part.get(d, 0.0) for part in split) == pytest.approx(value, rel=1e-9)
