"""Entry boundaries follow the rules, not the page layout (issue #14 item 3).

Every entry's text ends at a sentence end, a list item, a table row or figure labels,
except where the source itself stops (the outline's `ends_unfinished`, with its reason);
the Ivory and Gold rules the issue names sit in the entries their headings name; the
outline's reading-order `moves` and labelled `splits` refuse anchors they cannot place.
"""

from __future__ import annotations

import pytest

from l5r_rules.checks.entry_ends import ends_cleanly
from l5r_rules.engine.ruleset import IVORY
from l5r_rules.importers.outline import Outline, document_outline
from l5r_rules.importers.paragraphs import Para
from l5r_rules.importers.reading_order import apply_moves
from l5r_rules.importers.sections import split
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout
from l5r_rules.normalize import collapse


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


def _unfinished(kb) -> dict[tuple[str, str], str]:
    """(document, term) -> reason, from every document's outline."""
    return {
        (doc.id, item["term"]): item["reason"]
        for doc in kb.documents.values()
        for item in document_outline(doc).ends_unfinished
    }


def test_every_entry_ends_at_a_rule_end(kb):
    allowed = _unfinished(kb)
    bad = [
        f"{e['id']}: ...{e['text'][-60:]!r}"
        for e in kb.entries.values()
        if not ends_cleanly(e["text"]) and (e["source"]["document"], e["term"]) not in allowed
    ]
    assert not bad, "entries that stop mid-sentence:\n" + "\n".join(bad)


def test_unfinished_exceptions_are_where_the_source_stops(kb, repo_root):
    allowed = _unfinished(kb)
    assert allowed, "Gold's file stops mid-sentence: its outline must say so"
    layout = Layout(repo_root)
    for (document, term), reason in allowed.items():
        assert reason.strip()
        entries = sorted(
            (e for e in kb.entries.values() if e["source"]["document"] == document), key=lambda e: e["order"]
        )
        named = [e for e in entries if e["term"] == term]
        assert len(named) == 1, f"{document}: ends_unfinished names {term!r}, which is {len(named)} entries"
        entry = named[0]
        assert not ends_cleanly(entry["text"]), f"{entry['id']} ends cleanly now: drop its ends_unfinished item"
        assert entry is entries[-1], f"{entry['id']} is not the document's last entry: the source goes on"
        source = kb.documents[document].normalized_text(layout)
        assert source.endswith(collapse(entry["text"])), f"{document} goes on after {entry['id']}"


@pytest.mark.parametrize(
    "text",
    [
        "In Rokugan ... “Honor\nis a force more powerful than steel.” A lord\nwith an honorable reputation finds many",
        "Again, reveal your face down cards in\nProvinces at the start of your Dynasty",
        "The battle has now resolved. All surviving",
        "Phase. The Crab has Counting House",
        "Some Items have the\nWeapon key",
    ],
)
def test_mid_sentence_ends_are_refused(text):
    assert not ends_cleanly(text)


@pytest.mark.parametrize(
    "text",
    [
        "Players draw a card.",
        "Ivory says so (see p. 31).",
        "- ♦ There is no maximum hand size.\n\nRelated: Running Out of Cards",
        "c You cannot take actions from a bowed card",
        "4. Discard all focused cards.TM\nTM",
        "| Clan | Mon |\n|---|---|\n| Crab | crab |",
        "the defense bonus.\n\nAuf einer Provinz aufgedruckter Verteidigungsbonus",
        "take the same actions.\nGold\nCost\n- Item -",
        "Present in all arcs",
        "*The ability may be used any number of times per turn.* [errata]",
    ],
)
def test_rule_ends_lists_tables_and_labels_are_accepted(text):
    assert ends_cleanly(text)


# (entry id that must hold the rule, verbatim words of the rule, entries that held it before the fix)
RULES_IN_THEIR_ENTRIES = [
    ("ivory-draw-a-fate-card", "Just before the Dynasty Phase ends, draw a Fate card", ["ivory-discard"]),
    ("ivory-dynasty-phase-recruiting", "Unlike Holdings, Personalities enter play unbowed.", ["ivory-note"]),
    ("ivory-achievement-2", "This is the player's Province Strength", ["ivory-note"]),
    ("ivory-fate-cards", "Items are also attachments, but they add a Force modifier directly", ["ivory-your-turn-3"]),
    ("ivory-using-attachments", "Two numbers on the Follower and Item cards are important.", ["ivory-your-turn-3"]),
    (
        "ivory-honor-rules",
        "Whenever a card, rule or action indicates that you gain Honor",
        ["ivory-adding-cards-to-your-deck"],
    ),
    ("ivory-honor-rules", "A lord with an honorable reputation finds many political advantages", []),
    ("ivory-your-turn-2", "reveal your face down cards in Provinces at the start of your Dynasty Phase.", []),
    ("ivory-cards-vs-rules", "follow the instructions on the cards, not the rules.", []),
    ("gold-limited-actions", "only during your own Action Phase", []),
]


@pytest.mark.parametrize("entry_id,words,not_in", RULES_IN_THEIR_ENTRIES)
def test_rule_sits_in_the_entry_its_heading_names(kb, entry_id, words, not_in):
    assert collapse(words) in collapse(kb.entries[entry_id]["text"])
    for other in not_in:
        assert collapse(words) not in collapse(kb.entries[other]["text"])


def test_engine_cites_the_entry_that_holds_the_item_force_rule(kb):
    text = collapse(kb.entries[IVORY.cites["force.item"]]["text"])
    assert "they add a Force modifier directly to the Personality" in text


def test_ivory_walkthrough_has_the_books_section_levels(kb):
    paths = {e["id"]: e["source"]["section"] for e in kb.entries_of("ivory")}
    assert paths["ivory-3-getting-set-up"] == ["3: GETTING SET UP"]
    assert all(p[0] != "3: GETTING SET UP" for i, p in paths.items() if i != "ivory-3-getting-set-up")
    assert paths["ivory-cycle"] == ["Your Turn 1", "Action Phase", "Cycle"]
    assert paths["ivory-discard"] == ["Your Turn 1", "Dynasty Phase", "Discard"]
    assert paths["ivory-note"] == ["Your Turn 2", "Achievement 2", "Note"]
    assert paths["ivory-equip"] == ["Your Turn 3", "Using Attachments", "Equip"]
    assert paths["ivory-battle-actions"] == ["Opponent's Turn 3", "Battle Actions"]
    assert paths["ivory-proclaim"] == ["Honor Rules", "Gaining Honor: Proclaim", "Proclaim"]
    assert paths["ivory-adding-cards-to-your-deck"] == ["Adding Cards to Your Deck"]
    assert paths["ivory-duels"] == ["Dueling Rules", "Duels"]
    kinds = {e["id"]: e["kind"] for e in kb.entries_of("ivory")}
    assert kinds["ivory-your-turn-1"] == kinds["ivory-battle"] == "example"
    assert kinds["ivory-cycle"] == kinds["ivory-fate-cards"] == kinds["ivory-battle-resolution"] == "rule"


def test_gold_actions_is_a_chapter_of_its_own(kb):
    paths = {e["id"]: e["source"]["section"] for e in kb.entries_of("gold")}
    assert paths["gold-actions-2"] == ["Actions"]
    assert paths["gold-limited-actions"] == ["Actions", "Limited Actions"]
    assert paths["gold-reactions"] == ["Actions", "Reactions"]
    assert paths["gold-actions"] == ["Card Types in Detail", "Actions"]  # the card type keeps its place
    assert paths["gold-targeting-and-redirection"] == ["Targeting and Redirection"]


# --- the outline's mechanisms, on a tiny document -------------------------------------------


def _paras(*lines: str) -> list[Para]:
    out = []
    for i, line in enumerate(lines):
        marks, _, text = line.partition("# ") if line.startswith("#") else ("", "", line)
        out.append(Para(text, level=len(marks) + 1 if text != line else 0, index=i, wrapped=True))
    return out


DOC = ("# Rules", "The rule begins and", "## Box", "A boxed note.", "ends here.", "Then draw a card.", "Draw")


def test_moves_and_splits_make_whole_entries():
    outline = Outline(
        document="t",
        reader="lines",
        moves=[{"first": "Box", "last": "A boxed note.", "after": "ends here."}],
        splits=[{"before": "Then draw", "term": "Draw", "level": 1}],
    )
    sections = split(apply_moves(_paras(*DOC), outline), outline)
    assert [(s.path, s.text) for s in sections] == [
        (["Rules"], "The rule begins and\nends here."),
        (["Rules", "Box"], "A boxed note."),
        (["Draw"], "Then draw a card.\n\nDraw"),
    ]


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"moves": [{"first": "Nowhere", "last": "A boxed note.", "after": "ends here."}]}, "matches 0"),
        ({"moves": [{"first": "A boxed note.", "last": "Box", "after": "ends here."}]}, "comes before its first"),
        ({"splits": [{"before": "Then draw", "term": "Shuffle", "level": 1}]}, "not printed in the entry"),
        ({"splits": [{"before": "Nowhere", "term": "Draw", "level": 1}]}, "matches 0 body paragraphs"),
    ],
)
def test_anchors_that_cannot_be_placed_are_refused(fields, message):
    outline = Outline(document="t", reader="lines", **fields)
    with pytest.raises(ValueError, match=message):
        split(apply_moves(_paras(*DOC), outline), outline)


@pytest.mark.parametrize(
    "fields,message",
    [
        ({"moves": [{"first": "a", "last": "b"}]}, "moves item 1: missing after"),
        ({"splits": [{"before": "a", "term": "b", "level": 0}]}, "level must be a whole number"),
        ({"ends_unfinished": [{"term": "x", "reason": " "}]}, "reason must be non-empty text"),
        ({"ends_unfinished": [{"term": "x", "reason": "y", "why": "z"}]}, "unknown why"),
        ({"headings": [{"text": "Actions", "occurence": 2}]}, "unknown occurence"),
    ],
)
def test_bad_outline_items_are_refused(fields, message):
    with pytest.raises(ValueError, match=message):
        Outline(document="t", reader="lines", **fields)


def test_import_reports_a_bad_outline_item_in_one_line(repo_root, tmp_path, monkeypatch):
    """A broken outline stops import with one line naming the outline, not a traceback."""
    import shutil

    from l5r_rules.importers import inputs, outline

    folder = tmp_path / "outlines"
    shutil.copytree(outline.OUTLINE_DIR, folder)
    path = folder / "gold-rulebook.yaml"
    path.write_text(path.read_text() + "moves:\n- {first: x}\n")
    monkeypatch.setattr(outline, "OUTLINE_DIR", folder)
    monkeypatch.setattr(inputs, "OUTLINE_DIR", folder)
    from l5r_rules.importers.plan import make_plan

    report = make_plan(Layout(repo_root), only="gold")
    lines = [str(p) for p in report.problems]
    assert len(lines) == 1 and "gold-rulebook.yaml" in lines[0] and "moves item 1: missing last, after" in lines[0]
