"""The resolution phase in its order: reveal, bluffs and illegal markers, raze, diplomacy, battles, territories.

Markers lie in a province or on one of its borders. Razing works only in a
province holding one of the razing clan's shinobi, or next to a province it
controls; it discards the markers of that province and its borders, removes
its control tokens and leaves scorched earth. Diplomacy discards the markers of
that province and its borders and leaves a peace token.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import known
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, mapping, obj, string
from ..trace import Tracer
from . import battle, territory

COMBAT = ("army", "navy", "shinobi")


@dataclass(frozen=True)
class Inputs:
    provinces: dict  # name -> {controller, adjacent, printed_bonus, face_up_control}
    markers: tuple  # {clan, type, province, strength, legal}
    territories: dict
    choices: dict


CITES = ("phase", "raze") + battle.CITES + territory.CITES
MARKERS = ("army", "navy", "shinobi", "bluff", "raze", "diplomacy")
GIVEN = obj(
    "The board and the combat markers placed this round.",
    {
        "provinces": mapping(
            "Every province that matters (markers, adjacency, territories), with its state.",
            "province",
            obj(
                "A province.",
                {
                    "controller": string("Controlling clan, or null.", nullable=True, example="Krabbe"),
                    "adjacent": array(
                        "Adjacent provinces (names in given.provinces): razing needs an "
                        "adjacent province of the razing clan.",
                        NAME,
                        default=[],
                        example=["B"],
                    ),
                    "printed_bonus": integer("Printed defense bonus.", minimum=0, default=0),
                    "face_up_control": integer("Face-up control tokens (1 defense each).", minimum=0, default=0),
                    "marker_bonus": integer("Defense bonus from bonus markers.", minimum=0, default=0),
                },
            ),
            example={"A": {"controller": "Krabbe", "adjacent": ["B"]}, "B": {"controller": None, "adjacent": ["A"]}},
        ),
        "markers": array(
            "Combat markers placed, as revealed.",
            obj(
                "A combat marker.",
                {
                    "clan": string("Its owner.", example="Krabbe"),
                    "type": choice_of(
                        "Kind: army, navy, shinobi (combat markers with a strength), bluff (discarded), raze, "
                        "diplomacy.",
                        MARKERS,
                        example="army",
                    ),
                    "province": string("The province it lies in or attacks (a name in given.provinces).", example="B"),
                    "strength": integer("Strength; needed for army, navy and shinobi.", minimum=0, example=3),
                    "legal": boolean("Placed according to the rules (false: discarded in step 2).", default=True),
                },
                required=["clan", "type", "province"],
            ),
            example=[{"clan": "Krabbe", "type": "army", "province": "B", "strength": 3}],
        ),
        "territories": {
            **territory.TERRITORIES,
            "description": "For each territory: its provinces (names in given.provinces); claimed in step 6.",
            "default": {},
        },
    },
    required=["provinces", "markers"],
)
CHOICES = obj(
    "Readings for the battles where the rulebook is silent.",
    {
        "battles": mapping(
            "For each province with a battle that needs one: that battle's decisions.",
            "province",
            battle.CHOICES,
            example={"B": {"attacker_tie": "Krabbe"}},
        ),
    },
)
OUTCOME = obj(
    "What the phase changed.",
    {
        "battles": mapping(
            "For each province fought over: the winning clan, or null.",
            "province",
            {"type": ["string", "null"]},
            example={"B": "Krabbe"},
        ),
        "scorched_earth": array("Provinces razed this round.", NAME),
        "peace": array("Provinces given a peace token by diplomacy.", NAME),
        "territories": {
            **territory.CONTROLLERS,
            "description": "For each territory: its controller afterwards, or "
            "null ({} when given.territories is empty).",
        },
        "control": mapping(
            "For each province: its controller afterwards, or null.",
            "province",
            {"type": ["string", "null"]},
            example={"A": "Krabbe", "B": "Krabbe"},
        ),
    },
    required=["battles", "scorched_earth", "peace", "territories", "control"],
)


def build(given: dict, choices: dict) -> Inputs:
    provinces = dict(given["provinces"])
    what = "a province in given.provinces"
    for name, p in provinces.items():
        for j, a in enumerate(p.get("adjacent", ())):
            known(a, provinces, ("given", "provinces", name, "adjacent", j), what)
    for i, m in enumerate(given["markers"]):
        known(m["province"], provinces, ("given", "markers", i, "province"), what)
        if m["type"] in COMBAT and "strength" not in m:
            raise ScenarioError(("given", "markers", i, "strength"), f"a {m['type']} marker needs its strength")
    for t, names in given.get("territories", {}).items():
        for j, a in enumerate(names):
            known(a, provinces, ("given", "territories", t, j), what)
    for prov in choices.get("battles", {}):
        known(prov, provinces, ("choices", "battles", prov), what)
    return Inputs(provinces, tuple(given["markers"]), dict(given.get("territories", {})), choices)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("phase")
    provinces = {n: dict(p) for n, p in inp.provinces.items()}
    markers = list(inp.markers)
    t.step(rule, "1. reveal all combat markers", len(markers))
    gone = [m for m in markers if m["type"] == "bluff" or not m.get("legal", True)]
    markers = [m for m in markers if m not in gone]
    t.step(
        rule,
        "2. discard bluff markers and markers placed against the rules",
        [f"{m['clan']} {m['type']} in {m['province']}" for m in gone],
    )
    scorched, peace = [], []
    for kind in ("raze", "diplomacy"):
        for m in [m for m in markers if m["type"] == kind]:
            prov = m["province"]
            if kind == "raze":
                own_shinobi = any(
                    x["type"] == "shinobi" and x["clan"] == m["clan"] and x["province"] == prov for x in markers
                )
                near = any(provinces[a].get("controller") == m["clan"] for a in provinces[prov].get("adjacent", ()))
                if not t.step(
                    rs.cite("raze"),
                    f"{m['clan']} razes {prov}: needs own shinobi there or an adjacent controlled province",
                    own_shinobi or near,
                    shinobi=own_shinobi,
                    adjacent=near,
                ):
                    markers.remove(m)
                    continue
            hit = [x for x in markers if x is not m and x["province"] == prov and x["type"] in COMBAT]
            markers = [x for x in markers if x not in hit and x is not m]
            if kind == "raze":
                provinces[prov]["controller"] = None
                scorched.append(prov)
            else:
                peace.append(prov)
            t.step(
                rule,  # steps 3 and 4 are worded in the Abhandlungsphase list, not under Verwüsten/Diplomatie
                f"{'3' if kind == 'raze' else '4'}. {kind} in {prov}: discard markers in it and on its borders"
                + ("; remove control tokens; scorched earth" if kind == "raze" else "; place a peace token"),
                [f"{x['clan']} {x['type']}" for x in hit],
            )
    battles = {}
    for prov in sorted({m["province"] for m in markers if m["type"] in COMBAT}):
        p = provinces[prov]
        here = [m for m in markers if m["province"] == prov and m["type"] in COMBAT]
        owner = p.get("controller")
        attackers = {}
        for m in here:
            if m["clan"] != owner:
                attackers.setdefault(m["clan"], []).append(m["strength"])
        if not attackers:
            continue
        t.step(rule, f"5. battle in {prov}", sorted(attackers))
        sub = battle.Inputs(
            owner,
            tuple(m["strength"] for m in here if m["clan"] == owner),
            {c: tuple(v) for c, v in attackers.items()},
            p.get("printed_bonus", 0),
            p.get("face_up_control", 0),
            p.get("marker_bonus", 0),
            inp.choices.get("battles", {}).get(prov, {}),
            ("choices", "battles", prov),
        )
        res = battle.fight(sub, rs, t)
        battles[prov] = res["winner"]
        if res["winner"]:
            p["controller"] = res["winner"]
    claimed = {}
    if inp.territories:
        t.step(rule, "6. claim territories", None)
        claimed = territory.controllers(
            territory.Inputs(
                {k: tuple(v) for k, v in inp.territories.items()},
                {n: p.get("controller") for n, p in provinces.items()},
                frozenset(scorched),
            ),
            rs,
            t,
        )
    t.step(rule, "7. advance the round marker", None)
    return t.done(
        {
            "battles": battles,
            "scorched_earth": scorched,
            "peace": peace,
            "territories": claimed,
            "control": {n: p.get("controller") for n, p in provinces.items()},
        }
    )
