"""CCG deck legality: deck sizes, copies per card, one-of card kinds, Experienced and "Soul of" cards.

Gold counts every Experienced card and Ancestor as Unique; Lotus treats each
Experience level as a distinct card; Ivory's basic rules count copies by title
only and make only Unique cards one-of.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    decks: dict  # "dynasty"/"fate" -> tuple of card dicts


CITES = ("deck", "unique.glossary", "deck.experienced", "deck.soul")
_CARD = obj(
    "A card and how many copies the deck holds.",
    {
        "name": string("Title (copies are counted by title, or by the 'Soul of' name).", example="Hida Kisada"),
        "count": integer("Copies.", minimum=0, default=1, example=3),
        "type": string(
            "Card type: event and ring are one-of where the edition says so; ancestor is Unique in Gold; "
            "others (personality, holding, item, ...) only name the card.",
            example="personality",
        ),
        "unique": boolean("Has the Unique trait (one copy).", default=False),
        "experience": integer(
            "Experience level (0 = not Experienced). Gold: Experienced cards are Unique; Lotus: "
            "each level is a distinct card.",
            minimum=0,
            default=0,
        ),
        "soul_of": string("The name in its 'Soul of' trait: counts together with that card.", example="Hida Kisada"),
    },
    required=["name"],
    example={"name": "Hida Kisada", "count": 1, "type": "personality", "unique": True},
)
GIVEN = obj(
    "The two decks (each card once, with its count).",
    {
        "dynasty": array("The Dynasty deck.", _CARD, example=[{"name": "Sentry Post", "count": 40}]),
        "fate": array("The Fate deck.", _CARD, example=[{"name": "Strength of Purity", "count": 3, "type": "event"}]),
    },
    required=["dynasty", "fate"],
)
OUTCOME = obj(
    "Whether the deck is legal.",
    {
        "legal": boolean("No problem found."),
        "problems": array(
            "Each problem in words, e.g. 'fate deck has 39 cards (minimum 40)', 'Hida Kisada: 2 copies (limit 1)'.",
            NAME,
        ),
    },
    required=["legal", "problems"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("give each card once, with its count", "a card listed twice"),)


def build(given: dict, choices: dict) -> Inputs:
    first: dict[tuple, tuple] = {}
    for k in ("dynasty", "fate"):
        for i, card in enumerate(given[k]):
            key = (card["name"], card.get("experience", 0))  # each Experienced version is its own card
            if key in first:  # two lines could disagree on Unique or type, and split the count
                deck, j = first[key]
                raise ScenarioError(
                    ("given", k, i, "name"),
                    f"'{card['name']}' is listed twice in given.{deck} (also card {j + 1}): "
                    "give each card once, with its count",
                )
            first[key] = (k, i)
    return Inputs({k: tuple(given[k]) for k in ("dynasty", "fate")})


def _limit(card: dict, rs: Ruleset, t: Tracer) -> int:
    name = card["name"]
    if card.get("type") in rs.singleton_types:
        return t.step(rs.cite("deck"), f"{name}: one copy of any {card['type']}", 1)
    if card.get("unique"):
        t.restate(
            rs.stated("unique.glossary"),
            f"{name} is Unique: one copy during deck construction",
            1,
            sentence="Unique: Limited to one in play, total, and one copy during deck construction.",
        )
        return t.step(rs.cite("deck"), f"{name}: one copy of a Unique card", 1)
    if rs.experienced_is_unique and card.get("experience", 0) > 0:
        return t.step(rs.cite("deck.experienced"), f"{name}: Experienced cards are Unique", 1)
    if rs.ancestors_are_unique and card.get("type") == "ancestor":
        return t.step(rs.cite("deck.experienced"), f"{name}: Ancestors are Unique", 1)
    return rs.max_copies


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    problems = []
    groups: dict[tuple, list] = defaultdict(list)
    for deck, cards in inp.decks.items():
        size = sum(c.get("count", 1) for c in cards)
        if not t.step(rs.cite("deck"), f"{deck} deck has at least {rs.deck_min} cards", size >= rs.deck_min, size=size):
            problems.append(f"{deck} deck has {size} cards (minimum {rs.deck_min})")
        for c in cards:
            level = c.get("experience", 0) if rs.experience_level_is_distinct_card else 0
            groups[(c.get("soul_of") or c["name"], level)].append(c)
    for (name, level), cards in groups.items():
        count = sum(c.get("count", 1) for c in cards)
        limit = min(_limit(c, rs, t) for c in cards)
        if len(cards) > 1 and any(c.get("soul_of") for c in cards):
            t.step(
                rs.cite("deck.soul"),
                f"'Soul of' cards count together with {name}",
                count,
                cards=[c["name"] for c in cards],
            )
        label = name + (f" (Experienced {level})" if level else "")
        if not t.step(rs.cite("deck"), f"{label}: at most {limit} copies", count <= limit, count=count, limit=limit):
            problems.append(f"{label}: {count} copies (limit {limit})")
    return t.done({"legal": not problems, "problems": problems})
