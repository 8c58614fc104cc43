"""CCG victory and elimination checks for one player at one moment of the game.

Honor Victory: 40 or more Family Honor when your turn begins (all editions).
Losing by low Honor: Gold "under -19" and Lotus "below -19" at any time; Ivory
"-20 or less" after ending your own turn. All Provinces destroyed loses;
Enlightenment (five Rings) wins in Gold and Lotus; the Ivory basic rules have no
Ring victory. A Lotus Shadowlands Horde player may not win by Honor.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj
from ..state import state
from ..trace import Tracer

ELEMENTS = ("air", "earth", "fire", "void", "water")


@dataclass(frozen=True)
class Inputs:
    moment: str  # start-of-own-turn, end-of-own-turn, other
    family_honor: int
    provinces_left: int
    rings: frozenset
    horde: bool


CITES = (
    "victory",
    "victory.provinces",
    "victory.military",
    "victory.horde",
    "victory.honor",
    "victory.enlightenment",
)
GIVEN = obj(
    "One player at one moment of the game.",
    {
        "moment": choice_of(
            "When the check happens: start-of-own-turn (Honor Victory is checked then), "
            "end-of-own-turn (Ivory's low-Honor loss is checked then), or other.",
            ("start-of-own-turn", "end-of-own-turn", "other"),
            example="start-of-own-turn",
        ),
        "player": obj(
            "The player checked.",
            {
                "family_honor": integer("Current Family Honor.", example=40),
                "provinces_left": integer("Provinces not destroyed (0 loses).", minimum=0, example=4),
                "rings_in_play": array(
                    "Elements of the Rings he has in play (air, earth, fire, void, water; any case): "
                    "all five is an Enlightenment Victory where the edition has one.",
                    NAME,
                    default=[],
                    example=["air", "fire"],
                ),
                "shadowlands_horde": boolean(
                    "Plays the Shadowlands Horde (Lotus: may not win by Honor).", default=False
                ),
            },
            required=["family_honor", "provinces_left"],
        ),
    },
    required=["moment", "player"],
)
OUTCOME = obj(
    "Whether the player wins, loses or plays on.",
    {
        "status": choice_of(
            "wins, loses (a loss outweighs a win at the same moment) or continues.", ("wins", "loses", "continues")
        ),
        "reasons": array(
            "Each condition met, e.g. 'wins: Honor Victory', 'loses: all Provinces destroyed', "
            "'loses: Family Honor too low', 'wins: Enlightenment Victory'.",
            NAME,
        ),
    },
    required=["status", "reasons"],
)
STATE = state(
    reads={
        "player.family_honor": "honor",
        "player.provinces_left": "provinces",
        "player.rings_in_play": "cards",
    }
)
ENDS = {
    "check": "the player wins (Honor or Enlightenment Victory: winners player) or loses (Family Honor too low, "
    "all Provinces destroyed: losers player, winners 'opponent') at the moment checked"
}
_CONDITION = {
    "loses: all Provinces destroyed": "provinces-destroyed",
    "loses: Family Honor too low": "low-honor",
    "wins: Honor Victory": "honor-victory",
    "wins: Enlightenment Victory": "enlightenment",
}


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("is not a ring: name its element", "a ring that is not an element"),
    ("is listed twice: each element counts once", "an element listed twice"),
)


def build(given: dict, choices: dict) -> Inputs:
    p = given["player"]
    rings: set = set()
    for i, r in enumerate(p.get("rings_in_play", ())):
        where = ("given", "player", "rings_in_play", i)
        if r.lower() not in ELEMENTS:
            raise ScenarioError(where, f"'{r}' is not a ring: name its element ({', '.join(ELEMENTS)})")
        if r.lower() in rings:
            raise ScenarioError(where, f"the {r.lower()} ring is listed twice: each element counts once")
        rings.add(r.lower())
    return Inputs(
        given["moment"],
        p["family_honor"],
        p["provinces_left"],
        frozenset(r.lower() for r in p.get("rings_in_play", ())),
        bool(p.get("shadowlands_horde", False)),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("victory")
    reasons = []
    if t.step(
        rs.stated("victory.provinces") or rule,
        "a player with no Provinces left loses",
        inp.provinces_left == 0,
        provinces_left=inp.provinces_left,
    ):
        reasons.append("loses: all Provinces destroyed")
        t.restate(
            rs.stated("victory.military"),
            "his opponent, the sole player remaining, wins a Military Victory",
            "opponent",
            sentence="Military Victory: Winning the game by being the sole player remaining.",
        )
    low = inp.family_honor <= rs.honor_loss_at_or_below
    if rs.honor_loss_only_at_end_of_own_turn:
        low = t.step(
            rule,
            f"loses after ending his own turn with {rs.honor_loss_at_or_below} Family Honor or less",
            low and inp.moment == "end-of-own-turn",
            family_honor=inp.family_honor,
            moment=inp.moment,
        )
    else:
        low = t.step(
            rule,
            f"loses as soon as Family Honor is below {rs.honor_loss_at_or_below + 1}",
            low,
            family_honor=inp.family_honor,
        )
    if low:
        reasons.append("loses: Family Honor too low")
    honor_win = t.step(
        rule,
        f"Honor Victory: {rs.honor_victory_at} or more Family Honor when his turn begins",
        inp.family_honor >= rs.honor_victory_at and inp.moment == "start-of-own-turn",
        family_honor=inp.family_honor,
        moment=inp.moment,
    )
    if honor_win and inp.horde and rs.horde_no_honor_victory:
        honor_win = t.step(rs.cite("victory.horde"), "a Shadowlands Horde player may not win an Honor Victory", False)
    if honor_win:
        reasons.append("wins: Honor Victory")
        t.restate(
            rs.stated("victory.honor"),
            "an Honor Victory: 40 or more Family Honor when his turn begins",
            True,
            sentence="Honor Victory: Winning the game by having 40 or more Family Honor when your turn begins.",
        )
    if not rs.enlightenment_victory and set(ELEMENTS) <= inp.rings:
        # Rings are in this edition's cards, but its book states no victory by them: not in the source
        rs.cite("victory.enlightenment")
    if rs.enlightenment_victory and t.step(
        rule,
        "Enlightenment Victory: a Ring of each element in play",
        set(ELEMENTS) <= inp.rings,
        rings=sorted(inp.rings),
    ):
        reasons.append("wins: Enlightenment Victory")
        t.restate(
            rs.stated("victory.enlightenment"),
            "an Enlightenment Victory: all five Rings in play",
            True,
            sentence="Enlightenment Victory Winning the game by having all five Rings in play.",
        )
    status = "loses" if any(r.startswith("loses") for r in reasons) else ("wins" if reasons else "continues")
    out = {"status": status, "reasons": reasons}
    if status != "continues":
        first = next(r for r in reasons if r.startswith(status))
        players = (["player"], ["opponent"]) if status == "wins" else (["opponent"], ["player"])
        out["game_over"] = {
            "winners": players[0],
            "losers": players[1],
            "condition": _CONDITION[first],
            "step": "check",
        }
    return t.done(out)
