"""Seppuku (Lotus): a Samurai or Courtier about to cost his controller Honor reduces the loss to 1 and dies.

The Reaction is allowed before an Honor loss that is a direct result of an
action or effect that targeted him or of an action he performed. Committing
seppuku restores him to Honor and destroys him (not negatable), so he dies
Honorable: a Dishonored Personality's destruction loss does not follow.
Whether to commit is the player's decision. Gold and Ivory: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..game_end import ccg_low_honor
from ..given import choice
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    name: str
    keywords: frozenset
    dishonored: bool
    loss: int
    cause: str
    family_honor: int
    choices: dict


CITES = ("seppuku", "seppuku.meaning", "victory")
GIVEN = obj(
    "An Honor loss about to happen and the Personality who might commit seppuku.",
    {
        "personality": obj(
            "The Personality.",
            {
                "name": string("His name.", example="Bayushi Kachiko"),
                "keywords": array("His traits (Samurai, Courtier ...), compared without case.", NAME, default=[]),
                "dishonored": boolean("He is Dishonored.", default=False),
            },
            required=["name"],
        ),
        "loss": integer("The Honor loss about to happen.", minimum=1, example=4),
        "cause": choice_of(
            "What the loss directly results from: an action or effect that targeted him, an action he performed, "
            "or something else.",
            ("targeted-him", "his-action", "other"),
        ),
        "family_honor": integer("His controller's Family Honor before the loss.", example=10),
    },
    required=["personality", "loss", "cause", "family_honor"],
)
CHOICES = obj(
    "The controller's decision.",
    {"commit": boolean("He commits seppuku (needed only when it is allowed).")},
)
OUTCOME = obj(
    "The result.",
    {
        "allowed": boolean("Seppuku may be committed here."),
        "honor_loss": integer("The Honor actually lost.", minimum=0),
        "family_honor": integer("Family Honor afterwards."),
        "destroyed": boolean("The Personality is destroyed (Honorable Dead)."),
    },
    required=["allowed", "honor_loss", "family_honor", "destroyed"],
)

STATE = state(updates={"family_honor": "honor"})
ENDS = {"honor-loss": "the Honor loss (reduced to 1 or not) leaves Family Honor below -19 (Lotus; losers controller)"}


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (("seppuku is not open to", "choices.commit: true for a Personality who may not commit seppuku here"),)


def build(given: dict, choices: dict) -> Inputs:
    p = given["personality"]
    return Inputs(
        p["name"],
        frozenset(k.lower() for k in p.get("keywords", ())),
        p.get("dishonored", False),
        given["loss"],
        given["cause"],
        given["family_honor"],
        choices,
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("seppuku")
    kind = t.step(
        rule, "only Samurai and Courtier Personalities may commit seppuku", bool(inp.keywords & {"samurai", "courtier"})
    )
    cause = t.step(
        rule,
        "before an Honor loss that directly results from an action or effect that targeted him or an action he "
        "performed",
        inp.cause != "other",
        cause=inp.cause,
    )
    if not (kind and cause):
        if inp.choices.get("commit"):  # was silently ignored
            raise ScenarioError(
                ("choices", "commit"),
                f"seppuku is not open to {inp.name} here: only a Samurai or Courtier, before an Honor loss from "
                "an action or effect that targeted him or an action he performed",
            )
        return t.done(_after(t, rs, {"allowed": False, "honor_loss": inp.loss, "destroyed": False}, inp))
    commit = choice(inp.choices, "commit", f"does {inp.name}'s controller commit seppuku to cut the loss to 1?")
    if not isinstance(commit, bool):
        raise ScenarioError(("choices", "commit"), "must be true or false")
    if not commit:
        t.step(rule, "the controller does not commit seppuku: the loss is not reduced", inp.loss)
        return t.done(_after(t, rs, {"allowed": True, "honor_loss": inp.loss, "destroyed": False}, inp))
    loss = t.step(rule, "reduce the loss to 1 point; this Personality commits seppuku", 1, was=inp.loss)
    t.step(
        rs.cite("seppuku.meaning"),
        "seppuku: restore the Personality to Honor, then destroy him (may not be negated)",
        "honorable",
        was_dishonored=inp.dishonored,
    )
    return t.done(_after(t, rs, {"allowed": True, "honor_loss": loss, "destroyed": True}, inp))


def _after(t: Tracer, rs: Ruleset, out: dict, inp: Inputs) -> dict:
    """The outcome with Family Honor after the loss, and the game's end when it is below the floor."""
    after = inp.family_honor - out["honor_loss"]
    out = {**out, "family_honor": after, "state": {"family_honor": after}}
    over = ccg_low_honor(t, rs, "honor-loss", after, "controller")
    return {**out, "game_over": over} if over else out
