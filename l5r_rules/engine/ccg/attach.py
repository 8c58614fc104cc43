"""Attaching a Follower, Item, Spell or Ancestor to a Personality: when, to whom, and what it costs.

Lotus and Gold: a Limited action (own Action Phase), paying the Gold cost; a
Follower needs its leader's Personal Honor to meet its Honor requirement; at
most one Weapon and one Armor; Spells only on Shugenja (Gold: no more Spells
than his Chi); Gold: attaching targets the Personality, so he must be unbowed;
an Ancestor also needs his alignment and bows him. Ivory's Equip: an Open action
(any player's Action Phase) paying exactly the card's Gold cost; of the
card-type restrictions Ivory states only the one-Weapon limit (its Fate Cards
page); the others are not in source when they matter.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    phase: str
    own_turn: bool
    p: dict
    card: dict
    paid: int | None


CITES = (
    "attach.timing",
    "attach.limited",
    "attach.rules",
    "attach.weapon",
    "attach.armor",
    "attach.ancestor",
    "attach.payment",
    "dishonor",
)
GIVEN = obj(
    "The card to attach, the Personality and the moment.",
    {
        "phase": choice_of("The current phase.", ("action", "attack", "dynasty", "other")),
        "own_turn": boolean("It is the attaching player's own turn."),
        "personality": obj(
            "The Personality receiving the card (controlled by the attaching player).",
            {
                "name": string("His name.", example="Isawa Tadaka"),
                "personal_honor": integer("His current Personal Honor.", example=3),
                "chi": integer("His current Chi.", minimum=0, example=4),
                "bowed": boolean("He is bowed.", default=False),
                "dishonored": boolean("He is Dishonored (Lotus: Personal Honor at most 0).", default=False),
                "shugenja": boolean("He is a Shugenja.", default=False),
                "alignment_matches": boolean("For an Ancestor: he has the Ancestor's alignment.", default=False),
                "entering_play": boolean(
                    "For an Ancestor in the Dynasty Phase: he is being brought into play right now.", default=False
                ),
                "weapons": integer("Weapons already attached.", minimum=0, default=0),
                "armors": integer("Armors already attached.", minimum=0, default=0),
                "spells": integer("Spells already attached.", minimum=0, default=0),
            },
            required=["name"],
        ),
        "card": obj(
            "The card being attached.",
            {
                "name": string("Its title.", example="Ashigaru Archers"),
                "type": choice_of("Its card type.", ("follower", "item", "spell", "ancestor")),
                "honor_requirement": integer("Follower or Ancestor: its Honor requirement.", example=2),
                "keywords": array("Its traits (Weapon, Armor ...), compared without case.", NAME, default=[]),
                "gold_cost": integer("Its Gold cost.", minimum=0, example=2),
            },
            required=["name", "type"],
        ),
        "paid": integer("Ivory's Equip: the Gold paid.", minimum=0, example=2),
    },
    required=["phase", "own_turn", "personality", "card"],
)
OUTCOME = obj(
    "Whether the card may be attached.",
    {
        "legal": boolean("Every check passes."),
        "failed": array(
            "The checks that fail, as tags: timing, payment, bowed, honor, alignment, weapon, armor, shugenja, chi "
            "([] when legal).",
            NAME,
        ),
    },
    required=["legal", "failed"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    (
        "the check needs given.personality.personal_honor",
        "a Follower's Honor requirement without the Personality's Personal Honor",
    ),
    ("Equip needs the Gold paid", "Ivory's Equip without given.paid"),
)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(given["phase"], given["own_turn"], given["personality"], given["card"], given.get("paid"))


def _needed(inp: Inputs, field: str, where: str) -> int:
    value = (inp.p if where == "personality" else inp.card).get(field)
    if value is None:
        raise ScenarioError(("given", where, field), f"the check needs given.{where}.{field}")
    return value


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    p, c = inp.p, inp.card
    kws = {k.lower() for k in c.get("keywords", ())}
    failed = []
    timing = rs.cite("attach.timing")
    if c["type"] == "ancestor" and inp.phase == "dynasty":
        ok = t.step(
            rs.cite("attach.ancestor"),
            "an Ancestor may also attach as a Reaction when its Personality is brought into play in your Dynasty Phase",
            inp.own_turn and bool(inp.p.get("entering_play", False)),
            entering_play=inp.p.get("entering_play", False),
        )
    elif rs.attach_action == "limited":
        ok = t.step(
            rs.cite("attach.limited"),
            "attaching is a Limited action: only in your own Action Phase",
            inp.phase == "action" and inp.own_turn,
            phase=inp.phase,
            own_turn=inp.own_turn,
        )
    else:
        ok = t.step(timing, "Equip is an Open action: in any player's Action Phase", inp.phase == "action")
    if not ok:
        failed.append("timing")
    if rs.attach_payment_equals_cost:
        cost, paid = _needed(inp, "gold_cost", "card"), inp.paid
        if paid is None:
            raise ScenarioError(("given", "paid"), "Equip needs the Gold paid (given.paid)")
        if not t.step(
            rs.cite("attach.payment"),
            "Equip attaches a card whose Gold cost equals the Gold paid",
            paid == cost,
            paid=paid,
            gold_cost=cost,
        ):
            failed.append("payment")
    if rs.attach_needs_unbowed:
        if not t.step(timing, "attaching targets the Personality, so he must be unbowed", not p.get("bowed", False)):
            failed.append("bowed")
    # each restriction cites its own rule key, looked up only when it applies (Ivory states the Weapon limit only)
    card_rule = "attach.ancestor" if c["type"] == "ancestor" else "attach.rules"
    if c["type"] in ("follower", "ancestor") and c.get("honor_requirement") is not None:
        rules = rs.cite(card_rule)
        ph = _needed(inp, "personal_honor", "personality")
        if p.get("dishonored", False):
            ph = t.step(rs.cite("dishonor"), "a Dishonored Personality has a maximum Personal Honor of 0", min(ph, 0))
        if not t.step(
            rules,
            f"his Personal Honor {ph} must meet or exceed the Honor requirement {c['honor_requirement']}",
            ph >= c["honor_requirement"],
        ):
            failed.append("honor")
    if c["type"] == "ancestor":
        rules = rs.cite(card_rule)
        if not t.step(
            rules,
            "an Ancestor attaches only to a Personality with its alignment",
            p.get("alignment_matches", False),
        ):
            failed.append("alignment")
        unbowed = t.step(rules, "attaching an Ancestor also bows the Personality as a cost", not p.get("bowed", False))
        if not unbowed and "bowed" not in failed:
            failed.append("bowed")
    for kind, field in (("weapon", "weapons"), ("armor", "armors")):
        if kind in kws and not t.step(
            rs.cite(f"attach.{kind}"),
            f"a Personality can have only one {kind.title()} attached at any time",
            p.get(field, 0) == 0,
            already=p.get(field, 0),
        ):
            failed.append(kind)
    if c["type"] == "spell":
        rules = rs.cite(card_rule)
        if not t.step(rules, "Spells attach only to Shugenja", p.get("shugenja", False)):
            failed.append("shugenja")
        elif rs.spell_limit_by_chi:
            chi = _needed(inp, "chi", "personality")
            if not t.step(
                rules,
                f"a Shugenja attaches at most as many Spells as his Chi ({chi})",
                p.get("spells", 0) + 1 <= chi,
                spells_after=p.get("spells", 0) + 1,
            ):
                failed.append("chi")
    return t.done({"legal": not failed, "failed": failed})
