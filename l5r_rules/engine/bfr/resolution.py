"""The resolution phase in its order: reveal, bluffs and illegal markers, raze, diplomacy, battles, territories.

Markers lie in a province or on one of its borders (`from`: the province the
marker attacks from). Razing works only in a province holding one of the razing
clan's shinobi, or next to a province it controls; it discards every marker in
that province and on its borders (also those attacking out of it), removes its
control tokens and leaves scorched earth. Diplomacy discards the same markers
and leaves a peace token. A blessing lies face-up on one of its clan's combat
markers and adds its strength to that clan's total there. A province holding its
controller's army, navy or shinobi marker that nobody attacks counts as
successfully defended, like one held in battle: 1 face-up control token; so does
a controlled province whose attacker was discarded by a raze or diplomacy marker
(an attack not successful for any reason) and which no battle decided.
A navy may lie on a coastal border (`from_sea`): it attacks the province from the
sea; any other marker there breaks the placement rules. Every marker resolved is
discarded face up beside the clan that placed it (its discard pile); bluffs go back
behind their owner's screen. After the fifth round's step 7 the game is over.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import known
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer
from . import battle, territory

COMBAT = ("army", "navy", "shinobi")


@dataclass(frozen=True)
class Inputs:
    provinces: dict  # name -> {controller, adjacent, printed_bonus, face_up_control}
    markers: tuple  # {clan, type, province, strength, legal}
    territories: dict
    choices: dict
    round: int | None = None


CITES = (
    ("phase", "raze", "blessing", "bluff", "peace", "scorched", "special", "army", "navy", "game-end")
    + battle.CITES
    + territory.CITES
)
MARKERS = ("army", "navy", "shinobi", "blessing", "bluff", "raze", "diplomacy")
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
                    "special": choice_of(
                        "Its special marker, if any (one per province; peace and scorched earth are never "
                        "replaced, the others are replaced by peace or scorched earth).",
                        ("peace", "scorched-earth", "shrine", "harbor", "other", None),
                        default=None,
                    ),
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
                        "Kind: army, navy, shinobi (combat markers with a strength), blessing (lies on one of its "
                        "clan's army, navy or shinobi markers at the same place; adds its strength), bluff "
                        "(discarded), raze, diplomacy.",
                        MARKERS,
                        example="army",
                    ),
                    "province": string("The province it lies in or attacks (a name in given.provinces).", example="B"),
                    "from": string(
                        "For a marker on a border: the province on the other side, which it attacks from "
                        "(a name in given.provinces); leave out for a marker in the province's centre.",
                        example="A",
                    ),
                    "from_sea": string(
                        "For a marker on a coastal border: the sea it attacks from (any name; only a navy may lie "
                        "there). Give from or from_sea, not both.",
                        example="Meer",
                    ),
                    "strength": integer("Strength; needed for army, navy, shinobi and blessing.", minimum=0, example=3),
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
        "round": integer("The round being played (1 to 5): step 7 advances the round marker.", minimum=1),
    },
    required=["provinces", "markers"],
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
        "defended": array(
            "Provinces successfully defended: held in battle, holding their controller's army, navy or "
            "shinobi marker and not attacked, or attacked by a marker that a raze or diplomacy marker discarded "
            "(an attack not successful for any reason); each gets 1 face-up control token.",
            NAME,
        ),
        "bluffs_returned": array("Clans whose bluff markers go back behind their screens (one entry each).", NAME),
        "special": mapping(
            "For each province: its special marker afterwards, or null.",
            "province",
            {"type": ["string", "null"]},
            example={"A": None, "B": "scorched-earth"},
        ),
        "round": integer("The round marker after step 7 (when given.round is given).", minimum=2),
        "discarded": mapping(
            "Each clan's markers discarded face up beside him (his discard pile) this phase, by type in the order "
            "given (every marker resolved; bluffs go back behind the screen instead).",
            "clan",
            {"type": "array", "items": {"enum": list(MARKERS)}},
            example={"Krabbe": ["army", "raze"]},
        ),
        "face_up_control": mapping(
            "For each province: its face-up control tokens afterwards (1 defense each in later battles).",
            "province",
            {"type": "integer", "minimum": 0},
            example={"A": 1, "B": 0},
        ),
    },
    required=[
        "battles",
        "scorched_earth",
        "peace",
        "territories",
        "control",
        "defended",
        "face_up_control",
        "special",
        "bluffs_returned",
        "discarded",
    ],
)
STATE = state(
    reads={"provinces": "tokens", "markers": "tokens", "territories": "provinces", "round": "turn"},
    writes={"provinces": "tokens", "markers": "tokens", "round": "turn"},
    merged=("provinces",),
)
ENDS = {"advance-round": "step 7 of the fifth round: the game ends and honor is counted (bfr/scoring); winners []"}

ORDERED = ("discarded.*",)  # outcome lists whose order is part of the answer (the others compare in any order)


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("the game ends after round", "given.round beyond the fifth round"),)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("a border has two sides: give from or from_sea", "a marker given both from and from_sea"),
    ("a border lies between two different provinces", "a marker whose from is its own province"),
    ("needs its strength", "an army, navy, shinobi or blessing marker without its strength"),
)


def build(given: dict, choices: dict) -> Inputs:
    provinces = dict(given["provinces"])
    what = "a province in given.provinces"
    for name, p in provinces.items():
        for j, a in enumerate(p.get("adjacent", ())):
            known(a, provinces, ("given", "provinces", name, "adjacent", j), what)
    for i, m in enumerate(given["markers"]):
        known(m["province"], provinces, ("given", "markers", i, "province"), what)
        if "from" in m and "from_sea" in m:
            raise ScenarioError(("given", "markers", i, "from_sea"), "a border has two sides: give from or from_sea")
        if "from" in m:
            known(m["from"], provinces, ("given", "markers", i, "from"), what)
            if m["from"] == m["province"]:
                raise ScenarioError(("given", "markers", i, "from"), "a border lies between two different provinces")
        if m["type"] in COMBAT + ("blessing",) and "strength" not in m:
            raise ScenarioError(("given", "markers", i, "strength"), f"a {m['type']} marker needs its strength")
    for t, names in given.get("territories", {}).items():
        for j, a in enumerate(names):
            known(a, provinces, ("given", "territories", t, j), what)
    return Inputs(provinces, tuple(given["markers"]), dict(given.get("territories", {})), choices, given.get("round"))


def _check_round(inp: Inputs, rs: Ruleset) -> None:
    if inp.round is not None and inp.round > rs.bfr_rounds:
        raise ScenarioError(("given", "round"), f"round {inp.round}: the game ends after round {rs.bfr_rounds}")


def _where(m: dict) -> str:
    if m.get("from_sea"):
        return f"{m['clan']} {m['type']} on the {m['from_sea']}-{m['province']} coastal border"
    return f"{m['clan']} {m['type']} " + (
        f"on the {m['from']}-{m['province']} border" if m.get("from") else f"in {m['province']}"
    )


def _blessing_holds(b: dict, markers: list) -> bool:
    """A blessing must lie on one of its clan's army, navy or shinobi markers (same province, same border)."""
    return any(
        x["type"] in COMBAT
        and x["clan"] == b["clan"]
        and (x["province"], x.get("from"), x.get("from_sea")) == (b["province"], b.get("from"), b.get("from_sea"))
        for x in markers
    )


def resolve(inp: Inputs, rs: Ruleset):
    _check_round(inp, rs)
    t = Tracer()
    rule = rs.cite("phase")
    provinces = {n: {**p, "special": p.get("special")} for n, p in inp.provinces.items()}
    face_up = {n: p.get("face_up_control", 0) for n, p in provinces.items()}
    markers = list(inp.markers)
    t.step(rule, "1. reveal all combat markers", len(markers))
    loose = [m for m in markers if m["type"] == "blessing" and not _blessing_holds(m, markers)]
    if loose:
        t.step(
            rs.cite("blessing"),
            "a blessing is placed on one of its clan's army, navy or shinobi markers: one lying elsewhere breaks "
            "the placement rules",
            [_where(m) for m in loose],
        )
    for m in markers:
        for p in (m["province"], m.get("from")):
            sp = provinces[p]["special"] if p else None
            if sp in ("peace", "scorched-earth") and m.get("legal", True) and not any(m is x for x in loose):
                t.step(
                    rs.cite("peace" if sp == "peace" else "scorched"),
                    f"no marker may lie in or on a border of {p} ({sp}): {_where(m)} breaks the placement rules",
                    False,
                )
                loose.append(m)
    for m in markers:
        if m.get("from_sea") and m["type"] not in ("navy", "blessing", "bluff") and m.get("legal", True):
            t.step(
                rs.cite("army" if m["type"] == "army" else "navy"),
                f"only a navy attacks from a coastal border: {_where(m)} breaks the placement rules",
                False,
            )
            loose.append(m)
    gone = [m for m in markers if m["type"] == "bluff" or not m.get("legal", True) or any(m is x for x in loose)]
    markers = [m for m in markers if not any(m is x for x in gone)]
    t.step(rule, "2. discard bluff markers and markers placed against the rules", [_where(m) for m in gone])
    bluffs = [m["clan"] for m in gone if m["type"] == "bluff"]
    if bluffs:
        t.step(
            rs.cite("bluff"),
            "discarded bluff markers always go back to their owner's hand (behind his screen)",
            bluffs,
        )
    scorched, peace = [], []
    stopped: list = []  # (province, marker): attacks discarded by a raze or diplomacy marker
    for kind in ("raze", "diplomacy"):
        for m in [m for m in markers if m["type"] == kind]:
            if not any(m is x for x in markers):  # discarded by an earlier raze or diplomacy marker
                continue
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
                    markers = [x for x in markers if x is not m]
                    continue
            hit = [x for x in markers if x is not m and prov in (x["province"], x.get("from"))]
            markers = [x for x in markers if x is not m and not any(x is h for h in hit)]
            for x in hit:  # an attack discarded here did not succeed (bfr-erfolgreiche-verteidigung)
                owner_there = provinces[x["province"]].get("controller")
                if x["type"] in COMBAT and owner_there and x["clan"] != owner_there:
                    stopped.append((x["province"], x))
            token = "scorched-earth" if kind == "raze" else "peace"
            if kind == "raze":
                provinces[prov]["controller"] = None
                face_up[prov] = 0
                scorched.append(prov)
            else:
                peace.append(prov)
            before = provinces[prov]["special"]
            if before is not None:
                kept = before in ("peace", "scorched-earth")
                t.step(
                    rs.cite("special"),
                    f"one special marker per province: {token} "
                    + (f"cannot replace {before}" if kept else f"replaces {before}"),
                    before if kept else token,
                )
                if not kept:
                    provinces[prov]["special"] = token
            else:
                provinces[prov]["special"] = token
            t.step(
                rule,  # steps 3 and 4 are worded in the Abhandlungsphase list, not under Verwüsten/Diplomatie
                f"{'3' if kind == 'raze' else '4'}. {kind} in {prov}: discard the markers in it and on its borders"
                + ("; remove control tokens; scorched earth" if kind == "raze" else "; place a peace token"),
                [_where(x) for x in hit],
            )
    battles, defended = {}, []
    for prov in sorted({m["province"] for m in markers if m["type"] in COMBAT}):
        p = provinces[prov]
        here = [m for m in markers if m["province"] == prov and m["type"] in COMBAT + ("blessing",)]
        owner = p.get("controller")
        for b in (m for m in here if m["type"] == "blessing"):
            t.step(
                rs.cite("blessing"),
                f"{b['clan']}'s blessing adds its strength to its {'defence' if b['clan'] == owner else 'attack'} "
                f"in {prov}",
                b["strength"],
            )
        attackers = {}
        for m in here:
            if m["clan"] != owner:
                attackers.setdefault(m["clan"], []).append(m["strength"])
        if not attackers:
            if owner and any(m["clan"] == owner and m["type"] in COMBAT for m in here):
                face_up[prov] += 1
                defended.append(prov)
                t.step(
                    rs.cite("battle.defended"),
                    f"{prov} holds {owner}'s army, navy or shinobi marker and is not attacked: successfully defended, "
                    "1 face-up control token",
                    face_up[prov],
                )
            continue
        t.step(rule, f"5. battle in {prov}", sorted(attackers))
        sub = battle.Inputs(
            owner,
            tuple(m["strength"] for m in here if m["clan"] == owner),
            {c: tuple(v) for c, v in attackers.items()},
            p.get("printed_bonus", 0),
            face_up[prov],
            p.get("marker_bonus", 0),
            {},
        )
        res = battle.fight(sub, rs, t)
        battles[prov] = res["winner"]
        if res["winner"] and res["winner"] != owner:
            p["controller"] = res["winner"]
            face_up[prov] = 0  # the winner removes the defender's tokens and places 1 face-down
        elif res["control"]:
            face_up[prov] += 1
            defended.append(prov)
    for prov in dict.fromkeys(p for p, _ in stopped):
        owner = provinces[prov].get("controller")
        if not owner or prov in defended or prov in battles:  # scorched since, already defended, or a battle decided
            continue
        face_up[prov] += 1
        defended.append(prov)
        t.step(
            rs.cite("battle.defended"),
            f"the attack on {prov} was discarded before any battle: an attack that is not successful for any reason "
            f"leaves {prov} successfully defended, 1 face-up control token",
            face_up[prov],
            attacks=[_where(m) for p, m in stopped if p == prov],
            sentence="Falls ein Angriff gegen eine Provinz aus irgendeinem Grund nicht erfolgreich ist, gilt die "
            "Provinz als erfolgreich verteidigt.",
        )
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
    discarded: dict = {}
    for m in inp.markers:  # every marker was resolved; a bluff went back behind its owner's screen instead
        if m["type"] != "bluff":
            discarded.setdefault(m["clan"], []).append(m["type"])
    t.step(rule, "each marker resolved is discarded face up beside the player who placed it", discarded)
    after = t.step(rule, "7. advance the round marker", None if inp.round is None else inp.round + 1)
    extra = {}
    if inp.round is not None:
        extra = {"round": after}
        if t.step(
            rs.cite("game-end"),
            f"the game ends after {rs.bfr_rounds} rounds",
            inp.round >= rs.bfr_rounds,
            round=inp.round,
        ):
            extra["game_over"] = {"winners": [], "losers": [], "condition": "fifth-round", "step": "advance-round"}
    state_out = {
        "provinces": {
            n: {"controller": p.get("controller"), "face_up_control": face_up[n], "special": p["special"]}
            for n, p in provinces.items()
        },
        "markers": [],
    }
    if inp.round is not None:
        state_out["round"] = after
    return t.done(
        {
            **extra,
            "discarded": discarded,
            "state": state_out,
            "special": {n: p["special"] for n, p in provinces.items()},
            "bluffs_returned": bluffs,
            "battles": battles,
            "scorched_earth": scorched,
            "peace": peace,
            "territories": claimed,
            "control": {n: p.get("controller") for n, p in provinces.items()},
            "defended": defended,
            "face_up_control": face_up,
        }
    )
