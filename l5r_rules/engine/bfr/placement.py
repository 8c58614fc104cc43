"""Is this combat marker placed legally? The placement rules of each marker type, borders, peace, shrines, ronin.

A marker lies in a province's centre or on one of its borders: a land border
(`from`: the neighbour it attacks from) or a coastal border (`sea`). One marker
per border (a blessing excepted); none in or on the borders of a province with
peace or scorched earth; no raze or diplomacy marker in the battlefield's province;
only the controller places in or on the borders of a shrine province. A harbor
makes its landlocked province coastal: a navy attacks it on a coastal border
(`sea`) or on any of its land borders (`from`), whoever controls the neighbour.
A bluff is placed as if it were any other non-blessing marker (`as`). A ronin
places armies on any land border and no raze or diplomacy.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..given import known
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, mapping, obj, string
from ..state import state
from ..trace import Tracer

TYPES = ("army", "navy", "shinobi", "blessing", "bluff", "raze", "diplomacy")
_PLACE = {
    "province": string("The province it lies in, or attacks from a border (a name in given.provinces).", example="B"),
    "from": string("On a land border: the neighbouring province on the other side.", example="A"),
    "sea": boolean("On a coastal border of the province.", default=False),
}


@dataclass(frozen=True)
class Inputs:
    provinces: dict
    clan: str
    ronin: bool
    marker: dict
    board: tuple


CITES = (
    "placement",
    "army",
    "navy",
    "shinobi",
    "blessing",
    "bluff",
    "raze",
    "diplomacy",
    "peace",
    "scorched",
    "shrine",
    "harbor",
    "battlefield",
    "ronin",
)
GIVEN = obj(
    "The board, the placing clan and the marker.",
    {
        "provinces": mapping(
            "Every province that matters.",
            "province",
            obj(
                "A province.",
                {
                    "controller": string("Controlling clan, or null.", nullable=True, example="Krabbe"),
                    "adjacent": array("Provinces sharing a land border with it.", NAME, default=[]),
                    "coastal": boolean("A coastal province (its outline touches the sea).", default=False),
                    "special": choice_of(
                        "Its special marker, if any.",
                        ("peace", "scorched-earth", "shrine", "harbor", "battlefield", "other", None),
                        default=None,
                    ),
                },
            ),
            example={"A": {"controller": "Krabbe", "adjacent": ["B"]}, "B": {"controller": "Kranich"}},
        ),
        "clan": string("The placing clan.", example="Krabbe"),
        "ronin": boolean("The placing clan is a ronin this round.", default=False),
        "marker": obj(
            "The marker placed.",
            {
                "type": choice_of("Its kind.", TYPES),
                "as": choice_of(
                    "For a bluff: the kind it is placed as.", tuple(t for t in TYPES if t not in ("blessing", "bluff"))
                ),
                "on": integer("For a blessing: the index in given.board of the marker it lies on.", minimum=0),
                **_PLACE,
            },
            required=["type", "province"],
        ),
        "board": array(
            "Markers already on the board this round.",
            obj(
                "A marker on the board.",
                {
                    "clan": string("Its owner.", example="Kranich"),
                    "type": choice_of("Its kind (a bluff is still face down: give the kind placed as).", TYPES),
                    **_PLACE,
                },
                required=["clan", "type", "province"],
            ),
            default=[],
        ),
    },
    required=["provinces", "clan", "marker"],
)
OUTCOME = obj(
    "Whether the placement is legal.",
    {
        "legal": boolean("The marker may lie there (an illegal one is removed in the resolution phase)."),
        "role": choice_of("What it does there.", ("attack", "defend", "blessing", None)),
        "failed": array(
            "The rules it breaks, as tags: peace, scorched-earth, shrine (a province's special marker), "
            "border-taken, ronin, army-from, army-sea, army-defend, navy-coast, navy-land, navy-defend, shinobi, "
            "raze-border, diplomacy-border, raze-own, diplomacy-foreign, battlefield, blessing ([] when legal).",
            NAME,
        ),
    },
    required=["legal", "role", "failed"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("a bluff is placed as another kind", "a bluff without marker.as"),
    ("a blessing lies on a marker: give marker.on", "a blessing without marker.on"),
    ("there is no board marker", "marker.on beyond given.board"),
    ("share no land border", "a marker from a province that does not border it"),
    ("a marker lies on a land border (from) or a coastal border (sea)", "a marker given both from and sea"),
)


def build(given: dict, choices: dict) -> Inputs:
    provs = given["provinces"]
    what = "a province in given.provinces"
    for name, p in provs.items():
        for j, a in enumerate(p.get("adjacent", ())):
            known(a, provs, ("given", "provinces", name, "adjacent", j), what)
    for path, m in [(("given", "marker"), given["marker"])] + [
        (("given", "board", i), m) for i, m in enumerate(given.get("board", ()))
    ]:
        known(m["province"], provs, path + ("province",), what)
        if "from" in m:
            known(m["from"], provs, path + ("from",), what)
        if "from" in m and m.get("sea"):
            raise ScenarioError(path + ("sea",), "a marker lies on a land border (from) or a coastal border (sea)")
    m = given["marker"]
    if m["type"] == "bluff" and "as" not in m:
        raise ScenarioError(("given", "marker", "as"), "a bluff is placed as another kind: give marker.as")
    if m["type"] == "blessing" and "on" not in m:
        raise ScenarioError(("given", "marker", "on"), "a blessing lies on a marker: give marker.on (board index)")
    if "on" in m and m["on"] >= len(given.get("board", ())):
        raise ScenarioError(("given", "marker", "on"), f"there is no board marker {m['on']}")
    return Inputs(dict(provs), given["clan"], given.get("ronin", False), dict(m), tuple(given.get("board", ())))


def _border(m: dict):
    if m.get("from"):
        return frozenset((m["province"], m["from"]))
    if m.get("sea"):
        return (m["province"], "sea")
    return None


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    m, clan, provs = inp.marker, inp.clan, inp.provinces
    failed: list[str] = []

    def check(key, what, ok, tag):
        if not t.step(rs.cite(key), what, ok):
            failed.append(tag)
        return ok

    if m["type"] == "blessing":
        under = inp.board[m["on"]]
        check(
            "blessing",
            "a blessing lies face up on one of the clan's own face-down army, navy or shinobi markers",
            under["clan"] == clan and under["type"] in ("army", "navy", "shinobi"),
            "blessing",
        )
        return t.done({"legal": not failed, "role": "blessing" if not failed else None, "failed": failed})
    kind = m["type"]
    if kind == "bluff":
        kind = t.step(rs.cite("bluff"), "a bluff is placed as if it were any non-blessing marker", m["as"])
    prov, src = m["province"], m.get("from")
    here = provs[prov]
    touched = [prov] + ([src] if src else [])
    for p in touched:
        special = provs[p].get("special")
        if special == "peace":
            check("peace", f"the marker keeps out of {p} and off its borders ({p} has peace)", False, "peace")
        if special == "scorched-earth":
            check(
                "scorched",
                f"the marker keeps out of {p} and off its borders ({p} has scorched earth)",
                False,
                "scorched-earth",
            )
        if special == "shrine" and provs[p].get("controller") != clan:
            check("shrine", f"only {p}'s controller places markers in it or on its borders (shrine)", False, "shrine")
    border = _border(m)
    if border is not None:
        taken = [b for b in inp.board if _border(b) == border]
        check("placement", "only 1 marker on each border", not taken, "border-taken")
    if src and src not in here.get("adjacent", ()) and prov not in provs[src].get("adjacent", ()):
        raise ScenarioError(("given", "marker", "from"), f"{src} and {prov} share no land border")
    mine = here.get("controller") == clan
    coastal = here.get("coastal", False) or here.get("special") == "harbor"
    if here.get("special") == "harbor" and not here.get("coastal", False):
        t.step(rs.cite("harbor"), f"{prov} holds a harbor: it is a coastal province", True)
    role = None
    if kind in ("raze", "diplomacy") and inp.ronin:
        check("ronin", "a ronin may place this marker (not raze or diplomacy)", False, "ronin")
    if kind == "army":
        if src:
            role = "attack"
            if inp.ronin:
                t.step(rs.cite("ronin"), "a ronin places armies on any land border", True)
            else:
                check(
                    "army",
                    f"an attacking army lies on a land border from a province {clan} controls",
                    provs[src].get("controller") == clan,
                    "army-from",
                )
        elif m.get("sea"):
            check("army", "an army attacks across a land border, not a coastal one", False, "army-sea")
        else:
            role = "defend"
            check("army", f"a defending army lies in a province {clan} controls", mine, "army-defend")
    elif kind == "navy":
        if m.get("sea"):
            role = "attack"
            check("navy", f"a navy attacks on a coastal border: {prov} must be coastal", coastal, "navy-coast")
        elif src and here.get("special") == "harbor":
            # a harbor lies in a landlocked province: its borders are land borders, and a navy attacks on them
            role = "attack"
            t.step(
                rs.cite("harbor"),
                f"{prov} holds a harbor: a navy attacks it on one of its borders, whoever controls {src}",
                True,
                sentence="Der Spieler, der die Provinz kontrolliert, darf sie mit Flotten-Markern verteidigen und "
                "andere Spieler können sie angreifen, indem sie Flotten-Marker auf ihre Grenzen legen, auch wenn "
                "sie die benachbarten Provinzen nicht kontrollieren.",
            )
        elif src:
            check(
                "navy",
                "a navy lies on a coastal border or in a coastal province, not on a land border",
                False,
                "navy-land",
            )
        else:
            role = "defend"
            check(
                "navy", f"a defending navy lies in a coastal province {clan} controls", mine and coastal, "navy-defend"
            )
    elif kind == "shinobi":
        if check("shinobi", "a shinobi lies in the centre of a province", not (src or m.get("sea")), "shinobi"):
            role = t.step(
                rs.cite("shinobi"),
                "in a province he controls it defends, otherwise it attacks",
                "defend" if mine else "attack",
            )
    elif kind in ("raze", "diplomacy"):
        centre = check(kind, f"a {kind} marker lies in a province", not (src or m.get("sea")), f"{kind}-border")
        if centre and kind == "raze":
            check("raze", f"a raze marker lies in a province {clan} does not control", not mine, "raze-own")
        if centre and kind == "diplomacy":
            check("diplomacy", f"a diplomacy marker lies in a province {clan} controls", mine, "diplomacy-foreign")
        if centre and here.get("special") == "battlefield":
            check(
                "battlefield",
                f"no raze or diplomacy marker in {prov}: it holds the battlefield token",
                False,
                "battlefield",
            )
    if role == "attack" and mine and not failed:
        raise Unsettled(rs.cite(kind), f"{clan} attacks {prov}, a province it controls itself: the rules do not say")
    return t.done({"legal": not failed, "role": role if not failed else None, "failed": failed})
