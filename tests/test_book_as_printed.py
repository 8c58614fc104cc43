"""The book as printed (issue 24): whole sentences, whole lists, whole titles, clean text, still verbatim.

The importer joins a paragraph the page or column broke by one rule for every book
(l5r_rules/textshape.py, importers/joins.py), restores the marks of lists the extraction
lost, applies the listed repairs of normalize.REPAIRS, and carries paragraph anchors
across (importers/anchors.py). Each rule is tested here on the books' own breaks, and on
the imported glossary: 0 paragraphs that stop mid-sentence but the listed source breaks.
"""

from __future__ import annotations

import html as html_lib
import re
from collections import Counter

import pytest
from helpers import FIXTURES

from l5r_rules import textshape, yamlio
from l5r_rules.blocks import block_anchors, top_level_blocks
from l5r_rules.importers.anchors import carry
from l5r_rules.importers.joins import layout, lost_list_items
from l5r_rules.importers.paragraphs import Para
from l5r_rules.kb import load_kb
from l5r_rules.layout import Layout
from l5r_rules.normalize import REPAIRS, collapse, repair, verbatim_form, words_of


@pytest.fixture(scope="module")
def kb(repo_root):
    return load_kb(repo_root)


# The books' own paragraph ends: joined (the page broke a sentence) and apart (whole without a full stop).
PARAGRAPH_ENDS = yamlio.load_plain(FIXTURES / "paragraph_ends.yaml")
REAL_BREAKS = [(c["book"], c["before"], c["after"]) for c in PARAGRAPH_ENDS["joined"]]
NOT_BREAKS = [(c["book"], c["before"], c["after"]) for c in PARAGRAPH_ENDS["apart"]]


def test_the_paragraph_ends_are_the_books_words(kb, repo_root):
    """Each case's paragraphs stand in its book's file as printed, but a case marked as in our words."""
    layout_ = Layout(repo_root)
    books = {doc.edition: collapse(doc.raw_text(layout_)) for doc in kb.documents.values()}
    cases = [c for kind in ("joined", "apart") for c in PARAGRAPH_ENDS[kind] if not c.get("ours")]
    missing = [
        (c["book"], part) for c in cases for part in (c["before"], c["after"]) if collapse(part) not in books[c["book"]]
    ]
    assert not missing
    assert len(cases) == len(REAL_BREAKS) + len(NOT_BREAKS) - 1  # the one case in our words


@pytest.mark.parametrize("book,prev,nxt", REAL_BREAKS, ids=[f"{b}-{n[:20]}" for b, _, n in REAL_BREAKS])
def test_a_real_break_is_joined_and_would_be_reported(book, prev, nxt):
    assert textshape.continues(prev, nxt)
    assert textshape.ends_mid_sentence(prev, nxt)
    sections = [Para(prev, index=0), Para(nxt, index=1)]
    assert [sep for sep, _ in layout(sections)] == ["", "\n"]  # one paragraph again: a line break, no blank line


@pytest.mark.parametrize("book,prev,nxt", NOT_BREAKS, ids=[f"{b}-{p[:20]}" for b, p, _ in NOT_BREAKS])
def test_whole_paragraphs_stay_apart(book, prev, nxt):
    assert not textshape.continues(prev, nxt)
    assert not textshape.ends_mid_sentence(prev, nxt)


GOLD_PRESENCE = [
    "A player can take an action only if he or she is involved in the current battle. This is called the Rule "
    "of Presence. To satisfy this condition, the player must either:",
    "currently have at least one unit in the battle,",
    "gain a unit in the battle as a result of the action (for example, use Superior Tactics to move a unit from "
    "another Province into the current, empty one), or",
    "be reacting to one of his or her units leaving the battle (including leaving play from the battle).",
    "A player can take only actions associated with the current battle. This is called the Rule of Relevance.",
]
GOLD_COPYING = [
    "Bob's Shosuro Turaki (1F/1C) has a Naginata (+1F/+2C), so she is 2F/3C. Turaki can copy:",
    "Wayan's Force, becoming 3F;",
    "Wayan's Chi, becoming 6C;",
    "Wayan's ability to gain a Tattoo token, or",
    "Wayan's ability to destroy one of his Tattoo tokens to increase a Force bonus he receives.",
    "If Turaki copies Wayan's Chi and then Wayan loses his Crystal Katana, Turaki's Chi does not also drop by 2.",
]
GOLD_SETUP = [
    "you cannot have more than three copies of any single card, except for these cards, of which you can have "
    "only one each:",
    "any Event",
    "any Elemental Ring",
    "any card marked Unique",
    "Unique cards include all Experienced cards and Ancestors.",
]


@pytest.mark.parametrize(
    "lines,items", [(GOLD_PRESENCE, {1, 2, 3}), (GOLD_COPYING, {1, 2, 3, 4}), (GOLD_SETUP, {1, 2, 3})]
)
def test_gold_lists_that_lost_their_marks_are_lists_again(lines, items):
    paras = [Para(line, index=i) for i, line in enumerate(lines)]
    assert lost_list_items(paras) == items
    text = "".join(sep + t for sep, t in layout(paras))
    blocks = top_level_blocks(text)
    assert len(blocks) == 3 and all(line.startswith("- ") for line in blocks[1].splitlines())
    assert verbatim_form(text) == collapse(" ".join(lines))  # the marks are the only thing added


# Gold prints a list's items one a line right under each other, and often the rules after them too
# (seed lines 776-783: the Rule of Relevance's four conditions, then three rules of their own).
GOLD_RELEVANCE = [
    "A player can take only actions associated with the current battle. This is called the Rule of Relevance. In "
    "particular, the action needs to satisfy at least one of the following conditions:",
    "It comes from a card or token at the battle.",
    "It moves or creates a card or token in the battle.",
    "It targets or directly affects a card or token in the battle, the Province under attack, or the battle itself.",
    "It is reacting to a card or token leaving the battle (including leaving play from the battle).",
    "A player can take an action that refers to an “opposing” card or “this battle,” or that includes an implicating "
    "phrase such as “another attacking card” or “the Province this card is defending,” only if the card on which the "
    "action is printed is in the current battle.",
    "You cannot play a Terrain if a Terrain is already in play.",
    "A player can take a Battle action on a Fortification or Region only during a battle at its own Province.",
]
# seed lines 488-495: blank lines after the lead-in, the items and the rule after them right under each other
GOLD_KEYWORD = [
    "In general terms, a card is a ”Keyword card“ (or just a ”Keyword“) if it meets one of these conditions:",
    "It has the word ”Keyword“ in its title.",
    "It has the word ”Keyword“ in its boldface traits area.",
    "It is an Action card and ”Keyword“ precedes one of its actions.",
    "These rules do not apply to Sensei or Wind cards or to Strongholds.",
]


@pytest.mark.parametrize("lines,items", [(GOLD_RELEVANCE, {1, 2, 3, 4}), (GOLD_KEYWORD, {1, 2, 3})])
def test_whole_sentence_items_printed_under_each_other_with_the_same_first_word_are_a_list(lines, items):
    paras = [Para(t, index=i, tight=i > 1 or lines is GOLD_RELEVANCE) for i, t in enumerate(lines)]
    assert lost_list_items(paras) == items
    text = "".join(sep + t for sep, t in layout(paras))
    blocks = top_level_blocks(text)
    assert blocks[1].splitlines() == [f"- {lines[i]}" for i in sorted(items)]
    assert blocks[2:] == lines[max(items) + 1 :]  # the rules after the list stay paragraphs of their own
    assert verbatim_form(text) == collapse(" ".join(lines))


@pytest.mark.parametrize(
    "lines,tight",
    [
        (["the following conditions:", "It comes from a card.", "It moves."], False),  # blank lines between them
        (
            ["the following rules:", "A bowed Follower adds nothing.", "No cards add to the Force."],
            True,
        ),  # not parallel
        (["these conditions:", "It has the word.", "It is an Action card", "It is new."], True),  # not a sentence
        (["the following condition:", "It comes from a card.", "A player can act."], True),  # one item is no list
    ],
)
def test_whole_sentences_that_are_not_a_list_stay_paragraphs(lines, tight):
    paras = [Para(t, index=i, tight=tight and i > 0) for i, t in enumerate(lines)]
    assert lost_list_items(paras) == set()


def test_the_lines_reader_marks_lines_right_under_each_other():
    from l5r_rules.importers.read_text import read_lines

    paras = read_lines("Lead:\n\n\nIt a.\nIt b.\nNext.\n\nAfter.")
    assert [(p.text, p.tight) for p in paras] == [
        ("Lead:", False),
        ("It a.", False),
        ("It b.", True),
        ("Next.", True),
        ("After.", False),
    ]


def test_hard_wrapped_lines_stay_one_paragraph():
    lines = ["Example: The Crab Clan player", "uses Proclaim on the Crab Clan", "Personality Hiruma Moritoki.", "He"]
    paras = [Para(t, index=i, wrapped=True) for i, t in enumerate(lines)]
    assert [sep for sep, _ in layout(paras)] == ["", "\n", "\n", "\n\n"]


@pytest.mark.parametrize(
    "line,ends",
    [
        ("play. Like the Dynasty action “Recruit,”", False),  # a comma inside the quotes: the sentence goes on
        ("(let's call him “Bob”).", True),
        ("this ability: “Recruit.”", True),
        ("A Personality or Follower is ”Human“", True),  # Gold's reversed quotes close a word, as before
    ],
)
def test_a_closing_quote_ends_a_sentence_unless_a_comma_stands_inside_it(line, ends):
    assert textshape.ends_sentence(line) is ends


@pytest.mark.parametrize(
    "line,sep", [("play. Like the Dynasty action “Recruit,”", "\n"), ("this ability: “Recruit.”", "\n\n")]
)
def test_a_hard_wrapped_line_with_a_comma_inside_closing_quotes_goes_on(line, sep):
    paras = [Para(line, index=0, wrapped=True), Para("Equip asks you to make a Gold payment", index=1, wrapped=True)]
    assert layout(paras)[1][0] == sep


DUEL = [  # Ivory's duel steps (seed lines 876-913), shortened: one source line per printed line
    "Follow these steps in a duel:",
    "1. The challenged player has the first",
    "option to focus or strike.",
    "If one player focused, the other",
    "player then chooses to focus or strike.",
    "2. Once a strike has been called,",
    "turn all focused cards face up.",
    "3. The duel now resolves.",
    "Apply the consequences for the",
    "loser and/or winner.",
    "4. Discard all focused cards.",
]


def test_numbered_steps_in_hard_wrapped_lines_are_one_list_with_their_paragraphs_inside():
    from l5r_rules.blocks import parser

    paras = [Para(t, index=i, wrapped=True) for i, t in enumerate(DUEL)]
    text = "".join(sep + t for sep, t in layout(paras))
    html = parser().render(text)
    assert html.count("<ol>") == 1 and html.count("<li>") == 4
    assert "<li>\n<p>The challenged player has the first\noption to focus or strike.</p>\n<p>If one player" in html
    assert "<p>Apply the consequences for the\nloser and/or winner.</p>\n</li>\n<li>\n<p>Discard all" in html
    assert verbatim_form(text) == collapse(" ".join(DUEL))


def test_a_number_inside_a_sentence_opens_no_step():
    lines = ["The Crab's opponent has a Province", "2. Then he draws.", "Strength of 7."]
    paras = [Para(t, index=i, wrapped=True) for i, t in enumerate(lines)]
    assert [sep for sep, _ in layout(paras)] == ["", "\n", "\n\n"]


# --- the imported glossary ----------------------------------------------------------------


WHOLE = [
    ("lotus-cavalry", "A player can assign a Cavalry unit to a battle during the Cavalry Maneuvers Segment"),
    ("lcg-deck-limits", "that player's dynasty and/or conflict decks."),
    ("lotus-faction-alignments", "It does not have an alignment trait. The “Shadowlands” trait is simply a word."),
    ("lcg-fate", "from his or her fate pool onto that character."),
    ("ivory-using-attachments", "Like the Dynasty action “Recruit,” Equip asks you to make a Gold payment"),
    ("gold-4-4-battle-action-segment", "- currently have at least one unit in the battle, - gain a unit in the battle"),
    ("gold-4-4-battle-action-segment", "- It comes from a card or token at the battle. - It moves or creates a card"),
    ("ivory-example-the-crab-clan-player-uses-proclaim", "Example: The Crab Clan player uses Proclaim on the Crab"),
]


@pytest.mark.parametrize("entry_id,words", WHOLE, ids=[w[0] for w in WHOLE])
def test_the_issue_sentences_are_whole_in_one_paragraph(kb, entry_id, words):
    assert any(collapse(words) in collapse(block) for block in top_level_blocks(kb.entries[entry_id]["text"]))


def test_no_paragraph_stops_mid_sentence_but_the_listed_source_breaks(kb):
    breaks = {d.id: d.break_words() for d in kb.documents.values()}
    left = Counter()
    for e in kb.entries.values():
        parts = textshape.chunks(e["text"])
        for i in textshape.mid_sentence_ends(e["text"]):
            if not any(collapse(textshape.last_line(parts[i])).endswith(w) for w in breaks[e["source"]["document"]]):
                left[e["id"]] += 1
    assert not left, left
    gold_end = kb.entries["gold-4-5-resolution-segment"]["text"]
    assert textshape.mid_sentence_ends(gold_end) == [len(textshape.chunks(gold_end)) - 1]  # the file stops there


def test_no_unbalanced_emphasis_and_no_title_cut_mid_phrase(kb):
    assert not [
        e["id"] for e in kb.entries.values() if any(map(textshape.unbalanced_emphasis, textshape.chunks(e["text"])))
    ]
    assert not [e["term"] for e in kb.entries.values() if textshape.title_ends_mid_phrase(e["term"])]
    assert not [e["id"] for e in kb.entries.values() if textshape.starts_mid_sentence(e["term"], e["text"])]


@pytest.mark.parametrize(
    "chunk,unbalanced",
    [
        ("- 1. Select decks.** Each player\n- 2. Create token bank.** Place", True),  # even in all, odd per item
        ("1. **Select decks.** Each player\n2. **Create token bank.** Place", False),
        ("A **bold\nline** and more.", False),  # bold runs over a line break inside one paragraph
        ("Gold\n*\nBow to", False),  # a printed star on a line of its own
    ],
)
def test_emphasis_is_balanced_per_paragraph_and_per_list_item(chunk, unbalanced):
    assert textshape.unbalanced_emphasis(chunk) is unbalanced


def test_bfr_steps_keep_their_numbers_and_bold_labels(kb):
    text = kb.entries["bfr-abhandlungsphase"]["text"]
    assert "1. **Kampfmarker aufdecken:** Die Spieler" in text and "- 1." not in text
    steps = kb.entries["bfr-unterhaltungsphase"]["text"]
    assert "1. **Startspieler bestimmen (nicht in Runde 1):**" in steps
    assert "\n   - ◇ In einer Partie zu zweit" in steps  # the step's own bullets, nested under it
    setup = kb.entries["lcg-setup"]["text"]  # the LCG's steps lost their bold openers the same way
    assert "\n1. **Select decks.** Each player" in setup and "\n   - **Note:** After this step" in setup
    translation = kb.entries["bfr-unterhaltungsphase"]["translation"]["text"]
    assert "1. **Determine the first player (not in round 1):**" in translation


def test_no_trademark_leftovers(kb):
    duels = kb.entries["ivory-duels"]["text"]
    assert duels.endswith("4. Discard all focused cards.") and "TM" not in duels
    assert len(top_level_blocks(duels)) == 2  # the lead-in, and the four steps as one list
    assert kb.entries["lotus-what-s-new-in-lotus-edition"]["text"].startswith(
        "These are the big differences between this rulebook and Diamond Edition's:\n"
    )


def test_repairs_change_no_word_of_any_document(repo_root):
    """Every listed repair moves or removes markup only: the words of each document are the same."""
    layout_ = Layout(repo_root)
    for doc in load_kb(repo_root).documents.values():
        raw = doc.raw_text(layout_)
        if "html" in doc.artifacts:
            from l5r_rules.normalize import html_text

            raw = html_text(raw)
        assert words_of(repair(raw, doc.artifacts)) == words_of(raw), doc.id


@pytest.mark.parametrize(
    "name,before,after",
    [
        ("stray-trademarks", "4. Discard all focused cards.TM\nTM\n", "4. Discard all focused cards.\n\n"),
        ("stray-trademarks", "Diamond Edition's:™\n", "Diamond Edition's:\n"),
        ("stray-trademarks", "Hasbro, Inc.™ and © 2005", "Hasbro, Inc.™ and © 2005"),  # a trademark inside a line
        ("stray-trademarks", "the Gold EditionTM set", "the Gold EditionTM set"),
        ("lost-bold-openers", "- 1. Spielplan aufbauen:** Legt", "1. **Spielplan aufbauen:** Legt"),
        ("lost-bold-openers", "- 10. Legen:** A\n- ◇ B\n\n- ◇ C", "10. **Legen:** A\n    - ◇ B\n\n- ◇ C"),
        ("lost-bold-openers", "- 1. Select decks.** Each player", "1. **Select decks.** Each player"),  # LCG
        ("math-delimiters", "still 0: $1 - 3 + 1$, then", "still 0: 1 - 3 + 1, then"),
        ("math-delimiters", "costs $5 or $6", "costs $5 or $6"),  # no sum between two dollars
        (
            "lost-bullet-glyphs",
            "are:\nc The Personality's Gold Cost;\nc And his",
            "are:\n- The Personality's Gold Cost;\n- And his",
        ),
        ("lost-bullet-glyphs", "a Fate card\nc and d", "a Fate card\nc and d"),  # a lower-case word after it
        (
            "shallow-sub-items",
            "- ◆ A deck:\n - A stronghold.\n - No more.\n\n - Alone.",
            "- ◆ A deck:\n  - A stronghold.\n  - No more.\n\n - Alone.",
        ),
        (
            "shallow-sub-items",
            "3. **Action Phase:** Do:\n - Take actions.",
            "3. **Action Phase:** Do:\n   - Take actions.",
        ),
    ],
)
def test_each_repair(name, before, after):
    assert REPAIRS[name](before) == after
    assert words_of(after) == words_of(before)


# --- anchors kept across the join ----------------------------------------------------------


@pytest.mark.parametrize(
    "old,new,anchors",
    [
        ("A unit can be\n\nassigned.\n\nNext.", "A unit can be\nassigned.\n\nNext.", ["p1 p2", "p3"]),
        ("One.\n\nTwo.\n\nThree.", "One.\n\nTwo.\n\nThree.", None),  # nothing joined: no field
        ("a:\n\nx,\n\ny.\n\nZ.", "a:\n\n- x,\n- y.\n\nZ.", ["p1", "p2 p3", "p4"]),  # a restored list
        ("One.\n\nTwo.", "One.\n\nTwo, reworded.", None),  # a reworded block keeps its number
        ("One.\n\nTwo.", "One.\n\nNew.\n\nTwo.", ["p1", "p3", "p2"]),  # a new block takes an unused number
        ("uses X.\n\nHe crosses.", "Example: The player\nuses X.\n\nHe crosses.", None),  # a title's words joined
        ("Lead:\nc X one.\n\nNext.", "Lead:\n- X one.\n\nNext.", ["p1", "p3", "p2"]),  # a list now stands apart
    ],
)
def test_anchors_carry_the_old_numbers(old, new, anchors):
    assert carry({"text": old}, new) == anchors


def test_anchors_carry_again_from_an_entry_that_has_them():
    first = {"text": "A\n\nb.\n\nC.", "anchors": None}
    joined = {"text": "A\nb.\n\nC.", "anchors": carry(first, "A\nb.\n\nC.")}
    assert joined["anchors"] == ["p1 p2", "p3"]
    assert carry(joined, "A\nb.\n\nC.\n\nD.") == ["p1 p2", "p3", "p4"]


def test_a_joined_entry_answers_to_its_old_anchors(kb):
    entry = kb.entries["lcg-deck-limits"]
    assert entry["anchors"] == ["p1", "p2 p3", "p4"]
    assert block_anchors(entry) == [
        ("lcg-deck-limits-p1", ()),
        ("lcg-deck-limits-p2", ("lcg-deck-limits-p3",)),
        ("lcg-deck-limits-p4", ()),
    ]


def test_joined_paragraphs_per_book(repo_root):
    """How many sentences the page broke are whole again, and how many list items got their mark back."""
    from l5r_rules.importers.entries import document_sections
    from l5r_rules.importers.joins import joined

    layout_ = Layout(repo_root)
    counts = {}
    for doc in load_kb(repo_root).documents.values():
        pairs = [joined(s.paras) for s in document_sections(doc, layout_)]
        counts[doc.edition] = (sum(p[0] for p in pairs), sum(p[1] for p in pairs))
    assert counts == {"gold": (0, 19), "lotus": (6, 0), "ivory": (0, 0), "lcg": (12, 0), "bfr": (0, 0)}


def test_renamed_entries_keep_their_former_ids(kb):
    assert kb.entries["ivory-example-a-crab-army-destroys-a-defending-lion-army"]["former_ids"] == [
        "ivory-example-a-crab-army-destroys-a"
    ]
    assert "ivory-example-a-crab-army-destroys-a" not in kb.entries
    assert not re.search(
        r"\bdestroys a$", kb.entries["ivory-example-a-crab-army-destroys-a-defending-lion-army"]["term"]
    )


# --- what readers see: the site, the packet, search -----------------------------------------


def test_the_page_answers_to_the_old_anchors_of_a_joined_paragraph(kb):
    from l5r_rules.site.textrender import render_text

    entry = kb.entries["lcg-deck-limits"]
    html = render_text(entry["text"], entry["id"], block_anchors(entry))
    ids = re.findall(r'id="([^"]+)"', html)
    assert ids == [f"lcg-deck-limits-p{n}" for n in (1, 3, 2, 4)]  # p3's mark stands right before p2's block
    assert '<span id="lcg-deck-limits-p3" class="l5r-anchor"></span><p id="lcg-deck-limits-p2"' in html.replace(
        "\n", ""
    )


def test_a_tab_separated_table_is_shown_as_a_table_in_one_anchored_block(kb):
    from l5r_rules.site.textrender import render_text

    entry = kb.entries["bfr-spielaufbau"]
    html = render_text(entry["text"], entry["id"], block_anchors(entry))
    table = html[html.index('class="l5r-para l5r-tab-table"') :]
    assert '<p class="l5r-table-caption">Vorbereitung der Kontrollmarker</p>' in table
    assert "<th>Anzahl der Spieler</th><th>Marker (pro Spieler)</th>" in table
    assert "<tr><td>5</td><td>4</td></tr></tbody></table>" in table
    assert len(re.findall(r'class="l5r-para', html)) == len(top_level_blocks(entry["text"]))  # numbering unchanged
    assert '<ol start="8"' in html and "<strong>Startspieler bestimmen:</strong>" in html


def test_the_source_break_is_shown_as_such(kb):
    from l5r_rules.site.textrender import render_text

    entry = kb.entries["gold-4-5-resolution-segment"]
    doc = kb.documents[entry["source"]["document"]]
    html = render_text(entry["text"], entry["id"], block_anchors(entry), doc.source_breaks())
    note = html[html.index("l5r-source-break") :]
    assert html.rstrip().endswith("</p>") and "Our words" in note
    assert "The source file ends here, mid-sentence. Missing: the rest of the Resolution Segment" in note
    other = kb.entries["gold-4-4-battle-action-segment"]
    assert "l5r-source-break" not in render_text(other["text"], other["id"], block_anchors(other), doc.source_breaks())


def test_a_card_diagrams_type_line_is_a_label_inside_its_paragraph(kb):
    """'- Follower -' (a card diagram's type line among its labels) opened a list that swallowed the text
    after it; it is read as a label, on the page, in the packet and in the blocks search and anchors use."""
    from l5r_rules.site.textrender import render_text

    assert not textshape.is_list_item("- Follower -") and textshape.is_list_item("- ◆ A player must")
    entry = kb.entries["ivory-fate-cards"]
    html = render_text(entry["text"], entry["id"], block_anchors(entry))
    assert "<ul>" not in html and "yellowish backFate Cards\n- Follower -\nGold" in html
    assert "ground color and the symbol in the" in top_level_blocks(entry["text"])[3]  # one paragraph again
    labels = {e["id"]: textshape.FIGURE_LABEL_LINE.findall(e["text"]) for e in kb.entries.values()}
    labelled = [i for i, found in labels.items() if found]
    assert sum(map(len, labels.values())) == 6 and len(labelled) == 4  # Stronghold, Holding, Personality, 3 Fate
    for i in labelled:
        html = render_text(kb.entries[i]["text"])
        assert all(f"\n{label}\n" in html or html.endswith(f"\n{label}</p>") for label in labels[i]), i
    assert entry["anchors"][0] == "p1 p2"  # the paragraph the label cut in two answers to both its old anchors


def test_each_figure_label_place_is_in_one_paragraph_and_marked(kb):
    """The registry's figure_labels (a diagram's labels inside a sentence, kept as the file prints them):
    each place is in exactly one paragraph of one entry (a stale place fails), and its page says so."""
    from l5r_rules.site.textrender import render_text

    doc = kb.documents["ivory-rulebook"]
    places = [b for b in doc.source_breaks() if b.labels]
    assert len(places) == 3
    found = {}
    for place in places:
        hits = [
            (e["id"], n)
            for e in kb.entries_of("ivory")
            for n, block in enumerate(top_level_blocks(e["text"]))
            if place.at(block)
        ]
        assert len(hits) == 1, (place.labels, hits)
        found[hits[0][0]] = place
    assert set(found) == {"ivory-fate-cards", "ivory-recruit", "ivory-achievement-2"}
    entry = kb.entries["ivory-recruit"]
    html = render_text(entry["text"], entry["id"], block_anchors(entry), doc.source_breaks())
    note = html_lib.unescape(html[html.index("l5r-source-break") :])  # as a reader sees it: * is written &#42;
    assert "Our words" in note and "labels of the Holding card diagram (“* Bow to Produce Gold”)" in note
    assert "after “…the gold coin icon in the middle of the”; the sentence goes on after them." in note
    assert html.count("l5r-source-break") == 1 and doc.break_words() == ()  # no paragraph may end there


def test_a_former_id_forwards_to_the_renamed_entry(kb, tmp_path):
    from types import SimpleNamespace

    from l5r_rules.site import redirects
    from l5r_rules.urls import Urls

    data = SimpleNamespace(entries=kb.entries)
    former = sum(len(e.get("former_ids") or ()) for e in kb.entries.values())
    assert former >= 2  # the two Ivory examples (and any later rename)
    assert redirects.write_redirects(data, tmp_path, Urls()) == former
    page = (tmp_path / "entries" / "ivory-example-a-crab-army-destroys-a" / "index.html").read_text()
    target = "../ivory-example-a-crab-army-destroys-a-defending-lion-army/"
    assert f'<meta http-equiv="refresh" content="0; url={target}">' in page and f'<a href="{target}">' in page
    assert '"#ivory-example-a-crab-army-destroys-a-"' in page  # an old paragraph anchor is carried over
    assert redirects.write_redirects(data, tmp_path / "offline", Urls(directory_urls=False)) == former
    offline = (tmp_path / "offline" / "entries" / "ivory-example-the-crab-clan-player.html").read_text()
    assert 'href="ivory-example-the-crab-clan-player-uses-proclaim.html"' in offline


def test_a_search_passage_keeps_list_items_as_items(kb):
    from l5r_rules.search.passages import passages

    entry = kb.entries["gold-4-4-battle-action-segment"]
    found = passages(entry["id"], entry["text"], "", entry.get("anchors"))
    listed = next(p for p in found if "currently have at least one unit" in p.text)
    assert listed.text.splitlines()[:2] == [
        "- currently have at least one unit in the battle,",
        "- gain a unit in the battle as a result of the action (for example, use Superior Tactics to move a unit "
        "from another Province into the current, empty one), or",
    ]
    assert listed.anchor == "gold-4-4-battle-action-segment-p5"  # the list answers to p5 (and p6, p7)
    long_list = kb.entries["lcg-fate"]
    windows = [
        p.text for p in passages(long_list["id"], long_list["text"], "", long_list.get("anchors")) if p.block == 2
    ]
    assert len(windows) > 1 and windows[0].startswith("- ◆")
    assert all(line.startswith("- ◆") for w in windows for line in w.splitlines()[1:])  # each item on its own line
    assert any(len(w.splitlines()) > 1 for w in windows)


def test_battle_for_rokugan_sections_follow_the_books_chapters(repo_root):
    """'Weitere Regeln' opens a chapter of its own (the file marks it '##' under 'Spielende'): the rules after
    it are filed under it, not under the game end (issue 25: the breadcrumbs filed Ronin under 'Spielende')."""
    kb = load_kb(repo_root)
    sections = {e["id"]: e["source"]["section"] for e in kb.entries_of("bfr")}
    assert sections["bfr-ronin"] == ["Weitere Regeln", "Ronin"]
    assert sections["bfr-erfolgreiche-verteidigung"][0] == "Weitere Regeln"
    assert sections["bfr-spielende"] == ["Spielende"]
    assert all(path[0] != "Spielende" for eid, path in sections.items() if eid != "bfr-spielende")
    assert sections["bfr-ehre-am-spielende"][0] == "Kurzübersicht"
