"""compute(): round results in, ranked rows out, with ties, tiebreak sessions, secondary tiebreakers,
medals and divisions (the rules are in the package's docstring). Pure Python, no Django."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from scoring.engine.games import rank_key
from scoring.engine.vocabulary import MEDALS

from .records import (
    Entrant,
    MedalTie,
    Progress,
    Ranking,
    RoundCell,
    Row,
    Setup,
    Standings,
    TableResult,
    TiebreakResult,
    TiebreakSession,
    round_half_away,
)

# ---------------------------------------------------------------- compute


def compute(
    *,
    setup: Setup,
    entrants: Sequence[Entrant],
    tables: Iterable[TableResult],
    sit_outs: Iterable[tuple[int, int]] = (),
    tiebreaks: Iterable[TiebreakSession] = (),
    rounds_created: Iterable[int] = (),
    memo: dict | None = None,
) -> Standings:
    """Rank the entrants. `tables` are main-round tables, `sit_outs` (round, entrant id) pairs,
    `rounds_created` the main round numbers that exist (for the progress line).

    Linear in the number of tables and entrants, and every Row and RoundCell is built once: this
    runs on every uncached standings page, for up to 500 partnerships and 2,500 tables.

    `memo`, a dict the caller keeps between calls for one event, lets a recomputation reuse each
    partnership's round cells when its own tables, sit-outs, the opponents' numbers and the event's
    set-up are what they were last time: after one saved hand only the two partnerships (or the
    players seated) at that table are worked out again. The result is the same with or without it.
    """
    tables = list(tables)
    sit_outs = list(sit_outs)
    sessions = tuple(sorted(tiebreaks, key=lambda s: s.sequence))
    created = sorted(set(rounds_created) | {t.round for t in tables} | {r for r, _ in sit_outs})
    numbers = {e.id: e.number for e in entrants}

    progress = _progress(setup, tables, created)
    reached = progress.current_round or 0
    round_numbers = tuple(range(1, max([setup.rounds, *created]) + 1))

    by_entrant: dict[int, dict[int, TableResult]] = {e.id: {} for e in entrants}
    for t in tables:
        if t.seats:
            for seat in t.seats:
                if seat.entrant in by_entrant:
                    by_entrant[seat.entrant][t.round] = t
            continue
        if t.ns in by_entrant:
            by_entrant[t.ns][t.round] = t
        if t.ew in by_entrant:
            by_entrant[t.ew][t.round] = t
    sat_out: dict[int, set[int]] = {e.id: set() for e in entrants}
    for rnd, eid in sit_outs:
        if eid in sat_out:
            sat_out[eid].add(rnd)

    cells: dict[int, tuple[RoundCell, ...]] = {}
    totals: dict[int, int] = {}
    hands_played: dict[int, int] = {}
    # A cell reads the setup, the round numbers, how far the event has got and opponents' numbers:
    # when any of those changed, nothing remembered can be reused.
    context = (setup, round_numbers, reached, tuple(numbers.items()))
    remembered: dict = {}
    changed: set[int] = set()
    if memo is not None and memo.get("context") == context:
        # Which partnerships' tables or sit-outs differ from last time, found by comparing the
        # whole lists first (one C-level comparison when nothing changed), then as sets.
        remembered = memo["cells"]
        if memo["tables"] != tables:
            differ = set(tables).symmetric_difference(memo["tables"])
            changed.update(t.ns for t in differ)
            changed.update(t.ew for t in differ)
            changed.update(seat.entrant for t in differ for seat in t.seats)  # a table of individuals
        if memo["sit_outs"] != sit_outs:
            changed.update(eid for _, eid in set(sit_outs).symmetric_difference(memo["sit_outs"]))
    kept = {}
    for e in entrants:
        eid = e.id
        found = None if eid in changed else remembered.get(eid)
        if found is None:
            found = _cells(setup, round_numbers, by_entrant[eid], sat_out[eid], eid, numbers, reached)
        kept[eid] = found
        cells[eid], totals[eid], hands_played[eid] = found
    if memo is not None:
        memo.clear()
        memo.update(context=context, tables=tables, sit_outs=sit_outs, cells=kept)

    games, keys = _FORMAT_KEYS[setup.format](setup, tables, by_entrant, totals)
    stats = _Stats(tables if setup.secondary_tiebreakers else [])  # only the secondary tiebreakers read it
    divisions = sorted({e.division for e in entrants if e.division})
    overall_awards = setup.medal_scope in ("overall", "both") or not divisions
    division_awards = setup.medal_scope in ("division", "both")

    base = {e.id: e for e in entrants}
    no_tiebreaks: tuple[TiebreakResult, ...] = ()
    tb_results = {e.id: no_tiebreaks for e in entrants}
    for s in sessions:
        complete = s.complete
        for eid in s.entrants:
            if eid in tb_results:
                tb_results[eid] += (TiebreakResult(s.sequence, s.total_for(eid), complete),)

    def make_rows(ids: list[int], awards: bool, division_rows: dict[int, Row] | None = None,
                  ) -> tuple[tuple[Row, ...], tuple[MedalTie, ...]]:
        """One ranking's rows. Overall rows also carry each partnership's place in its division
        (`division_rows`); their medal is the division's when only divisions award medals."""
        finishers = [eid for eid in ids if not base[eid].withdrawn]
        placed = _rank(finishers, keys, sessions, stats, setup.secondary_tiebreakers, awards)
        # Withdrawn partnerships go after every finisher, one to a block, with no place.
        gone = sorted((eid for eid in ids if base[eid].withdrawn), key=lambda eid: (keys[eid], -base[eid].number),
                      reverse=True)
        placed += [(None, [eid], {eid: "withdrawn"}) for eid in gone]
        rows = []
        ties = []
        for place, block, decided in placed:
            tied = len(block) > 1
            for eid in block:
                e = base[eid]
                medal = (MEDALS[place - 1] if place is not None and awards and progress.complete and not tied
                         and place <= 3 else None)
                drow = division_rows.get(eid) if division_rows else None
                if drow is not None and not awards:
                    medal = drow.medal
                tbs = tb_results[eid]
                g = games.get(eid, _NO_GAMES)
                # Positional: the field order of Row (keywords cost a third more, 1,000 rows a rebuild).
                rows.append(Row(
                    place, tied, eid, e.number, tuple(e.players), e.division, totals[eid], cells[eid],
                    hands_played[eid], tbs[-1].total if tbs else None, tbs, medal, decided[eid],
                    drow.rank if drow is not None else None, drow.tied if drow is not None else False,
                    drow.medal if drow is not None else None, e.withdrawn, *g,
                ))
            # Before the first score everyone shares 1st on 0 points: no tie is news yet.
            if awards and tied and place is not None and place <= 3 and progress.current_round is not None:
                members = [base[eid] for eid in block]
                ties.append(
                    MedalTie(
                        places=tuple(range(place, place + len(block))),
                        total=totals[block[0]],
                        partnerships=tuple(m.number for m in members),
                        players=tuple(" & ".join(m.players) for m in members),
                    )
                )
        return tuple(rows), tuple(ties)

    division_rankings = []
    division_of_row: dict[int, Row] = {}
    for name in divisions:
        rows, ties = make_rows([e.id for e in entrants if e.division == name], division_awards)
        division_rankings.append(Ranking(name, name, rows, division_awards, ties, progress.complete))
        division_of_row.update({r.id: r for r in rows})
    overall_rows, overall_ties = make_rows([e.id for e in entrants], overall_awards, division_of_row)
    overall = Ranking("Overall", None, overall_rows, overall_awards, overall_ties, progress.complete)
    return Standings(
        rows=overall.rows,
        rounds=round_numbers,
        progress=progress,
        setup=setup,
        overall=overall,
        divisions=tuple(division_rankings),
        tiebreak_sessions=sessions,
    )


_NO_GAMES = (0, 0, 0, 0, 0)


def _games(tables: list[TableResult], by_entrant: dict[int, dict[int, TableResult]],
           ) -> dict[int, tuple[int, int, int, int, int]]:
    """Each entrant's (games won, lost, drawn, matches won, point difference) over its tables."""
    out = {}
    for eid, played in by_entrant.items():
        won = lost = drawn = matches = difference = 0
        for t in played.values():
            if t.seats:
                seat = next(s for s in t.seats if s.entrant == eid)
                won, lost, drawn = won + seat.won, lost + seat.lost, drawn + seat.drawn
                matches, difference = matches + seat.matches, difference + seat.difference
                continue
            if eid == t.ns:
                won, lost, side = won + t.ns_won, lost + t.ew_won, "ns"
                difference += t.ns_points - t.ew_points
            else:
                won, lost, side = won + t.ew_won, lost + t.ns_won, "ew"
                difference += t.ew_points - t.ns_points
            drawn += t.drawn
            matches += t.match == side
        out[eid] = (won, lost, drawn, matches, difference)
    return out


def _progress(setup: Setup, tables: list[TableResult], created: list[int]) -> Progress:
    started = [t.round for t in tables if t.hands > 0]
    current = max(started) if started else None
    in_round = [t for t in tables if t.round == current] if current else []
    complete = (
        bool(tables)
        and len([r for r in created if r <= setup.rounds]) >= setup.rounds
        and all(t.final for t in tables)
    )
    return Progress(
        current_round=current,
        rounds_total=setup.rounds,
        tables_in=sum(1 for t in in_round if (t.final if setup.hands_per_round is None
                                              else t.hands >= setup.hands_per_round)),
        tables_total=len(in_round),
        complete=complete,
        provisional_tables=sum(1 for t in tables if t.hands > 0 and not t.final),
    )


def _cells(setup, round_numbers, played: dict[int, TableResult], sat_out: set[int], eid: int,
           numbers: dict[int, int], reached: int) -> tuple[tuple[RoundCell, ...], int, int]:
    """One partnership's round cells, its total and the hands it has played, in one pass.

    Runs once per partnership on every rebuild (500 at the largest event): plain loops and
    positional NamedTuple construction keep it a few microseconds per round.
    """
    hands_per_round = setup.hands_per_round
    complete_points = complete_rounds = hands_played = 0
    all_final = True
    for t in played.values():
        hands_played += t.hands
        if (t.final if hands_per_round is None else t.hands >= hands_per_round):
            complete_points += t.points_for(eid) if t.seats else t.ns_points if eid == t.ns else t.ew_points
            complete_rounds += 1
        if not t.final:
            all_final = False
    if all_final:
        for r in range(1, setup.rounds + 1):
            if r not in played and r not in sat_out:
                all_final = False
                break
    policy = setup.sit_out_policy
    if policy == "average":
        credit = round_half_away(complete_points, complete_rounds) if complete_rounds else 0
        credit_provisional = not all_final
    elif policy == "fixed":
        credit, credit_provisional = setup.sit_out_points, False
    else:
        credit, credit_provisional = 0, False
    out = []
    total = 0
    for rnd in round_numbers:
        table = played.get(rnd)
        if table is not None:
            if table.seats:
                points, opponent = table.points_for(eid), None  # each player for himself: no one opponent
            elif eid == table.ns:
                points, opponent = table.ns_points, table.ew
            else:
                points, opponent = table.ew_points, table.ns
            hands = table.hands
            if hands:
                total += points
                out.append(RoundCell(rnd, points, False, not table.final, hands, numbers.get(opponent), None))
            else:
                out.append(RoundCell(rnd, None, False, False, 0, numbers.get(opponent), None))
        elif rnd in sat_out:
            # A sit-out in a round nobody has reached yet credits nothing yet: totals stay comparable.
            if rnd <= reached:
                total += credit
                out.append(RoundCell(rnd, credit, True, credit_provisional, 0, None, policy))
            else:
                out.append(RoundCell(rnd, None, True, False, 0, None, policy))
        else:
            out.append(RoundCell(rnd, None))
    return tuple(out), total, hands_played


class _Stats:
    """What the secondary tiebreakers read, from main-round tables."""

    def __init__(self, tables: list[TableResult]) -> None:
        self.tables = tables
        self.made: dict[int, int] = {}
        self.sets: dict[int, int] = {}
        for t in tables:
            if t.seats:
                for seat in t.seats:
                    self.made[seat.entrant] = self.made.get(seat.entrant, 0) + seat.made
                    self.sets[seat.entrant] = self.sets.get(seat.entrant, 0) + seat.set
                continue
            self.made[t.ns] = self.made.get(t.ns, 0) + t.ns_made
            self.made[t.ew] = self.made.get(t.ew, 0) + t.ew_made
            self.sets[t.ns] = self.sets.get(t.ns, 0) + t.ns_set
            self.sets[t.ew] = self.sets.get(t.ew, 0) + t.ew_set

    def key(self, name: str, block: list[int]) -> dict[int, int]:
        """Higher is better for every key."""
        if name == "head_to_head":
            members = set(block)
            points = {eid: 0 for eid in block}
            for t in self.tables:
                if t.seats:
                    # Individuals: the points each scored at tables where two or more of them sat.
                    there = [seat for seat in t.seats if seat.entrant in members]
                    if len(there) > 1:
                        for seat in there:
                            points[seat.entrant] += seat.points
                    continue
                if t.ns in members and t.ew in members:
                    points[t.ns] += t.ns_points
                    points[t.ew] += t.ew_points
            return points
        if name == "contracts_made":
            return {eid: self.made.get(eid, 0) for eid in block}
        return {eid: -self.sets.get(eid, 0) for eid in block}


def _split(block: list[int], key: Callable[[int], int]) -> list[list[int]]:
    """Split a block into sub-blocks by key, highest first; equal keys stay together."""
    groups: dict[int, list[int]] = {}
    for eid in block:
        groups.setdefault(key(eid), []).append(eid)
    return [groups[k] for k in sorted(groups, reverse=True)]


def _rank(ids: list[int], totals: dict[int, object], sessions: Sequence[TiebreakSession], stats: _Stats,
          secondary: Sequence[str], awards_medals: bool) -> list[tuple[int, list[int], dict[int, str]]]:
    """Order ids into blocks: [(place, [ids still tied with each other], {id: decided_by})]."""
    decided: dict[int, str] = {}
    blocks = _split(sorted(ids), totals.__getitem__)
    for block in blocks:
        if len(block) == 1:
            decided[block[0]] = "total"

    def refine(blocks: list[list[int]], rule: str, key_for: Callable[[list[int]], dict[int, int] | None],
               applies: Callable[[int, list[int]], bool]) -> list[list[int]]:
        out: list[list[int]] = []
        place = 1
        for block in blocks:
            if len(block) > 1 and applies(place, block):
                keys = key_for(block)
                parts = _split(block, keys.__getitem__) if keys else [block]
                if len(parts) > 1:
                    for part in parts:
                        if len(part) == 1:
                            decided[part[0]] = rule
                out.extend(parts)
            else:
                out.append(block)
            place += len(block)
        return out

    for session in sessions:
        if not session.complete:
            continue
        blocks = refine(
            blocks,
            f"tiebreak {session.sequence}",
            lambda block, s=session: {eid: s.total_for(eid) for eid in block},
            lambda place, block, s=session: set(block) <= s.entrants,
        )
    for name in secondary:
        blocks = refine(
            blocks,
            name,
            lambda block, n=name: stats.key(n, block),
            # Medal places are settled at the table (a tiebreak session), never by a formula.
            lambda place, block: not (awards_medals and place <= 3),
        )

    placed = []
    place = 1
    for block in blocks:
        if len(block) > 1:
            block = sorted(block)
            for eid in block:
                decided[eid] = "shared"
        placed.append((place, block, decided))
        place += len(block)
    return placed


def _session_keys(setup, tables, by_entrant, totals) -> tuple[dict, dict]:
    """A session ranks by total: no games."""
    return {}, totals


def _games_keys(setup, tables, by_entrant, totals) -> tuple[dict, dict]:
    """Games: each entrant's (won, lost, drawn, matches, difference) and his rank key by setup.rank_by."""
    games = _games(tables, by_entrant)
    zero = (0, 0, 0, 0, 0)
    keys = {}
    for eid in totals:
        won, lost, drawn, matches, difference = games.get(eid, zero)
        keys[eid] = rank_key(setup.rank_by, won=won, drawn=drawn, matches=matches, points=totals[eid],
                             difference=difference)
    return games, keys


# What a format ranks by (Setup.format): ({entrant id: games record}, {entrant id: rank key}).
_FORMAT_KEYS = {"session": _session_keys, "games": _games_keys}
