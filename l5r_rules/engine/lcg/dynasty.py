"""Dynasty phase (1.3-1.4): collect fate, then players alternate playing characters from provinces or passing.

Each player collects his stronghold's fate value (with modifiers). In the special
action window a player may play one character from a province (paying its cost,
then placing any extra fate on it), discard a duplicate of a unique character he
controls to place 1 fate on it, or pass; playing characters from hand is not
permitted. A player who passed takes no further opportunity; the first to pass
gains 1 fate. The window ends when both have passed.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import COUNT, NAME, array, boolean, choice_of, integer, mapping, obj, string
from ..state import each_of, state
from ..trace import Tracer

PLAYERS = ("first", "second")
CITES = ("dynasty.fate", "first-player", "dynasty.play", "gains", "ready", "duplicates")
_PLAYER = obj(
    "A player at the start of the dynasty phase.",
    {
        "fate": integer("Fate in his fate pool.", minimum=0, default=0, example=2),
        "stronghold_fate": integer(
            "The fate value on his stronghold, with active fate modifiers.", minimum=0, example=7
        ),
        "in_play": array(
            "Characters he controls (for duplicates).",
            obj(
                "A character in play.",
                {
                    "name": string("Title."),
                    "unique": boolean("Unique.", default=False),
                    "fate": integer("Fate on it.", minimum=0, default=0),
                },
                required=["name"],
            ),
            default=[],
        ),
    },
    required=["stronghold_fate"],
)
GIVEN = obj("Both players.", {p: _PLAYER for p in PLAYERS}, required=list(PLAYERS))
CHOICES = obj(
    "What the players do in the window, in order (opportunities alternate, the first player first).",
    {
        "actions": array(
            "Each opportunity taken, in order.",
            obj(
                "One opportunity.",
                {
                    "player": choice_of("Who acts.", PLAYERS),
                    "do": choice_of(
                        "play (a character), duplicate (discard one), or pass.", ("play", "duplicate", "pass")
                    ),
                    "card": string("The character played, or the duplicate's title."),
                    "from": choice_of("Where the card is.", ("province", "hand")),
                    "cost": integer("Fate cost of the character played.", minimum=0),
                    "extra_fate": integer("Fate placed on it after paying.", minimum=0, default=0),
                },
                required=["player", "do"],
            ),
        ),
    },
)
OUTCOME = obj(
    "Fate pools and characters after the window.",
    {
        "fate": mapping("Each player's fate pool.", "player", COUNT),
        "first_to_pass": choice_of("Who passed first (gains 1 fate).", (*PLAYERS, None)),
        "played": mapping("Characters each player played this window.", "player", {"type": "array", "items": NAME}),
        "characters": mapping(
            "Each player's characters in play with the fate on each.",
            "player",
            {"type": "object", "additionalProperties": COUNT},
        ),
        "refilled": mapping(
            "The provinces refilled facedown from each player's dynasty deck: one for each character he played "
            "from a province (named by that character).",
            "player",
            {"type": "array", "items": NAME},
        ),
        "complete": boolean("Both players passed: the window is over."),
    },
    required=["fate", "first_to_pass", "played", "characters", "complete"],
)
STATE = state(
    updates=each_of(PLAYERS, fate="fate", in_play="cards"),
)


# (text the error contains, when): decisions the rules refuse; the format page documents them for `expect.error`
REFUSES = (
    (
        "not permitted to play character or attachment cards",
        'a character played from: hand in this window (lcg-1-4-play-cards-from-provinces: "NOTE: During this '
        'window, a player is not permitted to play character or attachment cards from his or her hand.")',
    ),
    ("has passed: he relinquished all further opportunities", "an action by a player who has already passed"),
    ("opportunity (they alternate, first player first)", "a player acting out of turn"),
    ("cannot pay", "a character whose cost plus extra fate is more than his fate pool"),
    (
        "a duplicate must be a copy of a unique character",
        "a duplicate of a card that is not a unique character he has in play",
    ),
)


@dataclass(frozen=True)
class Inputs:
    players: dict
    actions: tuple


ORDERED = ("played.*",)  # outcome lists whose order is part of the answer (the others compare in any order)


def build(given: dict, choices: dict) -> Inputs:
    actions = choice(choices, "actions", "what each player does with his opportunities, in order")
    return Inputs({p: given[p] for p in PLAYERS}, tuple(actions))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    fate = {}
    for p in PLAYERS:
        fate[p] = t.step(
            rs.cite("dynasty.fate"),
            f"{p} collects his stronghold's fate value",
            inp.players[p].get("fate", 0) + inp.players[p]["stronghold_fate"],
        )
    rule = rs.cite("dynasty.play")
    if inp.actions:
        t.step(
            rs.cite("first-player"),
            "the first player has the first opportunity in the window",
            "first",
            sentence="The first player becomes the active player first during "
            "the dynasty phase and the conflict phase.",
        )
    passed: list[str] = []
    played = {p: [] for p in PLAYERS}
    in_play = {p: {c["name"]: dict(c) for c in inp.players[p].get("in_play", [])} for p in PLAYERS}
    expected = "first"
    for i, a in enumerate(inp.actions):
        where = ("choices", "actions", i)
        p = a["player"]
        if p in passed:
            raise ScenarioError(
                where + ("player",), f"{p} has passed: he relinquished all further opportunities this phase"
            )
        if p != expected:
            raise ScenarioError(
                where + ("player",), f"it is {expected}'s opportunity (they alternate, first player first)"
            )
        other = "second" if p == "first" else "first"
        expected = p if other in passed else other
        if a["do"] == "pass":
            passed.append(p)
            if len(passed) == 1:
                fate[p] = t.step(rule, f"{p} passes first: gains 1 fate", fate[p] + 1)
                t.step(
                    rs.cite("gains"),
                    "the fate gained comes from the general token pool",
                    1,
                    sentence="If a player gains fate or honor, that player takes the specified amount of fate or honor "
                    "from the general token pool and adds it to his or her fate pool or honor pool.",
                )
            else:
                t.step(rule, f"{p} passes", fate[p])
            continue
        if "card" not in a:
            raise ScenarioError(where, f"{a['do']}: name the card")
        if a["do"] == "play":
            if a.get("from", "province") == "hand":
                raise ScenarioError(
                    where + ("from",),
                    "during this window a player is not permitted to play character "
                    "or attachment cards from his or her hand",
                )
            if "cost" not in a:
                raise ScenarioError(where, "play: give the character's fate cost")
            total = a["cost"] + a.get("extra_fate", 0)
            if total > fate[p]:
                raise ScenarioError(
                    where, f"{p} has {fate[p]} fate: cannot pay {a['cost']} and place {a.get('extra_fate', 0)} more"
                )
            fate[p] -= total
            played[p].append(a["card"])
            in_play[p][a["card"]] = {"name": a["card"], "fate": a.get("extra_fate", 0)}
            t.step(
                rule,
                f"{p} plays {a['card']} from a province: pays {a['cost']} fate, places "
                f"{a.get('extra_fate', 0)} on it; the province refills",
                fate[p],
                cost=a["cost"],
                extra=a.get("extra_fate", 0),
            )
        else:
            copy = in_play[p].get(a["card"])
            if copy is None or not copy.get("unique", False):
                raise ScenarioError(
                    where + ("card",), f"a duplicate must be a copy of a unique character {p} controls in play"
                )
            copy["fate"] = copy.get("fate", 0) + 1
            t.step(
                rs.cite("duplicates"),
                f"{p} discards a duplicate of {a['card']}: 1 fate on the copy in play",
                copy["fate"],
                source=a.get("from", "hand"),
            )
    complete = len(passed) == 2
    t.step(rule, "once both players have passed, this step is complete", complete, passed=passed)
    chars = {p: {n: c.get("fate", 0) for n, c in in_play[p].items()} for p in PLAYERS}
    state_out = {p: {"fate": fate[p], "in_play": list(in_play[p].values())} for p in PLAYERS}
    return t.done(
        {
            "fate": fate,
            "first_to_pass": passed[0] if passed else None,
            "played": played,
            "characters": chars,
            "refilled": {q: list(played[q]) for q in PLAYERS},
            "complete": complete,
            "state": state_out,
        }
    )
