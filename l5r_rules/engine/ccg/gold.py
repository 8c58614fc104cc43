"""Paying Gold costs: bowing Gold-producing cards, and what becomes of the Gold a cost does not use.

Gold and Lotus: a player bows Gold-producing cards (Lotus: his Stronghold too) to
produce Gold only while paying a cost, several of them for one larger cost, but
one Gold source never pays two costs: the excess Gold is lost ("the Emperor taxes
any excess Gold", Gold; "Any excess Gold produced is lost", Lotus). Ivory: the
Gold left over pays for other cards in the same phase; at the end of each phase
any unspent Gold is lost. A bowed card cannot be bowed to pay (it is bowed
already), in every edition.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..errors import ScenarioError
from ..given import choice, known, unique
from ..ruleset import Ruleset
from ..shapes import NAME, array, boolean, integer, obj, string
from ..state import state
from ..trace import Tracer

CITES = ("gold.pay", "gold.excess")
GIVEN = obj(
    "The player's Gold-producing cards and the Gold costs he pays, in order.",
    {
        "sources": array(
            "The cards he may bow to produce Gold (Holdings, his Stronghold).",
            obj(
                "A Gold-producing card.",
                {
                    "name": string("Its name, unique among the sources (choices.payments names it).", example="Mine"),
                    "gold": integer("The Gold it produces when bowed.", minimum=0, example=5),
                    "bowed": boolean("It is bowed already (it cannot be bowed to pay).", default=False),
                },
                required=["name", "gold"],
            ),
            min_items=1,
            example=[{"name": "Diamond Mine", "gold": 5}],
        ),
        "costs": array(
            "The Gold costs he pays, in the order he pays them.",
            obj(
                "One Gold cost.",
                {
                    "card": string("What it pays for (a card played, an action).", example="Katana"),
                    "cost": integer("Its Gold cost.", minimum=0, example=4),
                    "phase": string(
                        "The phase it is paid in (any name; leave out for the same phase as the cost before): "
                        "Ivory's leftover Gold is lost when the phase changes.",
                        example="action",
                    ),
                },
                required=["card", "cost"],
            ),
            min_items=1,
            example=[{"card": "Katana", "cost": 4}, {"card": "Ashigaru", "cost": 1}],
        ),
        "leftover": integer(
            "Ivory: Gold left over from an earlier payment in this phase (the other editions keep none).",
            minimum=0,
            default=0,
        ),
    },
    required=["sources", "costs"],
)
CHOICES = obj(
    "How the player pays.",
    {
        "payments": array(
            "Always needed: for each cost, in order, the sources he bows for it ([] to pay it with Ivory's leftover "
            "Gold alone).",
            array("The sources bowed for this cost.", NAME),
            example=[["Diamond Mine"], ["Iron Mine"]],
        ),
    },
)
OUTCOME = obj(
    "What each cost was paid with, and where the rest of the Gold went.",
    {
        "payments": array(
            "For each cost, in order: what paid it.",
            obj(
                "One payment.",
                {
                    "card": string("What it paid for."),
                    "produced": integer("Gold produced by the sources bowed for it.", minimum=0),
                    "from_leftover": integer("Ivory: leftover Gold of this phase spent on it.", minimum=0),
                    "excess": integer("Gold produced or left over beyond the cost.", minimum=0),
                },
                required=["card", "produced", "from_leftover", "excess"],
            ),
        ),
        "lost": integer(
            "Gold lost: Gold, Lotus: every payment's excess; Ivory: what is unspent when a phase ends.", minimum=0
        ),
        "leftover": integer(
            "Ivory: Gold left over at the end, spendable later in this phase (0 elsewhere).", minimum=0
        ),
        "bowed": array("The sources bowed, in order.", NAME),
    },
    required=["payments", "lost", "leftover", "bowed"],
)
# (text the error contains, when): payments the rules refuse; the format page documents them for expect.error
REFUSES = (
    ("cannot pay two or more Gold costs", "Gold, Lotus: one source named for two costs"),
    ("is bowed: a bowed card cannot be bowed", "a source that is bowed already (or bowed for an earlier cost, Ivory)"),
    ("not enough Gold", "a cost the Gold produced (with Ivory's leftover) does not cover"),
    ("a payment for each cost", "choices.payments with more or fewer payments than given.costs"),
)
STATE = state(updates={"sources": "gold", "leftover": "gold"})


@dataclass(frozen=True)
class Inputs:
    sources: dict  # name -> {gold, bowed}
    order: tuple  # source names as given
    costs: tuple
    leftover: int
    payments: tuple


ORDERED = ("payments", "bowed")  # outcome lists whose order is part of the answer (the others compare in any order)


def build(given: dict, choices: dict) -> Inputs:
    names = unique([s["name"] for s in given["sources"]], ("given", "sources"), field=("name",))
    payments = choice(choices, "payments", "the sources he bows for each cost, in order")
    if len(payments) != len(given["costs"]):
        raise ScenarioError(
            ("choices", "payments"),
            f"{len(payments)} payments for {len(given['costs'])} costs: give a payment for each cost, in order",
        )
    for i, paid in enumerate(payments):
        for j, name in enumerate(paid):
            known(name, names, ("choices", "payments", i, j), "a source in given.sources")
    return Inputs(
        {s["name"]: {"gold": s["gold"], "bowed": bool(s.get("bowed", False))} for s in given["sources"]},
        tuple(names),
        tuple(given["costs"]),
        given.get("leftover", 0),
        tuple(tuple(p) for p in payments),
    )


def resolve(inp: Inputs, rs: Ruleset):
    t = Tracer()
    rule = rs.cite("gold.pay")
    keep = rs.gold_leftover_kept_in_phase
    bowed = {n: s["bowed"] for n, s in inp.sources.items()}
    used: dict[str, int] = {}  # source -> the cost it paid
    leftover, lost, order, out = (inp.leftover if keep else 0), 0, [], []
    phase = None
    for i, (cost, paid) in enumerate(zip(inp.costs, inp.payments)):
        where = ("choices", "payments", i)
        if keep and cost.get("phase") is not None and phase is not None and cost["phase"] != phase and leftover:
            lost += t.step(
                rs.cite("gold.excess"),
                f"the {phase} phase ends: the {leftover} Gold left over is lost to the Imperial tax collectors",
                leftover,
            )
            leftover = 0
        phase = cost.get("phase", phase)
        produced = 0
        for j, name in enumerate(paid):
            if name in used and not keep:
                raise ScenarioError(
                    where + (j,),
                    f"{name} already paid for {inp.costs[used[name]]['card']}: you cannot pay two or more Gold costs "
                    "at a time with one Gold source (its excess Gold was lost)",
                )
            if bowed[name]:
                raise ScenarioError(
                    where + (j,),
                    f"{name} is bowed: a bowed card cannot be bowed to produce Gold (pay a cost of bowing)",
                )
            bowed[name] = True
            used[name] = i
            order.append(name)
            produced += t.step(rule, f"bow {name} to produce Gold for {cost['card']}", inp.sources[name]["gold"])
        spent_leftover = min(leftover, cost["cost"]) if keep else 0
        if produced + spent_leftover < cost["cost"]:
            raise ScenarioError(
                where,
                f"not enough Gold for {cost['card']} (cost {cost['cost']}): {produced} produced"
                + (f" and {spent_leftover} left over" if keep else ""),
            )
        leftover -= spent_leftover
        excess = produced + spent_leftover - cost["cost"]
        if keep:
            leftover += t.step(
                rs.cite("gold.excess"),
                f"{cost['card']} paid: the {excess} Gold left over can pay for other cards in this phase",
                excess,
            )
        else:
            lost += t.step(
                rs.cite("gold.excess"),
                f"{cost['card']} paid: the {excess} Gold beyond its cost is lost (one source never pays two costs)",
                excess,
            )
        out.append({"card": cost["card"], "produced": produced, "from_leftover": spent_leftover, "excess": excess})
    sources = [{"name": n, "gold": inp.sources[n]["gold"], "bowed": bowed[n]} for n in inp.order]
    return t.done(
        {
            "payments": out,
            "lost": lost,
            "leftover": leftover,
            "bowed": order,
            "state": {"sources": sources, "leftover": leftover},
        }
    )
