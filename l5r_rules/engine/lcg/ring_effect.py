"""Resolving the contested ring's effect (3.2.6): only the attacking player who won, and only if he chooses to.

Air: take 1 honor from the opponent, or gain 2 honor. Earth: draw 1 card and
discard 1 card at random from the opponent's hand. Fire: honor or dishonor a
character (an honored one dishonored, or a dishonored one honored, returns to
ordinary; an honored one cannot become honored again). Water: ready a character,
or bow a character with no fate on it. Void: remove 1 fate from a character. A
ring with several elements: the player chooses one. The winner's decision to
resolve it, and each choice the effect asks, are `choices`. Air can end the game
(the defender at 0 honor, or the attacker at 25), and so can Earth drawn from an
empty conflict deck (5 honor lost).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError, Unsettled
from ..game_end import lcg_check, lcg_playing
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer
from .common import CHARACTERS, HONOR, RINGS, characters, find, plain

CITES = ("ring.resolve", "ring.effects", "take", "gains", "drawing", "status", "running-out", "victory")
GIVEN = obj(
    "The conflict's result and what the ring effect may change.",
    {
        "ring": choice_of("The contested ring's element.", RINGS),
        "elements": array(
            "All elements of the contested ring, if it has more than one (the player chooses among them).",
            choice_of("An element.", RINGS),
            default=[],
        ),
        "winner": choice_of("Who won the conflict.", ("attacker", "defender", None)),
        "honor": HONOR,
        "characters": CHARACTERS,
        "hands": obj("Cards in hand.", {s: integer(f"The {s}'s hand.", minimum=0) for s in ("attacker", "defender")}),
        "conflict_deck": integer("Cards left in the attacker's conflict deck (for Earth).", minimum=0),
        "conflict_discard": integer(
            "Cards in the attacker's conflict discard pile (for Earth drawn from an empty deck: it becomes the new "
            "deck).",
            minimum=0,
        ),
    },
    required=["ring", "winner"],
)
CHOICES = obj(
    "The attacking player's decisions.",
    {
        "resolve": boolean("He resolves the ring effect (it is optional)."),
        "element": choice_of("For a ring with several elements: the one he resolves.", RINGS),
        "air": choice_of("Air: take 1 honor from the opponent, or gain 2 honor.", ("take", "gain")),
        "water": choice_of("Water: ready a character, or bow a character with no fate.", ("ready", "bow")),
        "fire": choice_of("Fire: honor or dishonor the chosen character.", ("honor", "dishonor")),
        "target": string("Fire, Water, Void: the chosen character's name."),
    },
)
OUTCOME = obj(
    "What the ring effect did.",
    {
        "resolved": boolean("The ring effect resolved."),
        "element": choice_of("The element resolved.", (*RINGS, None)),
        "honor": obj(
            "Honor afterwards (when given).", {s: integer(f"The {s}'s honor.") for s in ("attacker", "defender")}
        ),
        "changed": array(
            "What the effect did, in words: Air 'attacker takes 1 honor from the defender' or 'attacker gains 2 "
            "honor'; Earth 'attacker draws 1 card' and 'defender discards 1 card at random' (or 'defender has no "
            "card to discard'); Fire, Water, Void '<name>: honored|ordinary|dishonored', '<name>: bowed|ready', "
            "'<name>: <n> fate' (the character's state afterwards, also when it did not change).",
            NAME,
        ),
        "target": obj(
            "Fire, Water, Void: the chosen character afterwards.",
            {
                "name": string("Its name."),
                "status": choice_of("Its personal honor status.", ("honored", "ordinary", "dishonored")),
                "bowed": boolean("Bowed."),
                "fate": integer("Fate on it.", minimum=0),
                "unchanged": boolean(
                    "The effect left it as it was (an honored character cannot become honored, a dishonored one "
                    "cannot become dishonored; a ready one readied, a bowed one bowed)."
                ),
            },
        ),
        "hands": obj(
            "Earth: cards in each hand afterwards (for the hands given): the attacker's one more, the defender's one "
            "fewer (none to discard from an empty hand).",
            {s: integer(f"The {s}'s hand.", minimum=0) for s in ("attacker", "defender")},
        ),
        "conflict_deck": integer(
            "Earth: cards left in the attacker's conflict deck afterwards (when given).", minimum=0
        ),
    },
    required=["resolved", "element", "changed"],
)
STATE = state(
    reads={
        "ring": "conflict",
        "elements": "conflict",
        "winner": "conflict",
        "honor": "honor",
        "characters": "cards",
        "hands": "cards",
        "conflict_deck": "cards",
        "conflict_discard": "cards",
    },
    writes={
        "honor": "honor",
        "characters": "cards",
        "hands": "cards",
        "conflict_deck": "cards",
        "conflict_discard": "cards",
    },
)
ENDS = {
    "air": "Air: the defender is left with 0 honor, or the attacker reaches 25",
    "earth": "Earth drawn from an empty conflict deck: the attacker loses 5 honor and is left with 0",
}


# (text the error contains, when): choices the rules refuse; the format page documents them for `expect.error`
REFUSES = (
    (
        "water can bow only a character with no fate",
        'Water, water: bow, on a character with fate on it (lcg-ring-effects: "Water: The attacker either '
        'chooses a character and readies it, or chooses a character with no fate on it and bows it.")',
    ),
    ("must be one of the ring's elements", "an element the contested ring does not have"),
)


@dataclass(frozen=True)
class Inputs:
    ring: str
    elements: tuple
    winner: str | None
    honor: dict | None
    chars: dict
    hands: dict
    deck: int | None
    choices: dict
    discard: int | None = None


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("give each player's honor", "Air (or Earth from an empty deck) without given.honor"),
    ("must include the ring's element", "given.elements without the ring's own element"),
    ("give the defending player's hand size", "Earth without given.hands.defender"),
)


def build(given: dict, choices: dict) -> Inputs:
    elements = tuple(given.get("elements") or ())
    if elements and given["ring"] not in elements:
        raise ScenarioError(("given", "elements"), f"must include the ring's element '{given['ring']}'")
    lcg_playing(given.get("honor"), ("given", "honor"))
    return Inputs(
        given["ring"],
        elements,
        given["winner"],
        dict(given["honor"]) if given.get("honor") else None,
        characters(given),
        dict(given.get("hands") or {}),
        given.get("conflict_deck"),
        choices,
        given.get("conflict_discard"),
    )


def _need_honor(inp: Inputs, element: str) -> dict:
    if inp.honor is None:
        raise ScenarioError(("given", "honor"), f"{element}: give each player's honor")
    return dict(inp.honor)


def _target(inp: Inputs, element: str) -> tuple[str, dict]:
    name = choice(inp.choices, "target", f"{element}: the character the attacking player chooses")
    return find(inp.chars, name, ("choices", "target"))


def _unchanged(inp: Inputs) -> dict:
    """No ring effect: the outcome says so and, like a resolved one, gives the honor when it was given."""
    out = {"resolved": False, "element": None, "changed": []}
    if inp.honor is not None:
        out["honor"] = dict(inp.honor)
    return out


def _a(word: str) -> str:
    return ("an " if word[0] in "aeiou" or word.startswith("honor") else "a ") + word


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("ring.resolve")
    if inp.winner != "attacker":
        t.step(rule, "the attacking player did not win: nothing happens during this step", False, winner=inp.winner)
        return t.done(_unchanged(inp))
    if not choice(inp.choices, "resolve", "whether the attacking player resolves the ring effect (he may)"):
        t.step(rule, "the attacking player chooses not to resolve the ring effect", False)
        return t.done(_unchanged(inp))
    t.step(rule, "the attacking player won the conflict and resolves the contested ring's effect", True)
    element = inp.ring
    if inp.elements:
        element = choice(inp.choices, "element", f"the element of the {'/'.join(inp.elements)} ring to resolve")
        if element not in inp.elements:
            raise ScenarioError(
                ("choices", "element"), f"must be one of the ring's elements: {', '.join(inp.elements)}"
            )
        t.step(rs.cite("ring.effects"), "a ring with several elements: the player chooses among them", element)
    effects = rs.cite("ring.effects")
    honor = inp.honor
    changed = []
    target = None
    if element == "air":
        honor = _need_honor(inp, "air")
        how = choice(inp.choices, "air", "take 1 honor from the opponent, or gain 2 honor")
        if how == "take":
            honor["defender"] -= 1
            honor["attacker"] += 1
            changed.append("attacker takes 1 honor from the defender")
        else:
            honor["attacker"] += 2
            changed.append("attacker gains 2 honor")
        t.step(effects, f"Air: {changed[0]}", honor)
        if how == "take":
            t.step(
                rs.cite("take"),
                "the honor taken leaves the defender's honor pool and is added to the attacker's",
                honor,
                sentence="If a player is instructed to take a token (such as honor or fate) from another player, that "
                "element is removed from the other player's token pool and added to the taking player's token pool.",
            )
        else:
            t.step(
                rs.cite("gains"),
                "the 2 honor gained come from the general token pool",
                honor,
                sentence="If a player gains fate or honor, that player takes the specified amount of fate or honor "
                "from the general token pool and adds it to his or her fate pool or honor pool.",
            )
        over = lcg_check(t, rs, "air", honor)
        if over:
            return t.done(_done(inp, {"resolved": True, "element": element, "changed": changed}, honor, over=over))
    elif element == "earth":
        deck, discard = inp.deck, inp.discard
        if deck == 0:
            honor = _need_honor(inp, "earth with an empty conflict deck")
            if discard == 0:  # as lcg/draw-phase and lcg/running-out: nothing to shuffle, nothing to draw
                raise Unsettled(
                    rs.cite("running-out"),
                    "the attacker's conflict deck and discard pile are both empty: the rule has him lose 5 honor, "
                    "shuffle the discard pile into a new deck and continue drawing; it does not say what happens "
                    "when there is nothing to shuffle",
                )
            raw = honor["attacker"] - 5
            honor["attacker"] = max(raw, 0)  # honor is a pool of tokens: it cannot hold fewer than none
            deck, discard = discard, (0 if discard is not None else None)  # unknown without the discard pile
            t.step(
                rs.cite("running-out"),
                "no cards remain in the conflict deck: lose 5 honor, shuffle the discard pile",
                honor,
                **({"raw": raw, "floored": 0} if raw < 0 else {}),
            )
            changed.append("attacker loses 5 honor for drawing from an empty conflict deck")
            over = lcg_check(t, rs, "earth", honor)
            if over:
                base = {"resolved": True, "element": element, "changed": changed}
                return t.done(_done(inp, base, honor, over=over, deck=deck, discard=discard))
        changed.append("attacker draws 1 card")
        hand = inp.hands.get("defender")
        if hand is None:
            raise ScenarioError(("given", "hands", "defender"), "earth: give the defending player's hand size")
        changed.append("defender discards 1 card at random" if hand else "defender has no card to discard")
        t.step(effects, "Earth: draw 1 card; discard 1 card at random from the opponent's hand", changed)
        t.step(
            rs.cite("drawing"),
            "the card drawn comes from the top of the attacker's conflict deck into his hand",
            1,
            sentence="When a player is instructed to draw one or more cards, those cards are drawn from the top of his "
            "or her conflict deck.",
        )
        hands = {"defender": max(hand - 1, 0)}
        if "attacker" in inp.hands:
            hands = {"attacker": inp.hands["attacker"] + 1, **hands}
        if deck is not None:
            deck -= 1
        base = {"resolved": True, "element": element, "changed": changed}
        return t.done(_done(inp, base, honor, hands=hands, deck=deck, discard=discard))
    elif element == "fire":
        how = choice(inp.choices, "fire", "honor or dishonor the chosen character")
        side, c = _target(inp, "fire")
        before = c["status"]
        if how == "honor":
            after = {"dishonored": "ordinary", "ordinary": "honored", "honored": "honored"}[before]
        else:
            after = {"honored": "ordinary", "ordinary": "dishonored", "dishonored": "dishonored"}[before]
        t.step(effects, f"Fire: {how} {c['name']}", after, before=before)
        if after == before:
            t.step(rs.cite("status"), f"{_a(before)} character cannot become {before}: no change", before)
        c["status"] = after
        changed.append(f"{c['name']}: {after}")
        target = (c, after == before)
    elif element == "water":
        how = choice(inp.choices, "water", "ready a character, or bow a character with no fate on it")
        side, c = _target(inp, "water")
        if how == "bow" and c["fate"]:
            raise ScenarioError(
                ("choices", "target"), f"water can bow only a character with no fate; {c['name']} has {c['fate']}"
            )
        was = c["bowed"]
        c["bowed"] = how == "bow"
        t.step(effects, f"Water: {'bow' if how == 'bow' else 'ready'} {c['name']}", c["bowed"], before=was)
        target = (c, was == c["bowed"])
        changed.append(f"{c['name']}: {'bowed' if c['bowed'] else 'ready'}")
    else:  # void
        side, c = _target(inp, "void")
        if c["fate"] == 0:
            raise Unsettled(
                effects,
                f"Void: may the attacking player choose {c['name']}, a character with no fate? The ring effect says "
                "'chooses a character and removes 1 fate' and does not say whether the character must have fate.",
            )
        c["fate"] -= 1
        t.step(effects, f"Void: remove 1 fate from {c['name']}", c["fate"])
        changed.append(f"{c['name']}: {c['fate']} fate")
        target = (c, False)
    out = {"resolved": True, "element": element, "changed": changed}
    if target is not None:
        c, same = target
        out["target"] = {k: c[k] for k in ("name", "status", "bowed", "fate")} | {"unchanged": same}
    return t.done(_done(inp, out, honor))


def _done(inp: Inputs, out: dict, honor, *, over=None, hands=None, deck=None, discard=None) -> dict:
    """The outcome with its state: characters, honor, hands and the attacker's conflict deck as they are now."""
    state = {"characters": {s: [plain(c) for c in lst] for s, lst in inp.chars.items()}}
    if honor is not None:
        out["honor"] = state["honor"] = honor
    if hands:
        out["hands"] = state["hands"] = hands
    if deck is not None:
        out["conflict_deck"] = state["conflict_deck"] = deck
    if discard is not None:
        state["conflict_discard"] = discard
    if over:
        out["game_over"] = over
    return {**out, "state": state}
