"""A battle for one province: several attackers, ties to the defender, an empty province against its bonuses.

The defender's total adds its defense bonuses (printed bonus, 1 per face-up
control token, bonus markers). A token is its strength, or a typed token
({type, strength}): a blessing lies on one of its clan's army, navy or shinobi
tokens and adds its strength to that clan's total. Two attackers tied for the
highest total above the defence: no one player has the highest total, and the
book's tie rule ("Im Falle eines Gleichstands gewinnt der Verteidiger den Kampf")
gives the battle to the defender; in an empty province nothing happens. (Our
reading: no sentence lets one of the tied attackers win, and the readings "the
defender wins" and "no one wins" leave the province alike, so no decision is asked.)
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import COUNT, any_of_shapes, array, boolean, choice_of, integer, mapping, named, obj, string
from ..state import state
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
    blessed: frozenset = frozenset()  # clans with a blessing in this battle (its strength is in their total)


CITES = ("battle", "battle.bonus", "battle.defended", "blessing")
TOKEN_TYPES = ("army", "navy", "shinobi", "blessing")
TOKEN = named(
    "bfr-token",
    any_of_shapes(
        "A combat token: its strength (a number), or {type, strength} to say its type (a blessing adds its strength "
        "to its clan's total and must lie on one of that clan's army, navy or shinobi tokens here).",
        {"type": "integer", "minimum": 0, "title": "a strength ≥ 0"},
        obj(
            "A typed combat token.",
            {
                "type": choice_of("Its type.", TOKEN_TYPES, default="army"),
                "strength": integer("Its strength.", minimum=0),
            },
            required=["strength"],
        ),
        example={"type": "blessing", "strength": 2},
    ),
)
GIVEN = obj(
    "The combat tokens in one province and its defense bonuses.",
    {
        "defender": obj(
            "The clan controlling the province, defending it (leave out for an empty province).",
            {
                "clan": string("The defending clan.", example="Krabbe"),
                "tokens": array("Its defending combat tokens.", TOKEN, default=[], example=[2]),
            },
            required=["clan"],
        ),
        "attackers": mapping(
            "For each attacking clan: its combat tokens (at least one clan, each with at least one token).",
            "clan",
            {"type": "array", "items": TOKEN, "minItems": 1},
            min_properties=1,
            example={"Einhorn": [4, {"type": "blessing", "strength": 1}]},
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
# (text the error contains, when): inputs the rules refuse; the format page documents them for expect.error
REFUSES = (
    (
        "a blessing lies on one of its clan's",
        "a clan's blessing token without one of that clan's army, navy or shinobi tokens in the battle",
    ),
)
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
STATE = state()  # one battle's tokens and bonuses; bfr/resolution-phase carries the board


def strengths(tokens, path: tuple) -> tuple:
    """A clan's token strengths; a blessing counts only on one of the clan's army, navy or shinobi tokens."""
    typed = [t if isinstance(t, dict) else {"type": "army", "strength": t} for t in tokens]
    kinds = [t.get("type", "army") for t in typed]
    if "blessing" in kinds and all(k == "blessing" for k in kinds):
        raise ScenarioError(
            path + (kinds.index("blessing"),),
            "a blessing lies on one of its clan's army, navy or shinobi tokens: this clan has none in the battle",
        )
    return tuple(t["strength"] for t in typed)


def build(given: dict, choices: dict) -> Inputs:
    d = given.get("defender") or {}
    p = given.get("province", {})
    for clan in given["attackers"]:
        if not str(clan).strip():
            raise ScenarioError(("given", "attackers"), "an attacking clan has an empty name")
        if clan == d.get("clan"):
            raise ScenarioError(("given", "attackers", clan), f"'{clan}' is the defender; a clan cannot attack itself")
    blessed = {
        c for c, v in given["attackers"].items() if any(isinstance(x, dict) and x.get("type") == "blessing" for x in v)
    }
    if any(isinstance(x, dict) and x.get("type") == "blessing" for x in d.get("tokens", ())):
        blessed.add(d.get("clan"))
    return Inputs(
        d.get("clan"),
        strengths(d.get("tokens", ()), ("given", "defender", "tokens")),
        {c: strengths(v, ("given", "attackers", c)) for c, v in given["attackers"].items()},
        p.get("printed_bonus", 0),
        p.get("face_up_control", 0),
        p.get("marker_bonus", 0),
        choices,
        blessed=frozenset(blessed),
    )


def fight(inp: Inputs, rs: Ruleset, t: Tracer) -> dict:
    rule = rs.cite("battle")
    for clan in sorted(c for c in inp.blessed if c):
        t.step(rs.cite("blessing"), f"{clan}'s blessing adds its strength to its clan's total", True)
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
        winner = t.step(
            rule,
            f"attackers {' and '.join(top)} tie for the highest total: a tie goes to the defender"
            + ("" if inp.defender else " (an empty province: no attacker wins)"),
            inp.defender,
            tied=top,
            best_attack=best,
            defence=defence,
            sentence="Im Falle eines Gleichstands gewinnt der Verteidiger den Kampf.",
        )
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
