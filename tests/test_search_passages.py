"""Passages: search ranks and shows the paragraph that answers, and links to its anchor on the site.

The anchors must be the site's own (site/textrender.py numbers the top-level blocks of an
entry's text): checked on every real entry, and on the built fixture site's pages through
the real `l5r-rules search --json`.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner
from site_helpers import built_fixture_site, page

from l5r_rules.blocks import block_anchors
from l5r_rules.cli import cli
from l5r_rules.kb import load_kb
from l5r_rules.search import evaluation
from l5r_rules.search.passages import BLOCK_WORDS, blocks, passages, windows
from l5r_rules.site.textrender import render_text  # the site renderer, whose anchors search must match

REPO = Path(__file__).resolve().parent.parent


def _flat(text: str) -> str:
    return " ".join(text.split())


@pytest.fixture(scope="module")
def entries():
    return load_kb(REPO).entries


def test_every_passage_anchor_is_an_anchor_the_site_renders(entries):
    for entry_id, entry in entries.items():
        html = render_text(entry["text"], entry_id, block_anchors(entry))
        own = re.findall(r'id="([^"]+)" class="l5r-para', html)  # a block's own anchor (aliases come before it)
        translation = (entry.get("translation") or {}).get("text", "")
        rendered = set(own) | set(re.findall(r'id="([^"]+)"', render_text(translation, entry_id + "-en")))
        found = passages(entry_id, entry["text"], translation, entry.get("anchors"))
        assert found or not entry["text"].strip(), entry_id
        missing = {p.anchor for p in found} - rendered
        assert not missing, f"{entry_id}: anchors not on the page: {missing}"
        assert len(blocks(entry["text"])) == len(own), entry_id  # every block has a passage, numbered alike


def test_passages_are_verbatim_pieces_of_their_block_and_cover_it(entries):
    for entry_id, entry in entries.items():
        for block in blocks(entry["text"]):
            parts = windows(block)
            assert all(_flat(w) in _flat(block) for w in parts), entry_id
            if len(block.split()) <= BLOCK_WORDS:
                assert parts == [block]
            else:  # every word of the block is in some window, and windows follow the block's order
                assert _flat(parts[0]).split()[0] == _flat(block).split()[0], entry_id
                assert _flat(parts[-1]).split()[-1] == _flat(block).split()[-1], entry_id
                assert sum(len(w.split()) for w in parts) >= len(block.split()), entry_id


def _search(root: Path, *args: str) -> list[dict]:
    result = CliRunner().invoke(cli, ["search", *args, "--json", "--root", str(root)], catch_exceptions=False)
    assert result.exit_code == 0, result.output
    return json.loads(result.output)


# question -> (entry, anchor of the passage that answers it); a German entry's English passages
# are its translation's paragraphs, with their own anchors.
ANSWERS = {
    "bowed personality assigned to attack or defend": ("gold-bowing", "gold-bowing-p4"),
    "does bowing turn off continuous effects": ("gold-bowing", "gold-bowing-p3"),
    "coastal border shared with the sea": ("bfr-provinzen", "bfr-provinzen-en-p2"),
    "Landgrenze benachbart": ("bfr-provinzen", "bfr-provinzen-p2"),
}


@pytest.mark.parametrize("question", ANSWERS)
def test_the_anchor_search_gives_exists_on_the_built_entry_page(question):
    site = built_fixture_site()
    entry_id, anchor = ANSWERS[question]
    hits = {h["id"]: h for h in _search(site.parent, question)}
    hit = hits[entry_id]
    assert hit["anchor"] == anchor and hit["passage_url"] == f"entries/{entry_id}/#{anchor}"
    html = page(site, hit["url"])
    assert f'id="{anchor}"' in html
    assert hit["passage"]["index"] == int(anchor.rsplit("-p", 1)[1])
    words = _flat(hit["passage"]["text"]).split()[:6]  # the page shows the passage's words under that anchor
    after = html.split(f'id="{anchor}"', 1)[1]
    assert all(w.strip("*") in after for w in words), (words, after[:300])


def test_the_list_shows_the_answering_passage_plain_when_piped_and_bold_on_a_terminal():
    root = built_fixture_site().parent
    args = ["search", "does bowing turn off continuous effects", "--root", str(root), "--limit", "2"]
    piped = CliRunner().invoke(cli, args, env={"COLUMNS": "200"})
    assert piped.exit_code == 0 and "\x1b[" not in piped.output
    assert "¶3 Once a card or Stronghold bows, it cannot take another action until it straightens" in piped.output
    shown = CliRunner().invoke(cli, args, env={"COLUMNS": "200"}, color=True)
    assert click_bold("continuous") in shown.output and click_bold("Bowing") in shown.output
    assert click_bold("Once") not in shown.output


def click_bold(word: str) -> str:
    import click

    return click.style(word, bold=True)


def test_explain_says_how_the_score_was_made():
    root = built_fixture_site().parent
    hit = _search(root, "bowed personality assigned to attack or defend", "--explain")[0]
    why = hit["explain"]
    names = [p["part"] for p in why["parts"]]
    assert names == ["heading", "whole text", "best passage"]
    assert why["parts"][2]["anchor"] == hit["anchor"]
    assert abs(sum(p["score"] * p["weight"] for p in why["parts"]) - why["sum"]) < 0.01
    factor = 1.0
    for f in why["factors"]:
        factor *= f["factor"]
    assert abs(why["sum"] * factor - why["score"]) < 0.01
    assert "defend" in why["parts"][2]["fields"]["text"]["terms"]
    text = CliRunner().invoke(cli, ["search", "bowed personality defend", "--root", str(root), "--explain"]).output
    assert "best passage ¶4 (gold-bowing-p4)" in text and "why: score" in text


def test_an_eval_file_with_splits_is_read_one_split_at_a_time(tmp_path):
    path = tmp_path / "eval.yaml"
    path.write_text(
        "questions:\n- {id: a, q: x, answers: [e], phrase: p, tags: [], split: tune}\n"
        "- {id: b, q: y, answers: [f], phrase: p, tags: [], split: sealed}\n",
        encoding="utf-8",
    )
    with pytest.raises(ValueError, match="name one"):
        evaluation.load_questions(path)
    assert [q.id for q in evaluation.load_questions(path, "tune")] == ["a"]


def test_a_hit_answers_by_entry_or_concept_and_visibility_needs_the_phrase_shown():
    q = evaluation.Question("q", ["some-concept"], phrase="Turn  a card\nsideways")
    hits = [
        evaluation.Ranked("x", None, ""),
        evaluation.Ranked("lotus-bow", "some-concept", "bow: turn a card sideways."),
    ]
    outcome = evaluation.Outcome(q, hits)
    assert outcome.rank == 2 and outcome.visible
    assert not evaluation.Outcome(q, [evaluation.Ranked("lotus-bow", "some-concept", "bow: turn")]).visible


def test_two_neighbouring_passages_score_as_one_and_explain_says_so():
    """A rule over two paragraphs: the pair, scored as one (ranking.WINDOW_WEIGHT), beats either alone."""
    from l5r_rules.search import ranking
    from l5r_rules.search.engine import open_engine
    from l5r_rules.search.querying import build_query, plan
    from l5r_rules.search.scoring import score as score_query

    question = "card says instead, does trigger still count"
    with open_engine(REPO) as engine:
        q = build_query(engine.stats, plan(question, engine.synonyms, engine.names))
        _, parts, _ = ranking.entry_scores(engine.stats, engine.passages, engine.docs, q)
        docnum = engine.docnum[("entry", "lcg-replacement-effects")]
        slots = ranking.passage_slots(q)
        single = []
        for pnum in engine.passages.of_entry(docnum):
            scores = [score_query(engine.passages.stats, s).get(pnum) for s in slots]
            held = [v for v in scores if v is not None]
            single.append(sum(held) * len(held) / len(slots))
        assert parts[docnum].passage > max(single)
        hits = engine.search(question, explain=True).hits
        hit = next(h for h in hits if h.payload["id"] == "lcg-replacement-effects")
        best = hit.explain["parts"][2]
        assert best["window"]["coverage"][0] > best["coverage"][0]  # together they hold more of the words
        # a German paragraph and its translation are never one window
        for docnum in range(len(engine.docs)):
            nums = list(engine.passages.of_entry(docnum))
            for a, b in zip(nums, nums[1:]):
                if (a in engine.passages.translated) != (b in engine.passages.translated):
                    assert not ranking._neighbours(engine.passages, a, b)
