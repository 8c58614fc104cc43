"""Setup by player count: control tokens set aside, the initiative deck, the start player card.

The control-token table covers 2 to 5 players (11, 7, 5, 4 each); the
initiative deck is completed with neutral cards to exactly 4 (none with 5
players); with 2 players the start player card is not used. Each clan starts
with 1 face-down control token in its capital. Other player counts: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotInSource
from ..given import unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, integer, mapping, obj
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    clans: tuple


CITES = ("setup", "upkeep")
GIVEN = obj(
    "The clans taking part.",
    {"clans": array("The clans chosen, one per player.", NAME, min_items=1, example=["Krabbe", "Kranich"])},
    required=["clans"],
)
OUTCOME = obj(
    "What each player sets up.",
    {
        "control_tokens_set_aside": integer("Control tokens each player sets aside for step 10.", minimum=0),
        "capital_tokens": mapping("Face-down control tokens in each clan's capital.", "clan", {"type": "integer"}),
        "neutral_initiative_cards": integer("Neutral initiative cards added after the first is revealed.", minimum=0),
        "initiative_deck": integer("Cards in the initiative deck after step 9.", minimum=0),
        "start_player_card_used": boolean("The start player card is used in later rounds."),
    },
    required=[
        "control_tokens_set_aside",
        "capital_tokens",
        "neutral_initiative_cards",
        "initiative_deck",
        "start_player_card_used",
    ],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("each player takes a different clan", "a clan chosen twice"),)


def build(given: dict, choices: dict) -> Inputs:
    clans = tuple(given["clans"])
    unique(clans, ("given", "clans"), "is chosen twice; each player takes a different clan")
    return Inputs(clans)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("setup")
    n = len(inp.clans)
    if n not in rs.bfr_control_tokens_by_players:
        raise NotInSource(rule, f"the setup table covers 2 to 5 players, not {n}")
    tokens = t.step(rule, f"7. control tokens set aside for {n} players", rs.bfr_control_tokens_by_players[n])
    capitals = t.step(rule, "6. each clan places 1 control token face down in its capital", {c: 1 for c in inp.clans})
    # step 8 removes the revealed clan card; step 9 adds neutral cards until the deck holds exactly 4
    neutral = t.step(
        rule,
        f"9. neutral initiative cards until the deck holds exactly {rs.bfr_initiative_deck} "
        f"({n - 1} clan cards remain after step 8)",
        max(0, rs.bfr_initiative_deck - (n - 1)),
    )
    used = t.step(rs.cite("upkeep"), "with 2 players the start player card is not used", n != 2)
    return t.done(
        {
            "control_tokens_set_aside": tokens,
            "capital_tokens": capitals,
            "neutral_initiative_cards": neutral,
            "initiative_deck": n - 1 + neutral,
            "start_player_card_used": used,
        }
    )
