"""Ranged attacks, single and combined (Lotus): destroy the target if strength >= its Force."""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import known
from ..ruleset import Ruleset
from ..shapes import array, boolean, described, integer, obj, string
from ..state import state
from ..trace import Tracer
from .cards import UNIT, Card, Unit, card_paths, unit
from .force import number, personal_force


@dataclass(frozen=True)
class Inputs:
    attacks: tuple  # ((source card name, source unit name, strength), ...)
    target_unit: Unit
    target: str
    raw: dict | None = None  # the target unit as given


CITES = ("ranged", "ranged.glossary", "stats.current", "force.signed", "force.item", "missing-value", "battle.honor")
GIVEN = obj(
    "One Ranged Attack, or several used together, against one card.",
    {
        "attacks": array(
            "The Ranged Attacks used together (combined attacks must come from different cards of the same unit).",
            obj(
                "One Ranged Attack.",
                {
                    "source": string("Name of the card producing it.", example="Archer"),
                    "unit": string("Name of the Personality leading the source's unit.", example="Toku"),
                    "strength": integer("Its Ranged Attack strength.", minimum=0, example=2),
                },
                required=["source", "unit", "strength"],
            ),
            min_items=1,
            example=[{"source": "Archer", "unit": "Toku", "strength": 2}],
        ),
        "target_unit": described(UNIT, "The unit holding the target (the target needs its force)."),
        "target": string(
            "Name of the targeted card in target_unit: a Follower, or a Personality with no Followers.",
            example="Ashigaru",
        ),
    },
    required=["attacks", "target_unit", "target"],
)
OUTCOME = obj(
    "Whether the attack is legal and destroys the target.",
    {
        "legal": boolean("The target and the combination of attacks are legal."),
        "strength": integer("Total strength of the attacks (only when legal).", minimum=0),
        "destroyed": boolean("The target is destroyed (strength equal to or greater than its Force)."),
        "honor": integer(
            "Honor gained for the card destroyed (when destroyed): 0. A battle's Honor counts only the cards "
            "destroyed in its Resolution Segment (Lotus: 'Cards destroyed earlier in the battle do not count towards "
            "this gain').",
            minimum=0,
        ),
    },
    required=["legal", "destroyed"],
)

STATE = state(updates={"target_unit": "cards"})


def build(given: dict, choices: dict) -> Inputs:
    target_unit = unit(given["target_unit"], ("given", "target_unit"))
    paths = card_paths(target_unit, ("given", "target_unit"))
    known(given["target"], paths, ("given", "target"), "a card in given.target_unit")
    names = [target_unit.personality.name, *(c.name for c in target_unit.attachments)]
    if names.count(given["target"]) > 1:  # one of two cards was taken silently (hostile round 10, #21)
        raise ScenarioError(
            ("given", "target"),
            f"'{given['target']}' is listed twice in given.target_unit (the target is named: give each card once)",
        )
    return Inputs(
        tuple((a["source"], a["unit"], a["strength"]) for a in given["attacks"]),
        target_unit,
        given["target"],
        given["target_unit"],
    )


def resolve(inputs: Inputs, rs: Ruleset):
    rs.require("ccg/ranged-attack")
    t = Tracer()
    rule = rs.cite("ranged")
    u = inputs.target_unit
    target: Card | None = next((c for c in u.cards if c.name == inputs.target), None)
    followers = [c for c in u.attachments if c.type in ("follower", "follower-token")]
    legal = target is not None and (
        target.type in ("follower", "follower-token") or (target is u.personality and not followers)
    )
    t.step(rule, "a Ranged Attack targets a Follower, or a Personality with no Followers", legal, target=inputs.target)
    if not legal:
        return t.done({"legal": False, "destroyed": False})
    if len(inputs.attacks) > 1:
        sources = [a[0] for a in inputs.attacks]
        same_unit = len({a[1] for a in inputs.attacks}) == 1
        ok = t.step(
            rule,
            "combined attacks must come from different cards in the same unit",
            same_unit and len(set(sources)) == len(sources),
            sources=sources,
        )
        if not ok:
            return t.done({"legal": False, "destroyed": False})
    if target.force is None:
        raise ScenarioError(
            card_paths(u, ("given", "target_unit"))[target.name] + ("force",),
            f"{target.name}'s Force is needed to resolve the attack",
        )
    strength = sum(a[2] for a in inputs.attacks)
    path = card_paths(u, ("given", "target_unit"))[target.name]
    if target is u.personality:  # his current Force: Items' "+F" and bonuses count, bowed or not
        force = personal_force(u, rs, t, ("given", "target_unit"), rs.cite("stats.current"))
    else:
        force = number(target.force, rs, t, f"{target.name}'s Force", path + ("force",))
    hit = t.step(
        rule,
        f"strength {strength} against Force {force}: destroyed if strength >= Force",
        strength >= force,
        strength=strength,
        force=force,
    )
    t.restate(
        rs.stated("ranged.glossary"),
        "a Ranged Attack destroys its target if the target's Force is at most its strength",
        hit,
        sentence="Ranged # Attack: An effect that destroys a target card if its Force is less than or equal to #.",
    )
    out = {"legal": True, "strength": strength, "destroyed": hit}
    if not hit:
        return t.done(out)
    out["honor"] = t.step(
        rs.cite("battle.honor"),
        f"{target.name} is destroyed before the Resolution Segment: it does not count toward the battle's Honor gain",
        0,
        sentence="Cards destroyed earlier in the battle do *not* count towards this gain.",
    )
    if target is u.personality:  # the whole unit is gone
        return t.done(out)
    raw = inputs.raw or {}
    left = {**raw, "attachments": [a for a in raw.get("attachments", ()) if a["name"] != target.name]}
    return t.done({**out, "state": {"target_unit": {k: v for k, v in left.items() if k != "stated_force"}}})
