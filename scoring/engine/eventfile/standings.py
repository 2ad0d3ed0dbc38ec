"""The standings of an event file, read without the database: a checked EventFile -> the same
scoring.engine.standings.Standings (and the same `standings --format json` rows) that the event
gives once imported (scoring.results.compute_standings reads the database the same way).

Each hand is scored by the event's table layout (Layout.score, the one dispatch: a partnership
table, a table of three, and the tables of two, five and six, chosen by players_per_table and
six_handed, layouts.layout_for_file); a session sums each side's points, games to 500 replay the
hands into games (scoring.engine.games), each side's record credited to the entrants sitting on it
(a partnership, or each player: his own at two, three and five, his team's at four and six). A
table is final once its hands are in (a session) or its round is over (games), confirmed where the
event requires it and not disputed. Pure Python: no Django, no I/O.
"""

from __future__ import annotations

from collections.abc import Mapping

from scoring.engine import games as games_engine
from scoring.engine import layouts as layouts_engine
from scoring.engine import rules as rules_engine
from scoring.engine import standings as standings_engine
from scoring.engine.eventfile.shapes import TableShape, shape_of_table
from scoring.engine.eventfile.spec import EventFile, EventSpec, TableSpec


def event_rules(ev: EventSpec) -> rules_engine.RuleSet:
    """The event's rule set: its preset with its own choices."""
    return rules_engine.rule_set(ev.rules, ev.rule_overrides)


def setup_for(ev: EventSpec) -> standings_engine.Setup:
    """The standings' set-up of the event (scoring.results.setup_for, from the file)."""
    rank_by = tuple(ev.games.rank_by) if ev.games is not None else games_engine.DEFAULT_RANK_BY
    return standings_engine.Setup(
        rounds=ev.rounds, hands_per_round=ev.hands_per_round, sit_out_policy=ev.sit_out_policy,
        sit_out_points=ev.sit_out_points, medal_scope=ev.medal_scope,
        secondary_tiebreakers=tuple(ev.secondary_tiebreakers), format=ev.format, rank_by=rank_by,
        entrants=ev.entrants)


class _Score:
    """One table's round: each side's points, contracts (made, set) and, in games, records."""

    def __init__(self, points: Mapping[str, int], made: Mapping[str, tuple[int, int]],
                 records: Mapping[str, games_engine.SideRecord] | None = None, draws: int = 0, match: str = ""):
        self.points, self.made, self.records, self.draws, self.match = points, made, records, draws, match


def _places(shape: TableShape, table: TableSpec) -> dict[str, int]:
    """{place: entrant number}: a side's partnership, or a seat's player (Layout.places)."""
    return dict(zip(shape.layout.places, shape.numbers(table), strict=True))


def _partnership_result(layout: layouts_engine.Layout, number: int, at: Mapping[str, int], score: _Score,
                        hands: int, final: bool) -> standings_engine.TableResult:
    first, second = layout.sides
    won = {side: record.won for side, record in (score.records or {}).items()}
    return standings_engine.TableResult(
        number, at[first], at[second], score.points.get(first, 0), score.points.get(second, 0), hands, final,
        *score.made.get(first, (0, 0)), *score.made.get(second, (0, 0)), won.get(first, 0), won.get(second, 0),
        score.draws, score.match)


def _players_result(layout: layouts_engine.Layout, number: int, at: Mapping[str, int], score: _Score,
                    hands: int, final: bool) -> standings_engine.TableResult:
    seats = []
    for place, entrant in at.items():
        side = layout.side_of[place]
        record = score.records.get(side) if score.records is not None else None
        games = (*record[:4], record.difference) if record is not None else ()
        seats.append(standings_engine.Seat(entrant, score.points.get(side, 0), *score.made.get(side, (0, 0)), *games))
    return standings_engine.TableResult(number, 0, 0, 0, 0, hands, final, seats=tuple(seats))


# A table's result by the kind of entrant (Layout.entrants): the sides' partnerships, or each seat's player.
TABLE_RESULTS = {"partnerships": _partnership_result, "individuals": _players_result}


def _session(rules, setup, layout, results, played, closed, agreed, hands_per_round) -> tuple[_Score, bool]:
    points = {side: sum(r.sides[side] for r in results) for side in layout.sides}
    return points, hands_per_round is not None and len(results) >= hands_per_round and agreed, None


def _games(rules, setup, layout, results, played, closed, agreed, hands_per_round) -> tuple:
    replayed = games_engine.replay(rules, setup, played, round_over=closed, hands_per_round=hands_per_round,
                                   sides=len(layout.sides))
    ended = replayed.complete or closed or (hands_per_round is not None and len(played) >= hands_per_round)
    records = {side: replayed.record(index) for index, side in enumerate(layout.sides)}
    return ({side: record.points for side, record in records.items()}, bool(played) and ended and agreed,
            (records, replayed.draws, layout.sides[replayed.match] if replayed.match is not None else ""))


# What one table's round gives, by the event's format: a session's sums, or games replayed.
ROUND_READS = {"session": _session, "games": _games}


def table_result(ev: EventSpec, rules: rules_engine.RuleSet, round_number: int,
                 table: TableSpec, closed: bool) -> standings_engine.TableResult:
    """One table of one round as the standings take it, its hands scored by its layout (the event's,
    or in an event of mixed sizes the table's own: shapes.shape_of_table)."""
    shape = shape_of_table(ev, table)
    layout = shape.layout
    seat_of = shape.seat_of(table.seats)
    results = [layout.score(rules, layout.entry(**shape.entry_fields(h, seat_of)))
               for h in sorted(table.hands, key=lambda h: h.number)]
    played = [layout.played(h.number, r) for h, r in zip(sorted(table.hands, key=lambda h: h.number), results)]
    made: dict[str, list[int]] = {}
    for result in results:
        if result.declarer:
            made.setdefault(result.declarer, [0, 0])[0 if result.made else 1] += 1
    agreed = (table.confirmed or not ev.confirmation_required) and not table.dispute
    games = None
    if ev.games is not None:
        g = ev.games
        games = games_engine.GamesSetup(g.hand_limit, g.games_per_round, g.wins_per_round, tuple(g.rank_by))
    points, final, kept = ROUND_READS[ev.format](rules, games, layout, results, played, closed, agreed,
                                                 ev.hands_per_round)
    score = _Score(points, {side: tuple(pair) for side, pair in made.items()}, *(kept or ()))
    return TABLE_RESULTS[layout.entrants](layout, round_number, _places(shape, table), score, len(results), final)


def file_standings(ef: EventFile) -> standings_engine.Standings:
    """The standings of a checked event file (checking.parse), as the imported event gives them."""
    ev = ef.event
    rules, setup = event_rules(ev), setup_for(ev)
    people = ef.players if ev.individuals else ef.partnerships
    entrants = [standings_engine.Entrant(p.number, p.number, _names(p), p.division, p.withdrawn) for p in people]
    tables = [table_result(ev, rules, rnd.number, table, rnd.status == "closed")
              for rnd in ef.rounds for table in rnd.tables]
    sessions = [
        standings_engine.TiebreakSession(sequence, frozenset(tb.partnerships), tuple(
            table_result(ev, rules, rnd.number, table, rnd.status == "closed")
            for rnd in tb.rounds for table in rnd.tables))
        for sequence, tb in enumerate(ef.tiebreaks, start=1)
    ]
    return standings_engine.compute(
        setup=setup, entrants=entrants, tables=tables,
        sit_outs=[(rnd.number, number) for rnd in ef.rounds for number in rnd.byes],
        tiebreaks=sessions, rounds_created=[rnd.number for rnd in ef.rounds])


def _names(person) -> tuple[str, ...]:
    """An entrant's names: a partnership's two players, or one player's name."""
    players = getattr(person, "players", None)
    return tuple(players) if players is not None else (person.name,)


def file_standings_json(ef: EventFile, slug: str | None = None) -> dict:
    """The `standings --format json` object of an event file (its slug, or the one given)."""
    return standings_engine.as_json(file_standings(ef), slug if slug is not None else ef.event.slug)
