"""Playing a card (or putting it into play): its fate cost, unique and limited cards, attachments' targets.

To play a card its fate cost is paid from its controller's fate pool (a cost that cannot be paid
in full leaves the card unplayed); a character played may also get extra fate from the pool. A
card put into play by an ability bypasses its cost, the extra fate and the restrictions on
playing it (limited among them). A player may have one instance of a unique card in play, and
play one limited card a round. An attachment needs a character to attach to (not one with "No
attachments"); a character may have at most two restricted attachments: with a third its controller
discards one of them at once (his choice). Cards enter play ready; an event played resolves and
goes to its owner's discard pile; one whose effects are canceled is still played, paid for
and discarded (and counts as the round's limited card).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer

CITES = ("play", "cost", "unique", "limited", "attachment", "no-attachments", "restricted", "ready", "event")
GIVEN = obj(
    "The card, how it comes into play, and its controller.",
    {
        "card": obj(
            "The card.",
            {
                "name": string("Its title.", example="Fine Katana"),
                "type": choice_of("Its cardtype.", ("character", "attachment", "event"), example="attachment"),
                "cost": integer("Its fate cost (after modifiers).", minimum=0, example=0),
                "unique": boolean("It is unique (the ☉ symbol).", default=False),
                "limited": boolean("It has the limited keyword.", default=False),
                "restricted": boolean("An attachment with the restricted keyword.", default=False),
                "canceled": boolean(
                    "An event whose effects are canceled as it resolves (it is still played, paid for and "
                    "discarded, and a limited one still counts).",
                    default=False,
                ),
            },
            required=["name", "type", "cost"],
        ),
        "how": choice_of(
            "play (pay its cost) or put-into-play (by a card ability: no cost, no extra fate, no restriction on "
            "playing it).",
            ("play", "put-into-play"),
            default="play",
        ),
        "player": obj(
            "Its controller.",
            {
                "fate": integer("His fate pool.", minimum=0, example=4),
                "limited_played_this_round": boolean("He has already played a limited card this round.", default=False),
                "unique_in_play": array(
                    "Titles of the unique cards he controls or owns in play.", NAME, default=[], example=["Doji Hotaru"]
                ),
            },
            required=["fate"],
        ),
        "attach_to": obj(
            "For an attachment: the character it attaches to (leave out when there is none).",
            {
                "name": string("Its name.", example="Doji Whisperer"),
                "no_attachments": boolean('It has the "No attachments" keyword.', default=False),
                "restricted_attachments": array(
                    "The restricted attachments already on it.", NAME, default=[], example=["Ornate Fan"]
                ),
            },
            required=["name"],
        ),
    },
    required=["card", "player"],
)
CHOICES = obj(
    "The controller's decisions.",
    {
        "extra_fate": integer(
            "Needed for a character played (not put into play): the fate he places on it from his pool (0 for none).",
            minimum=0,
        ),
        "discard_restricted": string(
            "Needed when the attachment makes three restricted attachments: the one he discards (any of the three)."
        ),
    },
)
OUTCOME = obj(
    "Whether the card comes into play, and what it costs.",
    {
        "legal": boolean("It comes into play (an event: it is played and resolves)."),
        "problem": string("Why not (when legal is false).", nullable=True),
        "fate": integer("His fate pool afterwards.", minimum=0),
        "fate_on_card": integer("A character: the fate placed on it.", minimum=0),
        "enters": choice_of("How it enters play: ready (every card); null for an event.", ("ready", None)),
        "discarded": array("Restricted attachments discarded to keep two.", NAME),
        "event_to": choice_of("An event played: where it goes once resolved.", ("discard pile",)),
        "effects_canceled": boolean("An event whose effects were canceled (given.card.canceled): still played."),
    },
    required=["legal", "problem"],
)
CHECKS = (
    ("is not one of the three restricted attachments", "choices.discard_restricted naming another card"),
    ("only an event's effects are canceled here", "given.card.canceled for a character or an attachment"),
    ("after the cost", "choices.extra_fate beyond the fate left after paying the cost"),
)
STATE = state(
    updates={"player.fate": "fate", "player.unique_in_play": "cards", "player.limited_played_this_round": "turn"},
)


@dataclass(frozen=True)
class Inputs:
    card: dict
    how: str
    player: dict
    target: dict | None
    choices: dict


def build(given: dict, choices: dict) -> Inputs:
    card = given["card"]
    if card["type"] != "attachment" and (card.get("restricted") or "attach_to" in given):
        raise ScenarioError(("given", "card", "type"), "only an attachment is restricted or attaches to a character")
    if card.get("canceled") and card["type"] != "event":
        raise ScenarioError(("given", "card", "canceled"), "only an event's effects are canceled here")
    return Inputs(dict(card), given.get("how", "play"), dict(given["player"]), given.get("attach_to"), choices)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    card, player, play = inp.card, inp.player, inp.how == "play"
    fate = player["fate"]
    out: dict = {"legal": False, "problem": None, "fate": fate}

    def refuse(rule: str, text: str):
        t.step(rule, text, False)
        return t.done({**out, "problem": text})

    if not play:
        t.step(
            rs.cite("play"),
            f"{card['name']} is put into play: its cost is ignored and no restriction on playing it applies",
            True,
            sentence="A card that is put into play bypasses any restrictions or prohibitions regarding the potential "
            "of playing that card.",
        )
    if card.get("unique") and card["name"] in player.get("unique_in_play", ()):
        return refuse(rs.cite("unique"), f"{card['name']} is unique and he already has an instance of it in play")
    if play and card.get("limited"):
        if player.get("limited_played_this_round"):
            return refuse(rs.cite("limited"), "he has already played a limited card this round: one per round")
        t.step(rs.cite("limited"), "his first limited card this round", True)
    target = inp.target
    if card["type"] == "attachment":
        if target is None:
            return refuse(rs.cite("attachment"), f"{card['name']} has no character to attach to: it cannot enter play")
        if target.get("no_attachments"):
            return refuse(rs.cite("no-attachments"), f"{target['name']} has No attachments: it cannot have one")
        t.step(rs.cite("attachment"), f"{card['name']} attaches to {target['name']}", True)
    if play:
        if fate < card["cost"]:
            return refuse(
                rs.cite("cost"),
                f"a fate cost of {card['cost']} cannot be paid from {fate} fate: the card remains unplayed",
            )
        fate = t.step(rs.cite("play"), f"pay {card['name']}'s fate cost of {card['cost']}", fate - card["cost"])
    on_card = 0
    if card["type"] == "character" and play:
        on_card = choice(inp.choices, "extra_fate", "the fate he places on the character from his pool (0 for none)")
        if on_card > fate:
            raise ScenarioError(("choices", "extra_fate"), f"{on_card} fate: his pool holds {fate} after the cost")
        fate = t.step(
            rs.cite("play"),
            f"he places {on_card} additional fate on {card['name']}",
            fate - on_card,
            sentence="Any time a character card is played, its controller has the option of placing additional fate "
            "from his or her fate pool on the card.",
        )
    discarded: list = []
    if card.get("restricted"):
        on = list(target.get("restricted_attachments", ())) + [card["name"]]
        if len(on) > 2:
            drop = choice(inp.choices, "discard_restricted", f"which of {', '.join(on)} he discards")
            if drop not in on:
                raise ScenarioError(
                    ("choices", "discard_restricted"),
                    f"'{drop}' is not one of the three restricted attachments ({', '.join(on)})",
                )
            discarded = t.step(
                rs.cite("restricted"),
                f"{target['name']} would have {len(on)} restricted attachments: its controller discards one",
                [drop],
            )
    out = {"legal": True, "problem": None, "fate": fate}
    if card["type"] == "event" and card.get("canceled"):
        out["effects_canceled"] = t.step(
            rs.cite("event"),
            f"{card['name']}'s effects are canceled: the card is still played, its costs stay paid, and it is "
            "still discarded",
            True,
            sentence="If the effects of an event card are canceled, the card is still considered to have been played, "
            "and its costs remain paid, and the card is still discarded.",
        )
    if card["type"] == "event":
        out["event_to"] = t.step(
            rs.cite("play"),
            "an event played resolves, then goes to its owner's discard pile",
            "discard pile",
            sentence="When an event card is played, place it on the table, resolve its ability, and place the card in "
            "its owner's discard pile.",
        )
        out["enters"] = None
    else:
        out["enters"] = t.step(
            rs.cite("ready"),
            f"{card['name']} enters play ready",
            "ready",
            sentence="The default state in which cards enter play is ready.",
        )
    if card["type"] == "character":
        out["fate_on_card"] = on_card
    if card.get("restricted"):
        out["discarded"] = discarded
    after = {
        "fate": fate,
        "unique_in_play": list(player.get("unique_in_play", ())) + ([card["name"]] if card.get("unique") else []),
        "limited_played_this_round": bool(player.get("limited_played_this_round"))
        or (play and card.get("limited", False)),
    }
    return t.done({**out, "state": {"player": after}})
