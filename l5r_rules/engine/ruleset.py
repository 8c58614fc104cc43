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


# What each rule key is about, in words, for "not in source" answers (a key not listed is shown as it is).
RULE_WORDS = {
    "actions.once": "using each action only once per turn",
    "allies": "allies in an attack",
    "attach.ancestor": "attaching Ancestors",
    "attach.limited": "attaching as a Limited action",
    "attach.payment": "a payment equal to the attached card's Gold cost",
    "attach.rules": "the restrictions on attaching Followers, Items and Spells",
    "attach.weapon": "how many Weapons a Personality may have",
    "attach.armor": "how many Armors a Personality may have",
    "battle-action.ally-move": "moving units into another player's army",
    "battle-action.delayed-terrain": "Delayed Terrains",
    "battle-action.fortification": "Battle actions on Fortifications and Regions",
    "battle-action.implicating": 'actions with an implicating phrase such as "opposing"',
    "battle-action.terrain": "playing a Terrain while one is in play",
    "battle-action.reattack": "moving a unit back into an attacking army in the same attack",
    "chi.zero": "a Personality at 0 Chi",
    "costs.bow": "paying a cost of bowing",
    "cycle": "the Cycle ability",
    "dishonor.restore": "Dishonored Personalities restored instead of an Honor gain",
    "dishonor.destroyed": "the Honor loss for a destroyed Dishonored Personality",
    "event.later": "an Event revealed outside the Events Phase",
    "event.once": "how often an Event resolves",
    "event.resolve": "resolving Events",
    "go-home.allies": "allies' units going home after a battle",
    "go-home.attack": "units left at battlefields after the last battle",
    "go-home.battle": "units going home after a battle",
    "go-home.conqueror": "the Conqueror keyword (a unit not bowing as it goes home)",
    "horde.actions": "actions a Shadowlands Horde player may not take",
    "horde.honor": "Shadowlands Horde players' Honor gains and losses",
    "lobby": "the conditions for lobbying for the Imperial Favor",
    "lobby.once": "how often a player may lobby",
    "lobby.timing": "when a player may lobby",
    "overlay": "overlaying Experienced cards",
    "province.attached": "cards attached to a destroyed Province",
    "province.destroyed": "a destroyed Province",
    "recruit": "the Recruit ability",
    "region.stays": "a Region left in its Province in the Events Phase",
    "region.events-phase": "Regions in the Events Phase",
    "seppuku": "seppuku",
    "unique": "the Uniqueness rule",
    "action.manner": "an effect that only says how another is done",
    "turn.straighten": "the Straighten Phase",
    "turn.end": "the End Phase's draw",
    "turn.hand-size": "a maximum hand size",
    "turn.draw": "drawing a Fate card at the end of the Dynasty Phase",
    "province.zero": "a Province whose Strength becomes 0",
    "unique.enter": "a Unique card entering play while one of its name is in play",
    "battle-action.naval": "naval invasions",
    "victory.enlightenment": "a victory by Rings (a Ring of each element in play), though it has Ring cards",
}


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
    # Ivory: "you may choose to Proclaim the Personality being recruited. If he has your Clan Alignment and is
    # coming from your Province, add his Personal Honor": the choice is open for any Personality, the condition
    # decides the gain
    honor_option_for_any_personality: bool = False
    # --- CCG deck construction
    deck_min: int = 40
    max_copies: int = 3
    singleton_types: frozenset = frozenset({"event", "ring"})
    experienced_is_unique: bool = False
    ancestors_are_unique: bool = False
    experience_level_is_distinct_card: bool = True
    # --- CCG allies
    ally_honor: int = 2
    # --- Battle for Rokugan setup
    bfr_control_tokens_by_players: dict = field(default_factory=lambda: {2: 11, 3: 7, 4: 5, 5: 4})
    # the box's control tokens per clan (bfr-spielmaterial "210 KONTROLLMARKER (30 PRO KLAN)"): setup places
    # fewer, but each successful defence and each conquest adds one, with no limit per province
    bfr_control_tokens_per_clan: int = 30
    bfr_initiative_deck: int = 4
    bfr_rounds: int = 5  # Battle for Rokugan: the game ends after the fifth round
    # --- CCG after a battle, battle actions, first player, events
    defenders_home_after_each_battle: bool = False  # Ivory: defenders go home (unbowed) when each battle ends
    presence_ways: tuple = ("has_unit_here", "action_brings_unit_here")  # any one makes a player present
    relevance_ways: tuple = ("source_here", "affects_here", "moves_or_creates_here")  # any one makes it relevant
    relevance_forbids: tuple = ()  # facts that make a battle action illegal whatever else holds
    battle_action_types: tuple = ("battle", "open")  # action types a player may take in a Battle Action Segment
    first_player_adds_cut_focus: bool = False  # Gold: starting Family Honor + the Focus value of a cut card
    events_once_per_game: bool = False  # Gold: each Event resolves only once per game (Lotus removed the rule)
    # --- CCG attaching cards
    attach_action: str = "limited"  # limited: own Action Phase only; open (Ivory's Equip): any Action Phase
    attach_needs_unbowed: bool = False  # Gold: attaching targets the Personality, so he must be unbowed
    spell_limit_by_chi: bool = False  # Gold: a Shugenja cannot attach more Spells than his Chi
    # Lotus (Cardinal Rule 5) and Ivory: each action once per turn unless it says otherwise. Gold states
    # no such limit, and Lotus lists it as new ("Added a rule that most abilities are usable only once per
    # turn by default"), so in Gold an action may be taken again.
    actions_once_per_turn: bool = True
    # Lotus: a bowed card's ability may still be used when its costs or effects straighten that card; Gold ("cannot
    # take another action until it straightens") and Ivory ("You cannot take actions from bowed cards") name none
    bowed_action_if_it_straightens: bool = True
    attach_payment_equals_cost: bool = False  # Ivory's Equip: the Gold paid is the attached card's Gold cost
    # --- CCG overlaying Experienced cards
    overlay_only_in_own_dynasty_phase: bool = False  # Gold: during your Dynasty Phase; Lotus: when playable
    # --- CCG Regions in the Events Phase
    regions_after_all_provinces: bool = False  # Gold: once every Province is handled; Lotus: at its own Province
    region_not_in_play_discarded: bool = True  # Lotus: "If you do not bring the Region into play, discard it."
    region_cost_frees_it: bool | None = None  # Gold: only a Region with no cost must enter; None: not said
    # --- CCG paying Gold
    gold_leftover_kept_in_phase: bool = False  # Ivory: leftover Gold pays for other cards in the same phase
    # --- CCG taking actions, the turn's steps
    action_four_steps: bool = True  # Lotus: announce, target, pay, resolve; a resolved action may be "successful"
    end_phase_max_hand: int | None = 8  # Lotus: discard down to a maximum hand size of eight; None: no such rule
    # Gold: the file names a maximum hand size ("current and maximum hand size") but never its number: whether a
    # card is discarded after the End Phase draw is not in the source (the outcome's `discarded` is null)
    max_hand_unstated: bool = False
    draw_in_dynasty_phase: bool = False  # Ivory: the Fate card is drawn just before the Dynasty Phase ends

    def cite(self, key: str) -> str:
        """The entry id stating rule `key` in this edition, or NotInSource."""
        try:
            return self.cites[key]
        except KeyError:
            words = RULE_WORDS.get(key, f"'{key}'")
            raise NotInSource(self.cites.get("source-gap", ""), f"{self.document} states no rule on {words}") from None

    def stated(self, key: str) -> str | None:
        """The entry id stating rule `key` in this edition, or None where its source has no such statement
        (for a step only some editions' texts back, e.g. Lotus's glossary restating a rule: Tracer.restate)."""
        return self.cites.get(key)

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
        "force.own": "lotus-units",
        "force.signed": "lotus-stats",
        "missing-value": "lotus-stats",
        "stats.current": "lotus-stats",
        "battle.no-defenders": "lotus-4-5-resolution-segment",
        "battle.compare": "lotus-4-5-resolution-segment",
        "battle.honor": "lotus-4-5-resolution-segment",
        "battle.province": "lotus-4-5-resolution-segment",
        "battle.overlaid": "lotus-experienced-experienced",
        "dishonor": "lotus-dishonor",
        "dishonor.restore": "lotus-dishonor",
        "yu": "lotus-yu",
        "ranged": "lotus-ranged-attacks",
        "fear": "lotus-fear",
        "duel": "lotus-challenging-and-dueling",
        "duelist": "lotus-duelist",
        "stats.floor": "lotus-bonuses-and-penalties",
        "province.zero": "lotus-play-areas",
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
        "chi.zero": "lotus-chi",
        "dishonor.destroyed": "lotus-dishonor",
        "horde.honor": "lotus-special-rules-for-shadowlands-horde-players",
        "horde.actions": "lotus-special-rules-for-shadowlands-horde-players",
        "go-home.battle": "lotus-4-5-resolution-segment",
        "go-home.attack": "lotus-after-the-battle",
        "go-home.allies": "lotus-multiplayer",
        "battle-action": "lotus-4-4-battle-action-segment",
        "battle-action.types": "lotus-4-4-battle-action-segment",
        "battle-action.fortification": "lotus-4-4-battle-action-segment",
        "battle-action.terrain": "lotus-terrain",
        "battle-action.reattack": "lotus-4-4-battle-action-segment",
        "battle-action.order": "lotus-4-4-battle-action-segment",
        "battle-action.naval": "lotus-naval",
        "actions.bowed": "lotus-bowing-and-straightening",
        # "a unit cannot move or assign to an army unless it is controlled by either that army's leader or one of his
        # allies"; invited by both, "he is considered an ally of both of them until he has a unit in one of their
        # armies"
        "battle-action.ally-move": "lotus-multiplayer",
        "battle-action.delayed-terrain": "lotus-4-4-battle-action-segment",
        "first-player": "lotus-beginning-the-game",
        "event.resolve": "lotus-2-events-phase",
        # the Events Phase acts on whatever card is in each Province ("If the card in the Province is an Event,
        # resolve it"), so an Event revealed earlier and still there resolves then; no rule resolves it sooner
        "event.later": "lotus-2-events-phase",
        "event.once": "lotus-what-s-new-in-lotus-edition",
        "attach.timing": "lotus-3-action-phase",
        "attach.limited": "lotus-limited-actions",
        "attach.rules": "lotus-followers-items-and-spells",
        "attach.weapon": "lotus-followers-items-and-spells",
        "attach.armor": "lotus-followers-items-and-spells",
        "seppuku": "lotus-seppuku",
        "seppuku.meaning": "lotus-glossary-seppuku",
        "lobby": "lotus-lobbying",
        "lobby.timing": "lotus-3-action-phase",
        "lobby.once": "lotus-lobbying",
        "costs.bow": "lotus-3-paying-costs",
        "overlay": "lotus-experienced-experienced",
        "unique": "lotus-unique",
        "unique.enter": "lotus-unique",
        "assign.unbowed": "lotus-bowing-and-straightening",
        "action-round": "lotus-3-action-phase",
        "actions.once": "lotus-cardinal-rules",
        "province.destroyed": "lotus-play-areas",
        "province.attached": "lotus-play-areas",
        "region.events-phase": "lotus-2-events-phase",
        "gold.pay": "lotus-3-paying-costs",
        "gold.excess": "lotus-3-paying-costs",
        # the glossary's one-line statement of a rule a step applies (Lotus only)
        "fear.glossary": "lotus-glossary-fear",
        "fear.undead": "lotus-undead",
        "yu.glossary": "lotus-glossary-yu",
        "ranged.glossary": "lotus-ranged-attack",
        "force.total": "lotus-force-total",
        "battle.province-strength": "lotus-province-strength",
        "victory.honor": "lotus-honor-victory",
        "victory.enlightenment": "lotus-enlightenment-victory",
        "victory.military": "lotus-military-victory",
        "duelist.glossary": "lotus-glossary-duelist",
        "maneuver.cavalry-unit": "lotus-cavalry",
        "dishonor.glossary": "lotus-dishonored",
        "unique.glossary": "lotus-glossary-unique",
        "terrain.glossary": "lotus-glossary-terrain",
        "action.steps": "lotus-taking-actions-and-playing-cards",
        "action.announce": "lotus-1-announcement",
        "action.target": "lotus-2-targeting",
        "action.costs": "lotus-3-paying-costs",
        "action.resolve": "lotus-4-resolving-effects",
        "action.manner": "lotus-4-resolving-effects",
        "action.cancel": "lotus-canceling-actions-and-negating-effects",
        "action.card": "lotus-4-resolving-effects",
        "turn.straighten": "lotus-1-straighten-phase",
        "turn.end": "lotus-6-end-phase",
        "turn.hand-size": "lotus-play-areas",
        "timing.open": "lotus-open-actions",
        "timing.battle": "lotus-battle-actions",
        "timing.reaction": "lotus-reactions",
        "timing.limited": "lotus-limited-actions",
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
        "force.own": "gold-4-5-resolution-segment",
        "force.signed": "gold-bonuses-and-penalties",
        "force.item": "gold-bonuses-and-penalties",
        "missing-value": "gold-bonuses-and-penalties",
        "battle.compare": "gold-4-5-resolution-segment",
        "battle.honor": "gold-4-5-resolution-segment",
        "battle.province": "gold-4-5-resolution-segment",
        "battle.overlaid": "gold-experienced-traits",
        "stats.floor": "gold-bonuses-and-penalties",
        "province.zero": "gold-your-stronghold",
        "stats.set": "gold-bonuses-and-penalties",
        "victory": "gold-how-to-win",
        "buy.requirement": "gold-personalities",
        "buy.faction": "gold-personalities",
        "chi.zero": "gold-personalities",
        "deck": "gold-setup",
        "deck.soul": "gold-soul-of-personalities",
        "deck.experienced": "gold-setup",
        "allies": "gold-4-1-declaration-segment",
        "maneuver.infantry": "gold-4-2-infantry-maneuvers-segment",
        "maneuver.cavalry": "gold-4-3-cavalry-maneuvers-segment",
        "battle-action": "gold-4-4-battle-action-segment",
        "battle-action.types": "gold-4-4-battle-action-segment",
        "battle-action.fortification": "gold-4-4-battle-action-segment",
        "battle-action.implicating": "gold-4-4-battle-action-segment",
        "battle-action.terrain": "gold-4-4-battle-action-segment",
        "battle-action.order": "gold-4-4-battle-action-segment",
        "battle-action.ally-move": "gold-4-4-battle-action-segment",
        # "Delayed Terrains, on the other hand, do not take effect until the Battle Action Segment ends"
        "battle-action.delayed-terrain": "gold-4-4-battle-action-segment-terrains",
        "event.later": "gold-events",
        "first-player": "gold-determining-who-starts",
        "event.resolve": "gold-sequence-of-play-in-detail-2-events-phase",
        "event.once": "gold-events",
        "attach.timing": "gold-sequence-of-play-in-detail-3-action-phase",
        "attach.limited": "gold-limited-actions",
        "attach.rules": "gold-ancestors-followers-items-and-spells",
        "attach.weapon": "gold-ancestors-followers-items-and-spells",
        "attach.armor": "gold-ancestors-followers-items-and-spells",
        "attach.ancestor": "gold-ancestors-followers-items-and-spells",
        "lobby.timing": "gold-sequence-of-play-in-detail-3-action-phase",
        "lobby.once": "gold-sequence-of-play-in-detail-3-action-phase",
        "overlay": "gold-experienced-traits",
        "unique": "gold-experienced-traits",
        "unique.enter": "gold-bringing-cards-into-play",
        "assign.unbowed": "gold-4-2-infantry-maneuvers-segment",
        "action-round": "gold-sequence-of-play-in-detail-3-action-phase",
        "province.destroyed": "gold-preparing-the-field",
        "province.attached": "gold-preparing-the-field",
        "region.events-phase": "gold-sequence-of-play-in-detail-2-events-phase",
        "region.stays": "gold-regions",
        "gold.pay": "gold-costs-and-effects",
        "gold.excess": "gold-costs-and-effects",
        "action.steps": "gold-actions-2",
        "action.costs": "gold-canceling-actions-and-negating-effects",
        "action.resolve": "gold-canceling-actions-and-negating-effects",
        "action.cancel": "gold-canceling-actions-and-negating-effects",
        "action.card": "gold-actions",
        "turn.straighten": "gold-sequence-of-play-in-detail-1-straighten-phase",
        "turn.end": "gold-6-end-phase",
        "turn.hand-size": "gold-preparing-the-field",
        "actions.bowed": "gold-bowing",
        "timing.open": "gold-open-actions",
        "timing.battle": "gold-battle-actions",
        "timing.reaction": "gold-reactions",
        "timing.limited": "gold-limited-actions",
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
    regions_after_all_provinces=True,
    # "You must bring a Region into play if you legally can and if it has no cost; otherwise, you may either discard
    # it at the end of your Dynasty Phase as with any other face-up Dynasty card or leave it there for the next turn."
    region_not_in_play_discarded=False,
    region_cost_frees_it=True,
    item_force_is_direct=True,
    unit_card_types=frozenset({"follower", "follower-token"}),
    empty_army_no_winner=False,
    dishonored_restore_instead_of_honor=None,
    duel_pool_from_deck=None,
    duel_pool_from_hand=0,
    duel_duelist_may_focus_first=False,
    horde_no_honor_victory=False,
    presence_ways=("has_unit_here", "action_brings_unit_here", "reacting_to_own_unit_leaving"),
    relevance_ways=("source_here", "affects_here", "moves_or_creates_here", "reacting_to_card_leaving"),
    first_player_adds_cut_focus=True,
    events_once_per_game=True,
    attach_needs_unbowed=True,
    spell_limit_by_chi=True,
    actions_once_per_turn=False,
    bowed_action_if_it_straightens=False,
    overlay_only_in_own_dynasty_phase=True,
    faction_honor_gain_once_per_turn=False,
    dash_honor_requirement_means_none=True,
    signed_stats_unfloored=False,
    singleton_types=frozenset({"event", "ring"}),
    experienced_is_unique=True,
    ancestors_are_unique=True,
    action_four_steps=False,
    end_phase_max_hand=None,
    max_hand_unstated=True,
)

IVORY = replace(
    LOTUS,
    id="ivory",
    document="ivory-rulebook",
    cites={
        "force.unit": "ivory-battle-resolution",
        "force.item": "ivory-fate-cards",
        "battle.compare": "ivory-attack-phase-overview",
        "battle.province": "ivory-attack-phase-overview",
        "battle.honor": "ivory-gaining-honor-battles",
        "duel": "ivory-duels",
        "victory": "ivory-losing-winning-by-honor",
        "victory.provinces": "ivory-what-next",
        "buy.requirement": "ivory-honor-requirements-losses",
        "buy.faction": "ivory-proclaim",
        "deck": "ivory-adding-cards-to-your-deck",
        "go-home.battle": "ivory-battle-resolution",
        # every unit returns home when its battle ends, the attacking ones bowing: so too after the last one
        "go-home.attack": "ivory-battle-resolution",
        # the worked example: "Because he has the Conqueror keyword, ... Sairei does not bow, and his Followers do
        # not either." (the keyword's own text is in the Advanced Rulebook, not in this source)
        "go-home.conqueror": "ivory-battle-actions",
        "battle-action": "ivory-battle-actions",
        "battle-action.types": "ivory-equip",
        # "The Defender has the first opportunity to take a Battle action."
        "battle-action.order": "ivory-battle-actions",
        "actions.bowed": "ivory-taking-actions",
        "first-player": "ivory-who-goes-first",
        "attach.timing": "ivory-equip",
        "attach.payment": "ivory-equip",
        "attach.weapon": "ivory-fate-cards",  # "Personalities can only have one Weapon attached at any time."
        "cycle": "ivory-cycle",
        "recruit": "ivory-recruit",
        "assign.unbowed": "ivory-attack-phase-overview",
        "action-round": "ivory-action-sequencing",
        "actions.once": "ivory-action-sequencing",
        # the worked example: "The card in the Province, Hida Saiyuki, goes to the discard pile. The Province's slot
        # for Dynasty cards is not refilled, but goes away." (nothing on cards attached to it)
        "province.destroyed": "ivory-battle-actions",
        "gold.pay": "ivory-bowing-producing-gold",
        "gold.excess": "ivory-bowing-producing-gold",
        "turn.draw": "ivory-draw-a-fate-card",
        # the walkthrough: "Just after the start of the turn, straighten all your bowed cards."
        "turn.straighten": "ivory-your-turn-2",
    },
    missing={
        p: IVORY_GAP.format(what=w)
        for p, w in {
            "ccg/yu": "Yu",
            "ccg/fear": "Fear",
            "ccg/ranged-attack": "ranged attacks",
            "ccg/stat": "bonuses, penalties and the floor of 0",
            "ccg/maneuvers": "allies or multiplayer attacks",
            "ccg/region": "Regions (its Region entry is a heading with no text)",
            "ccg/take-action": "canceling actions, negating effects or the steps of taking an action",
            "ccg/action-timing": "when Open, Battle and Limited actions and Reactions may be taken",
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
    honor_option_for_any_personality=True,
    singleton_types=frozenset(),
    experience_level_is_distinct_card=False,
    defenders_home_after_each_battle=True,
    presence_ways=("has_unit_here",),
    relevance_ways=("source_here", "source_is_holding_or_stronghold"),
    relevance_forbids=("targets_elsewhere",),
    battle_action_types=("battle",),
    attach_action="open",
    attach_payment_equals_cost=True,
    gold_leftover_kept_in_phase=True,
    action_four_steps=False,
    end_phase_max_hand=None,
    draw_in_dynasty_phase=True,
    bowed_action_if_it_straightens=False,
)

LCG = Ruleset(
    id="lcg",
    system="lcg",
    document="lcg-rules-reference",
    cites={
        "conflict.compare": "lcg-3-2-3-compare-skill-values",
        "conflict.win": "lcg-winning-a-conflict",
        "pass": "lcg-pass",
        "cancel": "lcg-cancel",
        "event": "lcg-event-cards",
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
        "home": "lcg-home-move-home",
        "bid.reveal": "lcg-2-3-reveal-honor-dials",
        "duel.reveal": "lcg-d-4-reveal-honor-dials",
        "give": "lcg-give",
        "take": "lcg-take",
        "gains": "lcg-gains",
        "token-pool": "lcg-token-pool-general-token-pool",
        "glory.rule": "lcg-glory",
        "glory.tie": "lcg-glory-count",
        "count": "lcg-count",
        "refill": "lcg-refill-a-province",
        "drawing": "lcg-drawing-cards",
        "facedown": "lcg-facedown-province",
        "bow": "lcg-bow-bowed",
        "ready": "lcg-ready",
        "first-player": "lcg-first-player-first-player-token",
        "play": "lcg-play-and-put-into-play",
        "cost": "lcg-cost",
        "unique": "lcg-unique-cards",
        "limited": "lcg-limited",
        "attachment": "lcg-attachment-cards",
        "no-attachments": "lcg-no-attachments",
        "restricted": "lcg-restricted",
        "courtesy": "lcg-courtesy",
        "sincerity": "lcg-sincerity",
        "ancestral": "lcg-ancestral",
        "pride": "lcg-pride",
        "ability.limit": "lcg-limit-x-per-period",
        "ability.max": "lcg-max-x-per-period",
        "ability.triggered": "lcg-triggered-abilities",
        "ability.action": "lcg-action-action-ability",
        "ability.window": "lcg-action-windows",
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
        "blessing": "bfr-segen",
        "territory": "bfr-abhandlungsphase",
        "scorched": "bfr-verbrannte-erde",
        "scoring": "bfr-spielende",
        "scoring.shadowlands": "bfr-die-schattenlande",
        "scoring.markers": "bfr-ehrebonus-und-verteidigungsbonus",
        "setup": "bfr-spielaufbau",
        "upkeep": "bfr-unterhaltungsphase",
        "planning": "bfr-planungsphase",
        "placement": "bfr-kampfmarker-legen",
        "army": "bfr-armee",
        "navy": "bfr-flotte",
        "shinobi": "bfr-shinobi",
        "bluff": "bfr-bluff",
        "diplomacy": "bfr-diplomatie",
        "peace": "bfr-frieden",
        "shrine": "bfr-schrein",
        "harbor": "bfr-hafen",
        "battlefield": "bfr-schlachtfeld",
        "ronin": "bfr-ronin",
        "territory.cards": "bfr-territoriumskarten-spielen",
        "shadowlands.cards": "bfr-die-schattenlande",
        "special": "bfr-spezialmarker",
        "remove.control": "bfr-marker-entfernen",
        "game-end": "bfr-spielende",
    },
)

RULESETS: dict[str, Ruleset] = {r.id: r for r in (GOLD, LOTUS, IVORY, LCG, BFR)}
