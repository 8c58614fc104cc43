"""What several LCG procedures share: a character in play, the rings, and a character's current skill.

The shapes here are the LCG game state that chained scenarios carry from step to step
(`characters`, `unclaimed_rings`, `honor`, ...), so every procedure reads them alike.
"""

from __future__ import annotations

from ..errors import ScenarioError
from ..shapes import COUNT, array, boolean, choice_of, described, integer, mapping, named, obj, string
from ..values import PRINTED_STAT, parse_num

SIDES = ("attacker", "defender")
TYPES = ("military", "political")
RINGS = ("air", "earth", "fire", "water", "void")
STATUSES = ("honored", "ordinary", "dishonored")


def honor_status(description: str = "Personal honor status.") -> dict:
    """A character's personal honor status (ordinary unless given), as every LCG procedure takes it."""
    return choice_of(description, STATUSES, default="ordinary")


def printed_glory(description: str = "Printed glory.", **example) -> dict:
    """A character's printed glory (0 unless given)."""
    return integer(description, minimum=0, default=0, **example)


CHARACTER = named(
    "lcg-character",
    obj(
        "A character in play.",
        {
            "name": string("Character name, unique among the characters given (the outcome names it).", example="A"),
            "military": described(PRINTED_STAT, 'Printed military skill ("-": a dash).', default=0, example=3),
            "political": described(PRINTED_STAT, 'Printed political skill ("-": a dash).', default=0, example=2),
            "glory": printed_glory(example=2),
            "status": honor_status(),
            "bowed": boolean("Bowed.", default=False),
            "fate": integer("Fate on it.", minimum=0, default=0, example=1),
            "covert": boolean("Has the covert keyword.", default=False),
        },
        required=["name"],
        example={"name": "Doji Whisperer", "military": 0, "political": 3, "glory": 2},
    ),
)
CHARACTERS = mapping(
    "Characters in play by controller: attacker and defender.",
    "side",
    array("That player's characters.", CHARACTER),
    example={"attacker": [{"name": "A", "military": 3}], "defender": [{"name": "D", "military": 2}]},
)
HONOR = obj(
    "Each player's honor.",
    {s: integer(f"The {s}'s honor.", example=10) for s in SIDES},
    required=SIDES,
    example={"attacker": 10, "defender": 10},
)
UNCLAIMED = mapping("The unclaimed ring pool: each ring in it and the fate on it.", "ring", COUNT, example={"air": 1})
CLAIMED = obj(
    "Each player's claimed ring pool.",
    {s: array(f"Rings the {s} has claimed.", choice_of("A ring.", RINGS), default=[]) for s in SIDES},
    example={"attacker": ["fire"], "defender": []},
)


def characters(given: dict, key: str = "characters") -> dict:
    """side -> list of character dicts (defaults filled), each name used once across both sides."""
    out, seen = {}, set()
    for side, chars in (given.get(key) or {}).items():
        if side not in SIDES:
            raise ScenarioError((key, side), f"'{side}' is not a side here (attacker or defender)")
        out[side] = []
        for i, c in enumerate(chars):
            if c["name"] in seen:
                raise ScenarioError((key, side, i, "name"), f"a second '{c['name']}'; give each character its own name")
            seen.add(c["name"])
            out[side].append(
                {
                    "name": c["name"],
                    "military": parse_num(c.get("military", 0), ("given", key, side, i, "military")),
                    "political": parse_num(c.get("political", 0), ("given", key, side, i, "political")),
                    "glory": c.get("glory", 0),
                    "status": c.get("status", "ordinary"),
                    "bowed": bool(c.get("bowed", False)),
                    "fate": c.get("fate", 0),
                    "covert": bool(c.get("covert", False)),
                }
            )
    return out


def plain(char: dict) -> dict:
    """A character back in scenario form (for an outcome's state)."""
    out = {"name": char["name"]}
    for k in ("military", "political"):
        out[k] = char[k].show() if char[k].signed or char[k].missing else char[k].value
    for k, default in (("glory", 0), ("status", "ordinary"), ("bowed", False), ("fate", 0), ("covert", False)):
        if char[k] != default:
            out[k] = char[k]
    return out


def current_skill(t, rs, char: dict, kind: str, floor: bool = True) -> int | None:
    """The character's current skill of `kind` (None: a dash), its personal honor status applied, floored at 0.

    `floor=False` leaves a negative value as it is, for a caller that applies further modifiers to the same
    value (the duel's bid): lcg-modifiers treats all modifiers as applied together and floors only the result.
    """
    printed = char[kind]
    if printed.missing:
        return None
    value = printed.value
    if char["status"] == "ordinary":
        return value
    sign = 1 if char["status"] == "honored" else -1
    raw = value + sign * char["glory"]
    shown = max(raw, 0) if floor else raw
    t.step(
        rs.cite("status"),
        f"{char['name']} is {char['status']}: {'adds' if sign > 0 else 'subtracts'} its glory "
        f"({char['glory']}) {'to' if sign > 0 else 'from'} its {kind + ' ' if kind in TYPES else ''}skill",
        shown,
        raw=raw,
        **({"floored": max(raw, 0)} if floor else {}),
        printed=value,
        glory=char["glory"],
    )
    if raw < 0 and floor:
        t.step(rs.cite("modifiers"), "a value below zero is treated as zero", 0, raw=raw)
    return shown


def find(chars: dict, name: str, path: tuple) -> tuple[str, dict]:
    """(side, character) of the character named `name`, or a ScenarioError at `path` listing them."""
    for side, lst in chars.items():
        for c in lst:
            if c["name"] == name:
                return side, c
    names = [c["name"] for lst in chars.values() for c in lst]
    raise ScenarioError(path, f"'{name}' is not a character in play (given: {', '.join(names) or 'none'})")
