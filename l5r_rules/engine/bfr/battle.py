"""A battle for one province: several attackers, ties to the defender, an empty province against its bonuses.

The defender's total adds its defense bonuses (printed bonus, 1 per face-up
control token, bonus markers). The rulebook does not say who wins when two
attackers tie for the highest total above the defender (or in an empty
province): the scenario must choose (`attacker_tie`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import MissingChoice, ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import COUNT, boolean, integer, mapping, obj, string
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    defender: str | None
    defender_tokens: tuple
    attackers: dict  # clan -> tuple of token strengths
    printed_bonus: int
    face_up_control: int
    marker_bonus: int
    choices: dict
    choices_path: tuple = ("choices",)  # where `choices` is in the file (resolution-phase nests them per province)


CITES = ("battle", "battle.bonus", "battle.defended")
GIVEN = obj(
    "The combat tokens in one province and its defense bonuses.",
    {
        "defender": obj(
            "The clan controlling the province, defending it (leave out for an empty province).",
            {
                "clan": string("The defending clan.", example="Krabbe"),
                "tokens": {
                    "description": "Strengths of its defending combat tokens.",
                    "type": "array",
                    "items": COUNT,
                    "default": [],
                    "examples": [[2]],
                },
            },
            required=["clan"],
        ),
        "attackers": mapping(
            "For each attacking clan: the strengths of its combat tokens (at least one clan, each "
            "with at least one token).",
            "clan",
            {"type": "array", "items": COUNT, "minItems": 1},
            min_properties=1,
            example={"Einhorn": [4]},
        ),
        "province": obj(
            "Defense bonuses of the province (each adds to the defender's total, even with no defender).",
            {
                "printed_bonus": integer("Printed defense bonus (e.g. a capital).", minimum=0, default=0),
                "face_up_control": integer("Face-up control tokens (1 each).", minimum=0, default=0),
                "marker_bonus": integer("Defense bonus from bonus markers.", minimum=0, default=0),
            },
            example={"face_up_control": 1},
        ),
    },
    required=["attackers"],
)
_TIE = string(
    "Needed when two or more attackers tie for the highest total above the defence (the rulebook does "
    "not say who wins): the winning clan (a tied attacker or the defender), or null for no winner.",
    nullable=True,
    example="Einhorn",
)
CHOICES = obj("The scenario's reading where the rulebook is silent.", {"attacker_tie": _TIE})
OUTCOME = obj(
    "The battle's result.",
    {
        "totals": mapping("Each attacking clan's total.", "clan", COUNT, example={"Einhorn": 4}),
        "defence": integer("The defender's total: token strengths plus defense bonuses.", minimum=0, example=3),
        "winner": string(
            "The winning clan, or null (an attack on an empty province failed, or no winner chosen).", nullable=True
        ),
        "control": {
            **obj(
                "Who controls the province afterwards.",
                {
                    "clan": string("The controlling clan."),
                    "face_up": boolean(
                        "The new control token is face-up (a successful defence) or face-down (a conquest)."
                    ),
                },
                required=["clan", "face_up"],
            ),
            "type": ["object", "null"],
            "description": "Control afterwards ({clan, face_up}), or null when an empty province stays empty.",
        },
    },
    required=["totals", "defence", "winner", "control"],
)


def build(given: dict, choices: dict) -> Inputs:
    d = given.get("defender") or {}
    p = given.get("province", {})
    for clan in given["attackers"]:
        if not str(clan).strip():
            raise ScenarioError(("given", "attackers"), "an attacking clan has an empty name")
        if clan == d.get("clan"):
            raise ScenarioError(("given", "attackers", clan), f"'{clan}' is the defender; a clan cannot attack itself")
    return Inputs(
        d.get("clan"),
        tuple(d.get("tokens", ())),
        {c: tuple(v) for c, v in given["attackers"].items()},
        p.get("printed_bonus", 0),
        p.get("face_up_control", 0),
        p.get("marker_bonus", 0),
        choices,
    )


def fight(inp: Inputs, rs: Ruleset, t: Tracer) -> dict:
    rule = rs.cite("battle")
    totals = {
        c: t.step(rule, f"{c} attacks: sum of its token strengths", sum(v), tokens=list(v))
        for c, v in inp.attackers.items()
    }
    bonus = t.step(
        rs.cite("battle.bonus"),
        "defense bonuses: printed bonus, 1 per face-up control token, bonus markers",
        inp.printed_bonus + inp.face_up_control + inp.marker_bonus,
        printed=inp.printed_bonus,
        face_up_control=inp.face_up_control,
        markers=inp.marker_bonus,
    )
    defence = sum(inp.defender_tokens) + bonus
    if inp.defender:
        t.step(
            rule,
            f"{inp.defender} defends: token strengths plus defense bonuses",
            defence,
            tokens=list(inp.defender_tokens),
        )
    else:
        t.step(rule, "an empty province: attackers compare against its defense bonuses", defence)
    best = max(totals.values(), default=0)
    top = sorted(c for c, v in totals.items() if v == best)
    if best <= defence:
        winner = inp.defender
        t.step(rule, "the highest total wins; a tie goes to the defender", winner, best_attack=best, defence=defence)
    elif len(top) > 1:
        try:
            pick = choice(
                inp.choices,
                "attacker_tie",
                f"attackers {' and '.join(top)} tie above the defence; the rulebook does not "
                "say who wins: name the winning clan, or null for no winner",
            )
        except MissingChoice as exc:
            exc.path = inp.choices_path + ("attacker_tie",)
            exc.options = (*top, None)  # a tied attacker, or no winner (the message offers null)
            raise
        if pick is not None and pick not in top and pick != inp.defender:
            raise ScenarioError(
                inp.choices_path + ("attacker_tie",),
                f"'{pick}' is neither a tied attacker "
                f"({', '.join(top)}) nor the defender; name one of them, or null for no winner",
            )
        winner = t.step(rule, "attackers tied for the highest total: the scenario's reading", pick, tied=top)
    else:
        winner = t.step(rule, "the highest total wins", top[0], best_attack=best, defence=defence)
    out = {"totals": totals, "defence": defence, "winner": winner, "control": None}
    if winner and winner != inp.defender:
        out["control"] = t.step(
            rule,
            f"{winner} removes the defender's control tokens and places 1 face-down",
            {"clan": winner, "face_up": False},
        )
    elif inp.defender:
        out["control"] = t.step(
            rs.cite("battle.defended"),
            f"successful defence: {inp.defender} adds 1 face-up control token (a defense bonus for later battles)",
            {"clan": inp.defender, "face_up": True},
        )
    else:
        t.step(rule, "a failed attack on an empty province: nothing happens", None)
    return out


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    return t.done(fight(inp, rs, t))
