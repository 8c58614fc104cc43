"""Yu: cards in a losing army destroy opposing Followers or Follower-less Personalities (Lotus).

Each assignment names the Yu cards used (combined values allowed, each card
once) and one target; targets are checked in the order given, so a
Personality only becomes a legal target once its Followers are gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..trace import Tracer
from .cards import Army, army, card_paths


@dataclass(frozen=True)
class Inputs:
    yu: dict  # Yu card name -> Yu value
    army_lost: bool
    opposing: Army
    assignments: tuple  # ((yu card names...), target name)


def build(given: dict, choices: dict) -> Inputs:
    raw = choice(choices, "assignments", "which Yu cards destroy which target (an empty list uses none)")
    return Inputs({c["name"]: c["yu"] for c in given["yu_cards"]}, given["army_lost"],
                  army(given["opposing"], ("given", "opposing")),
                  tuple((tuple(a["yu_cards"]), a["target"]) for a in raw))


def resolve(inputs: Inputs, rs: Ruleset):
    rs.require("ccg/yu")
    t = Tracer()
    rule = rs.cite("yu")
    if not inputs.army_lost:
        t.step(rule, "Yu applies only to cards in an army that lost the battle", False)
        return t.done({"destroyed": [], "honor": 0})
    followers = {u.personality.name: [c.name for c in u.attachments if c.type in ("follower", "follower-token")]
                 for u in inputs.opposing.units}
    forces = {c.name: (c.force.value if c.force else None) for u in inputs.opposing.units for c in u.cards}
    missing = {c.name: card_paths(u, ("given", "opposing", "units", i))[c.name]
               for i, u in enumerate(inputs.opposing.units) for c in u.cards if c.force is None}
    used: set[str] = set()
    destroyed: list[str] = []
    for i, (cards, target) in enumerate(inputs.assignments):
        path = ("choices", "assignments", i)
        for name in cards:
            if name not in inputs.yu:
                raise ScenarioError(path + ("yu_cards",), f"'{name}' has no Yu value in given.yu_cards")
            if name in used:
                raise ScenarioError(path + ("yu_cards",), f"'{name}' already used its Yu: one card may not destroy several cards")
        if target not in forces or target in destroyed:
            raise ScenarioError(path + ("target",), f"'{target}' is not an opposing card still in play")
        if missing.get(target):
            raise ScenarioError(missing[target] + ("force",), f"{target}'s Force is needed to compare it with the Yu")
        owner = next((p for p, fs in followers.items() if target in fs), None)
        if owner is None and any(f not in destroyed for f in followers.get(target, ())):
            t.step(rule, f"{target} still has Followers: not a legal Yu target", False, target=target)
            return t.done({"destroyed": destroyed, "honor": 0, "illegal": target})
        value = sum(inputs.yu[n] for n in cards)
        force = forces[target]
        ok = t.step(rule, f"combined Yu {value} against {target}'s Force {force}: destroyed if Force <= Yu",
                    force is not None and force <= value, yu_cards=list(cards), yu=value, force=force)
        used.update(cards)
        if ok:
            destroyed.append(target)
    t.step(rule, "destroying cards with Yu earns the loser no Honor and does not change the battle's outcome", 0)
    return t.done({"destroyed": destroyed, "honor": 0})
