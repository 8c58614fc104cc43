"""Unit and army Force totals, per edition.

Editions differ: Lotus adds every unbowed attached card and lets only "+"/"-"
stats modify the Personality; Gold and Ivory make Items modify the
Personality directly (bowed or not) and add only Followers to the unit; a
bowed Personality zeroes the unit in Gold and Lotus, while Ivory only leaves
out bowed Personalities and bowed Followers (its walkthrough: 12 - 3 = 9).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..ruleset import Ruleset
from ..shapes import INT, described, integer, mapping, obj
from ..state import state
from ..trace import Tracer
from ..values import Num
from .cards import ARMY, Army, Card, Unit, army


def number(num: Num | None, rs: Ruleset, t: Tracer, what: str, path: tuple) -> int:
    """A printed number as an int; a dash is read by the edition's rule, never silently as 0."""
    if num is None:
        raise ScenarioError(path, f"{what} is needed but not given (give it, or give stated_force)")
    if num.value is not None:
        return num.value
    if rs.missing_value_reads_as_zero is None:
        raise Unsettled(rs.cite("force.unit"), f"{rs.document} does not say how a '-' value counts ({what})")
    return t.step(rs.cite("missing-value"), f"{what} is '-': a missing value counts as 0", 0, raw=None, floored=0)


def _is_direct(card: Card, rs: Ruleset) -> bool:
    return bool(card.force and card.force.signed) or (rs.item_force_is_direct and card.type == "item")


def personal_force(u: Unit, rs: Ruleset, t: Tracer, path: tuple, rule: str | None = None) -> int:
    """The Personality's current Force: printed, plus cards that modify him directly ("+F" Items), plus bonuses.

    `rule` is the entry cited for the total (default: the unit rule); the steps for each
    modifier cite the stats rule that makes it modify the Personality.
    """
    name = u.personality.name
    own = number(u.personality.force, rs, t, f"{name}'s Force", path + ("personality", "force"))
    direct = []
    for i, c in enumerate(u.attachments):
        if _is_direct(c, rs):
            # an Item that modifies its Personality directly is cited by the Item rule, signed or not
            key = "force.item" if rs.item_force_is_direct and c.type == "item" else "force.signed"
            value = number(c.force, rs, t, f"{c.name}'s Force", path + ("attachments", i, "force"))
            direct.append(
                t.step(
                    rs.cite(key),
                    f"{c.name} modifies {name} directly, bowed or not",
                    value,
                    card=c.name,
                    force=c.force.show() if c.force else None,
                    bowed=c.bowed,
                )
            )
    raw = own + sum(direct) + sum(u.bonuses)
    personal = max(0, raw)
    return t.step(
        rule or rs.cite("force.unit"),
        f"{name}'s own Force with modifiers",
        personal,
        raw=raw,
        floored=personal,
        printed=own,
        modifiers=direct,
        bonuses=list(u.bonuses),
    )


def unit_force(u: Unit, rs: Ruleset, t: Tracer, path: tuple) -> int:
    name = u.personality.name
    if u.stated_force is not None:
        total = u.stated_force + sum(u.bonuses)
        return t.step(
            rs.cite("force.unit"),
            f"{name}: unit Force as the source states it, plus bonuses",
            total,
            stated=u.stated_force,
            bonuses=list(u.bonuses),
        )
    personal = personal_force(u, rs, t, path)
    if u.personality.bowed and rs.bowed_personality_zeroes_unit:
        return t.step(rs.cite("force.unit"), f"{name} is bowed: no card in the unit adds Force", 0)
    total = 0 if u.personality.bowed else personal
    if u.personality.bowed:
        t.step(rs.cite("force.unit"), f"{name} is bowed: his own Force is not counted", 0)
    for i, c in enumerate(u.attachments):
        if _is_direct(c, rs) or (rs.unit_card_types is not None and c.type not in rs.unit_card_types):
            continue
        if c.bowed:
            t.step(rs.cite("force.unit"), f"{c.name} is bowed: adds nothing", 0, card=c.name)
            continue
        value = number(c.force, rs, t, f"{c.name}'s Force", path + ("attachments", i, "force"))
        total += t.step(rs.cite("force.unit"), f"{c.name} adds its Force to the unit", value, card=c.name)
    return t.step(rs.cite("force.unit"), f"{name}'s unit total", total)


def army_force(a: Army, rs: Ruleset, t: Tracer, path: tuple, side: str) -> int:
    if a.stated_force is not None:
        return t.step(rs.cite("force.unit"), f"{side} army Force as the source states it", a.stated_force)
    totals = [unit_force(u, rs, t, path + ("units", i)) for i, u in enumerate(a.units)]
    return t.step(rs.cite("force.unit"), f"{side} army total: sum of its units", sum(totals), units=totals)


@dataclass(frozen=True)
class Inputs:
    army: Army


CITES = ("force.unit", "force.total", "force.signed", "force.item", "missing-value", "force.own")
OWN = "Being bowed does not change a card's own Force."
GIVEN = obj(
    "The army whose Force is totalled.",
    {
        "army": described(
            ARMY, "The army; each unit's Personality needs a name of its own (the outcome names units by it)."
        ),
    },
    required=["army"],
)
OUTCOME = obj(
    "Force totals.",
    {
        "units": mapping(
            "Each unit's Force total, by its Personality's name.", "personality", INT, example={"Hida Kisada": 5}
        ),
        "army": integer("The army's Force: the sum of its units.", example=5),
        "cards": mapping(
            "Gold, Lotus: each card's own Force, bowed or not (a Personality's with the cards that modify him "
            "directly and his bonuses; a unit given only by stated_force is left out). Ivory states no such rule: "
            "the field is absent.",
            "card",
            INT,
            example={"Hida Kisada": 5, "Ashigaru": 1},
        ),
    },
    required=["units", "army"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is needed but not given", "a card's Force left out without stated_force"),)


def build(given: dict, choices: dict) -> Inputs:
    a = army(given["army"], ("given", "army"))
    seen = set()
    for i, u in enumerate(a.units):
        if u.personality.name in seen:  # the outcome names each unit by its Personality
            raise ScenarioError(
                ("given", "army", "units", i, "personality", "name"),
                f"a second unit led by '{u.personality.name}'; give each Personality its own name",
            )
        seen.add(u.personality.name)
    return Inputs(a)


def resolve(inputs: Inputs, rs: Ruleset):
    t = Tracer()
    units = [unit_force(u, rs, t, ("given", "army", "units", i)) for i, u in enumerate(inputs.army.units)]
    total = t.step(rs.cite("force.unit"), "army total: sum of its units", sum(units), units=units)
    t.restate(
        rs.stated("force.total"),
        "an army's Force total is the sum of its units' totals",
        total,
        sentence="For an *army*: The sum of the Force totals for its units.",
    )
    out = {"units": {u.personality.name: f for u, f in zip(inputs.army.units, units)}, "army": total}
    if "force.own" in rs.cites:
        own = _own_forces(inputs.army, rs)
        if own:
            out["cards"] = t.step(rs.cite("force.own"), "each card's own Force, bowed or not", own, sentence=OWN)
    return t.done(out)


def _own_forces(a: Army, rs: Ruleset) -> dict:
    """Each card's own Force (bowing changes only what counts toward the unit), computed without tracing again."""
    quiet = Tracer()
    out = {}
    for i, u in enumerate(a.units):
        if u.stated_force is not None:
            continue
        path = ("given", "army", "units", i)
        out[u.personality.name] = personal_force(u, rs, quiet, path)
        for j, c in enumerate(u.attachments):
            if c.type == "token" or c.force is None or c.force.signed or _is_direct(c, rs):
                continue  # a token is not a card; a "+F" modifies its Personality rather than having a Force
            out[c.name] = number(c.force, rs, quiet, f"{c.name}'s Force", path + ("attachments", j, "force"))
    return out
