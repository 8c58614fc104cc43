"""CCG cards, units and armies as frozen inputs, read from a scenario's `given`.

A unit is a Personality with attached cards. Force and Chi keep the card's
printing: a plain number, a signed modifier ("+2"), or "-" (see values.Num);
a value the scenario leaves out is `None` and may only be used if the scenario
also states the total (`stated_force`), as worked examples often do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..shapes import NAME, array, boolean, choice_of, described, integer, named, obj, string
from ..values import PRINTED_STAT, Num, parse_num

# attachment types that are not cards (a +1F token); a Follower token is a card
NON_CARD_TYPES = frozenset({"token"})


@dataclass(frozen=True)
class Card:
    name: str
    type: str
    force: Num | None = None
    chi: Num | None = None
    bowed: bool = False
    dishonored: bool = False
    keywords: frozenset = frozenset()
    yu: int | None = None
    overlaid: int = 0  # less-experienced cards under this one

    @property
    def counts_as_cards(self) -> int:
        return 0 if self.type in NON_CARD_TYPES else 1 + self.overlaid


@dataclass(frozen=True)
class Unit:
    personality: Card
    attachments: tuple[Card, ...] = ()
    stated_force: int | None = None  # the unit total as the source states it
    bonuses: tuple[int, ...] = ()  # Force bonuses/penalties given to the Personality by actions

    @property
    def cards(self) -> tuple[Card, ...]:
        return (self.personality, *self.attachments)

    @property
    def card_count(self) -> int:
        return sum(c.counts_as_cards for c in self.cards)


@dataclass(frozen=True)
class Army:
    units: tuple[Unit, ...] = ()
    stated_force: int | None = None

    @property
    def empty(self) -> bool:
        return not self.units


# --- the scenario shapes of cards, units and armies (shapes.py) ---

CARD_TYPES = ("personality", "follower", "follower-token", "item", "spell", "ancestor", "token")


def _card_shape(what: str, default_type: str, example: dict) -> dict:
    return obj(
        what,
        {
            "name": string(
                "Card name; choices and outcomes name the card by it, so give each card its own name.",
                example=example["name"],
            ),
            "type": choice_of(
                "Card type: personality, follower, follower-token (a Follower token: counts as a card), "
                "item, spell, ancestor, or token (not a card, e.g. a +1F token: never counted as a card "
                "destroyed). Editions differ on which types add their Force to the unit.",
                CARD_TYPES,
                default=default_type,
            ),
            "force": described(
                PRINTED_STAT,
                "Force as printed. Needed to total the unit, unless the unit gives "
                'stated_force; a signed value ("+2") modifies the Personality instead of adding '
                "to the unit.",
                example=3,
            ),
            "chi": described(
                PRINTED_STAT,
                "Chi as printed (accepted; no procedure reads it: a duel takes given.<side>.chi).",
                example=2,
            ),
            "bowed": boolean(
                "The card is bowed: it adds no Force (a bowed Personality zeroes his unit where the edition says so).",
                default=False,
            ),
            "dishonored": boolean(
                "A Dishonored Personality (battle: where the edition says so, the side gaining "
                "Honor restores him instead).",
                default=False,
            ),
            "keywords": array(
                "Traits of the card, compared without case. Read: Undead (Fear does not affect an Undead Follower).",
                NAME,
                default=[],
                example=["Undead"],
            ),
            "yu": integer("The card's Yu value (accepted; the yu procedure takes given.yu_cards).", minimum=0),
            "overlaid": integer(
                "Number of less-experienced cards under this Experienced card: each counts as a "
                "card destroyed in battle.",
                minimum=0,
                default=0,
            ),
        },
        required=["name"],
        example=example,
    )


PERSONALITY_CARD = named(
    "ccg-personality-card",
    _card_shape("The Personality leading a unit.", "personality", {"name": "Hida Kisada", "force": 4}),
)
ATTACHED_CARD = named(
    "ccg-attached-card",
    _card_shape(
        "A card attached to the Personality: a Follower, Item, Spell or token.",
        "follower",
        {"name": "Ashigaru", "type": "follower", "force": 1},
    ),
)
UNIT = named(
    "ccg-unit",
    obj(
        "A unit: a Personality and the cards attached to him.",
        {
            "personality": described(PERSONALITY_CARD, "The Personality leading the unit."),
            "attachments": array("Attached Followers, Items, Spells and tokens.", ATTACHED_CARD, default=[]),
            "stated_force": integer(
                "The unit's total Force exactly as the source states it, when it does not give "
                "each card's Force; used instead of adding up the cards (plus bonuses).",
                minimum=0,
            ),
            "bonuses": array(
                "Force bonuses (+) and penalties (-) given to the Personality by actions, in order.",
                {"type": "integer"},
                default=[],
                example=[2, -1],
            ),
        },
        required=["personality"],
        example={"personality": {"name": "Hida Kisada", "force": 4}, "attachments": [{"name": "Ashigaru", "force": 1}]},
    ),
)
ARMY = named(
    "ccg-army",
    obj(
        "An army: the units on one side of a battle (no units, or no army at all, for an empty army).",
        {
            "units": array("The army's units.", UNIT, default=[]),
            "stated_force": integer(
                "The army's total Force as the source states it (used instead of adding up its units).", minimum=0
            ),
        },
        example={"units": [{"personality": {"name": "Hida Kisada", "force": 4}}]},
    ),
)


def card_paths(u: Unit, path: tuple) -> dict[str, tuple]:
    """Card name -> the path of that card in the scenario, for errors about one card of a unit."""
    out = {u.personality.name: path + ("personality",)}
    for i, c in enumerate(u.attachments):
        out.setdefault(c.name, path + ("attachments", i))
    return out


def card(data: dict, path: tuple, default_type: str) -> Card:
    return Card(
        name=data["name"],
        type=data.get("type", default_type),
        force=parse_num(data.get("force"), path + ("force",)),
        chi=parse_num(data.get("chi"), path + ("chi",)),
        bowed=bool(data.get("bowed", False)),
        dishonored=bool(data.get("dishonored", False)),
        keywords=frozenset(k.lower() for k in data.get("keywords", ())),
        yu=data.get("yu"),
        overlaid=int(data.get("overlaid", 0)),
    )


def unit(data: dict, path: tuple) -> Unit:
    return Unit(
        personality=card(data["personality"], path + ("personality",), "personality"),
        attachments=tuple(
            card(a, path + ("attachments", i), "follower") for i, a in enumerate(data.get("attachments", ()))
        ),
        stated_force=data.get("stated_force"),
        bonuses=tuple(data.get("bonuses", ())),
    )


def army(data: dict | None, path: tuple) -> Army:
    data = data or {}
    return Army(
        units=tuple(unit(u, path + ("units", i)) for i, u in enumerate(data.get("units", ()))),
        stated_force=data.get("stated_force"),
    )
