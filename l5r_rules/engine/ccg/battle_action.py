"""May this action be taken in the Battle Action Segment? Action type, Rule of Presence, Rule of Relevance.

The facts about the player and the action are given; which facts make a player
present or an action relevant is edition data (Ruleset.presence_ways,
relevance_ways, relevance_forbids, battle_action_types), each read from the
edition's own section. Lotus and Gold also limit Battle actions on
Fortifications and Regions to the battle at their own Province, and let a
player move units into another player's army only as his invited ally who has
had no units in the opposing army this attack (Gold: Battle Action Segment;
Lotus: Multiplayer; Ivory has no allies: not in source).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..ruleset import Ruleset
from ..shapes import boolean, choice_of, obj
from ..state import state
from ..trace import Tracer

FACTS = {
    "has_unit_here": "The player controls a unit (a Personality) at the current battlefield.",
    "action_brings_unit_here": "The action will, unconditionally, give him a unit at the current battlefield.",
    "reacting_to_own_unit_leaving": "The action reacts to one of his units leaving the battle.",
    "source_here": "The action comes from a card or token at the current battle.",
    "source_is_holding_or_stronghold": "The action comes from a Holding or his Stronghold (wherever it is).",
    "affects_here": "It targets or affects a card or token at the battle, the Province under attack or the battle.",
    "moves_or_creates_here": "It moves or creates a card or token at the battle (or onto its Province).",
    "reacting_to_card_leaving": "It reacts to a card or token leaving the battle.",
    "targets_elsewhere": "It targets a Personality or attachment that is not at the current battlefield.",
    "implicating_phrase": 'It refers to an "opposing" card, "this battle" or a similar implicating phrase.',
    "moves_unit_back_into_attack": "It moves a unit he controls into an attacking army that unit was already in at "
    "a battle's resolution this attack.",
    "plays_terrain": "It plays a Terrain.",
    "terrain_in_play": "A Terrain is already in play.",
    "on_fortification_or_region": "It is printed on a Fortification or Region.",
    "attached_to_this_province": "That Fortification or Region is attached to the Province under attack.",
    "moves_into_other_players_army": "It moves a unit he controls into another player's army.",
    "invited_by_that_player": "With moves_into_other_players_army: that army's leader invited him to ally.",
    "had_units_in_opposing_army": "With moves_into_other_players_army: he has had units in the army opposing that "
    "one at some time this Attack Phase.",
}


@dataclass(frozen=True)
class Inputs:
    action_type: str
    facts: dict


CITES = (
    "battle-action",
    "battle-action.types",
    "battle-action.fortification",
    "battle-action.implicating",
    "battle-action.terrain",
    "terrain.glossary",
    "battle-action.reattack",
    "battle-action.ally-move",
)
GIVEN = obj(
    "The action a player wants to take during the Battle Action Segment, and the facts about it.",
    {
        "action_type": choice_of("The action's type.", ("battle", "open", "limited")),
        **{k: boolean(v, default=False) for k, v in FACTS.items()},
    },
    required=["action_type"],
)
OUTCOME = obj(
    "Whether the action is legal in this battle.",
    {
        "legal": boolean("Every check passes."),
        "present": boolean("The Rule of Presence is met."),
        "relevant": boolean("The Rule of Relevance is met."),
        "failed": {
            "type": "array",
            "items": {"type": "string"},
            "description": "The checks that fail, as tags: type, presence, relevance, implicating-phrase, "
            "fortification-or-region, terrain, reattack, ally-move ([] when legal).",
        },
    },
    required=["legal", "present", "relevant", "failed"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    ("set on_fortification_or_region", "attached_to_this_province without on_fortification_or_region"),
    (
        "set moves_into_other_players_army",
        "invited_by_that_player or had_units_in_opposing_army without moves_into_other_players_army",
    ),
)


def build(given: dict, choices: dict) -> Inputs:
    if given.get("attached_to_this_province") and not given.get("on_fortification_or_region"):
        raise ScenarioError(
            ("given", "attached_to_this_province"), "is about a Fortification or Region: set on_fortification_or_region"
        )
    for key in ("invited_by_that_player", "had_units_in_opposing_army"):
        if key in given and not given.get("moves_into_other_players_army"):
            raise ScenarioError(
                ("given", key), "is about moving units into another player's army: set moves_into_other_players_army"
            )
    return Inputs(given["action_type"], {k: bool(given.get(k, False)) for k in FACTS})


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("battle-action")
    f = inp.facts
    failed = []
    if not t.step(
        rs.cite("battle-action.types"),
        f"a {inp.action_type} action in the Battle Action Segment (allowed: {', '.join(rs.battle_action_types)})",
        inp.action_type in rs.battle_action_types,
    ):
        failed.append("type")
    ways = [w for w in rs.presence_ways if f[w]]
    present = t.step(rule, "Rule of Presence: the player is involved in the battle", bool(ways), by=ways)
    if not present:
        failed.append("presence")
    links = [w for w in rs.relevance_ways if f[w]]
    broken = [w for w in rs.relevance_forbids if f[w]]
    relevant = t.step(
        rule, "Rule of Relevance: the action involves the current battle", bool(links) and not broken, by=links
    )
    if broken:
        t.step(rule, "it targets only Personalities and attachments at the current battlefield", False)
    if not relevant:
        failed.append("relevance")
    if f["implicating_phrase"] and not t.step(
        rs.cite("battle-action.implicating"),
        'an action with an implicating phrase ("opposing", "this battle") only from a card in the current battle',
        f["source_here"],
    ):
        failed.append("implicating-phrase")
    if f["moves_unit_back_into_attack"] and not t.step(
        rs.cite("battle-action.reattack"),
        "the unit may move into the attacking army (it was in an attacking army at a battle's resolution this "
        "attack, which bars it)",
        False,
    ):
        failed.append("reattack")
    if f["plays_terrain"] and not t.step(
        rs.cite("battle-action.terrain"),
        "a Terrain may be played only while no Terrain is in play",
        not f["terrain_in_play"],
    ):
        failed.append("terrain")
        t.restate(
            rs.stated("terrain.glossary"),
            "a Terrain cannot be played while one is in play",
            False,
            sentence="You cannot play a Terrain if there is already one in play.",
        )
    if f["on_fortification_or_region"] and inp.action_type == "battle":
        if not t.step(
            rs.cite("battle-action.fortification"),
            "a Battle action on a Fortification or Region only in the battle at its own Province",
            f["attached_to_this_province"],
        ):
            failed.append("fortification-or-region")
    if f["moves_into_other_players_army"]:
        rule = rs.cite("battle-action.ally-move")
        invited = t.step(
            rule, "the leader of the army he moves units into invited him to ally", f["invited_by_that_player"]
        )
        clean = t.step(
            rule,
            "he has had units in the opposing army at some time this Attack Phase",
            f["had_units_in_opposing_army"],
        )
        if not invited or clean:
            failed.append("ally-move")
    return t.done({"legal": not failed, "present": present, "relevant": relevant, "failed": failed})
