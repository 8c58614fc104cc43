"""An action round: who may act, with which action types, and when the Action Phase or Battle Action Segment ends.

Action Phase: starting with the active player and going in turn order, each
player takes one action or passes; the active player may take Limited and Open
actions, the others Open actions only; the phase ends when all players pass
consecutively. Battle Action Segment: the same round, but starting with the
Defender, and each player takes one Battle or Open action (Ivory: Battle
actions) or passes; after all players pass consecutively, a Delayed Terrain in
play resolves, then the segment ends (Lotus; Gold: Delayed Terrains take effect
when the segment ends; Ivory has no Terrains: not in source). Lotus (Cardinal
Rule 5) and Ivory also let each action be used only once per turn unless it says
otherwise; Gold states no such limit (ruleset data: `actions_once_per_turn`).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import known, unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..state import state
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    players: tuple
    moves: tuple
    segment: str = "action-phase"
    defender: str | None = None
    delayed_terrain: bool = False
    attacker: str | None = None
    naval: str | None = None  # who made the battle a naval invasion: the attacking or the defending side


CITES = (
    "action-round",
    "actions.once",
    "battle-action.order",
    "battle-action.types",
    "battle-action.delayed-terrain",
    "battle-action.naval",
    "actions.bowed",
)
SEGMENTS = ("action-phase", "battle-action-segment")
GIVEN = obj(
    "The players and what they did, in order.",
    {
        "segment": choice_of(
            "Which round: the Action Phase (starts with the active player) or a battle's Battle Action Segment "
            "(starts with the Defender).",
            SEGMENTS,
            default="action-phase",
        ),
        "players": array(
            "Players in turn order, starting with the active player.", NAME, min_items=2, example=["Crab", "Lion"]
        ),
        "defender": string(
            "battle-action-segment only, and required there: the Defender (one of players).", example="Lion"
        ),
        "delayed_terrain": boolean(
            "battle-action-segment only: a Delayed Terrain is in play when all players have passed.", default=False
        ),
        "naval_invasion": choice_of(
            "battle-action-segment only: the leader of the Naval army made the battle a naval invasion, as the "
            "attacker (then the Attacker acts first; give attacker) or the defender (the Defender still does).",
            ("attacker", "defender"),
        ),
        "attacker": string(
            "battle-action-segment with naval_invasion: attacker: the Attacker (one of players).", example="Crab"
        ),
        "moves": array(
            "Each opportunity taken, in order.",
            obj(
                "One opportunity.",
                {
                    "player": string("Who acts.", example="Crab"),
                    "kind": choice_of("What he does.", ("limited", "open", "battle", "pass")),
                    "action": string("Which action (same name: the same action on the same card).", example="Cycle"),
                    "repeatable": boolean("The action says it may be used more than once per turn.", default=False),
                    "bowed": boolean("The card (or Stronghold) the action is taken from is bowed.", default=False),
                    "straightens_it": boolean(
                        "With bowed: the action's costs or effects straighten that card (Lotus lets such an action "
                        "be taken; Gold and Ivory do not).",
                        default=False,
                    ),
                },
                required=["player", "kind"],
            ),
            example=[{"player": "Crab", "kind": "pass"}],
        ),
    },
    required=["players", "moves"],
)
OUTCOME = obj(
    "Where the round stands.",
    {
        "ended": boolean("All players passed consecutively: the Action Phase is over."),
        "next": string("Whose opportunity it is now (null when ended or at an illegal move).", nullable=True),
        "illegal": integer("Index of the first illegal move (null when all are legal).", nullable=True),
        "reason": string("Why that move is illegal.", nullable=True),
        "delayed_terrain": boolean(
            "battle-action-segment only: a Delayed Terrain resolved as the segment ended (false: the segment has "
            "not ended, or none is in play)."
        ),
    },
    required=["ended", "next", "illegal"],
)

STATE = state()  # its given is one situation: nothing a chain carries changes


# (text the error contains, when): what the rules refuse; the format page documents them for expect.error
REFUSES = (
    ("the Battle Action Segment starts with the Defender", "segment: battle-action-segment without given.defender"),
)
# (text the error contains, when): facts the scenario gets wrong (not a ruling); also on the format page
CHECKS = (
    (
        "is about a Battle Action Segment",
        "given.delayed_terrain, naval_invasion or attacker in the Action Phase",
    ),
    ("a naval invasion by the attacker: name the Attacker", "naval_invasion: attacker without given.attacker"),
)


def build(given: dict, choices: dict) -> Inputs:
    players = given["players"]
    unique(players, ("given", "players"))
    for i, m in enumerate(given["moves"]):
        known(m["player"], players, ("given", "moves", i, "player"), "a player in given.players")
    segment = given.get("segment", "action-phase")
    if segment == "battle-action-segment":
        if "defender" not in given:
            raise ScenarioError(("given", "defender"), "the Battle Action Segment starts with the Defender: name him")
        known(given["defender"], players, ("given", "defender"), "a player in given.players")
        if given.get("naval_invasion") == "attacker":
            if "attacker" not in given:
                raise ScenarioError(("given", "attacker"), "a naval invasion by the attacker: name the Attacker")
            known(given["attacker"], players, ("given", "attacker"), "a player in given.players")
    else:
        for key in ("defender", "delayed_terrain", "naval_invasion", "attacker"):
            if key in given:
                raise ScenarioError(
                    ("given", key), "is about a Battle Action Segment: set segment: battle-action-segment"
                )
    return Inputs(
        tuple(players),
        tuple(given["moves"]),
        segment,
        given.get("defender"),
        given.get("delayed_terrain", False),
        given.get("attacker"),
        given.get("naval_invasion"),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    battle = inp.segment == "battle-action-segment"
    players, active = list(inp.players), inp.players[0]
    turn, passes, used = 0, 0, set()
    if battle:
        rule = rs.cite("battle-action.order")
        turn = players.index(inp.defender)
        if inp.naval == "attacker":
            turn = players.index(inp.attacker)
            t.step(
                rs.cite("battle-action.naval"),
                f"a naval invasion by the attacking army: the Attacker ({inp.attacker}) acts first, then in turn order",
                True,
                sentence="If the attacking army is the Naval one, the Attacker gets the first option of acting in "
                "that battle, not the Defender.",
            )
        else:
            if inp.naval == "defender":
                t.step(
                    rs.cite("battle-action.naval"),
                    "the Defender made the battle a naval invasion: the Defender still acts first",
                    True,
                    sentence="(This rule does not apply if the Defender is the one making the battle a naval one.)",
                )
            t.step(
                rule, f"the Battle Action Segment starts with the Defender ({inp.defender}), then in turn order", True
            )
    else:
        rule = rs.cite("action-round")

    def stop(i, why, rule_id=rule):
        t.step(rule_id, f"move {i + 1}: {why}", False)
        return t.done({"ended": False, "next": None, "illegal": i, "reason": why})

    for i, m in enumerate(inp.moves):
        if passes >= len(players):
            return stop(i, "the Action Phase already ended: all players passed consecutively")
        due = players[turn % len(players)]
        if m["player"] != due:
            return stop(i, f"it is {due}'s opportunity, not {m['player']}'s")
        if battle and m["kind"] != "pass" and m["kind"] not in rs.battle_action_types:
            allowed = " or ".join(k.capitalize() for k in rs.battle_action_types)
            return stop(
                i,
                f"{'an' if m['kind'] in ('open', 'limited') else 'a'} {m['kind'].capitalize()} action in the Battle "
                f"Action Segment: each player takes one {allowed} "
                "action or passes",
                rs.cite("battle-action.types"),
            )
        if not battle and m["kind"] == "battle":
            return stop(
                i,
                "a Battle action in the Action Phase: the active player takes Limited or Open actions, "
                "the others Open actions only",
            )
        if m["kind"] == "limited" and m["player"] != active:
            return stop(i, f"only the active player ({active}) may take Limited actions")
        if m["kind"] != "pass" and m.get("bowed"):
            bowed = rs.cite("actions.bowed")
            if not (rs.bowed_action_if_it_straightens and m.get("straightens_it")):
                return stop(i, "its card is bowed: no action can be taken from a bowed card", bowed)
            t.step(bowed, "its card is bowed, but the action's costs or effects straighten it: it may be used", True)
        if m["kind"] == "pass":
            passes += 1
        else:
            passes = 0
            name = m.get("action")
            if name and not m.get("repeatable", False) and rs.actions_once_per_turn:
                if name in used:
                    once = rs.cite("actions.once")
                    return stop(i, f"'{name}' was already used this turn: each action once per turn", once)
                used.add(name)
        t.step(rule, f"{m['player']} {'passes' if m['kind'] == 'pass' else 'takes a ' + m['kind'] + ' action'}", True)
        turn += 1
    ended = t.step(
        rule,
        f"the {'segment' if battle else 'phase'} ends when all players pass consecutively",
        passes >= len(players),
        passes=passes,
    )
    out = {"ended": ended, "next": None if ended else players[turn % len(players)], "illegal": None, "reason": None}
    if battle:
        out["delayed_terrain"] = False
        if inp.delayed_terrain and ended:
            out["delayed_terrain"] = t.step(
                rs.cite("battle-action.delayed-terrain"),
                "after all players pass consecutively, the Delayed Terrain in play resolves, then the segment ends",
                True,
            )
    return t.done(out)
