"""Authority ladder: one ordered ladder per game, each step resting on the rulebooks' own words."""

from __future__ import annotations

import pytest

from l5r_rules import yamlio


@pytest.fixture(scope="module")
def ladder(repo_root):
    return yamlio.load_plain(repo_root / "glossary/_authority.yaml")["games"]


def test_ladder_covers_every_game_of_the_registry(ladder, repo_root):
    from l5r_rules.editions import load_registry

    assert set(ladder) == set(load_registry(repo_root).game_ids)  # (its schema and quotes: validate)


@pytest.mark.parametrize(
    "game, order",
    [
        ("ccg", ["rules that say they override card text", "card text", "most recent printing"]),
        ("lcg", ['"cannot"', "card text", "Rules Reference"]),
        ("bfr", ["German rulebook"]),
    ],
)
def test_order_of_precedence(ladder, game, order):
    wins = [step["wins"] for step in ladder[game]]
    assert wins[: len(order)] == order


def test_cardinal_and_jade_rules_are_cited(ladder):
    cited = {c["entry"] for steps in ladder.values() for s in steps for c in s["cites"]}
    assert {"lotus-cardinal-rules", "gold-cardinal-rules", "lcg-the-jade-rule"} <= cited


@pytest.mark.parametrize(
    "game, entries",
    [
        # Ivory's "Cards vs. Rules" beside the Cardinal Rules it restates
        ("ccg", {"ivory-cards-vs-rules", "gold-cardinal-rules", "lotus-cardinal-rules"}),
        # the Jade Rule's neighbours: "cannot" is absolute, the first player decides first
        ("lcg", {"lcg-cannot", "lcg-first-player-first-player-token", "lcg-priority-of-simultaneous-resolution"}),
    ],
)
def test_precedence_rules_the_books_state_are_cited(ladder, game, entries):
    cited = {c["entry"] for s in ladder[game] for c in s["cites"]}
    assert entries <= cited


def test_card_text_step_cites_all_three_ccg_books(ladder, repo_root):
    edition_of = {p.stem: p.parent.name for p in (repo_root / "glossary/entries").glob("*/*.yaml")}
    (step,) = [s for s in ladder["ccg"] if s["wins"] == "card text"]
    assert {edition_of[c["entry"]] for c in step["cites"]} == {"gold", "lotus", "ivory"}


def test_every_cite_comes_from_its_own_game(ladder, repo_root):
    from l5r_rules.editions import load_registry

    game_of = load_registry(repo_root).game_of
    edition_of = {p.stem: p.parent.name for p in (repo_root / "glossary/entries").glob("*/*.yaml")}
    for game, steps in ladder.items():
        for step in steps:
            for cite in step["cites"]:
                assert game_of[edition_of[cite["entry"]]] == game, (game, cite["entry"])


def test_uncited_step_explains_why(ladder):
    for steps in ladder.values():
        for step in steps:
            assert step["cites"] or "states no" in step.get("note", "")


def test_a_misquoted_step_fails_validate(cli, repo_copy):
    path = repo_copy / "glossary/_authority.yaml"
    path.write_text(
        path.read_text().replace("the card or Stronghold takes precedence.", "the rulebook takes precedence.", 1)
    )
    result = cli("validate", "--root", str(repo_copy))
    assert result.exit_code == 1 and "glossary/_authority.yaml:" in result.output and "L5R081" in result.output
