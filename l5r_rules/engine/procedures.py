"""The procedure registry: `<system>/<name>` -> the module holding `build` and `resolve`.

One line per procedure. The module also declares what a scenario gives it and
what comes out (`CITES`, `GIVEN`, `CHOICES` if it takes decisions, `OUTCOME`;
see shapes.py); `python -m l5r_rules.engine.schema_gen` turns this table and
those declarations into the scenario schema, and a test fails until it is rerun.
"""

from __future__ import annotations

import importlib

PROCEDURES: dict[str, str] = {
    "ccg/force": "ccg.force",
    "ccg/battle": "ccg.battle",
    "ccg/yu": "ccg.yu",
    "ccg/ranged-attack": "ccg.ranged",
    "ccg/fear": "ccg.fear",
    "ccg/duel": "ccg.duel",
    "ccg/stat": "ccg.stats",
    "ccg/victory": "ccg.victory",
    "ccg/buy-personality": "ccg.buy",
    "ccg/deck": "ccg.deck",
    "ccg/maneuvers": "ccg.maneuvers",
    "ccg/chi-zero": "ccg.chi",
    "ccg/personality-destroyed": "ccg.destroyed",
    "ccg/horde-honor": "ccg.honor",
    "ccg/go-home": "ccg.go_home",
    "ccg/battle-action": "ccg.battle_action",
    "ccg/first-player": "ccg.first_player",
    "ccg/event": "ccg.events",
    "ccg/assign": "ccg.assign",
    "ccg/attach": "ccg.attach",
    "ccg/seppuku": "ccg.seppuku",
    "ccg/lobby": "ccg.lobby",
    "ccg/overlay": "ccg.overlay",
    "ccg/cycle": "ccg.cycle",
    "ccg/recruit": "ccg.recruit",
    "ccg/action-round": "ccg.action_round",
    "ccg/province-destroyed": "ccg.province",
    "ccg/region": "ccg.region",
    "ccg/dishonored-gain": "ccg.dishonored_gain",
    "ccg/pay-gold": "ccg.gold",
    "ccg/take-action": "ccg.take_action",
    "ccg/turn-step": "ccg.turn_step",
    "ccg/action-timing": "ccg.timing",
    "lcg/conflict": "lcg.conflict",
    "lcg/honor-bid": "lcg.honor_bid",
    "lcg/duel": "lcg.duel",
    "lcg/glory-count": "lcg.favor",
    "lcg/fate-phase": "lcg.fate",
    "lcg/victory": "lcg.victory",
    "lcg/deck": "lcg.deck",
    "lcg/declare-conflict": "lcg.declare",
    "lcg/conflict-opportunities": "lcg.opportunities",
    "lcg/declare-defenders": "lcg.defenders",
    "lcg/ring-effect": "lcg.ring_effect",
    "lcg/claim-ring": "lcg.claim",
    "lcg/personal-honor": "lcg.status",
    "lcg/modifiers": "lcg.modifiers",
    "lcg/province-strength": "lcg.province",
    "lcg/dynasty-phase": "lcg.dynasty",
    "lcg/draw-phase": "lcg.draw",
    "lcg/running-out": "lcg.cards_out",
    "lcg/regroup-phase": "lcg.regroup",
    "lcg/setup": "lcg.setup",
    "lcg/play-card": "lcg.play",
    "lcg/leaves-play": "lcg.leave",
    "lcg/ability-use": "lcg.ability",
    "bfr/battle": "bfr.battle",
    "bfr/resolution-phase": "bfr.resolution",
    "bfr/territory": "bfr.territory",
    "bfr/scoring": "bfr.scoring",
    "bfr/setup": "bfr.setup",
    "bfr/placement": "bfr.placement",
    "bfr/territory-cards": "bfr.territory_cards",
    "bfr/territory-play": "bfr.territory_play",
    "bfr/ronin": "bfr.ronin",
    "bfr/planning": "bfr.planning",
    "bfr/remove-control": "bfr.remove_control",
    "bfr/start-player": "bfr.start_player",
    "bfr/draw-markers": "bfr.draw_markers",
    "bfr/territory-round": "bfr.territory_round",
}


def module(system: str, procedure: str):
    return importlib.import_module(f"l5r_rules.engine.{PROCEDURES[f'{system}/{procedure}']}")
