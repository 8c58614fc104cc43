"""Battle resolution: winner, destroyed cards, honor per destroyed card, Province destruction.

Per edition: Lotus treats an empty army as no battle winner (only the Province
check applies); Gold and Ivory compare Force totals as written. Honor is 2 per
card destroyed for the winner; on a tie Gold and Lotus give 1 per card, Ivory
gives 2 ("In a tie, both players gain Honor this way"). Lotus restores the
gaining side's Dishonored Personalities instead of giving the Honor. With the
leaders' Family Honor given, the outcome adds the gains to it; with the
Defender's Provinces left given, destroying his last one ends the game for him.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import NotInSource
from ..game_end import ccg_provinces
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, described, integer, obj
from ..state import each_of, state
from ..trace import Tracer
from .cards import ARMY, Army, army
from .force import CITES as FORCE_CITES
from .force import army_force


@dataclass(frozen=True)
class Inputs:
    attacker: Army
    defender: Army
    province_strength: int
    leaders: dict | None = None  # side -> {family_honor, provinces_left}
    raw: dict | None = None  # side -> the army as given (the outcome's state leaves out what was destroyed)


CITES = FORCE_CITES + (
    "battle.no-defenders",
    "battle.compare",
    "battle.honor",
    "battle.overlaid",
    "dishonor",
    "battle.province",
    "battle.province-strength",
    "victory",
    "victory.provinces",
)
GIVEN = obj(
    "The two armies at the end of the Resolution Segment and the Province attacked.",
    {
        "attacker": described(ARMY, "The attacking army (leave out, or give no units, for an empty army)."),
        "defender": described(ARMY, "The defending army (leave out, or give no units, for no defenders)."),
        "province_strength": integer(
            "Strength of the Province being attacked: the attacking Force must exceed the "
            "defending Force plus this to destroy it.",
            minimum=0,
            example=5,
        ),
        "leaders": obj(
            "The Attacker and the Defender (optional): their Family Honor, to which the outcome adds the battle's "
            "gains, and the Defender's Provinces left (this one included): destroying his last ends the game for him.",
            {
                side: obj(
                    f"The {side}.",
                    {
                        "family_honor": integer("His Family Honor before the battle's gains.", example=10),
                        "provinces_left": integer(
                            "His Provinces not destroyed, the attacked one included.", minimum=1, example=4
                        ),
                    },
                )
                for side in ("attacker", "defender")
            },
            example={"attacker": {"family_honor": 10}, "defender": {"family_honor": 8, "provinces_left": 1}},
        ),
    },
    required=["province_strength"],
)
_SIDES = ("attacker", "defender")
OUTCOME = obj(
    "Who won, what was destroyed, the Honor gained and the Province's fate.",
    {
        "winner": choice_of(
            "attacker, defender, tie, or null when an empty army means no battle winner (Lotus).",
            ("attacker", "defender", "tie", None),
        ),
        "attacker_force": integer("The attacking army's Force total.", example=7),
        "defender_force": integer("The defending army's Force total.", example=5),
        "destroyed": obj(
            "Names of the cards destroyed, per army.",
            {
                s: array(f"Cards of the {s}'s army destroyed (token cards that are not cards are left out).", NAME)
                for s in _SIDES
            },
            required=_SIDES,
            example={"attacker": [], "defender": ["Hida Kisada", "Ashigaru"]},
        ),
        "honor": obj(
            "Honor gained by each side (per card destroyed in the opposing army).",
            {s: integer(f"Honor the {s} gains.", minimum=0) for s in _SIDES},
            required=_SIDES,
            example={"attacker": 4, "defender": 0},
        ),
        "restored": array("Dishonored Personalities of the gaining side restored instead of gaining the Honor.", NAME),
        "province_destroyed": boolean("The Province is destroyed."),
        "family_honor": obj(
            "Each leader's Family Honor after the gains (for the leaders given).",
            {s: integer(f"The {s}'s Family Honor.") for s in _SIDES},
        ),
    },
    required=["winner", "attacker_force", "defender_force", "destroyed", "honor", "restored", "province_destroyed"],
)
STATE = state(
    updates={
        "attacker": "cards",
        "defender": "cards",
        **each_of(("leaders.attacker", "leaders.defender"), family_honor="honor"),
        "leaders.defender.provinces_left": "provinces",
    },
)
ENDS = {"province": "the Province destroyed was the Defender's last (winners: attacker)"}


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("is needed but not given", "a card's Force left out without stated_force"),)


def build(given: dict, choices: dict) -> Inputs:
    return Inputs(
        army(given.get("attacker"), ("given", "attacker")),
        army(given.get("defender"), ("given", "defender")),
        given["province_strength"],
        given.get("leaders"),
        {s: given.get(s) for s in _SIDES},
    )


def _cards(a: Army) -> list[str]:
    return [c.name for u in a.units for c in u.cards if c.counts_as_cards]


def _gain(side: str, a_own: Army, per_card: int, destroyed: Army, rs: Ruleset, t: Tracer) -> tuple[int, list]:
    count = sum(u.card_count for u in destroyed.units)
    gain = t.step(
        rs.cite("battle.honor"),
        f"{side} gains {per_card} Honor per card destroyed in the opposing army",
        per_card * count,
        cards=count,
        per_card=per_card,
    )
    if any(c.overlaid for u in destroyed.units for c in u.cards):
        t.step(rs.cite("battle.overlaid"), "every card in an overlaid stack counts", count)
    dishonored = [u.personality.name for u in a_own.units if u.personality.dishonored]
    if gain >= 1 and dishonored:
        if rs.dishonored_restore_instead_of_honor is None:
            raise NotInSource(
                rs.cite("battle.honor"), f"{rs.document} has no rule on Dishonored Personalities and battle Honor"
            )
        t.step(
            rs.cite("dishonor"),
            f"{side} restores Dishonored Personalities instead of gaining Honor",
            dishonored,
            would_gain=gain,
        )
        return 0, dishonored
    return gain, []


def resolve(inputs: Inputs, rs: Ruleset):
    t = Tracer()
    att, dfn, ps = inputs.attacker, inputs.defender, inputs.province_strength
    af = army_force(att, rs, t, ("given", "attacker"), "attacking")
    df = army_force(dfn, rs, t, ("given", "defender"), "defending")
    out = {
        "attacker_force": af,
        "defender_force": df,
        "winner": None,
        "destroyed": {"attacker": [], "defender": []},
        "honor": {"attacker": 0, "defender": 0},
        "restored": [],
        "province_destroyed": False,
    }
    if rs.empty_army_no_winner and (att.empty or dfn.empty):
        exceeds = t.step(
            rs.cite("battle.no-defenders"),
            "an army is empty: no winner; the attacking Force must exceed (not equal) the Province strength",
            (not att.empty) and af > ps,
            attacker=af,
            strength=ps,
        )
        out["province_destroyed"] = exceeds
        return t.done(_done(inputs, out, rs, t))
    if af > df:
        winner = "attacker"
    elif df > af:
        winner = "defender"
    else:
        winner = "tie"
    t.step(rs.cite("battle.compare"), "compare the army Force totals (computed once)", winner, attacker=af, defender=df)
    if winner == "tie" and (att.empty or dfn.empty):
        t.step(rs.cite("battle.compare"), "a tie with an empty army destroys nothing", [])
    elif winner == "tie":
        out["destroyed"] = {"attacker": _cards(att), "defender": _cards(dfn)}
        ga, ra = _gain("attacker", att, rs.tie_honor_per_card, dfn, rs, t)
        gd, rd = _gain("defender", dfn, rs.tie_honor_per_card, att, rs, t)
        out["honor"] = {"attacker": ga, "defender": gd}
        out["restored"] = ra + rd
    else:
        loser = "defender" if winner == "attacker" else "attacker"
        losing, winning = (dfn, att) if winner == "attacker" else (att, dfn)
        out["destroyed"][loser] = _cards(losing)
        gain, restored = _gain(winner, winning, rs.win_honor_per_card, losing, rs, t)
        out["honor"][winner] = gain
        out["restored"] = restored
    out["winner"] = winner
    if winner == "attacker":
        out["province_destroyed"] = t.step(
            rs.cite("battle.province"),
            "the attacking Force must exceed (not equal) the defending Force plus the "
            "Province strength; no Honor for the Province",
            af > df + ps,
            attacker=af,
            defender=df,
            strength=ps,
        )
        if out["province_destroyed"]:
            t.restate(
                rs.stated("battle.province-strength"),
                "the attacking army's extra Force exceeds the Province Strength: the Province is destroyed",
                True,
                sentence="If an attacking army's extra Force in a battle exceeds the Strength of the Province it is "
                "attacking, the Province is destroyed, along with all cards in it and attached to it.",
            )
    return t.done(_done(inputs, out, rs, t))


def _survivors(raw: dict | None, destroyed: list, restored: list) -> dict | None:
    """The army as given without the units whose cards were destroyed; restored Personalities Honorable."""
    if raw is None:
        return None
    units = []
    for u in raw.get("units", ()):
        if u["personality"]["name"] in destroyed:
            continue
        if u["personality"]["name"] in restored:
            u = {**u, "personality": {**u["personality"], "dishonored": False}}
        units.append(u)
    return {**{k: v for k, v in raw.items() if k != "stated_force"}, "units": units}


def _done(inputs: Inputs, out: dict, rs: Ruleset, t: Tracer) -> dict:
    """The outcome with the leaders' Family Honor, the game's end for a Defender with no Province left, and state."""
    state_out: dict = {}
    for side in _SIDES:
        army_left = _survivors((inputs.raw or {}).get(side), out["destroyed"][side], out["restored"])
        if army_left is not None:
            state_out[side] = army_left
    leaders = {s: dict(v) for s, v in (inputs.leaders or {}).items()}
    honor = {s: v["family_honor"] + out["honor"][s] for s, v in leaders.items() if "family_honor" in v}
    if honor:
        out["family_honor"] = honor
        for s, v in honor.items():
            leaders[s]["family_honor"] = v
    left = leaders.get("defender", {}).get("provinces_left")
    if left is not None and out["province_destroyed"]:
        leaders["defender"]["provinces_left"] = left - 1
        over = ccg_provinces(t, rs, "province", left - 1, "defender", winners=("attacker",))
        if over:
            out["game_over"] = over
    if leaders:
        state_out["leaders"] = leaders
    return {**out, "state": state_out} if state_out else out
