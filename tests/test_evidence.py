"""Evidence for our own words: every concept claim and erratum summary quotes the rules it rests on.

Data-driven: each case corrupts the tiny fixture concept one way and names the code, field and line
`validate` must report; the real glossary is then held to the same rules (0 claims without evidence,
every concept reviewed against the entries it lists), and the site and the terminal show the quotes.
"""

from __future__ import annotations

import re

import pytest

from l5r_rules import yamlio
from l5r_rules.normalize import collapse

GOOD = '- entry: lotus-bowing\n  quote: "To **bow** a card"\n'

# (what, replacement of GOOD in the fixture concept, code, field)
BAD_QUOTES = [
    (
        "misquoted",
        '- entry: lotus-bowing\n  quote: "a card, turn it upside down."\n',
        "L5R054",
        "summary_evidence[0].quote",
    ),
    (
        "unknown entry",
        '- entry: lotus-bowin\n  quote: "a card, turn it sideways."\n',
        "L5R053",
        "summary_evidence[0].entry",
    ),
    ("too short", '- entry: lotus-bowing\n  quote: "sideways."\n', "L5R055", "summary_evidence[0].quote"),
    (
        "quote from another entry",
        '- entry: lotus-straightening\n  quote: "a card, turn it sideways."\n',
        "L5R054",
        "summary_evidence[0].quote",
    ),
    ("no quote at all", "[]\n", "L5R010", "summary_evidence"),
]


@pytest.mark.parametrize("what, replacement, code, field", BAD_QUOTES, ids=[c[0] for c in BAD_QUOTES])
def test_a_bad_summary_quote_names_code_field_and_line(cli, mini_root, what, replacement, code, field):
    path = mini_root / "glossary/concepts/bowing.yaml"
    text = path.read_text()
    assert GOOD in text
    text = text.replace(
        "summary_evidence:\n" + GOOD,
        "summary_evidence:\n" + GOOD.replace(GOOD, replacement) if replacement != "[]\n" else "summary_evidence: []\n",
    )
    path.write_text(text)
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 1
    line = next(n for n, row in enumerate(text.splitlines(), 1) if row.startswith("summary_evidence"))
    hits = [row for row in result.output.splitlines() if f" {code} {field}" in row]
    assert hits, result.output
    assert int(re.match(r"glossary/concepts/bowing\.yaml:(\d+):", hits[0]).group(1)) >= line


def test_whitespace_and_line_breaks_in_a_quote_do_not_matter(cli, mini_root):
    path = mini_root / "glossary/concepts/bowing.yaml"
    path.write_text(
        path.read_text().replace(GOOD, "- entry: lotus-bowing\n  quote: >-\n    a card,\n      turn   it sideways.\n")
    )
    assert cli("validate", "--root", str(mini_root)).exit_code == 0


DIFFERENCE = """differences:
- text: Our words about bowing.
  editions: [lotus, gold]
  entries: [lotus-bowing]
{evidence}"""


@pytest.mark.parametrize(
    "evidence, code",
    [
        (
            f"  evidence:\n  {GOOD.replace(chr(10) + '  ', chr(10) + '    ')}",
            "L5R056",
        ),  # gold named, only a Lotus quote
        ("", "L5R012"),  # a difference without evidence
    ],
    ids=["edition without a quote", "no evidence"],
)
def test_every_edition_a_difference_names_needs_its_own_quote(cli, mini_root, evidence, code):
    path = mini_root / "glossary/concepts/bowing.yaml"
    text = path.read_text().replace("reviewed:", DIFFERENCE.format(evidence=evidence) + "reviewed:")
    path.write_text(text)
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 1 and f" {code} differences[0]" in result.output, result.output


def test_reviewed_names_real_entries(cli, mini_root):
    path = mini_root / "glossary/concepts/bowing.yaml"
    path.write_text(
        path.read_text().replace("entries: [lotus-bowing, lotus-straightening]", "entries: [lotus-bowing, lotus-bow]")
    )
    result = cli("validate", "--root", str(mini_root))
    assert result.exit_code == 1 and "L5R057 reviewed.entries[1]" in result.output


def test_a_misquoted_errata_summary_fails_validate(cli, repo_copy):
    path = repo_copy / "glossary/_errata_curated.yaml"
    doc = yamlio.load_plain(path)
    quote = doc["whats_new"]["items"][8]["evidence"][0]["quote"]
    path.write_text(path.read_text().replace(quote, quote + " always", 1))
    result = cli("validate", "--root", str(repo_copy))
    assert result.exit_code == 1 and "L5R054 whats_new.items[8].evidence[0].quote" in result.output


# --- the real glossary ---------------------------------------------------------------


def _concepts(repo_root):
    return [yamlio.load_plain(p) for p in sorted((repo_root / "glossary/concepts").glob("*.yaml"))]


def test_every_concept_claim_has_evidence_and_a_review(repo_root):
    concepts = _concepts(repo_root)
    assert len(concepts) >= 187
    missing = [c["id"] for c in concepts if not c.get("summary_evidence") or not c.get("reviewed")]
    missing += [
        f"{c['id']} difference {i}"
        for c in concepts
        for i, d in enumerate(c.get("differences") or [])
        if not d.get("evidence")
    ]
    assert not missing


def test_each_review_read_every_entry_its_concept_lists(repo_root):
    unread = {
        c["id"]: sorted({e for ids in c["entries"].values() for e in ids} - set(c["reviewed"]["entries"]))
        for c in _concepts(repo_root)
    }
    assert not {k: v for k, v in unread.items() if v}


def test_every_errata_record_carries_evidence(repo_root):
    records = [yamlio.load_plain(p) for p in sorted((repo_root / "glossary/errata").glob("*.yaml"))]
    assert records and all(r.get("evidence") for r in records)


def test_concept_page_folds_the_quotes_under_each_claim(fixture_site):
    page = (fixture_site / "concepts/bowing/index.html").read_text()
    folded = re.findall(r'<details class="l5r-evidence"[^>]*>(.*?)</details>', page, re.S)
    assert len(folded) >= 2  # the summary's and the difference's
    # each quote links to the paragraph it comes from (the entry page's anchor), not just the entry
    assert re.search(r'class="l5r-evidence-quote"[^>]*><a href="[^"]*gold-bowing/#gold-bowing-p\d+"', folded[0])
    assert "To bow a card or Stronghold," in collapse(re.sub("<[^>]+>", "", folded[0]))


def test_show_prints_each_quote_with_its_entry(cli):
    result = cli("show", "ccg-copying")
    assert result.exit_code == 0
    doc = yamlio.load_plain(__import__("pathlib").Path(__file__).parent.parent / "glossary/concepts/ccg-copying.yaml")
    for item in doc["summary_evidence"] + [q for d in doc.get("differences") or [] for q in d["evidence"]]:
        assert f"({item['entry']})" in result.output
        assert collapse(item["quote"])[:30] in collapse(result.output.replace("\n", " "))
