"""An Honor gain tied to Dishonored Personalities (Lotus): it restores them to Honorable status instead.

A gain of at least 1 Honor as a direct result of a battle or duel containing
Dishonored Personalities you control, from a card in a unit led by one, or as a
direct result of an action that targeted or was performed by one, restores them
instead of adding to your Family Honor; if one cannot be restored, you still gain
no Family Honor for it. A gain with no such link occurs as usual. Gold and Ivory
state no such rule: not in source.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer

SOURCES = {
    "battle": "a battle containing them",
    "duel": "a duel containing them",
    "card-in-unit": "a card in a unit one of them leads",
    "action": "an action that targeted or was performed by one of them",
    "other": "something with no link to them",
}
BATTLE = (
    "Each time you would gain at least 1 point of Honor as a direct result of a battle or duel containing Dishonored "
    "Personalities you control, restore them to Honorable status instead of gaining that Honor."
)
ACTION = (
    "Similarly, each time you would gain at least 1 point of Honor from a card in a unit led by a Dishonored "
    "Personality you control, or as a direct result of an action that targeted or was performed by one or more such "
    "Personalities, restore them to Honorable status instead of gaining that Honor."
)
CANNOT = (
    "If such a Personality cannot be restored to Honor, you still do not gain any Family Honor for gains that would "
    "have restored him."
)


@dataclass(frozen=True)
class Inputs:
    family_honor: int
    gain: int
    source: str
    dishonored: tuple  # dicts: name, can_be_restored


CITES = ("dishonor.restore",)
GIVEN = obj(
    "An Honor gain a player would experience, where it comes from, and his Dishonored Personalities linked to it.",
    {
        "family_honor": integer("His Family Honor before the gain (may be negative).", example=4),
        "gain": integer("The Honor he would gain (at least 1).", example=2),
        "source": choice_of(
            "Where the gain comes from: "
            + "; ".join(f"{k}: {v}" for k, v in SOURCES.items())
            + " (the Personalities in dishonored are the ones so linked).",
            tuple(SOURCES),
        ),
        "dishonored": array(
            "The Dishonored Personalities he controls that the gain is linked to (in the battle or duel, leading "
            "the unit, targeted by or performing the action).",
            obj(
                "A Dishonored Personality.",
                {
                    "name": string("His name.", example="Matsu Tiyani"),
                    "can_be_restored": boolean(
                        "He can be restored to Honorable status (no effect prevents it).", default=True
                    ),
                },
                required=["name"],
            ),
            default=[],
            example=[{"name": "Matsu Tiyani"}],
        ),
    },
    required=["family_honor", "gain", "source"],
)
OUTCOME = obj(
    "His Family Honor and the Personalities restored.",
    {
        "family_honor": integer("Family Honor afterwards."),
        "gained": integer("The Honor actually gained (0 when the gain went to restoring)."),
        "restored": array("Personalities restored to Honorable status.", NAME),
        "not_restored": array("Linked Personalities who could not be restored (the gain is still lost).", NAME),
    },
    required=["family_honor", "gained", "restored", "not_restored"],
)

STATE = state(
    updates={"family_honor": "honor", "dishonored": "status"},
)


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (("an Honor gain is at least 1 point", "a gain of 0"),)


def build(given: dict, choices: dict) -> Inputs:
    if given["gain"] < 1:
        raise ScenarioError(("given", "gain"), "an Honor gain is at least 1 point (the rule is about such gains)")
    names = [d["name"] for d in given.get("dishonored", ())]
    unique(names, ("given", "dishonored"), field=("name",))
    if given["source"] == "other" and names:
        raise ScenarioError(
            ("given", "dishonored"), "lists Personalities the gain is linked to, but source is other (no link)"
        )
    return Inputs(given["family_honor"], given["gain"], given["source"], tuple(given.get("dishonored", ())))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("dishonor.restore")
    sentence = BATTLE if inp.source in ("battle", "duel") else ACTION
    if not inp.dishonored:
        t.step(
            rule,
            f"a gain of {inp.gain} Honor from {SOURCES[inp.source]}: no Dishonored Personality of his is linked to "
            "it, so it occurs",
            inp.gain,
        )
        after = inp.family_honor + inp.gain
        out = {"family_honor": after, "gained": inp.gain, "restored": [], "not_restored": []}
        return t.done({**out, "state": {"family_honor": after}})
    names = [d["name"] for d in inp.dishonored]
    t.step(
        rule,
        f"a gain of {inp.gain} Honor from {SOURCES[inp.source]} ({', '.join(names)}): restore them to Honorable "
        "status instead of gaining that Honor",
        0,
        would_gain=inp.gain,
        sentence=sentence,
    )
    restored = [d["name"] for d in inp.dishonored if d.get("can_be_restored", True)]
    stuck = [d["name"] for d in inp.dishonored if not d.get("can_be_restored", True)]
    if restored:
        t.step(rule, "restored to Honorable status", restored)
    if stuck:
        t.step(
            rule,
            f"{', '.join(stuck)} cannot be restored to Honor: still no Family Honor for that gain",
            stuck,
            sentence=CANNOT,
        )
    out = {"family_honor": inp.family_honor, "gained": 0, "restored": restored, "not_restored": stuck}
    still = [d for d in inp.dishonored if d["name"] in stuck]  # the ones restored are Dishonored no more
    return t.done({**out, "state": {"family_honor": inp.family_honor, "dishonored": still}})
