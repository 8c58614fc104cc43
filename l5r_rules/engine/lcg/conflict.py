"""Conflict resolution (steps 3.2.3-3.2.5): skill of ready participants, winner, unopposed, broken province.

A side needs a total of at least 1 and a participating character to win; a
tie at 1 or more goes to the attacker. When the side with the higher total has no
participating character the book does not say whether the other side wins:
unsettled. A dash skill cannot take part; a bowed
participant adds no skill; an honored or dishonored one adds or subtracts its
glory; one moved home (or removed from the conflict) before the result no longer
participates. The Imperial Favor adds 1 to its holder's total in conflicts of its
type when the holder has a participant. An attacker who breaks the province may
discard the dynasty card on it (`choices.discard_province_card`), which is
replaced facedown; a holding he leaves there keeps the province from being refilled.
The game ends when the unopposed honor loss leaves the defender at 0 honor (the
province is then not broken) or when the broken province is the stronghold.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..game_end import lcg_check, lcg_playing
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import array, boolean, choice_of, described, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer
from ..values import PRINTED_STAT, parse_num
from .common import STATUSES, current_skill, honor_status, printed_glory

SIDES = ("attacker", "defender")


@dataclass(frozen=True)
class Inputs:
    type: str
    sides: dict  # side -> tuple of participant dicts (name, skill Num, bowed, status, glory, moved_home)
    modifiers: dict  # side -> int added to the player's total
    favor: dict | None  # {holder: side, type: military|political}
    province_strength: int
    honor: dict | None
    card: dict | None = None
    choices: dict | None = None
    stronghold: bool = False


CITES = (
    "dash",
    "bowed",
    "conflict.compare",
    "conflict.favor",
    "conflict.win",
    "conflict.unopposed",
    "conflict.break",
    "holding",
    "status",
    "modifiers",
    "home",
    "victory",
    "victory.stronghold",
    "token-pool",
    "refill",
    "pride",
)
TYPES = ("military", "political")


def _characters(side: str) -> dict:
    return array(
        f"Characters participating on the {side} side (leave out or [] for none).",
        obj(
            "A participating character.",
            {
                "name": string("Character name.", example="Doji Whisperer"),
                "skill": described(
                    PRINTED_STAT,
                    'Its skill of the conflict\'s type as printed; "-" cannot participate (removed home bowed).',
                    example=3,
                ),
                "bowed": boolean("Bowed: still participating but adds no skill.", default=False),
                "status": honor_status(
                    "Personal honor status: honored adds its glory to its skill, dishonored subtracts it (not below 0)."
                ),
                "glory": printed_glory("Printed glory (counts only while honored or dishonored)."),
                "moved_home": boolean(
                    "Moved home (or removed from the conflict) before the result is determined: it no longer "
                    "participates (adds no skill, is no participating character).",
                    default=False,
                ),
                "pride": boolean(
                    "Has the pride keyword: honored after it wins a conflict, dishonored after it loses one.",
                    default=False,
                ),
            },
            required=["name", "skill"],
        ),
        default=[],
        example=[{"name": "Doji Whisperer", "skill": 3}],
    )


GIVEN = obj(
    "A conflict at the moment its skill totals are compared.",
    {
        "type": choice_of("Conflict type: which skill counts.", TYPES, example="political"),
        "attacker": _characters("attacking"),
        "defender": _characters("defending"),
        "modifiers": obj(
            "Modifiers to each player's total that do not come from characters.",
            {s: integer(f"The {s}'s modifier.", default=0) for s in SIDES},
            example={"attacker": 1},
        ),
        "imperial_favor": obj(
            "The Imperial Favor, if claimed (+1 to its holder's total in conflicts of its type when "
            "he has a participant).",
            {
                "holder": choice_of("Who holds it.", SIDES),
                "type": choice_of("Side it is set to.", TYPES),
            },
            example={"holder": "defender", "type": "political"},
        ),
        "province_strength": integer(
            "Strength of the attacked province: the attacker breaks it by winning by at least this much.",
            minimum=0,
            example=3,
        ),
        "stronghold": boolean(
            "The attacked province is the defender's stronghold province: breaking it wins the game.", default=False
        ),
        "province_card": obj(
            "The dynasty card on the attacked province (leave out for none): if the attacker breaks the province he "
            "may discard it, and it is replaced facedown.",
            {
                "name": string("The card's title.", example="Artisan Academy"),
                "holding": boolean("It is a holding.", default=False),
            },
            required=["name"],
        ),
        "honor": obj(
            "Each player's honor (give it to have the outcome show it after an unopposed conflict's loss, and the "
            "game end at 0 honor).",
            {s: integer(f"The {s}'s honor (1 to 24: at 0 or 25 the game is over).") for s in SIDES},
            required=SIDES,
            example={"attacker": 10, "defender": 10},
        ),
    },
    required=["type", "province_strength"],
)
CHOICES = obj(
    "The attacking player's decision after breaking a province.",
    {
        "discard_province_card": boolean(
            "He discards the dynasty card on the province he broke (needed only when he breaks it and "
            "given.province_card names a card)."
        )
    },
)
OUTCOME = obj(
    "The conflict's result.",
    {
        "totals": obj(
            "Each side's total skill (ready participants plus modifiers and the Favor).",
            {s: integer(f"The {s}'s total.") for s in SIDES},
            required=SIDES,
            example={"attacker": 5, "defender": 3},
        ),
        "winner": choice_of(
            "attacker (also on a tie at 1 or more), defender, or null (nobody wins with a total of 0 "
            "or without a participating character).",
            ("attacker", "defender", None),
        ),
        "unopposed": boolean("The attacker won with no defending participant."),
        "defender_honor_loss": integer("Honor the defender loses for an unopposed conflict (1 or 0).", minimum=0),
        "province_broken": boolean(
            "The attacker won by at least the province strength (false when the game ended before step 3.2.5)."
        ),
        "province_card_discarded": boolean(
            "The attacker broke the province and discarded the dynasty card on it (given.province_card)."
        ),
        "province_refilled": boolean("That province is refilled facedown from its controller's dynasty deck."),
        "honor": obj("Each player's honor afterwards (when given).", {s: integer(f"The {s}'s honor.") for s in SIDES}),
        "pride": mapping(
            "Characters with pride given, by name: their status after the conflict (a participant on the "
            "winning side honored, on the losing side dishonored; no change when nobody wins, nor for one moved "
            "home or removed before the result).",
            "character",
            choice_of("Its status.", STATUSES),
        ),
    },
    required=["totals", "winner", "unopposed", "defender_honor_loss", "province_broken"],
)
STATE = state(
    reads={
        "type": "conflict",
        "attacker": "conflict",
        "defender": "conflict",
        "imperial_favor": "favor",
        "province_strength": "provinces",
        "honor": "honor",
    },
    writes={"winner": "conflict", "honor": "honor"},
)
ENDS = {
    "apply-unopposed": "the defender loses 1 honor for an unopposed conflict and has 0 honor (3.2.4)",
    "break-province": "the attacker breaks the defender's stronghold province (3.2.5)",
}


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is given as both attacking and defending", "a character on both sides"),)


def build(given: dict, choices: dict) -> Inputs:
    attackers = {c["name"] for c in given.get("attacker", ())}
    for i, c in enumerate(given.get("defender", ())):
        if c["name"] in attackers:
            raise ScenarioError(
                ("given", "defender", i, "name"),
                f"{c['name']} is given as both attacking and defending: a character participates on one side",
            )
    lcg_playing(given.get("honor"), ("given", "honor"))
    sides = {
        s: tuple(
            {
                "name": c["name"],
                "skill": parse_num(c["skill"], ("given", s, i, "skill")),
                "bowed": bool(c.get("bowed", False)),
                "status": c.get("status", "ordinary"),
                "glory": c.get("glory", 0),
                "moved_home": bool(c.get("moved_home", False)),
                "pride": bool(c.get("pride", False)),
            }
            for i, c in enumerate(given.get(s, ()))
        )
        for s in SIDES
    }
    return Inputs(
        given["type"],
        sides,
        {s: given.get("modifiers", {}).get(s, 0) for s in SIDES},
        given.get("imperial_favor"),
        given["province_strength"],
        dict(given["honor"]) if given.get("honor") else None,
        given.get("province_card"),
        choices,
        bool(given.get("stronghold", False)),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    total, present = {}, {}
    for side in SIDES:
        parts, names = [], []
        for c in inp.sides[side]:
            name = c["name"]
            if c["skill"].missing:
                t.step(
                    rs.cite("dash"),
                    f"{name} has a dash {inp.type} skill: cannot participate, removed home bowed",
                    0,
                    character=name,
                )
                continue
            if c["moved_home"]:
                t.step(
                    rs.cite("home"),
                    f"{name} was moved home: removed from the conflict, no longer participating",
                    0,
                    character=name,
                )
                continue
            names.append(name)
            if c["bowed"]:
                t.step(rs.cite("bowed"), f"{name} is bowed: participating but adds no skill", 0, character=name)
                continue
            parts.append(current_skill(t, rs, {**c, inp.type: c["skill"]}, inp.type))
        sum_ = sum(parts) + inp.modifiers[side]
        total[side] = t.step(
            rs.cite("conflict.compare"),
            f"{side}: {inp.type} skill of ready participants plus modifiers",
            sum_,
            skills=parts,
            modifiers=inp.modifiers[side],
        )
        present[side] = names
        fav = inp.favor
        if fav and fav.get("holder") == side and fav.get("type") == inp.type and names:
            total[side] = t.step(
                rs.cite("conflict.favor"),
                f"{side} holds the {inp.type} Imperial Favor: +1 to the total",
                total[side] + 1,
            )
    a, d = total["attacker"], total["defender"]
    can = {s: total[s] >= 1 and bool(present[s]) for s in SIDES}
    t.step(rs.cite("conflict.win"), "to win, a side needs at least 1 skill and a participating character", can)
    lead = "attacker" if a >= d else "defender"  # the higher total; a tie goes to the attacker
    other = "defender" if lead == "attacker" else "attacker"
    if can[lead]:
        winner = lead
    elif can[other]:
        # the higher total cannot win (no participating character): no sentence says the lower side then wins,
        # nor that nobody does ("neither player can meet the requirements" does not fit: the lower side meets them)
        raise Unsettled(
            rs.cite("conflict.win"),
            f"the {lead} counts the higher total ({total[lead]} to {total[other]}) but has no participating "
            f"character, so cannot win; the rules do not say whether the {other}, who meets the requirements "
            "with the lower total, wins, or whether nobody does",
        )
    else:
        winner = None
    t.step(
        rs.cite("conflict.compare"),
        "higher total wins; a tie goes to the attacker; nobody wins at 0",
        winner,
        attacker=a,
        defender=d,
    )
    out = {"totals": total, "winner": winner, "unopposed": False, "defender_honor_loss": 0, "province_broken": False}
    proud = _pride(t, rs, inp, winner, present)
    if proud:
        out["pride"] = proud
    out["province_card_discarded"] = out["province_refilled"] = False
    honor = dict(inp.honor) if inp.honor is not None else None
    if winner == "attacker":
        unopposed = t.step(
            rs.cite("conflict.unopposed"),
            "unopposed: the defender has no participating character",
            not present["defender"],
        )
        out["unopposed"] = unopposed
        out["defender_honor_loss"] = 1 if unopposed else 0
        if unopposed:
            t.step(
                rs.cite("token-pool"),
                "the defender's lost honor returns to the general token pool",
                1,
                sentence="When a player spends or loses fate or honor, those tokens are returned to the token pool.",
            )
        if honor is not None:
            honor["defender"] -= out["defender_honor_loss"]
            out["honor"] = honor
            over = lcg_check(t, rs, "apply-unopposed", honor) if unopposed else None
            if over:
                return t.done({**out, "game_over": over, "state": {"winner": winner, "honor": honor}})
        out["province_broken"] = t.step(
            rs.cite("conflict.break"),
            "broken if the attacker won by at least the province strength",
            a - d >= inp.province_strength,
            difference=a - d,
            strength=inp.province_strength,
        )
    if out["province_broken"] and inp.stronghold:
        over = lcg_check(t, rs, "break-province", honor, stronghold_broken="defender", players=SIDES)
        return t.done({**out, "game_over": over, "state": _state(winner, honor)})
    if out["province_broken"] and inp.card:
        card = inp.card
        discard = choice(
            inp.choices or {},
            "discard_province_card",
            f"whether the attacker discards {card['name']}, the dynasty card on the province he broke (he may)",
        )
        if discard:
            t.step(
                rs.cite("conflict.break"),
                f"the attacker broke the province and discards {card['name']}: it is replaced facedown from its "
                "controller's dynasty deck",
                True,
                card=card["name"],
            )
            out["province_card_discarded"] = out["province_refilled"] = True
            t.step(
                rs.cite("refill"),
                "refilling: the top card of the defender's dynasty deck goes facedown on the province",
                True,
                sentence="If a player is instructed to refill a province, that player takes the top card of his or her "
                "dynasty deck and places it facedown (without looking at it) on the province.",
            )
        else:
            t.step(rs.cite("conflict.break"), f"the attacker does not discard {card['name']}", False)
            if card.get("holding"):
                t.step(rs.cite("holding"), f"the holding {card['name']} remains: the province is not refilled", False)
    if honor is not None:
        out["honor"] = honor
    return t.done({**out, "state": _state(winner, honor)})


def _pride(t: Tracer, rs: Ruleset, inp: Inputs, winner, present: dict) -> dict:
    """Participants with pride: honored after winning, dishonored after losing (a status already so stays)."""
    out = {}
    for side in SIDES:
        for c in inp.sides[side]:
            if not c.get("pride"):
                continue
            if c["name"] not in present[side]:  # moved home, or removed: it neither won nor lost
                out[c["name"]] = t.step(
                    rs.cite("conflict.win"),
                    f"{c['name']} has pride but is not participating when the result is determined: it neither "
                    "wins nor loses, its status stays",
                    c["status"],
                    sentence='In order for a character to be considered to have "won" a conflict, that character must '
                    "be participating in the conflict on the winning side at the time the ability resolves.",
                )
                continue
            if winner is None:
                out[c["name"]] = c["status"]
                continue
            won = side == winner
            before = c["status"]
            if won:
                after = {"dishonored": "ordinary", "ordinary": "honored", "honored": "honored"}[before]
            else:
                after = {"honored": "ordinary", "ordinary": "dishonored", "dishonored": "dishonored"}[before]
            out[c["name"]] = t.step(
                rs.cite("pride"),
                f"{c['name']} has pride and {'won' if won else 'lost'} the conflict: "
                f"{'honor' if won else 'dishonor'} it",
                after,
                before=before,
            )
    return out


def _state(winner, honor) -> dict:
    return {"winner": winner, **({"honor": honor} if honor is not None else {})}
