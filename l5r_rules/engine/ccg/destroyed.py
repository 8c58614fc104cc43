"""A destroyed Personality: Honorable or Dishonorable Dead, and the Honor loss for a Dishonored one (Lotus).

After a Dishonored Personality is destroyed, his controller loses Honor equal to
his printed Personal Honor; a Shadowlands Horde player experiences no Honor loss
at all. Gold and Ivory state neither rule: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..game_end import ccg_low_honor
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer

PLAYER = obj(
    "The player who controlled him.",
    {
        "family_honor": integer("His Family Honor before the loss (may be negative).", example=10),
        "horde": boolean("He plays a Shadowlands Horde deck (no Honor gains or losses).", default=False),
    },
    required=["family_honor"],
)


@dataclass(frozen=True)
class Inputs:
    name: str
    printed_honor: int
    dishonored: bool
    family_honor: int
    horde: bool


CITES = ("dishonor.destroyed", "dishonor.glossary", "horde.honor", "victory")
GIVEN = obj(
    "The Personality just destroyed and his controller.",
    {
        "personality": obj(
            "The destroyed Personality.",
            {
                "name": string("His name.", example="Bayushi Kachiko"),
                "printed_personal_honor": integer("Personal Honor as printed.", minimum=0, example=3),
                "dishonored": boolean("He was Dishonored when destroyed.", default=False),
            },
            required=["name", "printed_personal_honor"],
        ),
        "controller": PLAYER,
    },
    required=["personality", "controller"],
)
OUTCOME = obj(
    "What his destruction costs.",
    {
        "dead": choice_of("Honorable Dead or Dishonorable Dead.", ("honorable", "dishonorable")),
        "honor_loss": integer("Honor his controller loses.", minimum=0),
        "family_honor": integer("His controller's Family Honor afterwards."),
    },
    required=["dead", "honor_loss", "family_honor"],
)

STATE = state(updates={"controller.family_honor": "honor"})
ENDS = {"honor-loss": "the Honor loss leaves the controller's Family Honor below -19 (Gold, Lotus; losers controller)"}


def build(given: dict, choices: dict) -> Inputs:
    p, c = given["personality"], given["controller"]
    return Inputs(
        p["name"], p["printed_personal_honor"], p.get("dishonored", False), c["family_honor"], c.get("horde", False)
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("dishonor.destroyed")
    dead = t.step(
        rule,
        f"{inp.name} was {'Dishonored' if inp.dishonored else 'Honorable'} when destroyed",
        "dishonorable" if inp.dishonored else "honorable",
    )
    loss = t.step(
        rule,
        "a destroyed Dishonored Personality costs his controller an Honor loss equal to his printed Personal Honor",
        inp.printed_honor if inp.dishonored else 0,
        printed_personal_honor=inp.printed_honor,
    )
    if loss:
        t.restate(
            rs.stated("dishonor.glossary"),
            "a Dishonored Personality causes his controller an Honor loss when destroyed",
            loss,
            sentence="Dishonored Personalities have a maximum Personal Honor of "
            "0, cause their controller an Honor loss "
            "if they are destroyed, and prevent him from gaining Honor from activities involving the Dishonored "
            "Personality.",
        )
    if loss and inp.horde:
        loss = t.step(rs.cite("horde.honor"), "a Shadowlands Horde player's Honor losses do not occur", 0)
    after = inp.family_honor - loss
    out = {"dead": dead, "honor_loss": loss, "family_honor": after, "state": {"controller": {"family_honor": after}}}
    over = ccg_low_honor(t, rs, "honor-loss", after, "controller") if loss else None
    return t.done({**out, "game_over": over} if over else out)
