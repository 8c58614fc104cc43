"""LCG deckbuilding: deck sizes 40-45, 3 copies by title, 10 conflict characters, influence, five provinces."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer

RINGS = ("air", "earth", "fire", "void", "water")


@dataclass(frozen=True)
class Inputs:
    clan: str
    influence: int
    dynasty: tuple
    conflict: tuple
    provinces: tuple
    strongholds: int | None = None
    roles: int | None = None


CITES = ("deck", "deck.limits", "deck.influence", "role")
_CARD = obj(
    "A card and how many copies the deck holds.",
    {
        "name": string("Title (copies are counted by title across both decks).", example="Banzai!"),
        "count": integer("Copies.", minimum=0, default=1, example=3),
        "clan": string(
            "Clan, or neutral: dynasty cards must be in-clan or neutral; out-of-clan conflict cards "
            "must come from one other clan.",
            default="neutral",
            example="lion",
        ),
        "type": string("Card type; only character matters (at most 10 in the conflict deck).", example="character"),
        "influence": integer(
            "Influence cost (left out: none, and the card cannot be taken out of clan).", minimum=0, example=1
        ),
        "deck_limit": integer("Printed 'Deck limit X'.", minimum=0, default=3, example=1),
    },
    required=["name"],
    example={"name": "Banzai!", "count": 3, "clan": "lion", "influence": 1},
)
GIVEN = obj(
    "A stronghold's clan and influence, the two decks and the provinces.",
    {
        "clan": string("The stronghold's clan.", example="crane"),
        "influence": integer("Influence the stronghold gives.", minimum=0, example=10),
        "dynasty": array(
            "The dynasty deck (each card once, with its count).",
            _CARD,
            example=[{"name": "Doji Whisperer", "count": 40, "clan": "crane"}],
        ),
        "conflict": array(
            "The conflict deck (each card once, with its count).",
            _CARD,
            example=[{"name": "Banzai!", "count": 3, "clan": "lion", "influence": 1}],
        ),
        "provinces": array(
            "The chosen provinces: five, one per ring.",
            obj(
                "A province.",
                {
                    "name": string("Title.", example="Entrenched Position"),
                    "ring": choice_of("Its ring symbol.", RINGS),
                    "clan": string(
                        "Its clan, or neutral: each province must be in-clan or neutral (leave out: neutral).",
                        default="neutral",
                        example="crane",
                    ),
                },
                required=["name", "ring"],
            ),
            example=[{"name": "Entrenched Position", "ring": "earth"}],
        ),
        "strongholds": integer("Stronghold cards chosen (exactly 1 is legal); leave out to skip the check.", minimum=0),
        "roles": integer("Role cards used (at most 1); leave out to skip the check.", minimum=0),
    },
    required=["clan", "influence", "dynasty", "conflict", "provinces"],
)
OUTCOME = obj(
    "Whether the deck is legal.",
    {
        "legal": boolean("No problem found."),
        "problems": array("Each problem in words, e.g. 'conflict deck: 39 cards', 'Banzai!: 4 copies'.", NAME),
        "influence_spent": integer("Influence spent on out-of-clan conflict cards.", minimum=0),
    },
    required=["legal", "problems", "influence_spent"],
)

STATE = state()  # its given is one situation, not game state a chain carries


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("give each card once, with its count", "a card listed twice"),)


def build(given: dict, choices: dict) -> Inputs:
    for k in ("dynasty", "conflict"):  # the copy limit also counts across decks, so only one deck's lines are compared
        first: dict[str, tuple] = {}
        for i, card in enumerate(given[k]):
            if card["name"] in first:  # two lines would split the count under the copy limit
                deck, j = first[card["name"]]
                raise ScenarioError(
                    ("given", k, i, "name"),
                    f"'{card['name']}' is listed twice in given.{deck} (also card {j + 1}): "
                    "give each card once, with its count",
                )
            first[card["name"]] = (k, i)
    return Inputs(
        given["clan"],
        given["influence"],
        tuple(given["dynasty"]),
        tuple(given["conflict"]),
        tuple(given["provinces"]),
        given.get("strongholds"),
        given.get("roles"),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("deck")
    problems = []

    def check(ok, text):
        if not ok:
            problems.append(text)

    if inp.strongholds is not None:
        check(
            t.step(rule, "exactly 1 stronghold", inp.strongholds == 1, strongholds=inp.strongholds),
            f"{inp.strongholds} strongholds",
        )
    if inp.roles is not None:
        check(
            t.step(rs.cite("role"), "at most 1 role card", inp.roles <= 1, roles=inp.roles), f"{inp.roles} role cards"
        )
    for name, deck in (("dynasty", inp.dynasty), ("conflict", inp.conflict)):
        size = sum(c.get("count", 1) for c in deck)
        check(
            t.step(rule, f"{name} deck has 40 to 45 cards", 40 <= size <= 45, size=size), f"{name} deck: {size} cards"
        )
    chars = sum(c.get("count", 1) for c in inp.conflict if c.get("type") == "character")
    check(
        t.step(rule, "at most 10 character cards in the conflict deck", chars <= 10, characters=chars),
        f"{chars} characters in the conflict deck",
    )
    copies = Counter()
    limits = {}
    for c in inp.dynasty + inp.conflict:
        copies[c["name"]] += c.get("count", 1)
        limits[c["name"]] = c.get("deck_limit", 3)
    for name, n in copies.items():
        check(
            t.step(
                rs.cite("deck.limits"),
                f"{name}: at most {limits[name]} copies across both decks",
                n <= limits[name],
                count=n,
            ),
            f"{name}: {n} copies",
        )
    for _name, deck in (("dynasty", inp.dynasty),):
        for c in deck:
            check(
                t.step(
                    rule,
                    f"{c['name']}: dynasty cards are in-clan or neutral",
                    c.get("clan", "neutral") in (inp.clan, "neutral"),
                ),
                f"{c['name']}: out of clan in dynasty deck",
            )
    outside = [c for c in inp.conflict if c.get("clan", "neutral") not in (inp.clan, "neutral")]
    clans = sorted({c["clan"] for c in outside})
    check(
        t.step(
            rs.cite("deck.influence"),
            "out-of-clan conflict cards come from a single other clan",
            len(clans) <= 1,
            clans=clans,
        ),
        f"out-of-clan cards from {clans}",
    )
    spent = 0
    for c in outside:
        cost = c.get("influence")
        if cost is None:
            check(
                t.step(rs.cite("deck.influence"), f"{c['name']} has no influence cost: cannot be chosen", False),
                f"{c['name']}: no influence cost",
            )
            continue
        spent += cost * c.get("count", 1)
    check(
        t.step(
            rs.cite("deck.influence"),
            "influence spent is at most the stronghold's",
            spent <= inp.influence,
            spent=spent,
            available=inp.influence,
        ),
        f"{spent} influence spent of {inp.influence}",
    )
    rings = sorted(p["ring"] for p in inp.provinces)
    check(
        t.step(rule, "exactly 5 provinces, one for each ring", rings == sorted(RINGS), rings=rings),
        "provinces must be one per ring",
    )
    foreign = [p["name"] for p in inp.provinces if p.get("clan", "neutral") not in ("neutral", inp.clan)]
    if any("clan" in p for p in inp.provinces):  # checked where the scenario gives the provinces' clans
        check(
            t.step(
                rule,
                "each province is in-clan or neutral",
                not foreign,
                out_of_clan=foreign,
                sentence="Each of these provinces must be in-clan or be neutral.",
            ),
            "out-of-clan province",
        )
    names = Counter(p["name"] for p in inp.provinces)
    check(t.step(rule, "at most 1 copy of each province", max(names.values(), default=0) <= 1), "duplicate province")
    return t.done({"legal": not problems, "problems": problems, "influence_spent": spent})
