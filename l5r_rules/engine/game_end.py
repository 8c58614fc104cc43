"""The end of the game: each game's victory and defeat conditions, checked after every step that can meet them.

The books end the game at once ("The game ends immediately if a player meets one (or more) of these
victory conditions", LCG; "A player is immediately removed from the game if all of his Provinces are
destroyed or his Family Honor is ever below -19", Lotus), so a procedure that changes honor, breaks a
stronghold or destroys a Province asks here after that step and, when the game is over, stops: nothing
after that step happens, and the outcome says so in `game_over` ({winners, losers, condition, step}).
A chained scenario stops there too (scenario.run_chain); only a procedure that runs at the game's end
(Battle for Rokugan's scoring) may follow.

The checks record a trace step only when the game ends, so procedures whose game goes on cite nothing new.
Honor is checked only where the scenario gives it: without a player's honor the engine cannot know.
"""

from __future__ import annotations

from .errors import ScenarioError
from .shapes import NAME, array, boolean, choice_of, named, obj, string

# condition -> what it means (the format page lists them; `game_over.condition` is one of these)
CONDITIONS = {
    "honor-25": "LCG: a player has 25 or more honor in his honor pool (he wins).",
    "honor-0": "LCG: a player has 0 honor (he is eliminated; his opponent wins).",
    "stronghold-broken": "LCG: a player's stronghold province is broken (he loses).",
    "low-honor": "CCG: a player's Family Honor is below -19 (Gold, Lotus: at any time; he loses and is removed).",
    "provinces-destroyed": "CCG: all of a player's Provinces are destroyed (he loses and is removed).",
    "honor-victory": "CCG: a player begins his turn with 40 or more Family Honor (he wins).",
    "enlightenment": "CCG: a player has a Ring of each element in play (Gold, Lotus: he wins).",
    "fifth-round": "Battle for Rokugan: the fifth round is over; honor is counted (bfr/scoring names the winner).",
    "most-honor": "Battle for Rokugan: honor was counted; the clan with the most honor wins.",
}

GAME_OVER = named(
    "game-over",
    obj(
        "Present only when the game ended during this procedure: nothing after `step` happened (later fields of "
        "the outcome keep their values from before it, e.g. a province that would have broken did not).",
        {
            "winners": array(
                "Who wins, named as the procedure names the players (attacker/defender, first/second, "
                "challenger/challengee in lcg/duel, controller/opponent in lcg/personal-honor and lcg/leaves-play, "
                "a clan). "
                "CCG: a player who loses is removed from the game and 'opponent' stands for the other player of a "
                "two-player game (the last player remaining wins); [] when the winner is not decided yet "
                "(Battle for Rokugan's fifth round: bfr/scoring decides).",
                NAME,
            ),
            "losers": array(
                "Who loses, named as the procedure names them: every player who does not win (LCG: also the "
                "opponent of a player who reaches 25 honor or breaks the stronghold; CCG: the player removed, or "
                "'opponent' when the player wins).",
                NAME,
            ),
            "condition": choice_of(
                "The victory or defeat condition met: " + "; ".join(f"{k}: {v}" for k, v in CONDITIONS.items()),
                tuple(CONDITIONS),
            ),
            "step": string(
                "The procedure's step at which the game ended (each procedure lists its steps under its game end)."
            ),
            "simultaneous": boolean(
                "LCG: both players reached a victory condition at once; the first player wins.", default=False
            ),
        },
        required=["winners", "losers", "condition", "step"],
        example={"winners": ["attacker"], "losers": ["defender"], "condition": "honor-0", "step": "apply-unopposed"},
    ),
)


def _over(winners, losers, condition: str, step: str, simultaneous: bool = False) -> dict:
    out = {"winners": list(winners), "losers": list(losers), "condition": condition, "step": step}
    if simultaneous:
        out["simultaneous"] = True
    return out


# --- LCG -------------------------------------------------------------------------------------------


def lcg_playing(honor: dict | None, path: tuple) -> None:
    """Refuse a given honor that means the game is already over (25 or more wins, 0 is eliminated)."""
    for player, value in (honor or {}).items():
        if value is None:
            continue
        if value >= 25 or value <= 0:
            raise ScenarioError(
                path + (player,),
                f"{value} honor: the game has already ended ({'25 or more wins' if value >= 25 else '0 is eliminated'}"
                "); a procedure starts from a game still being played",
            )


def lcg_check(
    t,
    rs,
    step: str,
    honor: dict | None,
    *,
    stronghold_broken: str | None = None,
    first_player: str | None = None,
    first_path: tuple = ("given", "first_player"),
    players: tuple = (),
) -> dict | None:
    """LCG: the game state after `step`; a game_over dict (and a trace step) when it has ended, else None.

    `honor` maps each player (as the procedure names them: attacker/defender, first/second, ...) to his
    honor (`players` names both when honor is not given); `stronghold_broken` names the player whose
    stronghold province just broke. When players reach
    different victory conditions at once the first player wins: `first_player` names him (a ScenarioError at
    `first_path` asks for it when it decides the game).
    """
    players = list(players) or (list(honor) if honor else [])
    for p in list(honor or ()) + ([stronghold_broken] if stronghold_broken else []):
        if p not in players:
            players.append(p)
    wins: dict[str, str] = {}  # winner -> condition
    losers: list[str] = []
    for p in players:
        others = [o for o in players if o != p]
        known = honor is not None and honor.get(p) is not None
        if known and honor[p] >= 25:
            wins.setdefault(p, "honor-25")
        if known and honor[p] <= 0:
            losers.append(p)
            for o in others:
                wins.setdefault(o, "honor-0")
        if p == stronghold_broken:
            losers.append(p)
            for o in others:
                wins.setdefault(o, "stronghold-broken")
    if not wins:
        return None
    rule = rs.cite("victory")
    if len(wins) > 1:
        if first_player is None:
            raise ScenarioError(
                first_path,
                f"both players reach a victory condition at once after {step} ({', '.join(sorted(wins))}): "
                "the first player wins; give who is the first player",
            )
        winner = first_player
        t.step(
            rule,
            f"the game ends: both players reach a victory condition at once ({step}); the first player wins",
            winner,
            sentence="If both players would reach a victory condition simultaneously, the first player wins the game.",
        )
        loser = [p for p in players if p != winner]
        return _over([winner], loser, wins[winner], step, simultaneous=True)
    ((winner, condition),) = wins.items()
    loser = sorted(set(losers) | {p for p in players if p != winner}, key=players.index)
    words = {
        "honor-25": f"{winner} has 25 or more honor",
        "honor-0": f"{', '.join(loser)} has 0 honor and is eliminated",
        "stronghold-broken": f"{', '.join(loser)}'s stronghold province is broken",
    }[condition]
    t.step(
        rs.cite("victory.stronghold") if condition == "stronghold-broken" else rule,
        f"the game ends immediately ({step}): {words}; {winner} wins",
        winner,
        **({"honor": {p: v for p, v in honor.items() if v is not None}} if honor else {}),
    )
    return _over([winner], loser, condition, step)


# --- CCG -------------------------------------------------------------------------------------------


def ccg_low_honor(t, rs, step: str, family_honor: int | None, loser: str, winners=("opponent",)) -> dict | None:
    """CCG: a player whose Family Honor is below the edition's floor loses at once (Gold, Lotus).

    Ivory's basic rules check it only after the player ends his own turn (ccg/victory), never mid-procedure.
    """
    if family_honor is None or rs.honor_loss_only_at_end_of_own_turn:
        return None
    if family_honor > rs.honor_loss_at_or_below:
        return None
    t.step(
        rs.cite("victory"),
        f"the game ends for {loser} ({step}): Family Honor {family_honor} is below "
        f"{rs.honor_loss_at_or_below + 1}; he loses and is removed from the game",
        "loses",
        family_honor=family_honor,
    )
    return _over(winners, [loser], "low-honor", step)


def ccg_provinces(t, rs, step: str, provinces_left: int | None, loser: str, winners=("opponent",)) -> dict | None:
    """CCG: a player with no Province left loses at once (every edition)."""
    if provinces_left is None or provinces_left > 0:
        return None
    t.step(
        rs.stated("victory.provinces") or rs.cite("victory"),
        f"the game ends for {loser} ({step}): all of his Provinces are destroyed; he loses",
        "loses",
        provinces_left=provinces_left,
    )
    return _over(winners, [loser], "provinces-destroyed", step)
