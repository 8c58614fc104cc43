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
    "lcg/conflict": "lcg.conflict",
    "lcg/honor-bid": "lcg.honor_bid",
    "lcg/duel": "lcg.duel",
    "lcg/glory-count": "lcg.favor",
    "lcg/fate-phase": "lcg.fate",
    "lcg/victory": "lcg.victory",
    "lcg/deck": "lcg.deck",
    "lcg/declare-conflict": "lcg.declare",
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
    "bfr/battle": "bfr.battle",
    "bfr/resolution-phase": "bfr.resolution",
    "bfr/territory": "bfr.territory",
    "bfr/scoring": "bfr.scoring",
}


def module(system: str, procedure: str):
    return importlib.import_module(f"l5r_rules.engine.{PROCEDURES[f'{system}/{procedure}']}")
