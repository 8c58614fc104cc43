"""CCG duels: who may focus first, where focused cards come from, and who wins a tie.

Lotus: each side's focus pool is the top three Fate cards plus one optional card
from hand; the challenged Personality acts first unless a Duelist challenger with
equal or lower Chi takes the first focus; a tie loses for both. Ivory: focus from
hand or the deck top, at most four focuses each; a Duelist wins a tie against a
non-Duelist. The Gold file ends before its duel rules. Afterwards the focused
cards are discarded; Lotus puts the cards left in each focus pool on the bottom
of their owner's deck, in the order he chooses.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import MissingChoice, ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import COUNT, NAME, array, boolean, choice_of, integer, obj, string
from ..state import each_of, state
from ..trace import Tracer

SIDES = ("challenger", "challenged")


@dataclass(frozen=True)
class Inputs:
    chi: dict  # side -> stat value
    names: dict
    duelist: dict
    deck_top: dict  # side -> tuple of focus values, top first
    hand: dict  # side -> tuple of focus values
    choices: dict


CITES = ("duel", "duelist", "duelist.glossary")


def _duelist(side: str, example: dict) -> dict:
    return obj(
        f"The {side} Personality.",
        {
            "name": string("Personality name (the outcome names winner and losers by it).", example=example["name"]),
            "chi": integer(
                "The compared stat (Chi unless the duel says otherwise).", minimum=0, example=example["chi"]
            ),
            "duelist": boolean(
                "Has the Duelist trait (Lotus: may focus first; Ivory: wins a tie against a non-Duelist).",
                default=False,
            ),
            "deck_top": array(
                "Focus values of the top Fate cards, top first. Lotus: the first three form the focus "
                "pool; Ivory: each focus `from: deck` takes the next one.",
                COUNT,
                default=[],
                example=[1, 3, 2],
            ),
            "hand": array(
                "Focus values of cards in hand: Ivory focuses from them, Lotus may add one to the pool "
                "(choices.pool_additions).",
                COUNT,
                default=[],
                example=[2],
            ),
        },
        required=["name", "chi"],
        example=example,
    )


GIVEN = obj(
    "The two Personalities in the duel and the cards they may focus.",
    {
        "challenger": _duelist("challenging", {"name": "Mirumoto", "chi": 3}),
        "challenged": _duelist("challenged", {"name": "Kakita", "chi": 4}),
    },
    required=["challenger", "challenged"],
)
CHOICES = obj(
    "The players' decisions during the duel.",
    {
        "pool_additions": obj(
            "Lotus (needed there): for each side, the focus value of the card added to its focus "
            "pool from hand (one of its given hand values), or null for none.",
            {
                "challenger": integer("The challenger's addition, or null.", nullable=True),
                "challenged": integer("The challenged side's addition, or null.", nullable=True),
            },
            example={"challenger": 2, "challenged": None},
        ),
        "duelist_focuses_first": boolean(
            "Lotus, needed when the challenger is a Duelist with Chi equal to or lower "
            "than the challenged: whether he takes the first focus."
        ),
        "actions": array(
            "Always needed: the focus/strike decisions in turn order, ending with a strike. The challenged side acts "
            "first (unless a Duelist challenger focuses first); sides alternate after each focus.",
            obj(
                "One decision.",
                {
                    "by": choice_of(
                        "Who acts: challenger or challenged (must be the side whose turn it is).",
                        ("challenger", "challenged"),
                    ),
                    "do": choice_of("focus or strike.", ("focus", "strike")),
                    "value": integer(
                        "Focus value of the focused card when it comes from the pool (Lotus) or the hand "
                        "(Ivory); leave it out for `from: deck`, which takes the next card of "
                        "given.<side>.deck_top.",
                        example=2,
                    ),
                    "from": choice_of(
                        "Where the focused card comes from: pool (Lotus), hand or deck (Ivory). Left out: "
                        "the pool under Lotus, the hand under Ivory.",
                        ("pool", "hand", "deck"),
                    ),
                },
                required=["by", "do"],
            ),
            example=[
                {"by": "challenged", "do": "focus", "value": 2, "from": "hand"},
                {"by": "challenger", "do": "strike"},
            ],
        ),
    },
)
OUTCOME = obj(
    "The duel's result.",
    {
        "totals": obj(
            "Chi plus focused values, per side.",
            {
                "challenger": integer("The challenger's total."),
                "challenged": integer("The challenged side's total."),
            },
            required=["challenger", "challenged"],
            example={"challenger": 5, "challenged": 4},
        ),
        "winner": string("Name of the winning Personality, or null when both lose.", nullable=True),
        "losers": array("Names of the losing Personalities (both on a tie without a deciding Duelist).", NAME),
        "discarded": obj(
            "The focused cards each side discards after the duel (their focus values, in the order focused).",
            {s: array(f"The {s}'s focused cards.", COUNT) for s in SIDES},
            required=SIDES,
        ),
        "to_deck_bottom": obj(
            "Lotus: the cards left in each focus pool, put on the bottom of their owner's deck in the order he "
            "chooses (their focus values, smallest first: the order is his).",
            {s: array(f"The {s}'s unused focus pool cards.", COUNT) for s in SIDES},
            required=SIDES,
        ),
    },
    required=["totals", "winner", "losers", "discarded"],
)
STATE = state(
    updates=each_of(SIDES, deck_top="cards", hand="cards"),
)

ORDERED = (
    "discarded.challenger",
    "discarded.challenged",
)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (
    ("cannot focus any more and must strike", "a focus after Ivory's fourth, or with an empty Lotus focus pool"),
    (
        "a Duelist taking the first opportunity may not strike",
        "Lotus: a Duelist challenger who took the first focus strikes instead",
    ),
    ("turn to focus or strike", "an action by the side whose turn it is not"),
    ("the duel already resolved at the strike", "an action after the strike"),
)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("cannot duel himself", "the same Personality on both sides"),
    ("no card with focus value", "a focus value not in the pool or hand given"),
    ("has no more cards", "Ivory: a focus from the deck beyond given.<side>.deck_top"),
)


def build(given: dict, choices: dict) -> Inputs:
    g = {s: given[s] for s in SIDES}
    if g["challenger"]["name"] == g["challenged"]["name"]:  # the outcome names winner and loser by name
        raise ScenarioError(
            ("given", "challenged", "name"),
            f"'{g['challenged']['name']}' cannot duel himself: name the two Personalities",
        )
    return Inputs(
        {s: g[s]["chi"] for s in SIDES},
        {s: g[s]["name"] for s in SIDES},
        {s: bool(g[s].get("duelist", False)) for s in SIDES},
        {s: tuple(g[s].get("deck_top", ())) for s in SIDES},
        {s: tuple(g[s].get("hand", ())) for s in SIDES},
        choices,
    )


def _pools(inp: Inputs, rs: Ruleset, t: Tracer) -> dict | None:
    if rs.duel_pool_from_deck is None:
        return None
    adds = choice(inp.choices, "pool_additions", "for each side, the focus value of the card added from hand, or null")
    pools = {}
    for s in ("challenged", "challenger"):  # the challenged player's controller chooses first
        top = list(inp.deck_top[s][: rs.duel_pool_from_deck])
        if s not in adds:
            raise MissingChoice("pool_additions", f"no decision for the {s}'s card from hand (give null for none)")
        add = adds[s]
        if add is not None:
            if add not in inp.hand[s]:
                raise ScenarioError(
                    ("choices", "pool_additions", s), f"no card with focus value {add} in the {s}'s hand"
                )
            top.append(add)
        pools[s] = Counter(top)
        t.step(
            rs.cite("duel"),
            f"{s}'s focus pool: top {rs.duel_pool_from_deck} Fate cards plus up to {rs.duel_pool_from_hand} from hand",
            sorted(top),
            from_hand=add,
        )
    return pools


def resolve(inp: Inputs, rs: Ruleset):
    rs.require("ccg/duel")
    t = Tracer()
    rule = rs.cite("duel")
    pools = _pools(inp, rs, t)
    first = "challenged"
    if rs.duel_duelist_may_focus_first and inp.duelist["challenger"] and inp.chi["challenger"] <= inp.chi["challenged"]:
        if choice(inp.choices, "duelist_focuses_first", "the Duelist challenger may take the first focus"):
            first = "challenger"
        t.step(
            rs.cite("duelist"),
            "a Duelist challenger with equal or lower Chi may focus first (not strike)",
            first,
            chi=dict(inp.chi),
        )
        t.restate(
            rs.stated("duelist.glossary"),
            "a Duelist may focus first, not strike, against equal or greater Chi",
            first,
            sentence="Duelist: A Duelist may focus (but not strike) first when "
            "challenging another Personality of equal or greater Chi.",
        )
    else:
        t.step(rule, "the challenged Personality has the first option to focus or strike", first)
    actions = choice(inp.choices, "actions", "the sequence of focus/strike decisions, ending with a strike")
    focused = {s: [] for s in SIDES}
    deck_pos = {s: 0 for s in SIDES}
    hand_left = {s: Counter(inp.hand[s]) for s in SIDES}
    turn, struck = first, False
    for i, act in enumerate(actions):
        path = ("choices", "actions", i)
        if struck:
            raise ScenarioError(path, "the duel already resolved at the strike before this action")
        if act["by"] != turn:
            raise ScenarioError(path + ("by",), f"it is the {turn}'s turn to focus or strike")
        can_focus = (
            (pools[turn] and sum(pools[turn].values()) > 0)
            if pools is not None
            else (rs.duel_max_focuses is None or len(focused[turn]) < rs.duel_max_focuses)
        )
        if act["do"] == "strike":
            if i == 0 and first == "challenger":
                raise ScenarioError(path + ("do",), "a Duelist taking the first opportunity may not strike")
            struck = t.step(rule, f"{turn} strikes", True, by=turn)
            continue
        if not can_focus:
            raise ScenarioError(path + ("do",), f"the {turn} cannot focus any more and must strike")
        value, source = act.get("value"), act.get("from", "pool")
        if pools is not None:
            if pools[turn][value] <= 0:
                raise ScenarioError(path + ("value",), f"no card with focus value {value} left in the {turn}'s pool")
            pools[turn][value] -= 1
        elif source == "deck":
            if deck_pos[turn] >= len(inp.deck_top[turn]):
                raise ScenarioError(path + ("from",), f"given.{turn}.deck_top has no more cards")
            value = inp.deck_top[turn][deck_pos[turn]]
            deck_pos[turn] += 1
        else:
            if hand_left[turn][value] <= 0:
                raise ScenarioError(path + ("value",), f"no card with focus value {value} in the {turn}'s hand")
            hand_left[turn][value] -= 1
        focused[turn].append(value)
        t.step(rule, f"{turn} focuses a card from {source}", value, by=turn, count=len(focused[turn]))
        turn = "challenger" if turn == "challenged" else "challenged"
    if not struck:
        raise MissingChoice("actions", "the sequence ends before anyone strikes")
    totals = {s: inp.chi[s] + sum(focused[s]) for s in SIDES}
    t.step(rule, "reveal: total focus values plus the Personality's Chi", totals, focused=focused, chi=dict(inp.chi))
    if totals["challenger"] != totals["challenged"]:
        winner = max(SIDES, key=totals.get)
        losers = [s for s in SIDES if s != winner]
        t.step(rule, "the higher total wins the duel", winner)
    elif rs.duel_duelist_wins_tie and inp.duelist["challenger"] != inp.duelist["challenged"]:
        winner = "challenger" if inp.duelist["challenger"] else "challenged"
        losers = [s for s in SIDES if s != winner]
        t.step(rule, "a tie, but only one Personality is a Duelist: the Duelist wins", winner)
    else:
        winner, losers = None, list(SIDES)
        t.step(rule, "a tie: both Personalities lose", None)
    out = {"totals": totals, "winner": winner and inp.names[winner], "losers": [inp.names[s] for s in losers]}
    return t.done({**out, **_cards(inp, rs, t, pools, focused, deck_pos, hand_left)})


def _cards(inp: Inputs, rs: Ruleset, t: Tracer, pools, focused: dict, deck_pos: dict, hand_left: dict) -> dict:
    """Where the duel's cards go: focused ones to the discard pile, Lotus's unused pool cards to the deck bottom."""
    out: dict = {"discarded": t.step(rs.cite("duel"), "discard all focused cards", {s: focused[s] for s in SIDES})}
    state: dict = {}
    for s in SIDES:
        hand = [v for v, n in sorted(hand_left[s].items()) for _ in range(n)]
        if pools is not None:
            top = list(inp.deck_top[s][rs.duel_pool_from_deck :])  # the top cards went into the pool
            added = (inp.choices.get("pool_additions") or {}).get(s)
            if added is not None:
                hand.remove(added)
            state[s] = {"deck_top": top, "hand": hand}
        else:
            state[s] = {"deck_top": list(inp.deck_top[s][deck_pos[s] :]), "hand": hand}
    if pools is not None:
        left = {s: sorted(v for v, n in pools[s].items() for _ in range(n)) for s in SIDES}
        out["to_deck_bottom"] = t.step(
            rs.cite("duel"),
            "put the cards still in the focus pools on the bottom of their decks, in the order of their choice",
            left,
        )
    return {**out, "state": state}
