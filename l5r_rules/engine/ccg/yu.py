"""Yu: cards in a losing army destroy opposing Followers or Follower-less Personalities (Lotus).

Each assignment names the Yu cards used (combined values allowed, each card
once) and one target; targets are checked in the order given, so a
Personality only becomes a legal target once its Followers are gone.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice, once, unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, described, integer, obj, string
from ..state import state
from ..trace import Tracer
from .cards import ARMY, Army, army, card_paths
from .force import personal_force


@dataclass(frozen=True)
class Inputs:
    yu: dict  # Yu card name -> Yu value
    army_lost: bool
    opposing: Army
    assignments: tuple  # ((yu card names...), target name)
    raw: dict | None = None  # the opposing army as given (the state leaves out what Yu destroyed)


CITES = ("yu", "yu.glossary", "stats.current", "force.signed", "force.item", "missing-value")
GIVEN = obj(
    "The losing army's Yu cards and the opposing (winning) army.",
    {
        "yu_cards": array(
            "Cards with Yu in the losing army.",
            obj(
                "A card with Yu.",
                {
                    "name": string("Card name (choices.assignments names it).", example="Yu 3 samurai"),
                    "yu": integer("Its Yu value.", minimum=0, example=3),
                },
                required=["name", "yu"],
            ),
            example=[{"name": "Yu 3 samurai", "yu": 3}],
        ),
        "army_lost": boolean(
            "The Yu cards' army was just determined to be the losing one (otherwise Yu does nothing)."
        ),
        "opposing": described(
            ARMY,
            "The opposing army: its Followers, and Personalities without Followers, are the "
            "possible targets; each target needs its force.",
        ),
    },
    required=["yu_cards", "army_lost", "opposing"],
)
CHOICES = obj(
    "How the losing player uses his Yu cards.",
    {
        "assignments": array(
            "In order: which Yu cards (their values combined) try to destroy which opposing card; each Yu card once. "
            "A Personality becomes a legal target only once his Followers are destroyed. Always needed: [] uses none.",
            obj(
                "One use of Yu.",
                {
                    "yu_cards": array(
                        "Names of the Yu cards combined (from given.yu_cards).", NAME, example=["Yu 3 samurai"]
                    ),
                    "target": string("Name of the opposing card (a card in given.opposing).", example="Follower"),
                },
                required=["yu_cards", "target"],
            ),
            example=[{"yu_cards": ["Yu 3 samurai"], "target": "Follower"}],
        ),
    },
)
OUTCOME = obj(
    "The cards destroyed by Yu.",
    {
        "destroyed": array("Opposing cards destroyed, in order.", NAME),
        "honor": integer("Honor the loser gains for them: always 0.", minimum=0),
        "illegal": string(
            "Present when an assignment targets a Personality who still has Followers: his name "
            "(resolution stops there)."
        ),
    },
    required=["destroyed", "honor"],
)

STATE = state(updates={"opposing": "cards"})

ORDERED = ("destroyed",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (
    (
        "already used its Yu: one card may not destroy several cards",
        'a Yu card named in two assignments (lotus-yu: "one card may not destroy multiple cards")',
    ),
    ("is not an opposing card still in play", "a target already destroyed (or not in the opposing army)"),
)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("is not a card in given.yu_cards", "a Yu card choices.assignments names that given.yu_cards lacks"),
    ("Force is needed to compare it with the Yu", "a target without its Force"),
)


def build(given: dict, choices: dict) -> Inputs:
    raw = choice(choices, "assignments", "which Yu cards destroy which target (an empty list uses none)")
    # the assignments name the cards: a name given twice was silently one card or the other (round 10, #21)
    names = set(unique([c["name"] for c in given["yu_cards"]], ("given", "yu_cards"), field=("name",)))
    once(
        (
            (card["name"], ("given", "opposing", "units", i, *where, "name"))
            for i, u in enumerate(given["opposing"]["units"])
            for card, where in [
                (u["personality"], ("personality",)),
                *((a, ("attachments", j)) for j, a in enumerate(u.get("attachments") or ())),
            ]
        ),
        "is listed twice (a target is named: give each opposing card once)",
    )
    for i, a in enumerate(raw):  # a card that is not given is an error in any edition, before its rule is asked
        for j, name in enumerate(a["yu_cards"]):
            if name not in names:
                raise ScenarioError(
                    ("choices", "assignments", i, "yu_cards", j), f"'{name}' is not a card in given.yu_cards"
                )
    return Inputs(
        {c["name"]: c["yu"] for c in given["yu_cards"]},
        given["army_lost"],
        army(given["opposing"], ("given", "opposing")),
        tuple((tuple(a["yu_cards"]), a["target"]) for a in raw),
        given["opposing"],
    )


def resolve(inputs: Inputs, rs: Ruleset):
    rs.require("ccg/yu")
    t = Tracer()
    rule = rs.cite("yu")
    if not inputs.army_lost:
        t.step(rule, "Yu applies only to cards in an army that lost the battle", False)
        return t.done({"destroyed": [], "honor": 0})
    t.restate(
        rs.stated("yu.glossary"),
        "cards with Yu in the army that just lost may destroy opposing cards",
        True,
        sentence="Cards with the **Yu** trait may destroy opposing cards during the "
        "resolution of a battle that their army has just lost.",
    )
    followers = {
        u.personality.name: [c.name for c in u.attachments if c.type in ("follower", "follower-token")]
        for u in inputs.opposing.units
    }
    forces = {c.name: (c.force.value if c.force else None) for u in inputs.opposing.units for c in u.cards}
    missing = {
        c.name: card_paths(u, ("given", "opposing", "units", i))[c.name]
        for i, u in enumerate(inputs.opposing.units)
        for c in u.cards
        if c.force is None
    }
    used: set[str] = set()
    destroyed: list[str] = []
    for i, (cards, target) in enumerate(inputs.assignments):
        path = ("choices", "assignments", i)
        for name in cards:
            if name not in inputs.yu:
                raise ScenarioError(path + ("yu_cards",), f"'{name}' has no Yu value in given.yu_cards")
            if name in used:
                raise ScenarioError(
                    path + ("yu_cards",), f"'{name}' already used its Yu: one card may not destroy several cards"
                )
        if target not in forces or target in destroyed:
            raise ScenarioError(path + ("target",), f"'{target}' is not an opposing card still in play")
        if missing.get(target):
            raise ScenarioError(missing[target] + ("force",), f"{target}'s Force is needed to compare it with the Yu")
        owner = next((p for p, fs in followers.items() if target in fs), None)
        if owner is None and any(f not in destroyed for f in followers.get(target, ())):
            t.step(rule, f"{target} has no Followers, as a Yu target must", False, target=target)
            return t.done({"destroyed": destroyed, "honor": 0, "illegal": target})
        value = sum(inputs.yu[n] for n in cards)
        force = forces[target]
        led = next((j for j, u in enumerate(inputs.opposing.units) if u.personality.name == target), None)
        if led is not None:  # a Personality's current Force: Items' "+F" and bonuses count, bowed or not
            unit_path = ("given", "opposing", "units", led)
            force = personal_force(inputs.opposing.units[led], rs, t, unit_path, rs.cite("stats.current"))
        ok = t.step(
            rule,
            f"combined Yu {value} against {target}'s Force {force}: destroyed if Force <= Yu",
            force is not None and force <= value,
            yu_cards=list(cards),
            yu=value,
            force=force,
        )
        used.update(cards)
        if ok:
            destroyed.append(target)
    t.step(rule, "destroying cards with Yu earns the loser no Honor and does not change the battle's outcome", 0)
    return t.done({"destroyed": destroyed, "honor": 0, "state": {"opposing": _left(inputs.raw, destroyed)}})


def _left(raw: dict | None, destroyed: list) -> dict:
    """The opposing army as given, without the cards Yu destroyed."""
    units = []
    for u in (raw or {}).get("units", ()):
        if u["personality"]["name"] in destroyed:
            continue
        units.append({**u, "attachments": [a for a in u.get("attachments", ()) if a["name"] not in destroyed]})
    return {**{k: v for k, v in (raw or {}).items() if k != "stated_force"}, "units": units}
