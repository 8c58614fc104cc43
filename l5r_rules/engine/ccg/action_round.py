"""The Action Phase's action round: who may act, with which action types, and when the phase ends.

Starting with the active player and going in turn order, each player takes one
action or passes; the active player may take Limited and Open actions, the
others Open actions only; the phase ends when all players pass consecutively.
Lotus (Cardinal Rule 5) and Ivory also let each action be used only once per
turn unless it says otherwise; Gold states no such limit (ruleset data:
`actions_once_per_turn`), so there an action may be taken again.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import known
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, choice_of, integer, obj, string
from ..trace import Tracer


@dataclass(frozen=True)
class Inputs:
    players: tuple
    moves: tuple


CITES = ("action-round", "actions.once")
GIVEN = obj(
    "The players and what they did, in order.",
    {
        "players": array(
            "Players in turn order, starting with the active player.", NAME, min_items=2, example=["Crab", "Lion"]
        ),
        "moves": array(
            "Each opportunity taken, in order.",
            obj(
                "One opportunity.",
                {
                    "player": string("Who acts.", example="Crab"),
                    "kind": choice_of("What he does.", ("limited", "open", "pass")),
                    "action": string("Which action (same name: the same action on the same card).", example="Cycle"),
                    "repeatable": boolean("The action says it may be used more than once per turn.", default=False),
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
    },
    required=["ended", "next", "illegal"],
)


def build(given: dict, choices: dict) -> Inputs:
    players = given["players"]
    for i, p in enumerate(players):
        if players.index(p) != i:
            raise ScenarioError(("given", "players", i), f"'{p}' is listed twice")
    for i, m in enumerate(given["moves"]):
        known(m["player"], players, ("given", "moves", i, "player"), "a player in given.players")
    return Inputs(tuple(players), tuple(given["moves"]))


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("action-round")
    players, active = list(inp.players), inp.players[0]
    turn, passes, used = 0, 0, set()

    def stop(i, why, rule_id=rule):
        t.step(rule_id, f"move {i + 1}: {why}", False)
        return t.done({"ended": False, "next": None, "illegal": i, "reason": why})

    for i, m in enumerate(inp.moves):
        if passes >= len(players):
            return stop(i, "the Action Phase already ended: all players passed consecutively")
        due = players[turn % len(players)]
        if m["player"] != due:
            return stop(i, f"it is {due}'s opportunity, not {m['player']}'s")
        if m["kind"] == "limited" and m["player"] != active:
            return stop(i, f"only the active player ({active}) may take Limited actions")
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
    ended = t.step(rule, "the phase ends when all players pass consecutively", passes >= len(players), passes=passes)
    return t.done(
        {"ended": ended, "next": None if ended else players[turn % len(players)], "illegal": None, "reason": None}
    )
