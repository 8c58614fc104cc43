"""Concepts line up one rule across editions; these tests keep that promise honest.

They read the real glossary (no fixtures): every CCG rule or glossary-term entry
must belong to some concept, there must be enough concepts, and any concept that
spans two or more editions must either say what differs or claim (after checking)
that nothing does. Cited ids are checked too, so a renamed entry fails here as
well as in `l5r-rules validate`.
"""

from __future__ import annotations

import re

import pytest

from l5r_rules.kb import load_kb

CCG_EDITIONS = ("gold", "lotus", "ivory")
COVERED_KINDS = ("rule", "glossary-term")
MIN_CONCEPTS = 120
# A difference may name an edition it cites no entry of only to say that edition is silent.
ABSENCE = re.compile(r"\b(missing|no text|has no|says nothing|does not (cover|mention|say|state))\b", re.I)

KB = load_kb()
CONCEPTS = sorted(KB.concepts.values(), key=lambda c: c["id"])
CONCEPT_IDS = [c["id"] for c in CONCEPTS]
CCG_TO_COVER = sorted(
    e["id"] for e in KB.entries.values() if e["edition"] in CCG_EDITIONS and e["kind"] in COVERED_KINDS
)
CITED = {eid for c in CONCEPTS for ids in c.get("entries", {}).values() for eid in ids}


def _editions(concept: dict) -> list[str]:
    return [ed for ed, ids in concept.get("entries", {}).items() if ids]


def test_there_are_enough_concepts():
    assert len(CONCEPTS) >= MIN_CONCEPTS, f"only {len(CONCEPTS)} concepts, want at least {MIN_CONCEPTS}"


@pytest.mark.parametrize("entry_id", CCG_TO_COVER)
def test_every_ccg_rule_and_glossary_entry_is_in_a_concept(entry_id):
    assert entry_id in CITED, f"{entry_id} is not listed in any glossary/concepts/*.yaml"


MULTI_EDITION = [c for c in CONCEPTS if len(_editions(c)) >= 2]


def test_some_concepts_span_several_editions():
    assert len(MULTI_EDITION) >= 50


@pytest.mark.parametrize("concept", MULTI_EDITION, ids=[c["id"] for c in MULTI_EDITION])
def test_multi_edition_concept_says_what_differs(concept):
    assert concept.get("differences") or concept.get("same_in_all_editions") is True, (
        f"{concept['id']} spans {_editions(concept)} but has no differences and no same_in_all_editions: true"
    )


@pytest.mark.parametrize("concept", CONCEPTS, ids=CONCEPT_IDS)
def test_difference_points_cite_entries_of_this_concept_or_existing_ones(concept):
    for i, point in enumerate(concept.get("differences") or []):
        assert point["entries"], f"{concept['id']} differences[{i}] cites no entry"
        for edition in point.get("editions") or []:
            cited_editions = {KB.entries[eid]["edition"] for eid in point["entries"]}
            # An edition may be named because its text is missing (the truncated Gold file);
            # otherwise the point must rest on at least one entry of each edition it names.
            if edition not in cited_editions:
                assert ABSENCE.search(point["text"]), (
                    f"{concept['id']} differences[{i}] names {edition} but cites none of its entries "
                    "and does not say that edition has no text on it"
                )


@pytest.mark.parametrize("concept", CONCEPTS, ids=CONCEPT_IDS)
def test_related_and_cross_game_links_point_at_concepts(concept):
    # (that the ids exist is validate's L5R052)
    for rel in concept.get("related") or []:
        assert rel != concept["id"], f"{concept['id']}: related to itself"
    for link in concept.get("cross_game") or []:
        other = KB.concepts[link["concept"]]
        assert set(other.get("games") or []) != set(concept.get("games") or []), (
            f"{concept['id']}: cross_game link to {link['concept']} of the same game"
        )
