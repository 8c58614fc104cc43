"""Setup: the second player gains 1 fate; 4 cards drawn; mulligans in player order; starting honor from the stronghold.

Each player may mulligan any number of his province cards once and any number of
his starting hand once, in player order (a first player who passes cannot change
his mind). Each player gains honor equal to his stronghold's honor value.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import choice_of, integer, obj
from ..state import each_of, state
from ..trace import Tracer
from .honor_bid import PLAYERS, per_player

CITES = ("setup", "mulligan")
GIVEN = obj(
    "The two players at setup.",
    {
        "stronghold_honor": per_player(
            "The honor value on each player's stronghold.",
            "stronghold honor",
            minimum=0,
            example={"first": 11, "second": 10},
        ),
    },
    required=["stronghold_honor"],
)
CHOICES = obj(
    "Mulligan decisions, made in player order.",
    {
        "province_mulligan": per_player(
            "Province cards each player mulligans (0: he passes).",
            "province mulligan",
            minimum=0,
            example={"first": 0, "second": 2},
        ),
        "hand_mulligan": per_player(
            "Cards of the starting hand each player mulligans (0: he passes).",
            "hand mulligan",
            minimum=0,
            example={"first": 1, "second": 0},
        ),
        "late": obj(
            "A further mulligan a player asks to make in that step after seeing the opponent's decision (leave "
            "out for none): refused, each opportunity being single, and a first player who passed cannot change his "
            "mind.",
            {
                "player": choice_of("Who asks.", PLAYERS),
                "step": choice_of("Which mulligan.", ("province", "hand")),
                "cards": integer("Cards he would mulligan.", minimum=1),
            },
            required=["player", "step", "cards"],
        ),
    },
)
# (text the error contains, when): decisions the rules refuse; the format page documents them for expect.error
REFUSES = (
    (
        "cannot change his or her mind",
        'choices.late by the first player who passed that mulligan (lcg-mulligan: "If the first player passes an '
        "opportunity to mulligan, that player cannot change his or her mind and then decide to mulligan during that "
        "step after seeing the opponent's decision.\")",
    ),
    ("a single opportunity to mulligan", "choices.late by a player who already made that mulligan"),
)
OUTCOME = obj(
    "The game ready to begin.",
    {
        "fate": per_player("Fate pools.", "fate"),
        "honor": per_player("Starting honor.", "honor"),
        "hand": per_player("Cards in hand.", "hand size"),
        "mulligan_order": {
            "description": "Who decides first for each mulligan: the first player.",
            "type": "array",
            "items": {"enum": list(PLAYERS)},
        },
    },
    required=["fate", "honor", "hand", "mulligan_order"],
)
STATE = state(writes={"honor": "honor", "hand": "cards", **each_of(PLAYERS, fate="fate")})


@dataclass(frozen=True)
class Inputs:
    honor: dict
    provinces: dict
    hand: dict


ORDERED = ("mulligan_order",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("the starting hand is 4 cards", "a hand mulligan of more than 4 cards"),
    ("a player has 4 non-stronghold provinces to mulligan", "a province mulligan of more than 4"),
)


def build(given: dict, choices: dict) -> Inputs:
    prov = choice(choices, "province_mulligan", "how many province cards each player mulligans (0 to pass)")
    hand = choice(choices, "hand_mulligan", "how many starting-hand cards each player mulligans (0 to pass)")
    for p in PLAYERS:
        if prov[p] > 4:
            raise ScenarioError(
                ("choices", "province_mulligan", p), "a player has 4 non-stronghold provinces to mulligan"
            )
        if hand[p] > 4:
            raise ScenarioError(("choices", "hand_mulligan", p), "the starting hand is 4 cards")
    late = choices.get("late")
    if late:
        taken = (prov if late["step"] == "province" else hand)[late["player"]]
        if late["player"] == "first" and taken == 0:
            raise ScenarioError(
                ("choices", "late"),
                f"the first player passed the {late['step']} mulligan: he cannot change his or her mind and then "
                "decide to mulligan during that step after seeing the opponent's decision",
            )
        raise ScenarioError(
            ("choices", "late"),
            f"{late['player']} already made his {late['step']} decision: each player has a single opportunity to "
            f"mulligan his {'provinces' if late['step'] == 'province' else 'hand'}",
        )
    return Inputs(dict(given["stronghold_honor"]), dict(prov), dict(hand))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("setup")
    fate = t.step(rule, "the player not selected to be first player gains 1 fate", {"first": 0, "second": 1})
    t.step(rs.cite("mulligan"), "province mulligans in player order: first player, then second", dict(inp.provinces))
    hand = t.step(rule, "each player draws 4 cards from his conflict deck", {p: 4 for p in PLAYERS})
    t.step(
        rs.cite("mulligan"),
        "hand mulligans in player order; mulliganed cards are replaced, hand size unchanged",
        dict(inp.hand),
    )
    honor = t.step(rule, "each player gains honor equal to the honor value on his stronghold", dict(inp.honor))
    state_out = {"honor": honor, "hand": hand, **{p: {"fate": fate[p]} for p in PLAYERS}}
    return t.done({"fate": fate, "honor": honor, "hand": hand, "mulligan_order": list(PLAYERS), "state": state_out})
