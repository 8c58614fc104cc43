"""Entries carry the pages the books give: Ivory from its page markers, Gold and Lotus from their
tables of contents (data-driven from the contents' text); citations read 'p. N' / 'pp. N-M'."""

from __future__ import annotations

import re

import pytest

from l5r_rules.citation import Citation, of_entry
from l5r_rules.normalize import repair

MARKER = re.compile(r"-(\d+)-")
CONTENTS = {  # document id -> (line opening its table of contents, line closing it)
    "lotus-rulebook": ("Contents", "| Become Part of the Imperial Assembly!"),
    "gold-rulebook": ("Table of Contents", "Rokugani Terms"),
}


@pytest.fixture(scope="module")
def kb(repo_root):
    from l5r_rules.kb import load_kb

    return load_kb(repo_root)


def _contents_rows(text: str, opener: str, closer: str) -> list[tuple[str, int]]:
    lines = text.splitlines()
    start = lines.index(opener)
    rows = []
    for line in lines[start + 1 :]:
        m = re.match(r"^\|?\s*(.+?)\s*\|?\s*(\d+)\s*\|?$", line.strip())
        if m and not m.group(1).startswith("--"):
            rows.append((m.group(1).strip(" |"), int(m.group(2))))
        if line.strip().startswith(closer):
            break
    return rows


@pytest.mark.parametrize("doc_id", sorted(CONTENTS))
def test_entries_carry_the_pages_their_table_of_contents_gives(kb, doc_id):
    doc = kb.documents[doc_id]
    rows = _contents_rows(doc.raw_text(kb.layout), *CONTENTS[doc_id])
    assert len(rows) > 20
    entries = sorted(kb.entries_of(doc.edition), key=lambda e: e["order"])
    checked = after = 0
    for (heading, page), nxt in zip(rows, rows[1:] + [None]):
        own = [e for e in entries if e["order"] >= after and e["term"].lower() == heading.lower()]
        if not own:
            continue
        after = own[0]["order"]
        source = own[0]["source"]
        assert source["page"] == page and source["page_from"] == "toc", (heading, source)
        if nxt and nxt[1] > page:
            assert source.get("page_end") == nxt[1], (heading, source)
        checked += 1
    assert checked >= 15, checked
    with_pages = [e for e in entries if e["source"]["page"]]
    first_listed = min(e["order"] for e in entries if e["source"]["page"])
    assert all(e["source"]["page"] for e in entries if e["order"] >= first_listed)
    assert len(with_pages) >= len(entries) - 1


def _ivory_lines(text: str) -> list[tuple[str, int]]:
    """(line without its marker, page) for the walkthrough: a marker ends its page, later lines are on the next."""
    body = text[text.index("-14-") - 2000 :]
    out, pending = [], []
    for raw in body.splitlines():
        line = MARKER.sub("", raw).strip()
        if line:
            pending.append(line)
        m = list(MARKER.finditer(raw))
        if m:
            out += [(p, int(m[-1].group(1))) for p in pending]
            pending = []
            last = int(m[-1].group(1))
    return out + [(p, last + 1) for p in pending]


def _find(lines: list[tuple[str, int]], want: str, start: int, strict: bool = True) -> int | None:
    """The index of the source line `want` nearest to `start` (after it, or before it for a moved sidebar)."""
    same = [i for i, (line, _) in enumerate(lines) if re.sub(r"<[^>]+>", "", line).split() == want.split()]
    if not same and not strict:
        return None
    assert same, want
    return min(same, key=lambda i: (abs(i - start), i < start))  # short repeated lines ("Chi"): the nearest


def test_ivory_entries_span_the_pages_of_their_lines(kb):
    doc = kb.documents["ivory-rulebook"]
    lines = _ivory_lines(repair(doc.raw_text(kb.layout), doc.artifacts))  # as import reads it ("cards.TM")
    marked = [e for e in sorted(kb.entries_of("ivory"), key=lambda e: e["order"]) if e["source"]["page"]]
    assert len(marked) >= 40
    cursor = 0
    spanning = 0
    for entry in marked:
        pages = []
        heading = [entry["term"]] if _find(lines, entry["term"], cursor, strict=False) is not None else []
        # (an entry split at a body paragraph is titled by a label inside its text, not by a line of its own)
        for want in [*heading, *[x.strip() for x in entry["text"].split("\n") if x.strip()]]:
            at = _find(lines, want, cursor)
            pages.append(lines[at][1])
            if at >= cursor:  # a sidebar read after the text it interrupts (the outline's moves) lies behind
                cursor = at + 1
        source = entry["source"]
        assert source["page_from"] == "marker"
        assert (source["page"], source.get("page_end", source["page"])) == (pages[0], max(pages)), entry["id"]
        spanning += max(pages) > pages[0]
    assert spanning >= 20


def test_the_duelist_tie_rule_is_printed_on_page_73(kb):
    """Issue #14: cited as p. 71 (where 'Duels' starts) but printed on p. 73."""
    duels = kb.entries["ivory-duels"]
    assert "the Duelist\n   Personality wins the duel instead" in duels["text"]  # step 3's, indented under it
    assert (duels["source"]["page"], duels["source"]["page_end"]) == (71, 73)
    assert of_entry(duels).where.endswith("Duels, pp. 71-73")
    tail = _ivory_lines(kb.documents["ivory-rulebook"].raw_text(kb.layout))
    assert [p for line, p in tail if line.startswith("Personality wins the duel instead")] == [73]


@pytest.mark.parametrize(
    "fields, where",
    [
        ({"page": 38, "page_from": "marker"}, "Bowing, p. 38"),
        ({"page": 71, "page_end": 73, "page_from": "marker"}, "Bowing, pp. 71-73"),
        ({"page": 24, "page_end": 25, "page_from": "toc"}, "Bowing, pp. 24-25 (from the contents)"),
        ({"page": 48, "page_from": "toc"}, "Bowing, p. 48 (from the contents)"),
        ({"page": None}, "Bowing"),
    ],
)
def test_citation_reads_pages_aloud(fields, where):
    entry = {"edition": "lotus", "source": {"document": "x", "section": ["Bowing"], **fields}}
    assert of_entry(entry).where == where
    assert Citation("T", "lotus", ("Bowing",)).where == "Bowing"


def test_schema_refuses_page_fields_without_a_page(repo_root):
    from l5r_rules.schemas import validator

    entry = dict(
        id="x-a", term="A", game="ccg", edition="gold", kind="rule", lang="en", text="A", order=1,
        source={"document": "gold-rulebook", "section": ["A"], "page": None, "page_from": "toc"},
    )  # fmt: skip
    assert list(validator("entry").iter_errors(entry))
    entry["source"] = {"document": "gold-rulebook", "section": ["A"], "page": 3}
    assert list(validator("entry").iter_errors(entry)), "a page needs page_from"
    entry["source"]["page_from"] = "toc"
    assert not list(validator("entry").iter_errors(entry))


def test_a_passage_is_cited_by_the_page_it_is_printed_on(kb, cli, repo_root):
    """The Duelist-tie sentence of 'Duels' (pp. 71-73) is on p. 73; search shows it as '¶2, p. 73' (the steps'
    list, the entry's second block)."""
    from l5r_rules.citation import passage_pages

    duels = kb.entries["ivory-duels"]
    tie = "If the duel is a tie but one of the Personalities is a Duelist and the other is not"
    assert passage_pages(duels["source"], duels["text"], tie) == (73, 73)
    assert passage_pages(duels["source"], duels["text"], "Follow these steps in a duel:") == (71, 71)
    assert passage_pages(duels["source"], duels["text"], "strike. The players continue to take turns") == (71, 72)
    assert (
        passage_pages(
            kb.entries["lotus-bowing-and-straightening"]["source"],
            kb.entries["lotus-bowing-and-straightening"]["text"],
            "bow",
        )
        is None
    )
    out = cli("search", "duelist tie", "--root", str(repo_root)).output
    assert "¶2, p. 73 " in out, out
