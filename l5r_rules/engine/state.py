"""What a procedure reads from and writes to the game state of a chained scenario.

Each procedure module declares `STATE = state(reads={...}, writes={...})`: the fields of its `given`
that hold game state (dotted paths, e.g. `player.family_honor`) and the fields its outcome's `state`
sets for the next step, each with the quantity it holds (honor, gold, fate, cards, tokens, ...).
A procedure that changes a quantity writes it: a test holds every procedure to it.

`scenario.run_chain` uses the declarations to refuse a chain rather than answer from stale state:
a step whose required state no earlier step produced, or whose state an earlier step changed under
another name (it wrote the quantity, but not this field), is a scenario error naming both steps.
The format page prints each procedure's reads and writes from here.
"""

from __future__ import annotations

from dataclasses import dataclass, field

# The quantities a state field may hold (closed: a typo is an error at import time).
QUANTITIES = {
    "honor": "a player's honor (LCG honor pool, CCG Family Honor)",
    "gold": "Gold produced and not yet spent, and the cards bowed to produce it",
    "fate": "fate in a player's pool, on characters or on rings",
    "cards": "cards in hands, decks, discard piles, provinces or play, and their bowed or ready state",
    "status": "a card's personal honor status (honored, ordinary, dishonored)",
    "rings": "the rings: unclaimed, contested or claimed",
    "provinces": "provinces: broken, destroyed, their strength and the cards in them",
    "tokens": "tokens on the board: control tokens, combat markers, special markers",
    "conflict": "the conflict being resolved: its type, ring, participants, winner",
    "turn": "the turn's structure: the round, the first player, opportunities, passes",
    "favor": "the Imperial Favor",
}


# The quantities a chain checks for staleness: a pool or a set of cards that one name holds whole, so a step
# that changed it under another name leaves this name's value stale. (A conflict or a turn is a structure of
# independent fields: a step that sets its defenders changes nothing another field of it holds.)
STALE_CHECKED = frozenset({"honor", "gold", "fate", "cards", "status", "rings", "provinces", "tokens", "favor"})


@dataclass(frozen=True)
class State:
    reads: dict = field(default_factory=dict)  # given field (dotted path) -> quantity
    writes: dict = field(default_factory=dict)  # outcome.state field (dotted path) -> quantity
    after_game_end: bool = False  # runs once the game has ended (Battle for Rokugan's final count)
    merged: tuple = ()  # written fields laid over the old value (mappings merged field by field), not replacing it
    once: dict = field(default_factory=dict)  # written field -> (the field whose new value starts anew, the rule)

    @property
    def changes(self) -> frozenset:
        """The quantities this procedure may change (and therefore writes)."""
        return frozenset(self.writes.values())


def state(
    reads: dict | None = None,
    writes: dict | None = None,
    *,
    updates: dict | None = None,
    after_game_end: bool = False,
    merged: tuple = (),
    once: dict | None = None,
) -> State:
    """Declare a procedure's state; every quantity must be one of QUANTITIES.

    `updates` declares fields the procedure both reads and writes back (the same as giving them as reads
    and as writes, for a step that only changes what it was given, e.g. a battle's armies and honor).
    `merged` names written fields that are laid over the old value field by field (a province's controller
    changes, its flowers stay); every other written field replaces the old value whole. `once` names written
    fields a step of the game sets once, e.g. `{"defender": ("attacker", "one Declare defenders step per
    conflict")}`: a chain in which this procedure would set it again before the other field (a new conflict
    declared) is set anew is refused."""
    if updates:
        if reads or writes:
            raise ValueError("updates declares both reads and writes: give them apart, or updates alone")
        reads, writes = updates, updates
    for kind, table in (("reads", reads or {}), ("writes", writes or {})):
        for path, quantity in table.items():
            if quantity not in QUANTITIES:
                raise ValueError(f"{kind}[{path!r}]: unknown quantity {quantity!r} (one of {', '.join(QUANTITIES)})")
    unknown = [f for f in (*merged, *(once or {})) if f not in (writes or {})]
    if unknown:
        raise ValueError(f"merged or once fields {unknown} are not written")
    return State(dict(reads or {}), dict(writes or {}), after_game_end, tuple(merged), dict(once or {}))


NONE = State()


def each_of(owners: tuple, **fields: str) -> dict:
    """The same fields under each owner, for the players' like fields: `each_of(("first", "second"),
    honor="honor")` is `{"first.honor": "honor", "second.honor": "honor"}`."""
    return {f"{owner}.{name}": quantity for name, quantity in fields.items() for owner in owners}


def get(data: dict, path: str):
    """The value at a dotted path, or KeyError."""
    node = data
    for part in path.split("."):
        if not isinstance(node, dict) or part not in node:
            raise KeyError(path)
        node = node[part]
    return node


def has(data: dict, path: str) -> bool:
    try:
        get(data, path)
    except KeyError:
        return False
    return True


def put(data: dict, path: str, value) -> dict:
    """`data` with the value at a dotted path replaced whole (mappings on the way copied, created if absent)."""
    head, _, rest = path.partition(".")
    out = dict(data)
    if rest:
        inner = out.get(head)
        out[head] = put(inner if isinstance(inner, dict) else {}, rest, value)
    else:
        out[head] = value
    return out
