"""Buying a Personality from a Province: the Honor Requirement, then the faction discount or Honor gain.

Gold: Faction Personalities may cost 2 less or add their Personal Honor, with no
per-turn limit. Lotus: the same, but the Honor gain at most once per turn (and 0
for one entering play Dishonored). Ivory: no discount; "Proclaim" once per turn,
only from your own Province. A Shadowlands player gets neither option.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, described, integer, obj, string
from ..state import state
from ..trace import Tracer
from ..values import PRINTED_SIGNED_STAT, Num, parse_num


@dataclass(frozen=True)
class Inputs:
    name: str
    gold_cost: int
    personal_honor: int
    honor_requirement: Num
    aligned: bool
    enters_dishonored: bool
    from_own_province: bool
    family_honor: int
    shadowlands: bool
    gained_this_turn: bool
    option: str | None
    unique_conflict: bool = False


CITES = ("buy.requirement", "buy.faction", "buy.dishonored", "unique.enter")
GIVEN = obj(
    "The Personality bought and the player buying him.",
    {
        "personality": obj(
            "The Personality in the Province.",
            {
                "name": string("Name.", example="Matsu Agetoki"),
                "gold_cost": integer("Printed Gold cost.", minimum=0, example=7),
                "personal_honor": integer("Personal Honor (gained with the honor option).", example=3),
                "honor_requirement": described(
                    PRINTED_SIGNED_STAT,
                    "Printed Honor Requirement: Family Honor must be at "
                    'least this; "-" for none (what "-" means differs by edition).',
                    example=5,
                ),
                "aligned_with_player": boolean(
                    "Has the player's Faction/Clan alignment: only then may the player take a discount or the Honor.",
                    default=False,
                ),
                "enters_dishonored": boolean(
                    "Enters play Dishonored (Lotus: counts Personal Honor 0 for the gain).", default=False
                ),
                "from_own_province": boolean(
                    "Comes from the player's own Province (Ivory's Proclaim needs it).", default=True
                ),
                "unique_name_in_play": boolean(
                    "He is Unique and a Unique card of his name is already in play (then he cannot enter play).",
                    default=False,
                ),
            },
            required=["name", "gold_cost", "personal_honor", "honor_requirement"],
        ),
        "player": obj(
            "The buyer.",
            {
                "family_honor": integer("Current Family Honor.", example=6),
                "shadowlands": boolean("Plays a Shadowlands Stronghold (gets neither option).", default=False),
                "honor_gained_this_way_this_turn": boolean(
                    "Already gained Honor this way this turn (Lotus and Ivory allow it once per turn; Ivory: already "
                    "Proclaimed this turn, with or without a gain).",
                    default=False,
                ),
            },
            required=["family_honor"],
        ),
    },
    required=["personality", "player"],
)
CHOICES = obj(
    "The buyer's decision.",
    {
        "option": choice_of(
            "Needed for an aligned Personality the player may recruit: discount (pay 2 Gold less; "
            "not in Ivory), honor (gain his Personal Honor; Ivory: Proclaim) or none.",
            ("discount", "honor", "none"),
            example="honor",
        ),
    },
)
OUTCOME = obj(
    "Whether he may be recruited, what is paid and gained.",
    {
        "may_recruit": boolean("Family Honor meets the Honor Requirement (and no Unique card of his name is in play)."),
        "gold_paid": integer("Gold paid, or null when he may not be recruited.", minimum=0, nullable=True),
        "honor_gain": integer("Honor gained by the option (0 without it).", example=3),
        "family_honor": integer("Family Honor afterwards (only when he may be recruited)."),
    },
    required=["may_recruit", "gold_paid", "honor_gain"],
)
STATE = state(
    updates={"player.family_honor": "honor", "player.honor_gained_this_way_this_turn": "honor"},
)


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (
    (
        "is not offered here: the options apply only to a Personality of the player's own Faction",
        "choices.option discount or honor for a Personality not of his Faction, or for a Shadowlands player "
        "(Ivory's Proclaim excepted: it may be chosen for any Personality recruited and adds no Honor then)",
    ),
    ("has no faction discount", "Ivory: choices.option: discount (Ivory has no discount)"),
)


def build(given: dict, choices: dict) -> Inputs:
    p, pl = given["personality"], given["player"]
    return Inputs(
        p["name"],
        p["gold_cost"],
        p["personal_honor"],
        parse_num(p["honor_requirement"], ("given", "personality", "honor_requirement")),
        bool(p.get("aligned_with_player", False)),
        bool(p.get("enters_dishonored", False)),
        bool(p.get("from_own_province", True)),
        pl["family_honor"],
        bool(pl.get("shadowlands", False)),
        bool(pl.get("honor_gained_this_way_this_turn", False)),
        choices.get("option"),
        bool(p.get("unique_name_in_play", False)),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    if inp.unique_conflict:
        t.step(
            rs.cite("unique.enter"),
            f"{inp.name} may enter play (he is Unique, and a Unique card of that name is already in play)",
            False,
        )
        return t.done({"may_recruit": False, "gold_paid": None, "honor_gain": 0, "state": _player(inp, 0)})
    req_rule = rs.cite("buy.requirement")
    req = inp.honor_requirement
    if req.value is None:
        if rs.dash_honor_requirement_means_none is None:
            raise Unsettled(req_rule, f"{rs.document} does not say what an Honor Requirement of '-' means")
        allowed = t.step(req_rule, "an Honor Requirement of '-' lets any Family Honor recruit", True)
    else:
        allowed = t.step(
            req_rule,
            "Family Honor must be equal to or greater than the Honor Requirement",
            inp.family_honor >= req.value,
            family_honor=inp.family_honor,
            requirement=req.value,
        )
    if not allowed:
        return t.done({"may_recruit": False, "gold_paid": None, "honor_gain": 0, "state": _player(inp, 0)})
    rule = rs.cite("buy.faction")
    eligible = inp.aligned and not inp.shadowlands and (inp.from_own_province or not rs.honor_gain_needs_own_province)
    t.step(
        rule,
        "the options apply to a Personality of the player's own Faction (not to Shadowlands players)",
        eligible,
        aligned=inp.aligned,
        shadowlands=inp.shadowlands,
    )
    cost, gain = inp.gold_cost, 0
    proclaimed = False
    if not eligible and inp.option == "honor" and rs.honor_option_for_any_personality and not inp.shadowlands:
        proclaimed = t.step(
            rule,
            "he may be Proclaimed, but he has not the player's Clan Alignment or is not coming from his Province: "
            "no Honor is added",
            True,
            aligned=inp.aligned,
            from_own_province=inp.from_own_province,
            sentence="If he has your Clan Alignment and is coming from your Province, add his Personal Honor to "
            "your Family Honor after he enters play.",
        )
    elif not eligible and inp.option not in (None, "none"):  # was silently ignored: full cost, no gain
        raise ScenarioError(
            ("choices", "option"),
            f"'{inp.option}' is not offered here: the options apply only to a Personality of the player's own "
            "Faction (not to Shadowlands players)",
        )
    if eligible:
        option = choice(
            {"option": inp.option} if inp.option else {},
            "option",
            "discount, honor or none" if rs.faction_discount else "honor or none",
        )
        if option == "discount":
            if rs.faction_discount is None:
                raise ScenarioError(("choices", "option"), f"{rs.document} has no faction discount")
            cost = t.step(
                rule,
                f"pay {rs.faction_discount} Gold less (then no Honor gain)",
                max(0, cost - rs.faction_discount),
                printed=inp.gold_cost,
            )
        elif option == "honor":
            proclaimed = True
            if rs.faction_honor_gain_once_per_turn and t.step(
                rule, "Honor is gained this way once per turn", inp.gained_this_turn, already=inp.gained_this_turn
            ):
                gain = 0
            else:
                if inp.enters_dishonored:
                    gain = t.step(
                        rs.cite("buy.dishonored"),
                        "a Personality entering play Dishonored counts Personal Honor 0 for this gain",
                        0,
                        personal_honor=inp.personal_honor,
                    )
                else:
                    gain = t.step(rule, "gain Honor equal to the Personal Honor", inp.personal_honor)
    out = {"may_recruit": True, "gold_paid": cost, "honor_gain": gain, "family_honor": inp.family_honor + gain}
    # Ivory's once-a-turn is the Proclaim itself ("Once during your own turn ... you may choose to Proclaim")
    used = proclaimed and rs.honor_option_for_any_personality
    return t.done({**out, "state": _player(inp, gain, used)})


def _player(inp: Inputs, gain: int, used: bool = False) -> dict:
    """The buyer as a later step reads him: his Family Honor after the gain, and whether he has gained this way
    (Ivory: whether he has Proclaimed this turn, which uses the once a turn even when it adds no Honor)."""
    return {
        "player": {
            "family_honor": inp.family_honor + gain,
            "honor_gained_this_way_this_turn": inp.gained_this_turn or gain > 0 or used,
        }
    }
