"""Movements for events of individuals: progressive four-handed play and tables of two, three,
five or six where each table is planned as a group (scoring.engine.movement_mixed mixes them).

Pure Python, no Django import, no database: player numbers in, SeatedRounds out. The movement of
partnerships (scoring.engine.movement) is not changed; its circle method is reused here. The
guarantees are listed in the README (Movements) and checked by tests/engine/test_movement_individuals.py.

Four-handed progressive (RULES.md section 6): partners sit opposite for one round only. Each round
is built in three steps, every step deterministic:
  1. who sits out (N mod 4 players): those who have sat out least; among equals, whoever takes
     most meetings out of the round, then the highest numbers first;
  2. partners: a perfect matching of the players seated that repeats no partner while another
     matching would not (greedy, then a bounded depth-first search under a rising ceiling of
     repeats), then improved by exchanges;
  3. tables: the partnerships are matched two by two so that the players who have met least as
     opponents meet now, then improved by exchanges.
Up to _FEW_PLAYERS players, several such plans are built (favouring fresh opponents or even
directions; for 4k or 4k + 1 players also one on the circle method's pairs, which never repeat a
partner within N - 1 rounds) and the best by _score is kept. Directions go N-S to the partnership
that has sat E-W more; a last pass flips whole tables while that evens the N-S and E-W counts.

Tables of two, three, five or six (each for himself at two and three; at five the partner is
called hand by hand; at six the teams follow the seats): the N mod size players who sit out are
chosen as above; the players seated each round are grouped greedily (each with those he has
shared a table with least) and the groups improved by exchanging players between tables; the
first seat goes to whoever has sat first least. At two, when nothing has been played, the circle
method's round robin is one of the candidates compared.

A re-plan (after a withdrawal or a late arrival) gets the rounds already played as `history` and
the plan being replaced as `current`, as the partnership movement does: the plan that keeps every
seat it can (see _adapted_rounds) wins unless a new plan is fairer.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable, Iterable
from dataclasses import dataclass, field
from itertools import combinations

from scoring.engine.movement import circle_pairings
from scoring.engine.vocabulary import MAX_INDIVIDUALS, MAX_MOVEMENT_ROUNDS, SEATS, gettext_noop

Pair = tuple[int, int]
Seating = tuple[int, ...]  # four-handed: (n, e, s, w); other sizes: the seats "1".."N" in order

SEAT_COUNTS = (2, 3, 4, 5, 6)
SEAT_KEYS = tuple(seat.lower() for seat in SEATS)  # "n", "e", "s", "w": the event file's keys

_SEARCH_BUDGET = 4_000  # nodes per matching search before allowing a costlier pairing
_IMPROVE_PASSES = 6  # exchange passes per round; each pass that changes nothing ends the loop
_SPREAD_BASE = 8  # a pair meeting for the k+1st time weighs more than 4 pairs meeting for the kth
_FEW_PLAYERS = 48  # up to this many players, four-handed plans compare four candidates, beyond it one
_BLOCK = 128  # four-handed matchings run on at most this many players at once (see _blocks)
_COMPONENT = 1_000_000  # the place value of each further component of a cost (each far below it)


@dataclass
class SeatedRound:
    number: int
    tables: list[tuple[int, Seating]] = field(default_factory=list)  # (table, seats)
    byes: list[int] = field(default_factory=list)
    # A round of mixed table sizes (movement_mixed): every table, a four too, is written as its
    # list of seats. Not compared: the tables say everything about who sits where.
    mixed: bool = field(default=False, compare=False)

    def as_dict(self) -> dict:
        """The event file's round shape: {"table", "n", "e", "s", "w"} or {"table", "seats"}."""
        tables = []
        for table, seats in self.tables:
            if len(seats) == 4 and not self.mixed:
                tables.append({"table": table, **dict(zip(SEAT_KEYS, seats))})
            else:
                tables.append({"table": table, "seats": list(seats)})
        return {"number": self.number, "tables": tables, "byes": list(self.byes)}

    @classmethod
    def from_dict(cls, data: dict) -> SeatedRound:
        """The inverse of as_dict (the caller has checked the shape)."""
        tables = []
        for row in data["tables"]:
            seats = tuple(row["seats"]) if "seats" in row else tuple(row[key] for key in SEAT_KEYS)
            tables.append((row["table"], seats))
        # Only a mixed round writes a table of four as a list of seats.
        mixed = any(len(row.get("seats", ())) == 4 for row in data["tables"])
        return cls(data["number"], tables, list(data.get("byes", [])), mixed=mixed)


def _key(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


# Six-handed teams by seat index (RULES.md section 7; the event file's "six_handed"): three teams
# of two sit opposite (seats 1 and 4, 2 and 5, 3 and 6); two teams of three alternate (1, 3, 5 and
# 2, 4, 6). Turning a table (the first seat going round) keeps both.
SIX_TEAMS = {"three-pairs": ((0, 3), (1, 4), (2, 5)), "two-threes": ((0, 2, 4), (1, 3, 5))}


def partners_of(seats: Seating, six_handed: str | None = None) -> list[Pair]:
    """Four-handed: N with S, E with W. At six with `six_handed` (a key of SIX_TEAMS): each team's
    pairs. Other tables: nobody (at five the partner is called hand by hand)."""
    if len(seats) == 4:
        return [_key(seats[0], seats[2]), _key(seats[1], seats[3])]
    if six_handed and len(seats) == 6:
        return [_key(seats[i], seats[j]) for team in SIX_TEAMS[six_handed] for i, j in combinations(team, 2)]
    return []


def opponents_of(seats: Seating, six_handed: str | None = None) -> list[Pair]:
    """Every pair at the table that plays against each other (other sizes: every pair not
    partners by partners_of; at five the partners change hand by hand)."""
    if len(seats) == 4:
        n, e, s, w = seats
        return [_key(n, e), _key(n, w), _key(s, e), _key(s, w)]
    partners = set(partners_of(seats, six_handed))
    return [k for k in (_key(a, b) for a, b in combinations(seats, 2)) if k not in partners]


@dataclass
class _Tally:
    """What a run of rounds says: partners, opponents, N-S minus E-W, sit-outs, first seats."""

    partners: Counter = field(default_factory=Counter)
    opponents: Counter = field(default_factory=Counter)
    diff: Counter = field(default_factory=Counter)
    byes: Counter = field(default_factory=Counter)
    first: Counter = field(default_factory=Counter)  # N or E (four-handed), the first seat (three)
    sat_with: Counter = field(default_factory=Counter)  # pairs of players who sat out together
    met: Counter = field(default_factory=Counter)  # player -> partners and opponents, counted with repeats
    sizes: Counter = field(default_factory=Counter)  # (player, table size) -> rounds at a table of that size
    six_handed: str | None = None  # the teams at a table of six (a key of SIX_TEAMS), or none

    @classmethod
    def of(cls, rounds: Iterable[SeatedRound], six_handed: str | None = None) -> _Tally:
        tally = cls(six_handed=six_handed)
        for rnd in rounds:
            tally.add([seats for _, seats in rnd.tables], rnd.byes)
        return tally

    def copy(self) -> _Tally:
        return _Tally(Counter(self.partners), Counter(self.opponents), Counter(self.diff), Counter(self.byes),
                      Counter(self.first), Counter(self.sat_with), Counter(self.met), Counter(self.sizes),
                      self.six_handed)

    def add(self, tables: list[Seating], byes: Iterable[int]) -> None:
        for seats in tables:
            self.partners.update(partners_of(seats, self.six_handed))
            self.opponents.update(opponents_of(seats, self.six_handed))
            self.met.update(seats * (len(seats) - 1))
            self.sizes.update((p, len(seats)) for p in seats)
            self.first[seats[0]] += 1
            if len(seats) == 4:
                self.first[seats[1]] += 1
                for player in seats[0::2]:
                    self.diff[player] += 1
                for player in seats[1::2]:
                    self.diff[player] -= 1
        self.byes.update(byes)
        self.sat_with.update(_key(a, b) for a, b in combinations(byes, 2))


def _sitters(players: list[int], count: int, tally: _Tally, prefer: frozenset = frozenset()) -> list[int]:
    """Fewest sit-outs first. Among equals: whoever is in `prefer` (a re-plan's players who lost
    their table); then whoever takes most meetings out of the round (has met the most players,
    and not those already chosen to sit out), so that the players left at the tables have met
    each other least; then whoever has sat out least with those chosen; then from the highest
    number down (as the partnership circle)."""
    chosen: list[int] = []
    for _ in range(count):
        rest = [p for p in players if p not in chosen]
        low = min(tally.byes[p] for p in rest)

        def key(p: int) -> tuple:
            removed = tally.met[p] - sum(tally.partners[_key(p, q)] + tally.opponents[_key(p, q)] for q in chosen)
            return (p not in prefer, -removed, sum(tally.sat_with[_key(p, q)] for q in chosen), -p)

        chosen.append(min((p for p in rest if tally.byes[p] == low), key=key))
    return chosen


# ---------------------------------------------------------------- matching (partners, then tables)


def _weight(cost: tuple) -> int:
    """One number for a cost tuple of small whole numbers, compared as the tuple is, except that
    the first component counts exponentially: one pair at k + 1 weighs more than several at k."""
    total = _SPREAD_BASE ** cost[0]
    for part in cost[1:]:
        total = total * _COMPONENT + part
    return total


def _matching(nodes: list, cost: Callable[[Hashable, Hashable], tuple]) -> list[tuple]:
    """A perfect matching of `nodes` (an even count) that keeps the costliest pair's first cost
    component as low as it can, then improved by exchanges between two pairs.

    A greedy pass in a fixed order first; when it gets stuck, a depth-first search (most
    constrained node first) under a rising ceiling; the search budget keeps it fast and the last
    ceiling allows every pair, so it always returns a matching."""
    if not nodes:
        return []
    ceilings: dict = {node: {} for node in nodes}
    weights: dict = {node: {} for node in nodes}
    for a, b in combinations(nodes, 2):
        c = cost(a, b)
        ceilings[a][b] = ceilings[b][a] = c[0]
        weights[a][b] = weights[b][a] = _weight(c)
    levels = sorted({c for row in ceilings.values() for c in row.values()})
    found = None
    for ceiling in levels:
        found = _greedy(nodes, ceilings, weights, ceiling)
        if found is None:
            allowed = {a: sorted((b for b, c in row.items() if c <= ceiling), key=lambda b, w=weights[a]: (w[b], b))
                       for a, row in ceilings.items()}
            found = _search(nodes, allowed, None if ceiling == levels[-1] else _SEARCH_BUDGET)
        if found is not None:
            break
    if found is None:  # pragma: no cover - the last ceiling allows every pair
        raise AssertionError("unreachable: the last ceiling allows every pair")
    return _improve(found, weights)


def _greedy(nodes: list, ceilings: dict, weights: dict, ceiling: int) -> list[tuple] | None:
    """Most constrained node first (by its allowed pairs at the start), each with its cheapest
    free allowed mate; None when a node is left without one."""
    degree = {n: sum(1 for c in ceilings[n].values() if c <= ceiling) for n in nodes}
    free = set(nodes)
    found = []
    for node in sorted(nodes, key=lambda n: (degree[n], n)):
        if node not in free:
            continue
        free.discard(node)
        row, weight = ceilings[node], weights[node]
        options = [(weight[m], m) for m in free if row[m] <= ceiling]
        if not options:
            return None
        mate = min(options)[1]
        free.discard(mate)
        found.append((node, mate))
    return found


def _search(nodes: list, allowed: dict, budget: int | None) -> list[tuple] | None:
    neighbours = {n: set(m) for n, m in allowed.items()}
    left = [budget if budget is not None else 10**9]

    def search(free: frozenset) -> list[tuple] | None:
        if not free:
            return []
        left[0] -= 1
        if left[0] < 0:
            return None
        node = min(free, key=lambda n: (len(neighbours[n] & free), n))
        for mate in allowed[node]:
            if mate in free:
                rest = search(free - {node, mate})
                if rest is not None:
                    return [(node, mate), *rest]
        return None

    return search(frozenset(nodes))


def _improve(found: list[tuple], weights: dict) -> list[tuple]:
    """Exchange partners between two matched pairs while that lowers their summed weight."""
    found = list(found)
    for _ in range(_IMPROVE_PASSES):
        changed = False
        for i in range(len(found)):
            for j in range(i + 1, len(found)):
                a, b = found[i]
                c, d = found[j]
                wa, wb = weights[a], weights[b]
                now = wa[b] + weights[c][d]
                if wa[c] + wb[d] < now:
                    found[i], found[j] = (a, c), (b, d)
                    changed = True
                elif wa[d] + wb[c] < now:
                    found[i], found[j] = (a, d), (b, c)
                    changed = True
        if not changed:
            break
    return found


# ---------------------------------------------------------------- four-handed


def _four_tables(pairs: list[Pair], tally: _Tally, lean_first: bool = False) -> list[Seating]:
    """Match the partnerships into tables (fewest repeat opponents) and give each a direction."""
    opponents, diff = tally.opponents, tally.diff

    lean = {x: diff.get(x[0], 0) + diff.get(x[1], 0) for x in pairs}

    def cost(x: Pair, y: Pair) -> tuple:
        cross = [opponents.get((p, q) if p < q else (q, p), 0) for p in x for q in y]
        clash = 1 if lean[x] * lean[y] > 0 else 0
        spread = sum(c * c for c in cross)
        return (max(cross), clash, spread) if lean_first else (max(cross), spread, clash)

    tables = []
    for x, y in _matching(sorted(pairs), cost):
        # N-S to the partnership leaning E-W; on a tie, to the one holding the lower number.
        ns, ew = (x, y) if (diff[x[0]] + diff[x[1]], min(x)) < (diff[y[0]] + diff[y[1]], min(y)) else (y, x)
        tables.append((ns[0], ew[0], ns[1], ew[1]))
    return tables


def _four_partners(playing: list[int], tally: _Tally, lean_first: bool = False) -> list[Pair]:
    partners, opponents = tally.partners, tally.opponents
    lean = {p: tally.diff.get(p, 0) for p in playing}

    def cost(a: int, b: int) -> tuple:
        # Prefer partners who have met as opponents most: the players across the table are fresher.
        k = (a, b) if a < b else (b, a)
        clash = 1 if lean[a] * lean[b] < 0 else 0
        partnered, met = partners.get(k, 0), opponents.get(k, 0)
        return (partnered, clash, -met) if lean_first else (partnered, -met, clash)

    return [_key(a, b) for a, b in _matching(playing, cost)]


def _four_rounds(players: list[int], rounds: int, tally: _Tally, *, circle: bool,
                 lean_first: bool) -> list[tuple[list[Seating], list[int]]]:
    """Round by round: sit-outs, partners (the circle method's pairs when `circle`), tables."""
    tally = tally.copy()
    result = []
    cycle = circle_pairings(players) if circle else None
    for index in range(rounds):
        if cycle is not None:
            pairs = [_key(a, b) for a, b in cycle[index % len(cycle)] if a is not None and b is not None]
            byes = [a if b is None else b for a, b in cycle[index % len(cycle)] if a is None or b is None]
            tables = _four_tables(pairs, tally, lean_first)
        else:
            byes = _sitters(players, len(players) % 4, tally)
            tables = []
            for block in _blocks([p for p in players if p not in byes], index):
                tables += _four_tables(_four_partners(block, tally, lean_first), tally, lean_first)
        tally.add(tables, byes)
        result.append((tables, byes))
    return result


def _blocks(playing: list[int], index: int) -> list[list[int]]:
    """Above _BLOCK players, the matchings run on blocks of _BLOCK (a multiple of four), drawn
    afresh each round from a fixed-seed shuffle, so the work grows with the players, not their
    square; up to _BLOCK, one block (every guarantee in the README is checked up to 120)."""
    if len(playing) <= _BLOCK:
        return [playing]
    order = list(playing)
    random.Random(index).shuffle(order)
    count = -(-len(order) // _BLOCK)
    size = -(-len(order) // count // 4) * 4
    return [sorted(order[start:start + size]) for start in range(0, len(order), size)]


# ---------------------------------------------------------------- tables of two, three, five or six


def _group_tables(playing: list[int], tally: _Tally, size: int) -> list[Seating]:
    """Group `playing` (a multiple of `size`) into tables of `size`: greedily, each table's first
    free player with those he has shared a table with least, then exchanges of two players
    between tables while that lowers the repeats (a pair sharing a table for the k+1st time
    weighs more than several pairs for the kth). Sharing a table as partners at a four counts."""
    together, partnered = tally.opponents, tally.partners
    weights: dict[Pair, int] = {}

    def weight(a: int, b: int) -> int:
        k = (a, b) if a < b else (b, a)
        found = weights.get(k)
        if found is None:
            found = weights[k] = _SPREAD_BASE ** (together.get(k, 0) + partnered.get(k, 0)) - 1
        return found

    groups = [tuple(sorted(g)) for g in _grouped(playing, weight, size)]
    if size == 6 and tally.six_handed:
        groups = [_teamed(g, tally) for g in groups]
    return groups


def _teamed(group: Seating, tally: _Tally) -> Seating:
    """The six players (in number order) in the seat order whose teams (SIX_TEAMS) repeat fewest
    partnerships: of the 15 ways to pair them, or the 10 to split them in two threes, the one
    whose pairs weigh least (a pair partnering for the k+1st time more than several for the kth);
    among equals, the first found."""
    first, rest = group[0], group[1:]
    orders = []
    if tally.six_handed == "three-pairs":
        for b in rest:
            left = [p for p in rest if p != b]
            for d in left[1:]:
                e, f = [p for p in left[1:] if p != d]
                orders.append((first, left[0], e, b, d, f))  # teams: seats 1 and 4, 2 and 5, 3 and 6
    else:
        for x, y in combinations(rest, 2):
            u, v, w = [p for p in rest if p not in (x, y)]
            orders.append((first, u, x, v, y, w))  # teams: seats 1, 3, 5 and 2, 4, 6
    return min(orders, key=lambda order: sum(_SPREAD_BASE ** tally.partners[k]
                                             for k in partners_of(order, tally.six_handed)))


def _grouped(playing: list[int], weight: Callable[[int, int], int], size: int) -> list[list[int]]:
    """One grouping: greedy from the first free player, then improved by exchanges."""

    def group_cost(group: list[int]) -> int:
        return sum(weight(a, b) for a, b in combinations(group, 2))

    free = sorted(playing)
    groups: list[list[int]] = []
    while free:
        group = [free.pop(0)]
        while len(group) < size:
            # The lowest number among those the table weighs least with: free is in number order,
            # so the first who has met nobody at the table is it (most of a large field).
            best, least = free[0], None
            for p in free:
                cost = sum(weight(m, p) for m in group)
                if least is None or cost < least:
                    best, least = p, cost
                    if not cost:
                        break
            free.remove(best)
            group.append(best)
        groups.append(group)
    costs = [group_cost(g) for g in groups]
    for _ in range(_IMPROVE_PASSES):
        changed = False
        for i in range(len(groups)):
            for j in range(i + 1, len(groups)):
                if not costs[i] and not costs[j]:
                    continue
                gi, gj = groups[i], groups[j]
                for x in range(size):
                    for y in range(size):
                        a, b = gi[x], gj[y]
                        # The change in cost when a and b change tables.
                        delta = (sum(weight(b, m) - weight(a, m) for m in gi if m != a)
                                 + sum(weight(a, m) - weight(b, m) for m in gj if m != b))
                        if delta < 0:
                            gi[x], gj[y] = b, a
                            costs[i], costs[j] = group_cost(gi), group_cost(gj)
                            changed = True
        if not changed:
            break
    return groups


def _group_rounds(players: list[int], rounds: int, tally: _Tally, size: int,
                  circle: bool = False) -> list[tuple[list[Seating], list[int]]]:
    """Round by round: the sit-outs, then the tables (at two, the circle's pairs when `circle`)."""
    tally = tally.copy()
    result = []
    cycle = circle_pairings(players) if circle else None
    for index in range(rounds):
        if cycle is not None:
            pairs = cycle[index % len(cycle)]
            tables = [_key(a, b) for a, b in pairs if a is not None and b is not None]
            byes = [a if b is None else b for a, b in pairs if a is None or b is None]
        else:
            byes = _sitters(players, len(players) % size, tally)
            tables = _group_tables([p for p in players if p not in byes], tally, size)
        tally.add(tables, byes)
        result.append((tables, byes))
    return result


# ---------------------------------------------------------------- re-plans


def _adapted_rounds(players: list[int], seats: int, current: list[SeatedRound],
                    tally: _Tally) -> tuple[list[tuple[list[Seating], list[int]]], set]:
    """The plan already printed, changed as little as possible. The sit-outs stay fair (among
    equals they go to players whose table lost someone, or who had none). Every seat whose player
    is still playing keeps him; a table that everyone left goes; the empty seats (a withdrawn
    player's, a new sit-out's) are filled one by one by the players left over (the planned
    sit-outs, a late arrival): whoever repeats fewest partners and meetings there, or, when that
    is better, a player moved from another table whose seat the newcomer takes. When the number
    of tables changes, the tables with an empty seat are seated afresh with the players left over."""
    present = set(players)
    tally = tally.copy()
    result, kept_tables = [], set()
    for index, rnd in enumerate(current):
        planned = [list(s) for _, s in rnd.tables if len(s) == seats]
        intact = {p for s in planned if set(s) <= present for p in s}
        byes = _sitters(players, len(players) % seats, tally, frozenset(present - intact))
        playing = present - set(byes)
        planned = [s for s in planned if set(s) & playing]
        holes = [(t, i) for t, s in enumerate(planned) for i, p in enumerate(s) if p not in playing]
        loose = sorted(playing - {p for s in planned for p in s})
        if len(loose) == len(holes):
            for t, i in holes:
                _fill(planned, t, i, loose, {h for h, _ in holes}, tally)
            # Seats stay as printed, the directions too: the N-S/E-W pass leaves these tables alone.
            tables = kept = [tuple(s) for s in planned]
        else:
            broken = {t for t, _ in holes}
            kept = [tuple(s) for t, s in enumerate(planned) if t not in broken]
            loose = sorted(playing - {p for s in kept for p in s})
            if seats == 4:
                new = _four_tables(_four_partners(loose, tally), tally) if loose else []
            else:
                new = _group_tables(loose, tally, seats) if loose else []
            tables = kept + new
        kept_tables.update((index, s) for s in kept)
        tally.add(tables, byes)
        result.append((tables, byes))
    return result, kept_tables


def _fill(planned: list[list[int]], t: int, i: int, loose: list[int], broken: set, tally: _Tally) -> None:
    """Seat one of `loose` at seat i of table t, or move there a player from an unbroken table
    and seat the loose player in his place, whichever repeats fewer partners and meetings."""
    options = []
    for p in loose:
        options.append((_seat_cost(planned[t], i, p, tally), 0, p, None))
        for u, other in enumerate(planned):
            if u in broken:
                continue
            for j, q in enumerate(other):
                there = _seat_cost(other, j, p, tally)
                here = _seat_cost(planned[t], i, q, tally)
                options.append(((here[0] + there[0], here[1] + there[1]), 1, p, (u, j)))
    _, _, p, move = min(options, key=lambda o: (o[0], o[1], o[2], o[3] or (0, 0)))
    loose.remove(p)
    if move is None:
        planned[t][i] = p
    else:
        u, j = move
        planned[t][i], planned[u][j] = planned[u][j], p


def _seat_cost(table: list[int], seat: int, player: int, tally: _Tally) -> tuple:
    """Repeat partners, then meetings, that seating `player` at `seat` of `table` would make."""
    others = [p for i, p in enumerate(table) if i != seat]
    partner = table[(seat + 2) % 4] if len(table) == 4 else None
    partnered = tally.partners[_key(player, partner)] if partner is not None else 0
    met = sum(tally.opponents[_key(player, p)] for p in others if p != partner)
    return (partnered, met)


def _score(candidate, players: list[int], tally: _Tally) -> tuple:
    """Lower is better: unfair sit-outs, repeat partners, the most partnerships of one pair, the
    most meetings of one pair (as opponents or at a three-handed table), their spread, the worst
    N-S/E-W imbalance, then the sums of squares (the evenness of the rest)."""
    tally = tally.copy()
    unfair = 0
    for tables, byes in candidate:
        waiting = [tally.byes[p] for p in players if p not in byes]
        unfair += sum(1 for p in byes if waiting and tally.byes[p] > min(waiting))
        tally.add(tables, byes)
    pairs = [_key(a, b) for a, b in combinations(players, 2)]
    partnered = [tally.partners[k] for k in pairs]
    met = [tally.opponents[k] for k in pairs]
    imbalance = [abs(tally.diff[p]) for p in players]
    return (unfair, sum(max(0, c - 1) for c in partnered), max(partnered), max(met), max(met) - min(met),
            max(imbalance), sum(c * c for c in met), sum(d * d for d in imbalance))


# ---------------------------------------------------------------- directions and first seats


def _strain(d: int) -> int:
    """How bad an N-S minus E-W count is: the fourth power, so the worst imbalance goes first."""
    return d ** 4


def _flip_change(seats: Seating) -> Counter:
    """What flipping a table (N-S <-> E-W) does to its players' N-S minus E-W counts."""
    n, e, s, w = seats
    return Counter({n: -2, s: -2, e: 2, w: 2})


def _gain(diff: Counter, change: Counter) -> int:
    return sum(_strain(diff[p] + d) - _strain(diff[p]) for p, d in change.items())


def _balance(plan: list[tuple[list[Seating], list[int]]], tally: _Tally, fixed: set) -> None:
    """Flip four-handed tables (N-S <-> E-W), one at a time or two together when one alone does
    not help the worst-off player, while that brings the N-S minus E-W counts closer to zero (the
    sum of their fourth powers falls with every flip, so this ends); then seat at N (and E)
    whoever of the two partners has sat there less."""
    diff = Counter(tally.diff)
    free = []  # (round index, table index) of the tables that may be flipped
    for index, (tables, _) in enumerate(plan):
        for t, seats in enumerate(tables):
            if len(seats) != 4:  # a mixed round's other tables have no directions
                continue
            n, e, s, w = seats
            diff.update({n: 1, s: 1, e: -1, w: -1})
            if (index, seats) not in fixed:
                free.append((index, t))

    def flip(index: int, t: int) -> None:
        n, e, s, w = plan[index][0][t]
        plan[index][0][t] = (e, n, w, s)
        diff.update(_flip_change((n, e, s, w)))

    changed = True
    while changed:
        changed = False
        for index, t in free:
            if _gain(diff, _flip_change(plan[index][0][t])) < 0:
                flip(index, t)
                changed = True
        worst = max((abs(diff[p]) for cell in free for p in plan[cell[0]][0][cell[1]]), default=0)
        if changed or worst <= 2:
            continue
        for a, cell in enumerate(free):
            first_change = _flip_change(plan[cell[0]][0][cell[1]])
            if not any(abs(diff[p]) == worst and abs(diff[p] + d) < worst for p, d in first_change.items()):
                continue
            for other in free[a + 1:]:
                both = Counter(first_change)
                both.update(_flip_change(plan[other[0]][0][other[1]]))
                if _gain(diff, both) < 0:
                    flip(*cell)
                    flip(*other)
                    changed = True
                    break
            if changed:
                break
    first = Counter(tally.first)
    for index, (tables, _) in enumerate(plan):
        for t, seats in enumerate(tables):
            if len(seats) != 4:
                continue
            n, e, s, w = seats
            if (index, seats) not in fixed:
                n, s = sorted((n, s), key=lambda p: (first[p], p))
                e, w = sorted((e, w), key=lambda p: (first[p], p))
                tables[t] = (n, e, s, w)
            first.update((n, e))


def _seat(plan: list[tuple[list[Seating], list[int]]], tally: _Tally, fixed: set) -> None:
    """Directions at the tables of four, first seats at the others (a mixed round has both)."""
    _balance(plan, tally, fixed)
    _rotate_first(plan, tally, fixed)


def _rotate_first(plan: list[tuple[list[Seating], list[int]]], tally: _Tally, fixed: set) -> None:
    """Seat first at each table other than a four whoever has sat first least (seats keep their
    order around the table)."""
    first = Counter(tally.first)
    for index, (tables, _) in enumerate(plan):
        for t, seats in enumerate(tables):
            if len(seats) == 4:
                continue
            if (index, seats) not in fixed:
                start = min(range(len(seats)), key=lambda i: (first[seats[i]], seats[i]))
                seats = seats[start:] + seats[:start]
                tables[t] = seats
            first[seats[0]] += 1


# ---------------------------------------------------------------- the plan


def check_players(players: list[int], seats: int) -> None:
    """Raise ValueError, naming the problem, unless `players` can make a movement of `seats`."""
    if isinstance(seats, bool) or seats not in SEAT_COUNTS:
        raise ValueError("seats must be 2, 3, 4 (four-handed progressive), 5 or 6")
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in players):
        raise ValueError("player numbers must be whole numbers from 1 up")
    if len(set(players)) != len(players):
        raise ValueError("a player number appears twice")
    if len(players) < seats:
        raise ValueError(f"a movement at tables of {seats} needs at least {seats} players")
    if len(players) > MAX_INDIVIDUALS:
        raise ValueError(f"a movement takes at most {MAX_INDIVIDUALS} players")


def check_six_handed(six_handed: str | None, seats: int | None = 6) -> None:
    """Raise ValueError unless `six_handed` is None or a key of SIX_TEAMS at tables of six."""
    if six_handed is None:
        return
    if six_handed not in SIX_TEAMS:
        raise ValueError(f"six_handed must be one of {', '.join(SIX_TEAMS)}")
    if seats != 6:
        raise ValueError("six_handed goes with tables of six")


def plan(players: list[int], rounds: int, *, seats: int, first_round: int = 1,
         history: Iterable[SeatedRound] | None = None,
         current: list[SeatedRound] | None = None, six_handed: str | None = None) -> list[SeatedRound]:
    """Plan `rounds` rounds for the given player numbers at tables of `seats` (2, 3, 4, 5 or 6);
    deterministic for the same input, whatever its order.

    `history` is the rounds already played, in order (it may name players who have since
    withdrawn): the plan avoids their partners and meetings, gives the next sit-outs to those who
    have sat out least, and balances directions over history and plan together. `current` is the
    plan being replaced, for the same rounds: when changing it a little is as fair as any new
    plan, the little change wins, so printed movement cards mostly stay right. `six_handed`
    ("three-pairs" or "two-threes", seats=6 only) seats each table of six so that its teams
    (SIX_TEAMS) repeat fewest partnerships; without it the seats of a six are in number order,
    turned.
    """
    players = sorted(players)
    check_players(players, seats)
    check_six_handed(six_handed, seats)
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_MOVEMENT_ROUNDS:
        raise ValueError(f"a movement needs between 1 and {MAX_MOVEMENT_ROUNDS} rounds")
    if current is not None and len(current) != rounds:
        raise ValueError("the current plan must cover the rounds being planned")
    history = list(history or [])
    tally = _Tally.of(history, six_handed)
    fresh = not history and not current
    if seats == 4:
        circles = (True, False) if fresh and len(players) % 4 in (0, 1) else (False,)
        leans = (False, True)
        if len(players) > _FEW_PLAYERS:
            # Plenty of fresh opponents: one candidate is enough. Partners chosen round by round
            # can follow the directions, and never repeat while the rounds are at most half the
            # players (a Dirac bound); beyond that the circle's pairs are the safe choice.
            circles = circles[:1] if rounds > len(players) // 2 else (False,)
            leans = (True,)
        built = [_four_rounds(players, rounds, tally, circle=circle, lean_first=lean_first)
                 for circle in circles for lean_first in leans]
    else:
        # At two, nothing played yet: the circle's round robin is compared with the grouping.
        circles = (False, True) if fresh and seats == 2 else (False,)
        built = [_group_rounds(players, rounds, tally, seats, circle) for circle in circles]
    for candidate in built:
        _seat(candidate, tally, set())
    chosen = built[0] if len(built) == 1 else min(built, key=lambda c: _score(c, players, tally))
    if current:
        adapted, kept = _adapted_rounds(players, seats, current, tally)
        _seat(adapted, tally, kept)
        # The smallest change wins unless a new plan is fairer, repeats fewer partners or has
        # fewer meetings of the most-met pair.
        if _score(adapted, players, tally)[:4] <= _score(chosen, players, tally)[:4]:
            chosen = adapted
    plans = []
    for index, (tables, byes) in enumerate(chosen):
        ordered = sorted(tables, key=min)
        plans.append(SeatedRound(
            number=first_round + index,
            tables=[(t, s) for t, s in enumerate(ordered, start=1)],
            byes=sorted(byes),
        ))
    return plans


def schedule_text(plans: list[SeatedRound], six_handed: str | None = None) -> str:
    """The plan as plain text, one line per round (what the movement command prints): a four as
    partners v partners, a six with `six_handed` as its teams ("1&4 v 2&5 v 3&6"), any other table
    its players in seat order."""
    lines = []
    for rnd in plans:
        cells = []
        for table, seats in rnd.tables:
            if len(seats) == 4:
                n, e, s, w = seats
                cells.append(f"T{table}: {n}&{s} v {e}&{w}")
            elif six_handed and len(seats) == 6:
                teams = ["&".join(str(seats[i]) for i in team) for team in SIX_TEAMS[six_handed]]
                cells.append(f"T{table}: {' v '.join(teams)}")
            else:
                cells.append(f"T{table}: {' '.join(map(str, seats))}")
        byes = f"  sit out: {', '.join(map(str, rnd.byes))}" if rnd.byes else ""
        lines.append(f"Round {rnd.number:>2}  {'  '.join(cells)}{byes}")
    return "\n".join(lines)


# The words of a movement grid's cells for players, translated by the pages and English here.
GRID_WORDS = {"four": gettext_noop("T%(table)s %(seat)s with %(partner)s v %(left)s & %(right)s"),
              "three": gettext_noop("T%(table)s seat %(seat)s with %(others)s"), "bye": gettext_noop("sits out")}


def grid_cells(plans: list[SeatedRound], players: Iterable[int], translate: Callable[[str], str] = str,
               seat_name: Callable[[str], str] = str) -> dict[int, list[tuple[str, str]]]:
    """Player -> one (kind, text) cell per round: ("table", "T3 N with 7 v 2 & 9") four-handed (seat,
    partner, opponents), ("table", "T3 seat 2 with 4 & 9") three-handed, ("bye", "sits out") or
    ("absent", ""); the words go through `translate` and the seat letters through `seat_name`."""
    words = {key: translate(text) for key, text in GRID_WORDS.items()}
    rows = {p: [("absent", "")] * len(plans) for p in players}
    for index, rnd in enumerate(plans):
        for table, seats in rnd.tables:
            for position, player in enumerate(seats):
                if player not in rows:
                    continue
                if len(seats) == 4:
                    left, right = sorted((seats[(position + 1) % 4], seats[(position + 3) % 4]))
                    text = words["four"] % {"table": table, "seat": seat_name(SEATS[position]),
                                            "partner": seats[(position + 2) % 4], "left": left, "right": right}
                else:
                    text = words["three"] % {"table": table, "seat": position + 1,
                                             "others": " & ".join(str(p) for p in seats if p != player)}
                rows[player][index] = ("table", text)
        for bye in rnd.byes:
            if bye in rows:
                rows[bye][index] = ("bye", words["bye"])
    return rows


def grid(plans: list[SeatedRound], players: Iterable[int]) -> dict[int, list[str]]:
    """Player -> one cell per round: "T3 N with 7 v 2 & 9", "T3 seat 2 with 4 & 9", "sits out"
    or "" (absent)."""
    return {p: [text for _kind, text in cells] for p, cells in grid_cells(plans, players).items()}
