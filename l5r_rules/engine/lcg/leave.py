"""A character leaves play: its status token, its fate, its keywords and its attachments.

When a character leaves play, simultaneously: its tokens (fate, a status token) return to the
general token pool; an honored one gains its controller 1 honor, a dishonored one loses him 1
(at 0 or 25 honor the game ends); courtesy gains its controller 1 fate, sincerity draws him 1
card; its attachments are discarded, except ancestral ones, which return to their owner's hand.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..game_end import lcg_check, lcg_playing
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer
from .common import honor_status

CITES = ("leaves-play", "token-pool", "status", "courtesy", "sincerity", "attachment", "ancestral", "victory")
KEYWORDS = ("courtesy", "sincerity")
GIVEN = obj(
    "The character leaving play and its controller.",
    {
        "character": obj(
            "The character.",
            {
                "name": string("Its name.", example="Doji Whisperer"),
                "status": honor_status("Its personal honor status."),
                "fate": integer("Fate on it.", minimum=0, default=0),
                "keywords": array(
                    "Its keywords that act when it leaves play: courtesy, sincerity.",
                    choice_of("A keyword.", KEYWORDS),
                    default=[],
                ),
                "attachments": array(
                    "Its attachments.",
                    obj(
                        "An attachment.",
                        {
                            "name": string("Its title.", example="Ornate Fan"),
                            "ancestral": boolean("It has the ancestral keyword.", default=False),
                        },
                        required=["name"],
                    ),
                    default=[],
                ),
            },
            required=["name"],
        ),
        "controller": obj(
            "Its controller.",
            {
                "honor": integer("His honor (needed when the character is honored or dishonored).", example=10),
                "fate": integer("His fate pool (for courtesy).", minimum=0, example=2),
                "hand": integer("Cards in his hand (for sincerity).", minimum=0, example=3),
            },
        ),
    },
    required=["character"],
)
OUTCOME = obj(
    "What leaving play did.",
    {
        "fate_returned": integer("Fate on it returned to the general token pool.", minimum=0),
        "honor_change": integer("Its controller's honor change from its status (+1 honored, -1 dishonored, 0)."),
        "controller": obj(
            "Its controller afterwards (the fields given).",
            {
                "honor": integer("His honor."),
                "fate": integer("His fate pool.", minimum=0),
                "hand": integer("Cards in his hand.", minimum=0),
            },
        ),
        "fate_gained": integer("Fate its controller gains (courtesy).", minimum=0),
        "cards_drawn": integer("Cards its controller draws (sincerity).", minimum=0),
        "discarded": array("Attachments discarded.", NAME),
        "to_hand": array("Ancestral attachments returned to their owner's hand.", NAME),
    },
    required=["fate_returned", "honor_change", "fate_gained", "cards_drawn", "discarded", "to_hand"],
)
CHECKS = (
    (
        "give the controller's",
        "a status, courtesy or sincerity whose effect needs the controller's honor, fate or hand",
    ),
)
STATE = state(
    updates={"controller.honor": "honor", "controller.fate": "fate", "controller.hand": "cards"},
)
ENDS = {"leaves-play": "an honored (dishonored) character's controller gains (loses) 1 honor and has 25 (0)"}


@dataclass(frozen=True)
class Inputs:
    char: dict
    controller: dict


def build(given: dict, choices: dict) -> Inputs:
    char, ctrl = dict(given["character"]), dict(given.get("controller") or {})
    needs = {"honor": char.get("status", "ordinary") != "ordinary"}
    needs["fate"] = "courtesy" in char.get("keywords", ())
    needs["hand"] = "sincerity" in char.get("keywords", ())
    for field, needed in needs.items():
        if needed and field not in ctrl:
            raise ScenarioError(
                ("given", "controller", field), f"give the controller's {field}: leaving play changes it"
            )
    lcg_playing({"honor": ctrl.get("honor")}, ("given", "controller"))
    return Inputs(char, ctrl)


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    c, ctrl = inp.char, dict(inp.controller)
    name = c["name"]
    t.step(rs.cite("leaves-play"), f"{name} leaves play: its consequences happen at the same time", True)
    fate = t.step(
        rs.cite("token-pool"),
        f"the fate on {name} returns to the general token pool",
        c.get("fate", 0),
        sentence="When a card with any tokens or counters on it leaves play, those tokens and counters are returned to "
        "the token pool.",
    )
    status = c.get("status", "ordinary")
    change = {"honored": 1, "dishonored": -1}.get(status, 0)
    out: dict = {"fate_returned": fate, "honor_change": change, "fate_gained": 0, "cards_drawn": 0}
    if change:
        ctrl["honor"] += change
        t.step(
            rs.cite("status"),
            f"{name} leaves play {status}: its controller {'gains' if change > 0 else 'loses'} 1 honor",
            ctrl["honor"],
        )
    keywords = c.get("keywords", ())
    if "courtesy" in keywords:
        ctrl["fate"] += 1
        out["fate_gained"] = t.step(rs.cite("courtesy"), f"{name} has courtesy: its controller gains 1 fate", 1)
    if "sincerity" in keywords:
        ctrl["hand"] += 1
        out["cards_drawn"] = t.step(rs.cite("sincerity"), f"{name} has sincerity: its controller draws 1 card", 1)
    attached = c.get("attachments", ())
    out["discarded"] = [a["name"] for a in attached if not a.get("ancestral")]
    out["to_hand"] = [a["name"] for a in attached if a.get("ancestral")]
    if out["discarded"]:
        t.step(
            rs.cite("attachment"),
            f"the attachments on {name} are discarded with it",
            out["discarded"],
            sentence="If the card to which an attachment is attached leaves play, simultaneously discard the "
            "attachment.",
        )
    if out["to_hand"]:
        t.step(
            rs.cite("ancestral"),
            "an ancestral attachment returns to its owner's hand instead of being discarded",
            out["to_hand"],
        )
    if ctrl:
        out["controller"] = ctrl
    result = {**out, "state": {"controller": ctrl}} if ctrl else out
    if change:
        over = lcg_check(t, rs, "leaves-play", {"controller": ctrl["honor"], "opponent": None})
        if over:
            result["game_over"] = over
    return t.done(result)
