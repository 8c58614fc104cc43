"""CCG cards, units and armies as frozen inputs, read from a scenario's `given`.

A unit is a Personality with attached cards. Force and Chi keep the card's
printing: a plain number, a signed modifier ("+2"), or "-" (see values.Num);
a value the scenario leaves out is `None` and may only be used if the scenario
also states the total (`stated_force`), as worked examples often do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..values import Num, parse_num

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


def card_paths(u: Unit, path: tuple) -> dict[str, tuple]:
    """Card name -> the path of that card in the scenario, for errors about one card of a unit."""
    out = {u.personality.name: path + ("personality",)}
    for i, c in enumerate(u.attachments):
        out.setdefault(c.name, path + ("attachments", i))
    return out


def card(data: dict, path: tuple, default_type: str) -> Card:
    return Card(
        name=data["name"], type=data.get("type", default_type),
        force=parse_num(data.get("force"), path + ("force",)),
        chi=parse_num(data.get("chi"), path + ("chi",)),
        bowed=bool(data.get("bowed", False)), dishonored=bool(data.get("dishonored", False)),
        keywords=frozenset(k.lower() for k in data.get("keywords", ())),
        yu=data.get("yu"), overlaid=int(data.get("overlaid", 0)),
    )


def unit(data: dict, path: tuple) -> Unit:
    return Unit(
        personality=card(data["personality"], path + ("personality",), "personality"),
        attachments=tuple(card(a, path + ("attachments", i), "follower") for i, a in enumerate(data.get("attachments", ()))),
        stated_force=data.get("stated_force"), bonuses=tuple(data.get("bonuses", ())),
    )


def army(data: dict | None, path: tuple) -> Army:
    data = data or {}
    return Army(units=tuple(unit(u, path + ("units", i)) for i, u in enumerate(data.get("units", ()))),
                stated_force=data.get("stated_force"))
