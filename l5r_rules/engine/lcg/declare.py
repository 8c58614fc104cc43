"""Declaring a conflict (3.2): the opportunity, the contested ring and its fate, the province, the attackers, covert.

A player has one military and one political conflict opportunity a phase. The
contested ring comes from the unclaimed ring pool and its fate moves to the
attacker's fate pool; the province must be an unbroken province of the opponent,
the stronghold province only once three of his other provinces are broken; at
least one ready attacker that can take part (no dash skill of the type). Each
covert attacker may evade one defending character without covert. If any part
cannot be done, the conflict is not declared (the outcome says which rule fails).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer
from .common import CHARACTERS, RINGS, TYPES, UNCLAIMED, characters, current_skill, plain

CITES = ("declare", "rings", "stronghold.attack", "covert", "facedown", "dash", "status", "modifiers")
PROVINCE = obj(
    "A province of the defending player.",
    {
        "name": string("Province name.", example="Entrenched Position"),
        "strength": integer("Its strength (with holdings and modifiers: see lcg/province-strength).", minimum=0),
        "broken": boolean("Broken.", default=False),
        "stronghold": boolean("The stronghold province.", default=False),
        "facedown": boolean("Facedown (turned faceup once a conflict is declared against it).", default=False),
    },
    required=["name", "strength"],
)
GIVEN = obj(
    "The moment a player has a conflict opportunity.",
    {
        "characters": CHARACTERS,
        "opportunities": obj(
            "The attacker's conflict opportunities still open this phase (used or passed ones: false).",
            {t: boolean(f"His {t} conflict opportunity is still open.", default=True) for t in TYPES},
            example={"military": True, "political": False},
        ),
        "unclaimed_rings": UNCLAIMED,
        "provinces": array("The defending player's provinces.", PROVINCE, min_items=1),
        "fate": obj(
            "Fate pools.",
            {"attacker": integer("The attacker's fate pool.", minimum=0, default=0)},
            example={"attacker": 3},
        ),
    },
    required=["characters", "unclaimed_rings", "provinces"],
)
CHOICES = obj(
    "The attacker's declaration.",
    {
        "declare": obj(
            "The conflict he declares.",
            {
                "type": choice_of("Conflict type (the ring's faceup side).", TYPES),
                "ring": choice_of("The ring chosen from the unclaimed ring pool.", RINGS),
                "province": string("Name of the province attacked."),
                "attackers": array("Names of the characters he commits as attackers.", NAME),
                "covert": mapping(
                    "For covert attackers: covert attacker's name -> the defending character it evades.",
                    "covert attacker",
                    NAME,
                    default={},
                ),
            },
            required=["type", "ring", "province", "attackers"],
        ),
    },
)
OUTCOME = obj(
    "Whether the conflict is declared, and the game state it makes.",
    {
        "declared": boolean("The conflict is initiated."),
        "problem": string("Why it cannot be initiated (when declared is false).", nullable=True),
        "fate_moved": integer("Fate moved from the contested ring to the attacker's fate pool.", minimum=0),
        "province_revealed": boolean("The attacked province was facedown and is turned faceup."),
        "evaded": array("Defending characters evaded by covert (cannot be declared as defenders).", NAME),
    },
    required=["declared", "problem", "fate_moved", "province_revealed", "evaded"],
)
STATE = state(
    reads={
        "characters": "cards",
        "opportunities": "turn",
        "unclaimed_rings": "rings",
        "provinces": "provinces",
        "fate": "fate",
    },
    writes={
        "type": "conflict",
        "ring": "conflict",
        "attacker": "conflict",
        "evaded": "conflict",
        "stronghold": "conflict",
        "province_strength": "provinces",
        "provinces": "provinces",
        "opportunities": "turn",
        "unclaimed_rings": "rings",
        "fate": "fate",
        "characters": "cards",
    },
)


@dataclass(frozen=True)
class Inputs:
    chars: dict
    open: dict
    rings: dict
    provinces: tuple
    fate: int
    declare: dict


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("more than one stronghold province", "two provinces marked stronghold"),
    ("is not one of the attacker's characters", "an attacker choices.declare names that is not his"),
    ("is not a province given", "a province choices.declare names that is not given"),
    (
        "give the defender's other provinces to decide the stronghold",
        "a stronghold attacked without his other provinces given",
    ),
)


def build(given: dict, choices: dict) -> Inputs:
    decl = choice(choices, "declare", "the conflict the attacker declares (type, ring, province, attackers)")
    names = [p["name"] for p in given["provinces"]]
    for i, n in enumerate(names):
        if n in names[:i]:
            raise ScenarioError(("given", "provinces", i, "name"), f"a second province '{n}'")
    if sum(bool(p.get("stronghold")) for p in given["provinces"]) > 1:
        raise ScenarioError(("given", "provinces"), "more than one stronghold province")
    opp = given.get("opportunities") or {}
    return Inputs(
        characters(given),
        {t: opp.get(t, True) for t in TYPES},
        dict(given["unclaimed_rings"]),
        tuple(given["provinces"]),
        (given.get("fate") or {}).get("attacker", 0),
        decl,
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    d = inp.declare
    out = {"declared": False, "problem": None, "fate_moved": 0, "province_revealed": False, "evaded": []}

    def refuse(rule: str, text: str):
        t.step(rule, text, False)
        return t.done({**out, "problem": text})

    rule = rs.cite("declare")
    if not t.step(rule, f"the attacker still has his {d['type']} conflict opportunity", inp.open[d["type"]]):
        return refuse(rule, f"the {d['type']} conflict opportunity was already used or passed this phase")
    if not t.step(rs.cite("rings"), f"the {d['ring']} ring is in the unclaimed ring pool", d["ring"] in inp.rings):
        return refuse(rule, f"the {d['ring']} ring is not unclaimed")
    province = next((p for p in inp.provinces if p["name"] == d["province"]), None)
    if province is None:
        raise ScenarioError(
            ("choices", "declare", "province"),
            f"'{d['province']}' is not a province given ({', '.join(p['name'] for p in inp.provinces)})",
        )
    if province.get("broken"):
        return refuse(rule, f"{province['name']} is broken: only an unbroken province can be attacked")
    if province.get("stronghold"):
        broken = sum(1 for p in inp.provinces if p.get("broken") and not p.get("stronghold"))
        others = sum(1 for p in inp.provinces if not p.get("stronghold"))
        if others < 3 and broken == others:
            raise ScenarioError(("given", "provinces"), "give the defender's other provinces to decide the stronghold")
        if not t.step(
            rs.cite("stronghold.attack"),
            "the stronghold can be attacked once three of the player's non-stronghold provinces are broken",
            broken >= 3,
            broken=broken,
        ):
            return refuse(rs.cite("stronghold.attack"), f"only {broken} non-stronghold provinces are broken (3 needed)")
    mine = {c["name"]: c for c in inp.chars.get("attacker", [])}
    theirs = {c["name"]: c for c in inp.chars.get("defender", [])}
    attackers = []
    if not d["attackers"]:
        return refuse(rule, "at least one character must be declared as an attacker")
    for i, name in enumerate(d["attackers"]):
        if name not in mine:
            raise ScenarioError(
                ("choices", "declare", "attackers", i), f"'{name}' is not one of the attacker's characters"
            )
        c = mine[name]
        if c["bowed"]:
            return refuse(rule, f"{name} is bowed: only ready characters can be declared as attackers")
        if c[d["type"]].missing:
            return refuse(rs.cite("dash"), f"{name} has a dash {d['type']} skill: it cannot participate")
        attackers.append(c)
    evaded = []
    for covert_name, target in (d.get("covert") or {}).items():
        if covert_name not in d["attackers"] or not mine[covert_name]["covert"]:
            return refuse(rs.cite("covert"), f"{covert_name} is not an attacker with covert")
        if target not in theirs:
            raise ScenarioError(
                ("choices", "declare", "covert", covert_name), f"'{target}' is not a defending character"
            )
        if theirs[target]["covert"]:
            return refuse(rs.cite("covert"), f"{target} has covert: covert can only choose a character without covert")
        if target in evaded:
            return refuse(rs.cite("covert"), f"{target} is already evaded: each covert attacker chooses one character")
        evaded.append(target)
    if evaded:
        t.step(rs.cite("covert"), "each chosen character is evaded and cannot be declared as a defender", evaded)
    moved = inp.rings[d["ring"]]
    t.step(rule, "the contested ring's fate moves to the attacking player's fate pool", moved, fate=moved)
    revealed = bool(province.get("facedown"))
    if revealed:
        t.step(
            rs.cite("facedown"),
            f"{province['name']} was facedown: turned faceup once the conflict is declared",
            True,
            sentence="A facedown province is turned faceup when an attack is declared against it.",
        )
    # each attacker with its current skill (its status applied) as lcg/conflict counts it
    participants = [{"name": c["name"], "skill": current_skill(t, rs, c, d["type"])} for c in attackers]
    rings = {r: f for r, f in inp.rings.items() if r != d["ring"]}
    provinces = [
        {**p, "facedown": False} if p["name"] == province["name"] and p.get("facedown") else dict(p)
        for p in inp.provinces
    ]
    state = {
        "type": d["type"],
        "ring": d["ring"],
        "attacker": participants,
        "evaded": evaded,
        "stronghold": bool(province.get("stronghold")),
        "province_strength": province["strength"],
        "provinces": provinces,
        "opportunities": {**inp.open, d["type"]: False},
        "unclaimed_rings": rings,
        "fate": {"attacker": inp.fate + moved},
        "characters": {s: [plain(c) for c in lst] for s, lst in inp.chars.items()},
    }
    return t.done(
        {
            "declared": True,
            "problem": None,
            "fate_moved": moved,
            "province_revealed": revealed,
            "evaded": evaded,
            "state": state,
        }
    )
