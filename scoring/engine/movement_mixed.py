"""Mixed table sizes, "nobody sits out" (games events, RULES.md section 7): every player at a table
every round, at tables of four where it can and of five or six (or one of three) for the rest.

Pure Python, no Django import, no database: player numbers in, SeatedRounds (movement_individuals)
out, each marked `mixed` so that every table, a four too, is written as its list of seats "1".."N".

The sizes of a round (table_sizes): among the ways to split N players into tables of 2 to 6,
the one with the fewest tables of two, then of three, then of six, then of five; so as many
fours as that leaves. A two only for exactly 2 players, a three only for 3 and 7 players, a six
only for 6 and 11: 7 = 4 + 3, 9 = 4 + 5, 10 = 5 + 5, 11 = 5 + 6, 13 = 4 + 4 + 5, 15 = 5 + 5 + 5,
and from 8 players on at most three tables are not fours. Tables are numbered fours first, then
fives, sixes, a three, so each size keeps its table numbers every round.

Each round is built in steps, every step deterministic:
  1. who plays away from the fours: those who have played at a table other than a four least
     (so nobody is at a five or six twice before everyone who can has been once); among
     equals, whoever has shared a table least with those already chosen, then the highest
     numbers first (as the sit-outs of movement_individuals);
  2. among them, who plays at each size (the sixes first): those who have played at that size
     least, the same way;
  3. the players of each size grouped as movement_individuals groups them: at the fours,
     partners opposite (seats 1 and 3, 2 and 4) who have partnered least, then tables of players
     who have met least; at the other sizes, players who have shared a table least.
Directions and first seats as movement_individuals. Up to movement_individuals._FEW_PLAYERS two
plans are built (fresh opponents first, or even directions first) and the fairer kept.

A re-plan gets `history` (the rounds played) and `current` (the plan being replaced): a round of
`current` is kept as printed when it seats the same players at the same sizes; otherwise the
round is planned afresh over everything played and planned before it.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from scoring.engine.movement_individuals import (
    _FEW_PLAYERS,
    _IMPROVE_PASSES,
    _SPREAD_BASE,
    SeatedRound,
    Seating,
    _blocks,
    _four_partners,
    _four_tables,
    _group_tables,
    _key,
    _score,
    _seat,
    _Tally,
    check_players,
    check_six_handed,
)
from scoring.engine.vocabulary import MAX_MOVEMENT_ROUNDS

MIXED_SIZES = (4, 5, 6, 3, 2)  # the table sizes a mixed round uses, in the order tables are numbered
MIXED_LEAST = 2  # fewest players a mixed movement seats (two: one table of two)
_AVOID = (2, 3, 6, 5)  # the sizes kept fewest, the first the most

Round = tuple[list[Seating], list[int]]


def table_sizes(count: int) -> list[int]:
    """The table sizes of a round of `count` players, in table order (fours first): the split
    with the fewest twos, then threes, then sixes, then fives. ValueError below 2 players."""
    if isinstance(count, bool) or not isinstance(count, int) or count < MIXED_LEAST:
        raise ValueError(f"a mixed movement needs at least {MIXED_LEAST} players")
    best: tuple | None = None
    # Counts of twos, threes, sixes and fives, at most what could ever be wanted (four fives
    # hold no more than four fours and one more five, so five fives are never the fewest).
    for twos in range(2):
        for threes in range(3):
            for sixes in range(3):
                for fives in range(4):
                    rest = count - 2 * twos - 3 * threes - 6 * sixes - 5 * fives
                    if rest < 0 or rest % 4:
                        continue
                    key = (twos, threes, sixes, fives)
                    if best is None or key < best:
                        best = key
    if best is None:  # pragma: no cover - every count from 2 up splits (2, 3, 4, 5, then +4)
        raise AssertionError(f"unreachable: {count} players do not split")
    twos, threes, sixes, fives = best
    by_size = {2: twos, 3: threes, 6: sixes, 5: fives}
    by_size[4] = (count - sum(size * n for size, n in by_size.items())) // 4
    return [size for size in MIXED_SIZES for _ in range(by_size[size])]


def _weight(tally: _Tally, a: int, b: int) -> int:
    """How much two players have shared a table: a pair for the k+1st time weighs more than
    several pairs for the kth (as movement_individuals groups its tables)."""
    k = _key(a, b)
    return _SPREAD_BASE ** (tally.partners.get(k, 0) + tally.opponents.get(k, 0)) - 1


def _choose(pool: list[int], count: int, tally: _Tally, times, share: tuple[int, int]) -> list[int]:
    """`count` of `pool`: fewest `times(p)` first; among equals, whoever has shared a table least
    with those already chosen, then the highest number. Up to _FEW_PLAYERS, then improved by
    exchanging a chosen player with one left over of the same `times` while that lowers the
    pairs' weight: every pair chosen counts fully, a pair left over `share` (num, den) of it (the
    chance that two of them meet: 3 in the others left at tables of four, all at one table)."""
    cache: dict[tuple[int, int], int] = {}

    def weight(a: int, b: int) -> int:
        found = cache.get((a, b))
        if found is None:
            found = cache[(a, b)] = cache[(b, a)] = _weight(tally, a, b)
        return found

    chosen: list[int] = []
    rest = list(pool)
    for _ in range(count):
        low = min(times(p) for p in rest)
        pick = min((p for p in rest if times(p) == low),
                   key=lambda p: (sum(weight(p, q) for q in chosen), -p))
        chosen.append(pick)
        rest.remove(pick)
    if len(pool) > _FEW_PLAYERS or not chosen or not rest:
        return chosen
    num, den = share
    level = times(chosen[-1])  # the last chosen came from the highest count that is chosen
    # Each player's summed weight with the chosen and with the rest, kept up to date on every exchange.
    with_chosen = {p: sum(weight(p, c) for c in chosen if c != p) for p in pool}
    with_rest = {p: sum(weight(p, r) for r in rest if r != p) for p in pool}
    for _ in range(_IMPROVE_PASSES):
        changed = False
        for x, a in enumerate(chosen):
            if times(a) != level:
                continue
            for y, b in enumerate(rest):
                if times(b) != level:
                    continue
                inside = with_chosen[b] - weight(b, a) - with_chosen[a]
                outside = with_rest[a] - weight(a, b) - with_rest[b]
                if inside * den + outside * num < 0:
                    chosen[x], rest[y] = b, a
                    for p in pool:
                        if p != a and p != b:
                            with_chosen[p] += weight(p, b) - weight(p, a)
                            with_rest[p] += weight(p, a) - weight(p, b)
                    for q in (a, b):
                        with_chosen[q] = sum(weight(q, c) for c in chosen if c != q)
                        with_rest[q] = sum(weight(q, r) for r in rest if r != q)
                    a = b
                    changed = True
        if not changed:
            break
    return chosen


def _away(tally: _Tally) -> Counter:
    """Player -> the rounds he has played at a table other than a four."""
    away: Counter = Counter()
    for (player, size), n in tally.sizes.items():
        if size != 4:
            away[player] += n
    return away


def _round(players: list[int], tally: _Tally, index: int, lean_first: bool) -> list[Seating]:
    sizes = table_sizes(len(players))
    away_sizes = [size for size in sizes if size != 4]
    left_at_fours = len(players) - sum(away_sizes)
    away = _choose(players, sum(away_sizes), tally, _away(tally).__getitem__, (3, max(left_at_fours - 1, 1)))
    tables: list[Seating] = []
    fours = [p for p in players if p not in away]
    for block in _blocks(fours, index) if fours else []:
        tables += _four_tables(_four_partners(block, tally, lean_first), tally, lean_first)
    left = sorted(away)
    for size in _AVOID:
        need = size * away_sizes.count(size)
        if not need:
            continue
        group = _choose(left, need, tally, lambda p, s=size: tally.sizes.get((p, s), 0), (1, 1))
        left = [p for p in left if p not in group]
        tables += _group_tables(sorted(group), tally, size)
    return tables


def _rounds(players: list[int], rounds: int, tally: _Tally, lean_first: bool,
            current: list[SeatedRound] | None = None) -> tuple[list[Round], set]:
    """The rounds, keeping a round of `current` that seats the same players at the same sizes."""
    tally = tally.copy()
    result: list[Round] = []
    kept: set = set()
    sizes = sorted(table_sizes(len(players)))
    for index in range(rounds):
        old = current[index] if current else None
        if old is not None and not old.byes and sorted(p for _, s in old.tables for p in s) == players \
                and sorted(len(s) for _, s in old.tables) == sizes:
            tables = [s for _, s in old.tables]
            kept.update((index, s) for s in tables)
        else:
            tables = _round(players, tally, index, lean_first)
        tally.add(tables, [])
        result.append((tables, []))
    return result, kept


def _away_unfair(candidate: list[Round], players: list[int], tally: _Tally) -> int:
    """How often a player went to a table other than a four while someone at a four had been
    away fewer times."""
    tally = tally.copy()
    unfair = 0
    for tables, byes in candidate:
        counts = _away(tally)
        at_fours = [counts[p] for s in tables if len(s) == 4 for p in s]
        if at_fours:
            least = min(at_fours)
            unfair += sum(1 for s in tables if len(s) != 4 for p in s if counts[p] > least)
        tally.add(tables, byes)
    return unfair


def _fairness(candidate: list[Round], players: list[int], tally: _Tally) -> tuple:
    return (_away_unfair(candidate, players, tally), *_score(candidate, players, tally))


def plan_mixed(numbers: list[int], rounds: int, *, first_round: int = 1,
               history: Iterable[SeatedRound] | None = None,
               current: list[SeatedRound] | None = None, six_handed: str | None = None) -> list[SeatedRound]:
    """Plan `rounds` rounds seating every one of `numbers` each round at tables of 3 to 6 (see
    table_sizes; two players make one table of two); deterministic for the same input, whatever
    its order. `history`, `current` and `six_handed` (the teams at a table of six, for 6 and 11
    players) as movement_individuals.plan."""
    players = sorted(numbers)
    if len(players) < MIXED_LEAST:
        raise ValueError(f"a mixed movement needs at least {MIXED_LEAST} players")
    check_players(players, MIXED_LEAST)
    check_six_handed(six_handed)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_MOVEMENT_ROUNDS:
        raise ValueError(f"a movement needs between 1 and {MAX_MOVEMENT_ROUNDS} rounds")
    if current is not None and len(current) != rounds:
        raise ValueError("the current plan must cover the rounds being planned")
    tally = _Tally.of(history or [], six_handed)
    leans = (False, True) if len(players) <= _FEW_PLAYERS else (True,)
    built = []
    for lean_first in leans:
        candidate, _ = _rounds(players, rounds, tally, lean_first)
        _seat(candidate, tally, set())
        built.append(candidate)
    chosen = min(built, key=lambda c: _fairness(c, players, tally))
    if current:
        adapted, kept = _rounds(players, rounds, tally, True, current)
        _seat(adapted, tally, kept)
        if _fairness(adapted, players, tally)[:5] <= _fairness(chosen, players, tally)[:5]:
            chosen = adapted
    order = {size: place for place, size in enumerate(MIXED_SIZES)}
    plans = []
    for index, (tables, _) in enumerate(chosen):
        ordered = sorted(tables, key=lambda s: (order[len(s)], min(s)))
        plans.append(SeatedRound(number=first_round + index,
                                 tables=[(t, s) for t, s in enumerate(ordered, start=1)], byes=[], mixed=True))
    return plans


def sizes_text(count: int) -> str:
    """"4 + 4 + 5": the tables a round of `count` players is seated at (the command's header)."""
    return " + ".join(str(size) for size in table_sizes(count))

