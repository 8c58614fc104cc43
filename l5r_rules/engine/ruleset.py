"""Edition differences as data: one `Ruleset` record per edition, built with `dataclasses.replace`.

Procedures never test an edition's name; they read a field here. Every field
that differs between editions says which source text sets it (see `cites`,
which maps a rule key to the glossary entry that states it for this edition).
A rule key absent from `cites` means the edition's source does not state that
rule; `missing` names whole procedures that the source lacks, with the reason.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from .errors import NotInSource

GOLD_GAP = (
    'The Gold Edition file stops mid-sentence in the Resolution Segment ("The battle has now '
    'resolved. All surviving"); its Special Situations chapter ({what}) is missing '
    "(glossary/_sources.yaml: missing)."
)
IVORY_GAP = "The Ivory Edition Basic Rulebook (learn-to-play, honor and dueling rules) has no rules for {what}."


@dataclass(frozen=True)
class Ruleset:
    id: str
    system: str  # ccg, lcg or bfr
    document: str
    cites: dict = field(default_factory=dict)
    missing: dict = field(default_factory=dict)  # procedure -> reason the source lacks it
    # --- CCG Force totals
    item_force_is_direct: bool = False  # Items modify the Personality even when bowed (not added as unit cards)
    unit_card_types: frozenset | None = None  # attached types whose unsigned Force adds to the unit; None = all
    bowed_personality_zeroes_unit: bool = True
    missing_value_reads_as_zero: bool | None = True  # None: the text does not say
    signed_stats_unfloored: bool = (
        True  # Lotus exempts "+"/"-" stats from the floor of 0; Gold names only Family Honor and Honor Requirements
    )
    # --- CCG battle resolution
    empty_army_no_winner: bool = False  # Lotus: an empty army means no winner/loser, only the Province check
    win_honor_per_card: int = 2
    tie_honor_per_card: int = 1
    dishonored_restore_instead_of_honor: bool | None = True  # None: not in this source
    # --- CCG duels
    duel_pool_from_deck: int | None = None  # Lotus: focus pool of the top 3 Fate cards
    duel_pool_from_hand: int = 0
    duel_max_focuses: int | None = None
    duel_duelist_may_focus_first: bool = False
    duel_duelist_wins_tie: bool = False
    # --- CCG victory and honor
    honor_victory_at: int = 40
    honor_loss_at_or_below: int = -20
    honor_loss_only_at_end_of_own_turn: bool = False
    enlightenment_victory: bool = True
    horde_no_honor_victory: bool = False
    # --- CCG buying a Personality
    faction_discount: int | None = 2  # None: no discount rule
    faction_honor_gain_once_per_turn: bool = False
    dash_honor_requirement_means_none: bool | None = True  # None: the text does not say
    honor_gain_needs_own_province: bool = False
    # --- CCG deck construction
    deck_min: int = 40
    max_copies: int = 3
    singleton_types: frozenset = frozenset({"event", "ring"})
    experienced_is_unique: bool = False
    ancestors_are_unique: bool = False
    experience_level_is_distinct_card: bool = True
    # --- CCG allies
    ally_honor: int = 2

    def cite(self, key: str) -> str:
        """The entry id stating rule `key` in this edition, or NotInSource."""
        try:
            return self.cites[key]
        except KeyError:
            raise NotInSource(self.cites.get("source-gap", ""), f"{self.document} states no rule for '{key}'") from None

    def require(self, procedure: str) -> None:
        """Refuse a procedure whose rules this edition's source does not contain."""
        if procedure in self.missing:
            raise NotInSource(self.cites.get("source-gap", ""), self.missing[procedure])


LOTUS = Ruleset(
    id="lotus",
    system="ccg",
    document="lotus-rulebook",
    cites={
        "force.unit": "lotus-units",
        "force.signed": "lotus-stats",
        "missing-value": "lotus-stats",
        "battle.no-defenders": "lotus-4-5-resolution-segment",
        "battle.compare": "lotus-4-5-resolution-segment",
        "battle.honor": "lotus-4-5-resolution-segment",
        "battle.province": "lotus-4-5-resolution-segment",
        "battle.overlaid": "lotus-experienced-experienced",
        "dishonor": "lotus-dishonor",
        "yu": "lotus-yu",
        "ranged": "lotus-ranged-attacks",
        "fear": "lotus-fear",
        "duel": "lotus-challenging-and-dueling",
        "duelist": "lotus-duelist",
        "stats.floor": "lotus-bonuses-and-penalties",
        "stats.set": "lotus-bonuses-and-penalties",
        "victory": "lotus-overview",
        "victory.horde": "lotus-special-rules-for-shadowlands-horde-players",
        "buy.requirement": "lotus-personalities",
        "buy.faction": "lotus-5-dynasty-phase",
        "buy.dishonored": "lotus-5-dynasty-phase",
        "deck": "lotus-deck-construction",
        "deck.experienced": "lotus-experienced-experienced",
        "deck.soul": "lotus-soul-of-personalities",
        "allies": "lotus-multiplayer",
        "maneuver.infantry": "lotus-4-2-infantry-maneuvers-segment",
        "maneuver.cavalry": "lotus-4-3-cavalry-maneuvers-segment",
    },
    item_force_is_direct=False,
    unit_card_types=None,
    bowed_personality_zeroes_unit=True,
    missing_value_reads_as_zero=True,
    empty_army_no_winner=True,
    duel_pool_from_deck=3,
    duel_pool_from_hand=1,
    duel_duelist_may_focus_first=True,
    horde_no_honor_victory=True,
    faction_honor_gain_once_per_turn=True,
    dash_honor_requirement_means_none=None,
)

GOLD = replace(
    LOTUS,
    id="gold",
    document="gold-rulebook",
    cites={
        "source-gap": "gold-4-5-resolution-segment",
        "force.unit": "gold-4-5-resolution-segment",
        "force.signed": "gold-bonuses-and-penalties",
        "force.item": "gold-bonuses-and-penalties",
        "missing-value": "gold-bonuses-and-penalties",
        "battle.compare": "gold-4-5-resolution-segment",
        "battle.honor": "gold-4-5-resolution-segment",
        "battle.province": "gold-4-5-resolution-segment",
        "battle.overlaid": "gold-experienced-traits",
        "stats.floor": "gold-bonuses-and-penalties",
        "stats.set": "gold-bonuses-and-penalties",
        "victory": "gold-how-to-win",
        "buy.requirement": "gold-personalities",
        "buy.faction": "gold-personalities",
        "deck": "gold-setup",
        "deck.soul": "gold-soul-of-personalities",
        "deck.experienced": "gold-setup",
        "allies": "gold-4-1-declaration-segment",
        "maneuver.infantry": "gold-4-2-infantry-maneuvers-segment",
        "maneuver.cavalry": "gold-4-3-cavalry-maneuvers-segment",
    },
    missing={
        p: GOLD_GAP.format(what=w)
        for p, w in {
            "ccg/duel": "duels",
            "ccg/yu": "Yu",
            "ccg/fear": "Fear",
            "ccg/ranged-attack": "ranged attacks",
        }.items()
    },
    item_force_is_direct=True,
    unit_card_types=frozenset({"follower", "follower-token"}),
    empty_army_no_winner=False,
    dishonored_restore_instead_of_honor=None,
    duel_pool_from_deck=None,
    duel_pool_from_hand=0,
    duel_duelist_may_focus_first=False,
    horde_no_honor_victory=False,
    faction_honor_gain_once_per_turn=False,
    dash_honor_requirement_means_none=True,
    signed_stats_unfloored=False,
    singleton_types=frozenset({"event", "ring"}),
    experienced_is_unique=True,
    ancestors_are_unique=True,
)

IVORY = replace(
    LOTUS,
    id="ivory",
    document="ivory-rulebook",
    cites={
        "force.unit": "ivory-battle-resolution",
        "force.item": "ivory-your-turn-3",
        "battle.compare": "ivory-attack-phase-overview",
        "battle.province": "ivory-attack-phase-overview",
        "battle.honor": "ivory-gaining-honor-battles",
        "duel": "ivory-duels",
        "victory": "ivory-losing-winning-by-honor",
        "victory.provinces": "ivory-what-next",
        "buy.requirement": "ivory-honor-requirements-losses",
        "buy.faction": "ivory-proclaim",
        "deck": "ivory-adding-cards-to-your-deck",
    },
    missing={
        p: IVORY_GAP.format(what=w)
        for p, w in {
            "ccg/yu": "Yu",
            "ccg/fear": "Fear",
            "ccg/ranged-attack": "ranged attacks",
            "ccg/stat": "bonuses, penalties and the floor of 0",
            "ccg/maneuvers": "allies or multiplayer attacks",
        }.items()
    },
    item_force_is_direct=True,
    unit_card_types=frozenset({"follower", "follower-token"}),
    bowed_personality_zeroes_unit=False,
    missing_value_reads_as_zero=None,
    empty_army_no_winner=False,
    win_honor_per_card=2,
    tie_honor_per_card=2,
    dishonored_restore_instead_of_honor=None,
    duel_pool_from_deck=None,
    duel_pool_from_hand=0,
    duel_max_focuses=4,
    duel_duelist_may_focus_first=False,
    duel_duelist_wins_tie=True,
    honor_loss_only_at_end_of_own_turn=True,
    enlightenment_victory=False,
    horde_no_honor_victory=False,
    faction_discount=None,
    faction_honor_gain_once_per_turn=True,
    dash_honor_requirement_means_none=True,
    honor_gain_needs_own_province=True,
    singleton_types=frozenset(),
    experience_level_is_distinct_card=False,
)

LCG = Ruleset(
    id="lcg",
    system="lcg",
    document="lcg-rules-reference",
    cites={
        "conflict.compare": "lcg-3-2-3-compare-skill-values",
        "conflict.win": "lcg-winning-a-conflict",
        "conflict.unopposed": "lcg-3-2-4-apply-unopposed",
        "conflict.break": "lcg-3-2-5-break-province",
        "conflict.favor": "lcg-imperial-favor-imperial-favor-contest",
        "dash": "lcg-dash",
        "bowed": "lcg-participating-and-cannot-participate",
        "bid": "lcg-2-2-honor-bid",
        "bid.value": "lcg-bid-value",
        "bid.transfer": "lcg-2-4-transfer-honor",
        "duel.roles": "lcg-d-2-establish-challenger-and-challengee",
        "duel.bid": "lcg-d-3-duel-honor-bid",
        "duel.transfer": "lcg-d-5-transfer-honor",
        "duel.modify": "lcg-d-6-modify-dueling-skill",
        "duel.compare": "lcg-d-7-compare-skill-values-and-determine-result",
        "glory.count": "lcg-3-4-1-glory-count",
        "glory.claim": "lcg-3-4-2-claim-imperial-favor",
        "fate.discard": "lcg-4-2-discard-characters-with-no-fate",
        "fate.remove": "lcg-4-3-remove-fate-from-characters",
        "fate.rings": "lcg-4-4-place-fate-on-unclaimed-rings",
        "victory": "lcg-winning-the-game",
        "victory.stronghold": "lcg-breaking-a-province-broken-province",
        "deck": "lcg-deckbuilding",
        "deck.limits": "lcg-deck-limits",
        "deck.influence": "lcg-influence-influence-cost",
        "declare": "lcg-3-2-declare-conflict",
        "declare.defenders": "lcg-3-2-1-declare-defenders",
        "rings": "lcg-rings",
        "stronghold.attack": "lcg-breaking-a-province-broken-province",
        "covert": "lcg-covert",
        "status": "lcg-personal-honor-personal-dishonor",
        "modifiers": "lcg-modifiers",
        "holding": "lcg-holding",
        "ring.resolve": "lcg-3-2-6-resolve-ring-effects",
        "ring.effects": "lcg-ring-effects",
        "ring.claim": "lcg-3-2-7-claim-ring",
        "ring.home": "lcg-3-2-8-return-home",
        "running-out": "lcg-running-out-of-cards",
        "leaves-play": "lcg-leaves-play",
        "dynasty.fate": "lcg-1-3-collect-fate",
        "dynasty.play": "lcg-1-4-play-cards-from-provinces",
        "duplicates": "lcg-duplicates",
        "draw": "lcg-2-5-draw-cards",
        "regroup.ready": "lcg-5-2-ready-cards",
        "regroup.discard": "lcg-5-3-discard-from-provinces",
        "regroup.rings": "lcg-5-4-return-rings",
        "regroup.first": "lcg-5-5-pass-first-player-token",
        "setup": "lcg-setup",
        "mulligan": "lcg-mulligan",
        "role": "lcg-role-cards",
    },
)

BFR = Ruleset(
    id="bfr",
    system="bfr",
    document="bfr-rulebook",
    cites={
        "battle": "bfr-kaempfe-abhandeln",
        "battle.bonus": "bfr-verteidigungsbonus",
        "battle.defended": "bfr-erfolgreiche-verteidigung",
        "phase": "bfr-abhandlungsphase",
        "raze": "bfr-verwuesten",
        "territory": "bfr-abhandlungsphase",
        "scorched": "bfr-verbrannte-erde",
        "scoring": "bfr-spielende",
        "scoring.shadowlands": "bfr-die-schattenlande",
        "scoring.markers": "bfr-ehrebonus-und-verteidigungsbonus",
    },
)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (GOLD, LOTUS, IVORY, LCG, BFR)}
