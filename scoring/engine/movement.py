"""Movements: who plays whom in each round, at which table and in which direction.

Pure Python, no Django import, no database: numbers in, RoundPlans out.

A fresh plan is the circle method (Berger tables): with an even number of partnerships everyone
meets every other partnership once in n - 1 rounds; with an odd number a phantom is added and
whoever meets it sits out, so everyone sits out once before anyone sits out twice. Longer
sessions repeat the cycle, which spreads repeat meetings evenly (no pair meets k + 1 times while
another has met k - 1 times) and never repeats an opponent in consecutive rounds from three
partnerships up.

A re-plan (after a withdrawal or a late arrival) gets the rounds already played as `history`.
Several deterministic candidates are built (the circle method over different orderings, and a
greedy round-by-round matching), and the one that repeats the fewest played meetings, keeps the
sit-outs fair and avoids last round's opponent wins.

Directions are chosen last, over the whole plan: first round by round (N-S to whoever has sat
N-S less, so directions alternate), then repaired so that every partnership's N-S count minus
its E-W count ends within one (always possible: orient along an Euler tour).
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field

from scoring.engine.vocabulary import MAX_MOVEMENT_ROUNDS, MAX_PARTNERSHIPS, gettext_noop

Pair = tuple[int, int]

_CANDIDATE_ORDERINGS = 24  # shuffles tried when re-planning; fixed seeds keep it deterministic
_SEARCH_BUDGET = 20_000  # nodes per matching search before allowing a costlier pairing


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

    def pairs(self) -> list[Pair]:
        return [(ns, ew) for _, ns, ew in self.tables]


def _key(a: int, b: int) -> Pair:
    return (a, b) if a < b else (b, a)


@dataclass
class _Past:
    """What the rounds already played say: meetings, directions, sit-outs, last opponents."""

    meetings: Counter = field(default_factory=Counter)
    ns: Counter = field(default_factory=Counter)
    ew: Counter = field(default_factory=Counter)
    byes: Counter = field(default_factory=Counter)
    last_pairs: set = field(default_factory=set)

    @classmethod
    def of(cls, history: Iterable[RoundPlan], ns_counts: dict[int, int] | None) -> _Past:
        past = cls()
        for rnd in history:
            past.last_pairs = set()
            for ns, ew in rnd.pairs():
                past.meetings[_key(ns, ew)] += 1
                past.ns[ns] += 1
                past.ew[ew] += 1
                past.last_pairs.add(_key(ns, ew))
            for bye in rnd.byes:
                past.byes[bye] += 1
        for number, count in (ns_counts or {}).items():
            past.ns[number] += count
        return past


def circle_pairings(players: list[int]) -> list[list[tuple[int | None, int | None]]]:
    """One full cycle of round-robin pairings; None is the phantom (a sit-out).

    The phantom, when there is one, is the fixed point, so the sit-outs come in the reverse of
    the given order: players[-1] first, then players[-2], and so on.
    """
    field_: list[int | None] = ([None] if len(players) % 2 else []) + list(players)
    n = len(field_)
    cycle = []
    for _ in range(n - 1):
        cycle.append([(field_[i], field_[n - 1 - i]) for i in range(n // 2)])
        field_ = [field_[0], field_[-1], *field_[1:-1]]  # rotate all but the first
    return cycle


def _circle_rounds(order: list[int], rounds: int) -> list[tuple[list[Pair], list[int]]]:
    cycle = circle_pairings(order)
    result = []
    for index in range(rounds):
        pairs, byes = [], []
        for a, b in cycle[index % len(cycle)]:
            if a is None or b is None:
                byes.append(a if b is None else b)
            else:
                pairs.append(_key(a, b))
        result.append((pairs, byes))
    return result


def _meeting_cost(meetings: Counter, last: set) -> Callable[[int, int], int]:
    """What pairing two partnerships costs: 3 for each earlier meeting, 1 more if they met last round."""

    def cost(a: int, b: int) -> int:
        return 3 * meetings[_key(a, b)] + (1 if _key(a, b) in last else 0)

    return cost


def _match(players: list[int], cost) -> list[Pair]:
    """A perfect matching of `players` that keeps the costliest pair as cheap as possible.

    Depth-first, most constrained player first, under a rising cost ceiling; the search budget
    keeps it fast, and the last ceiling allows every pair, so it always returns a matching.
    """
    levels = sorted({cost(a, b) for i, a in enumerate(players) for b in players[i + 1:]})
    for ceiling in levels:
        allowed = {p: [q for q in players if q != p and cost(p, q) <= ceiling] for p in players}
        budget = [_SEARCH_BUDGET if ceiling != levels[-1] else 10**9]

        def search(free: set[int], allowed=allowed, budget=budget) -> list[Pair] | None:
            if not free:
                return []
            budget[0] -= 1
            if budget[0] < 0:
                return None
            player = min(free, key=lambda one: (sum(1 for q in allowed[one] if q in free), one))
            for partner in sorted((q for q in allowed[player] if q in free), key=lambda q: (cost(player, q), q)):
                rest = search(free - {player, partner}, allowed, budget)
                if rest is not None:
                    return [_key(player, partner), *rest]
            return None

        found = search(set(players))
        if found is not None:
            return found
    raise AssertionError("unreachable: the last ceiling allows every pair")


def _greedy_rounds(players: list[int], rounds: int, past: _Past) -> list[tuple[list[Pair], list[int]]]:
    meetings = Counter(past.meetings)
    byes = Counter(past.byes)
    last = set(past.last_pairs)
    result = []
    for _ in range(rounds):
        sitting = []
        if len(players) % 2:
            # Fewest sit-outs first; among equals, rotate through the numbers from the top.
            sitting = [min(players, key=lambda p: (byes[p], -p))]
            byes[sitting[0]] += 1
        playing = [p for p in players if p not in sitting]
        pairs = _match(playing, _meeting_cost(meetings, last))
        for pair in pairs:
            meetings[pair] += 1
        last = set(pairs)
        result.append((pairs, sitting))
    return result


def _adapted_rounds(players: list[int], current: list[RoundPlan], past: _Past) -> list[tuple[list[Pair], list[int]]]:
    """The plan already printed, changed as little as possible: tables of two partnerships who
    are both still playing stay; everyone else that round (a withdrawn partnership's opponent,
    the planned sit-out, a late arrival) is paired among themselves."""
    present = set(players)
    meetings = Counter(past.meetings)
    byes = Counter(past.byes)
    last = set(past.last_pairs)
    result = []
    for rnd in current:
        kept = [_key(ns, ew) for ns, ew in rnd.pairs() if ns in present and ew in present]
        seated = {p for pair in kept for p in pair}
        loose = sorted(present - seated)
        sitting = []
        if len(loose) % 2:
            sitting = [min(loose, key=lambda p: (byes[p], -p))]
            loose.remove(sitting[0])
        if loose:
            kept += _match(loose, _meeting_cost(meetings, last))
        for pair in kept:
            meetings[pair] += 1
        byes.update(sitting)
        last = set(kept)
        result.append((kept, sitting))
    return result


def _score(candidate, players: list[int], past: _Past) -> tuple:
    """Lower is better: unfair sit-outs, then uneven meetings, then repeated played meetings,
    then the same opponent in consecutive rounds."""
    meetings = Counter(past.meetings)
    byes = Counter({p: past.byes[p] for p in players})
    last = set(past.last_pairs)
    unfair = consecutive = 0
    for pairs, sitting in candidate:
        for p in sitting:
            if byes[p] > min(byes.values()):
                unfair += 1
            byes[p] += 1
        for pair in pairs:
            meetings[pair] += 1
            consecutive += pair in last
        last = set(pairs)
    counts = [meetings[_key(a, b)] for i, a in enumerate(players) for b in players[i + 1:]]
    spread = max(counts) - min(counts)
    repeats = sum(max(0, c - 1) for c in counts)
    return (unfair, max(spread, 1), max(counts), repeats, consecutive, sum(c * c for c in counts))


def _orderings(players: list[int], past: _Past) -> list[list[int]]:
    """Deterministic orderings for the circle method. With an odd count, the players who have
    sat out least are placed to sit out first (the circle sits out from the end backwards)."""
    orders = []
    for seed in range(_CANDIDATE_ORDERINGS + 1):
        order = list(players)
        if seed:
            random.Random(seed).shuffle(order)
        if len(players) % 2:
            # Stable sort keeps the shuffle among equals; most sit-outs first = sits out last.
            order.sort(key=lambda p: -past.byes[p])
        orders.append(order)
    return orders


def _orient(rounds: list[list[Pair]], past: _Past) -> list[list[Pair]]:
    """Give each pair a direction: (ns, ew). Round by round first, then repair the totals."""
    diff = Counter({p: past.ns[p] - past.ew[p] for p in set(past.ns) | set(past.ew)})
    last_ns: dict[int, bool] = {}
    oriented: list[list[list[int]]] = []
    for index, pairs in enumerate(rounds):
        current = []
        for a, b in pairs:
            # N-S to whoever leans E-W; on a tie, whoever sat E-W last time; then alternate by round.
            ka = (diff[a], last_ns.get(a, False), (index + a) % 2)
            kb = (diff[b], last_ns.get(b, False), (index + b) % 2)
            ns, ew = (a, b) if (ka, a) < (kb, b) else (b, a)
            diff[ns] += 1
            diff[ew] -= 1
            last_ns[ns], last_ns[ew] = True, False
            current.append([ns, ew])
        oriented.append(current)
    _repair(oriented, diff)
    return [[(ns, ew) for ns, ew in pairs] for pairs in oriented]


def _repair(oriented: list[list[list[int]]], diff: Counter) -> None:
    """Flip directed paths from a partnership two or more ahead on N-S to one behind (or two
    behind to one ahead, walking the edges backwards), until none is left. Each flip lowers the
    total imbalance, so this ends; without history it ends with every total within one (the
    argument for Euler-tour orientations), with history as close as the unplayed rounds allow."""
    while True:
        progress = False
        for start in sorted(p for p, d in diff.items() if abs(d) >= 2):
            if abs(diff[start]) < 2:
                continue
            forward = diff[start] > 0
            path = _path(oriented, diff, start, forward)
            if path is None:
                continue
            for edge in path:
                edge.reverse()
            end = path[-1][0] if forward else path[-1][1]  # after reversal
            diff[start] += -2 if forward else 2
            diff[end] += 2 if forward else -2
            progress = True
        if not progress:
            return


def _path(oriented, diff, start: int, forward: bool):
    """Breadth-first from `start` along N-S -> E-W edges (or E-W -> N-S when not `forward`) to
    a partnership leaning the other way."""
    near, far = (0, 1) if forward else (1, 0)
    out: dict[int, list[list[int]]] = {}
    for pairs in oriented:
        for edge in pairs:
            out.setdefault(edge[near], []).append(edge)
    parent: dict[int, list[int] | None] = {start: None}
    queue = [start]
    while queue:
        node = queue.pop(0)
        for edge in out.get(node, []):
            nxt = edge[far]
            if nxt in parent:
                continue
            parent[nxt] = edge
            if (diff[nxt] <= -1) if forward else (diff[nxt] >= 1):
                path = []
                while parent[nxt] is not None:
                    path.append(parent[nxt])
                    nxt = parent[nxt][near]
                return list(reversed(path))
            queue.append(nxt)
    return None


def plan(partnerships: list[int], rounds: int, *, first_round: int = 1,
         ns_counts: dict[int, int] | None = None,
         history: Iterable[RoundPlan] | None = None,
         current: list[RoundPlan] | None = None) -> list[RoundPlan]:
    """Plan `rounds` rounds for the given partnership numbers (deterministic for the same input).

    `history` is the rounds already played, in order (it may name partnerships that have since
    withdrawn): the plan avoids their meetings, gives the next sit-outs to those who have sat out
    least, avoids last round's opponent, and balances directions over history and plan together.
    `current` is the plan being replaced, for the same rounds: when changing it a little is as
    good as any new plan, the little change wins, so printed movement cards mostly stay right.
    `ns_counts` adds earlier N-S seatings that are not in `history`.
    """
    players = sorted(partnerships)
    if any(isinstance(p, bool) or not isinstance(p, int) or p < 1 for p in players):
        raise ValueError("partnership numbers must be whole numbers from 1 up")
    if len(players) < 2:
        raise ValueError("a movement needs at least two partnerships")
    if len(set(players)) != len(players):
        raise ValueError("a partnership number appears twice")
    if len(players) > MAX_PARTNERSHIPS:
        raise ValueError(f"a movement takes at most {MAX_PARTNERSHIPS} partnerships")
    if isinstance(rounds, bool) or not isinstance(rounds, int) or not 1 <= rounds <= MAX_MOVEMENT_ROUNDS:
        raise ValueError(f"a movement needs between 1 and {MAX_MOVEMENT_ROUNDS} rounds")
    history = list(history or [])
    past = _Past.of(history, ns_counts)
    if current is not None and len(current) != rounds:
        raise ValueError("the current plan must cover the rounds being planned")
    if not history and not current:
        chosen = _circle_rounds(players, rounds)
    else:
        candidates = [_adapted_rounds(players, current, past)] if current else []
        candidates += [_circle_rounds(order, rounds) for order in _orderings(players, past)]
        candidates.append(_greedy_rounds(players, rounds, past))
        chosen = min(candidates, key=lambda c: _score(c, players, past))
    directed = _orient([pairs for pairs, _ in chosen], past)
    plans = []
    for index, ((_, byes), pairs) in enumerate(zip(chosen, directed)):
        pairs = sorted(pairs, key=lambda p: min(p))
        plans.append(RoundPlan(
            number=first_round + index,
            tables=[(t, ns, ew) for t, (ns, ew) in enumerate(pairs, start=1)],
            byes=sorted(byes),
        ))
    return plans


def schedule_text(plans: list[RoundPlan]) -> str:
    """The plan as plain text, one line per round (what the movement command prints)."""
    lines = []
    for rnd in plans:
        tables = "  ".join(f"T{t}: {ns} v {ew}" for t, ns, ew in rnd.tables)
        byes = f"  sits out: {', '.join(map(str, rnd.byes))}" if rnd.byes else ""
        lines.append(f"Round {rnd.number:>2}  {tables}{byes}")
    return "\n".join(lines)


# The words of a movement grid's cells, translated by the pages (gettext) and English here.
GRID_WORDS = {"ns": gettext_noop("T%(table)s NS v %(opponent)s"), "ew": gettext_noop("T%(table)s EW v %(opponent)s"),
              "bye": gettext_noop("sits out")}


def grid_cells(plans: list[RoundPlan], partnerships: Iterable[int],
               translate: Callable[[str], str] = str) -> dict[int, list[tuple[str, str]]]:
    """Partnership -> one (kind, text) cell per round: ("table", "T3 NS v 7"), ("table", "T3 EW v 2"),
    ("bye", "sits out") or ("absent", ""); the words go through `translate` (gettext on the pages)."""
    words = {key: translate(text) for key, text in GRID_WORDS.items()}
    rows = {p: [("absent", "")] * len(plans) for p in partnerships}
    for index, rnd in enumerate(plans):
        for table, ns, ew in rnd.tables:
            for side, number, opponent in (("ns", ns, ew), ("ew", ew, ns)):
                if number in rows:
                    rows[number][index] = ("table", words[side] % {"table": table, "opponent": opponent})
        for bye in rnd.byes:
            if bye in rows:
                rows[bye][index] = ("bye", words["bye"])
    return rows


def grid(plans: list[RoundPlan], partnerships: Iterable[int]) -> dict[int, list[str]]:
    """Partnership -> one cell per round: "T3 NS v 7", "T3 EW v 2", "sits out" or "" (absent)."""
    return {p: [text for _kind, text in cells] for p, cells in grid_cells(plans, partnerships).items()}
