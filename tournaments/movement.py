"""Movements: who plays whom in each round, at which table and in which direction.

Pure Python, no Django import. Built on the circle method (Berger tables): with an even number
of partnerships it meets every other partnership once in n - 1 rounds; with an odd number a
phantom partnership is added and whoever meets it sits out, so everyone sits out once before
anyone sits out twice. Longer sessions repeat the cycle, which spreads repeat meetings evenly
and never repeats an opponent in consecutive rounds when there are four or more partnerships.
Directions go to whichever partnership has sat N-S fewer times so far.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class RoundPlan:
    number: int
    tables: list[tuple[int, int, int]] = field(default_factory=list)  # (table, ns, ew)
    byes: list[int] = field(default_factory=list)

    def as_dict(self) -> dict:
        return {
            "number": self.number,
            "tables": [{"table": t, "ns": ns, "ew": ew} for t, ns, ew in self.tables],
            "byes": list(self.byes),
        }


def circle_pairings(players: list[int]) -> list[list[tuple[int, int | None]]]:
    """One full cycle of round-robin pairings; None is the phantom (a sit-out)."""
    field_ = list(players) + ([None] if len(players) % 2 else [])
    n = len(field_)
    cycle = []
    for r in range(n - 1):
        pairs = [(field_[i], field_[n - 1 - i]) for i in range(n // 2)]
        cycle.append(pairs)
        field_ = [field_[0], field_[-1], *field_[1:-1]]  # rotate all but the first
    return cycle


def plan(partnerships: list[int], rounds: int, *, first_round: int = 1,
         ns_counts: dict[int, int] | None = None) -> list[RoundPlan]:
    """Plan `rounds` rounds for the given partnership numbers (deterministic for the same input)."""
    players = sorted(partnerships)
    if len(players) < 2:
        raise ValueError("a movement needs at least two partnerships")
    if len(set(players)) != len(players):
        raise ValueError("a partnership number appears twice")
    if rounds < 1:
        raise ValueError("a movement needs at least one round")
    cycle = circle_pairings(players)
    ns_count = dict(ns_counts or {})
    plans = []
    for index in range(rounds):
        pairs = cycle[index % len(cycle)]
        rnd = RoundPlan(number=first_round + index)
        table_pairs = []
        for a, b in pairs:
            if a is None or b is None:
                rnd.byes.append(a if b is None else b)
                continue
            # N-S to whoever has sat N-S less; on a tie, alternate by round so nobody is stuck.
            ca, cb = ns_count.get(a, 0), ns_count.get(b, 0)
            if ca < cb or (ca == cb and (index + min(a, b)) % 2 == 0):
                ns, ew = a, b
            else:
                ns, ew = b, a
            ns_count[ns] = ns_count.get(ns, 0) + 1
            table_pairs.append((ns, ew))
        table_pairs.sort(key=lambda p: min(p))
        rnd.tables = [(t, ns, ew) for t, (ns, ew) in enumerate(table_pairs, start=1)]
        plans.append(rnd)
    return plans
