"""Reads for the standings pages, downloads, command and PDFs. Nothing here writes.

event_standings() costs a fixed number of queries whatever the event's size: each table's hands
and points are read from the totals the table row keeps (scoring.totals; the two tiebreakers
that count made and set contracts group the hands in SQL instead), partnerships come with their
players' names through one join, and rounds, sit-outs and tiebreak memberships are one query each. The
ranking itself happens in the pure scoring.engine.standings module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from django.db import connection, connections
from django.db.models import BooleanField, Count, ExpressionWrapper, IntegerField, Prefetch, Q, Sum, Value
from django.db.models.functions import Coalesce
from django.utils.translation import gettext, pgettext_lazy

from scoring.engine import games as games_engine
from scoring.engine import layouts
from scoring.engine import standings as standings_engine
from scoring.engine.vocabulary import (
    ROUND_CLOSED,
    SIDE_LABELS,
    SIDE_OF_SEAT,
    SIDES,
    TABLE_STATUS_PUBLIC,
)
from scoring.models import Hand
from tournaments import language
from tournaments import selectors as event_selectors
from tournaments.models import Event, Partnership, Round, SitOut, Table, TableSeat, Tiebreak


def setup_for(event: Event) -> standings_engine.Setup:
    tiebreakers = tuple(n for n in (event.secondary_tiebreakers or []) if n in standings_engine.SECONDARY_TIEBREAKERS)
    return standings_engine.Setup(
        rounds=event.rounds,
        hands_per_round=event.hands_per_round,
        sit_out_policy=event.sit_out_policy,
        sit_out_points=event.sit_out_points,
        medal_scope=event.medal_scope,
        secondary_tiebreakers=tiebreakers,
        format=event.format,
        entrants=event.entrants,
        rank_by=tuple(event.rank_by or games_engine.DEFAULT_RANK_BY) if event.plays_games
        else games_engine.DEFAULT_RANK_BY,
    )


def _points(side: str):
    return Coalesce(Sum(f"hands__{side}_points"), Value(0), output_field=IntegerField())


def _count(side: str, made: bool):
    return Count("hands", filter=Q(hands__declarer=side, hands__made=made))


def hand_totals_query(event: Event):
    """Every hand of the event grouped by table: (table id, hands, N-S points, E-W points).

    The least SQL any standings rebuild needs (one pass over every hand). Not used by the pages:
    the bench times it as the floor a whole rebuild is measured against (README, "Speed").
    """
    return (
        Hand.objects.filter(table__round__event=event)
        .values("table_id")  # one group per table
        .annotate(n_hands=Count("id"), ns_pts=Sum("ns_points"), ew_pts=Sum("ew_points"))
        .values_list("table_id", "n_hands", "ns_pts", "ew_pts")
        .order_by()
    )


def _is_set(field_name: str):
    # "Is there a timestamp?" worked out in SQL: reading the timestamps would parse 5,000 datetimes
    # for nothing. 1/0 on SQLite, True/False on PostgreSQL.
    return ExpressionWrapper(Q(**{f"{field_name}__isnull": False}), output_field=BooleanField())


def _driver_rows(queryset) -> list[tuple]:
    """The queryset's rows as the database driver returns them.

    For a values_list of integers and booleans, Django's per-value converters only call int()
    on what already is one (22,500 calls for 2,500 tables, a quarter of the selector's time);
    the SQL is still the ORM's, so it stays right on SQLite and PostgreSQL.
    """
    sql, params = queryset.query.sql_with_params()
    with connections[queryset.db].cursor() as cursor:
        cursor.execute(sql, params)
        return cursor.fetchall()


def _json_column(values) -> list:
    """A JSON column's values as _driver_rows gives them, decoded. The driver hands them over as
    text on SQLite and on PostgreSQL (Django decodes each row); one array decoded at once is one
    call of the C decoder instead of one per row (6,640 hands at a 500-player three-handed event)."""
    texts = [value if isinstance(value, str) else json.dumps(value) for value in values]
    return json.loads(f"[{','.join(texts)}]")


# This process's memo of each event's last standings inputs (scoring.engine.standings.compute,
# `memo`): an optimisation only, never needed by another process; the newest MEMO_EVENTS events.
MEMO_EVENTS = 16
_memos: dict[int, dict] = {}


def forget_memos(event_id: int) -> None:
    """Drop this process's memos of the event (check_event compares a build from nothing)."""
    _memos.pop(event_id, None)
    _replays.pop(event_id, None)
    _seated.pop(event_id, None)


# Each games event's table replays (scoring.engine.games.replay), keyed by table with the inputs
# they were made from: a rebuild after one save replays only the table that changed.
_replays: dict[int, dict[int, tuple]] = {}
# Each session event of individuals' table results (a TableResult with its Seat per player), keyed
# by table with the row and seats they were made from: a rebuild makes again only the tables that
# changed, and compute()'s memo finds the others identical without comparing them field by field.
_seated: dict[int, dict[int, tuple]] = {}


def _per_table(store: dict[int, dict[int, tuple]], event_id: int) -> dict[int, tuple]:
    memo = store.pop(event_id, None)
    if memo is None:
        memo = {}
        while len(store) >= MEMO_EVENTS:
            store.pop(next(iter(store)))
    store[event_id] = memo  # most recently used last
    return memo


def _replays_for(event_id: int) -> dict[int, tuple]:
    return _per_table(_replays, event_id)


def _memo_for(event_id: int) -> dict:
    memo = _memos.pop(event_id, None)
    if memo is None:
        memo = {}
        while len(_memos) >= MEMO_EVENTS:
            _memos.pop(next(iter(_memos)))
    _memos[event_id] = memo  # most recently used last
    return memo


def _tiebreak_sessions(memberships, tiebreak_tables: dict) -> list:
    """Tiebreak sessions for the engine: who entered each (from its memberships) and its tables."""
    members: dict[int, tuple[int, set[int]]] = {}
    for tiebreak_id, sequence, partnership_id in memberships:
        members.setdefault(tiebreak_id, (sequence, set()))[1].add(partnership_id)
    return [
        standings_engine.TiebreakSession(sequence, frozenset(ids), tuple(tiebreak_tables.get(tid, ())))
        for tid, (sequence, ids) in members.items()
    ]


SEAT_ORDER = {label: i for i, label in enumerate(("1", "2", "3", "N", "E", "S", "W"))}


def tiebreak_sessions(event: Event) -> list[Tiebreak]:
    """The event's tiebreak sessions with their entrants, fillers, rounds and tables (six queries); at a
    table of individuals `table.seated` lists (seat as shown, entrant) in seating order."""
    sessions = list(Tiebreak.objects.filter(event=event).prefetch_related(
        "partnerships", "fillers", "rounds",
        Prefetch("rounds__sit_outs", queryset=SitOut.objects.select_related("partnership")),
        Prefetch("rounds__tables", queryset=Table.objects.select_related("ns", "ew")),
        Prefetch("rounds__tables__seats", queryset=TableSeat.objects.select_related("entrant"))))
    for session in sessions:
        for rnd in session.rounds.all():
            for table in rnd.tables.all():
                table.seated = [(event_selectors.seat_name(s.seat), s.entrant)
                                for s in sorted(table.seats.all(), key=lambda s: SEAT_ORDER.get(s.seat, 99))]
    return sessions


def event_standings(event: Event) -> standings_engine.Standings:
    """The event's standings in five queries, however many partnerships and hands it has.

    Rows come back as plain tuples (values_list), not model instances: for 500 partnerships and
    2,500 tables, building instances cost more than the queries themselves.
    """
    if event.individuals:
        return _individual_standings(event)
    partnerships = (
        Partnership.objects.filter(event=event)
        .order_by("number")
        .values_list("pk", "number", "player_one__name", "player_two__name", "division", "withdrawn")
    )
    rounds = {pk: (number, tiebreak_id) for pk, number, tiebreak_id in
              Round.objects.filter(event=event).values_list("id", "number", "tiebreak_id")}
    if event.plays_games:
        return _games_standings(event, partnerships, rounds)
    setup = setup_for(event)
    # Made and set contracts matter only to two secondary tiebreakers; counting them costs a
    # third of the aggregate query, so it is left out when the event does not use them.
    if {"contracts_made", "fewest_sets"} & set(setup.secondary_tiebreakers):
        counts = {"ns_made": _count("ns", True), "ns_set": _count("ns", False), "ew_made": _count("ew", True),
                  "ew_set": _count("ew", False)}
        table_rows = (
            Table.objects.filter(round__event=event)
            .values("id")  # one group per table
            .annotate(confirmed=_is_set("confirmed_at"), disputed=_is_set("disputed_at"), n=Count("hands"),
                      ns_pts=_points("ns"), ew_pts=_points("ew"), **counts)
            .values_list("round_id", "ns_id", "ew_id", "confirmed", "disputed", "n", "ns_pts", "ew_pts", *counts)
            .order_by()
        )
    else:
        # Each table's stored totals (scoring.totals keeps them with every hand write): 2,500 rows
        # read as they are, instead of 10,000 hands grouped.
        table_rows = (
            Table.objects.filter(round__event=event)
            .values_list("round_id", "ns_id", "ew_id", _is_set("confirmed_at"), _is_set("disputed_at"), "n_hands",
                         "ns_points", "ew_points")
            .order_by()
        )
    sit_outs = SitOut.objects.filter(round__event=event).values_list("round_id", "partnership_id")
    memberships = Tiebreak.partnerships.through.objects.filter(tiebreak__event=event).values_list(
        "tiebreak_id", "tiebreak__sequence", "partnership_id"
    )

    hands_per_round = event.hands_per_round
    needs_confirmation = event.confirmation_required
    TableResult = standings_engine.TableResult
    main_tables: list[standings_engine.TableResult] = []
    tiebreak_tables: dict[int, list[standings_engine.TableResult]] = {}
    for round_id, ns, ew, confirmed, disputed, n_hands, ns_pts, ew_pts, *made_set in _driver_rows(table_rows):
        number, tiebreak_id = rounds[round_id]
        final = n_hands >= hands_per_round and (confirmed or not needs_confirmation) and not disputed
        if made_set:
            result = TableResult(number, ns, ew, ns_pts, ew_pts, n_hands, final, *made_set)
        else:
            result = TableResult(number, ns, ew, ns_pts, ew_pts, n_hands, final)
        if tiebreak_id:
            tiebreak_tables.setdefault(tiebreak_id, []).append(result)
        else:
            main_tables.append(result)

    sessions = _tiebreak_sessions(memberships, tiebreak_tables)
    main_sit_outs = [(rounds[round_id][0], pid) for round_id, pid in sit_outs if not rounds[round_id][1]]
    return standings_engine.compute(
        setup=setup,
        entrants=[standings_engine.Entrant(pk, number, (one, two), division, withdrawn)
                  for pk, number, one, two, division, withdrawn in partnerships],
        tables=main_tables,
        sit_outs=main_sit_outs,
        tiebreaks=sessions,
        rounds_created=[number for number, tiebreak_id in rounds.values() if not tiebreak_id],
        memo=_memo_for(event.pk),
    )


def _games_standings(event: Event, partnerships, rounds: dict) -> standings_engine.Standings:
    """event_standings() for an event played as games: each table's hands are replayed into games
    (scoring.engine.games) from the points they stored. One query more than a session (the hands)."""
    setup = setup_for(event)
    games_setup = event.games_setup
    rules = event.rules
    closed = set(Round.objects.filter(event=event, status=ROUND_CLOSED).values_list("id", flat=True))
    table_rows = (
        Table.objects.filter(round__event=event)
        .values_list("id", "round_id", "ns_id", "ew_id", "confirmed_at", "disputed_at")
        .order_by()
    )
    hands: dict[int, list[games_engine.PlayedHand]] = {}
    for table_id, number, declarer, ns_pts, ew_pts, made in (
        Hand.objects.filter(table__round__event=event)
        .values_list("table_id", "number", "declarer", "ns_points", "ew_points", "made").order_by("table_id", "number")
    ):
        hands.setdefault(table_id, []).append(games_engine.played(number, declarer, ns_pts, ew_pts, made))
    sit_outs = SitOut.objects.filter(round__event=event).values_list("round_id", "partnership_id")
    memberships = Tiebreak.partnerships.through.objects.filter(tiebreak__event=event).values_list(
        "tiebreak_id", "tiebreak__sequence", "partnership_id"
    )
    hpr = event.hands_per_round
    needs_confirmation = event.confirmation_required
    sides = SIDES
    main_tables: list[standings_engine.TableResult] = []
    tiebreak_tables: dict[int, list[standings_engine.TableResult]] = {}
    replays = _replays_for(event.pk)
    for table_id, round_id, ns, ew, confirmed_at, disputed_at in table_rows:
        number, tiebreak_id = rounds[round_id]
        played = hands.get(table_id, [])
        inputs = (rules, games_setup, tuple(played), round_id in closed, hpr)
        kept = replays.get(table_id)
        if kept is not None and kept[0] == inputs:
            result = kept[1]
        else:
            result = games_engine.replay(rules, games_setup, played, round_over=round_id in closed,
                                         hands_per_round=hpr)
            replays[table_id] = (inputs, result)
        ended = result.complete or round_id in closed or (hpr is not None and len(played) >= hpr)
        final = (bool(played) and ended and (confirmed_at is not None or not needs_confirmation)
                 and disputed_at is None)
        table = standings_engine.TableResult(
            number, ns, ew, result.points[0], result.points[1], len(played), final, 0, 0, 0, 0,
            result.wins[0], result.wins[1], result.draws, sides[result.match] if result.match is not None else "",
        )
        if tiebreak_id:
            tiebreak_tables.setdefault(tiebreak_id, []).append(table)
        else:
            main_tables.append(table)
    sessions = _tiebreak_sessions(memberships, tiebreak_tables)
    return standings_engine.compute(
        setup=setup,
        entrants=[standings_engine.Entrant(pk, number, (one, two), division, withdrawn)
                  for pk, number, one, two, division, withdrawn in partnerships],
        tables=main_tables,
        sit_outs=[(rounds[round_id][0], pid) for round_id, pid in sit_outs if not rounds[round_id][1]],
        tiebreaks=sessions,
        rounds_created=[number for number, tiebreak_id in rounds.values() if not tiebreak_id],
        memo=_memo_for(event.pk),
    )


def _individual_standings(event: Event) -> standings_engine.Standings:
    """event_standings() for an event of individuals (README, "Events of individuals"): each
    player is credited at his table (standings_engine.Seat) with his side's points at a progressive
    four-handed table, or his own at a three-handed one (Hand.seat_points). A fixed number of
    queries, as for partnerships: entrants, rounds, seats, tables, sit-outs and tiebreaks.

    Every table's points are read from the totals its row keeps (scoring.totals): a progressive
    table's sides, as a partnership table's, and a table of three each seat's own (seat_totals);
    only a games event reads the hands, to replay them into games. Contracts made and set by each
    player are counted (one grouped query more) only when a secondary tiebreaker reads them, as for
    partnerships.
    """
    setup = setup_for(event)
    layout = event.layout_spec
    entrants = [
        standings_engine.Entrant(pk, number, (name,), division, withdrawn)
        for pk, number, name, division, withdrawn in Partnership.objects.filter(event=event).order_by("number")
        .values_list("pk", "number", "player_one__name", "division", "withdrawn")
    ]
    rounds = {pk: (number, tiebreak_id) for pk, number, tiebreak_id in
              Round.objects.filter(event=event).values_list("id", "number", "tiebreak_id")}
    seats: dict[int, dict[str, int]] = {}
    for table_id, seat, entrant_id in _driver_rows(
            TableSeat.objects.filter(table__round__event=event).values_list("table_id", "seat", "entrant_id")
            .order_by()):
        seats.setdefault(table_id, {})[seat] = entrant_id
    # Contracts each seat declared, made and set: read only by two secondary tiebreakers.
    declared: dict[int, dict[str, list[int]]] = {}
    if {"contracts_made", "fewest_sets"} & set(setup.secondary_tiebreakers):
        for table_id, declarer, declarer_seat, made, count in (
            Hand.objects.filter(table__round__event=event).values("table_id", "declarer", "declarer_seat", "made")
            .annotate(n=Count("id")).values_list("table_id", "declarer", "declarer_seat", "made", "n").order_by()
        ):
            for label in seats.get(table_id, {}):
                if label == declarer_seat or (not declarer_seat and SIDE_OF_SEAT.get(label) == declarer):
                    counted = declared.setdefault(table_id, {}).setdefault(label, [0, 0])
                    counted[0 if made else 1] += count
    hands_per_round = event.hands_per_round
    needs_confirmation = event.confirmation_required
    Seat, TableResult = standings_engine.Seat, standings_engine.TableResult
    no_seats: dict[str, int] = {}
    games = event.plays_games
    played: dict[int, list[games_engine.PlayedHand]] = {}
    if games:  # each table's hands, in order, replayed into games (_individual_games)
        for table_id, number, declarer, declarer_seat, hand_ns, hand_ew, seat_points, made in (
            Hand.objects.filter(table__round__event=event)
            .values_list("table_id", "number", "declarer", "declarer_seat", "ns_points", "ew_points", "seat_points",
                         "made")
            .order_by("table_id", "number")
        ):
            played.setdefault(table_id, []).append(
                _played(layout, number, declarer, declarer_seat, hand_ns, hand_ew, seat_points, made))
    closed = (set(Round.objects.filter(event=event, status=ROUND_CLOSED).values_list("id", flat=True)) if games
              else set())
    main_tables: list[standings_engine.TableResult] = []
    tiebreak_tables: dict[int, list[standings_engine.TableResult]] = {}
    # A table of three credits each seat his own points: the totals its row keeps (Table.seat_totals,
    # scoring.totals), read only by a session event (a games event replays the hands above) that
    # has tables of three.
    three = not games and layout.each_for_himself
    kept = {} if games else _per_table(_seated, event.pk)
    table_rows = _driver_rows(
        Table.objects.filter(round__event=event)
        .values_list("id", "round_id", _is_set("confirmed_at"), _is_set("disputed_at"), "n_hands", "ns_points",
                     "ew_points", *(("seat_totals",) if three else ())).order_by()
    )
    own_points = _json_column(row[7] for row in table_rows) if three else [no_seats] * len(table_rows)
    for row, own in zip(table_rows, own_points, strict=True):
        table_id, round_id, confirmed, disputed, n_hands, ns_points, ew_points, *_ = row
        number, tiebreak_id = rounds[round_id]
        counts = declared.get(table_id, {})
        at_table = seats.get(table_id, no_seats)
        inputs = (row, number, hands_per_round, needs_confirmation, at_table, counts)
        memo = kept.get(table_id)
        if memo is not None and memo[0] == inputs:
            result = memo[1]
        else:
            if games:
                ended, records = _individual_games(event, table_id, played.get(table_id, []), at_table,
                                                   round_id in closed)
                final = n_hands > 0 and ended and (confirmed or not needs_confirmation) and not disputed
                table_seats = [Seat(entrant, records[label].points, *counts.get(label, (0, 0)),
                                    *records[label][:4], records[label].difference)
                               for label, entrant in at_table.items()]
            else:
                final = n_hands >= hands_per_round and (confirmed or not needs_confirmation) and not disputed
                table_seats = []
                for label, entrant in at_table.items():
                    side = layout.side_of.get(label)
                    points = (own.get(label, 0) if three else ns_points if side == layout.sides[0]
                              else ew_points if side == layout.sides[1] else 0)
                    table_seats.append(Seat(entrant, points, *counts.get(label, (0, 0))))
            result = TableResult(number, 0, 0, 0, 0, n_hands, final, seats=tuple(table_seats))
            if not games:  # a games table also depends on its hands: _individual_games keeps its replay
                kept[table_id] = (inputs, result)
        if tiebreak_id:
            tiebreak_tables.setdefault(tiebreak_id, []).append(result)
        else:
            main_tables.append(result)
    sit_outs = SitOut.objects.filter(round__event=event).values_list("round_id", "partnership_id")
    memberships = Tiebreak.partnerships.through.objects.filter(tiebreak__event=event).values_list(
        "tiebreak_id", "tiebreak__sequence", "partnership_id"
    )
    return standings_engine.compute(
        setup=setup,
        entrants=entrants,
        tables=main_tables,
        sit_outs=[(rounds[round_id][0], pid) for round_id, pid in sit_outs if not rounds[round_id][1]],
        tiebreaks=_tiebreak_sessions(memberships, tiebreak_tables),
        rounds_created=[number for number, tiebreak_id in rounds.values() if not tiebreak_id],
        memo=_memo_for(event.pk),
    )


def _seat_sides(layout: layouts.Layout, labels) -> dict[str, int]:
    """A table of individuals' seats as sides of its games: each seat's side's index in the layout's
    sides (three-handed each player a side of his own; at a progressive table N-S 0, E-W 1)."""
    return {label: layout.sides.index(layout.side_of[label]) for label in labels}


def _played(layout: layouts.Layout, number: int, declarer: str, declarer_seat: str, ns_points: int, ew_points: int,
            seat_points: dict | None, made: bool) -> games_engine.PlayedHand:
    """A stored hand as the games replay takes it: by seat where each plays for himself, else by side."""
    if layout.each_for_himself:
        return games_engine.seat_played(number, layout.seats, declarer_seat, seat_points or {}, made)
    return games_engine.played(number, declarer, ns_points, ew_points, made)


def _individual_games(event: Event, table_id: int, hands: list[games_engine.PlayedHand], at_table: dict[str, int],
                      closed: bool) -> tuple[bool, dict[str, games_engine.SideRecord]]:
    """A games event of individuals: one table's hands replayed into games (three sides at a table of
    three, each player for himself; N-S against E-W at a progressive table, each player credited his
    side's games). Returns whether the round is over at that table, and each seat's record."""
    layout = event.layout_spec
    three, sides = layout.each_for_himself, _seat_sides(layout, at_table)
    rules, setup, hpr = event.rules, event.games_setup, event.hands_per_round
    inputs = (rules, setup, tuple(hands), closed, hpr, three)
    replays = _replays_for(event.pk)
    kept = replays.get(table_id)
    if kept is not None and kept[0] == inputs:
        result = kept[1]
    else:
        result = games_engine.replay(rules, setup, hands, round_over=closed, hands_per_round=hpr,
                                     sides=len(layout.sides))
        replays[table_id] = (inputs, result)
    ended = result.complete or closed or (hpr is not None and len(hands) >= hpr)
    return ended, games_engine.seat_records(result, sides)


def event_etag(slug: str) -> str | None:
    """The live pages' ETag: one tiny query on the event row. None if there is no such event.

    Every score save bumps Event.version in its own transaction; the round count is folded in so
    a new round (which saves no score) still shows up in the progress line.
    """
    found = event_etag_and_language(slug)
    return found and found[0]


def event_etag_and_language(slug: str) -> tuple[str, str] | None:
    """The ETag and the event's default language in the same one query (the live polls' only one).

    Written as SQL once, not built by the ORM on every call: two hundred polls a second spend
    more building the ORM's query than the database spends answering it (README, "Speed").
    """
    with connection.cursor() as cursor:
        cursor.execute(_ETAG_SQL, [slug])
        row = cursor.fetchone()
    if row is None:
        return None
    pk, version, n_rounds, language = row
    return f'"e{pk}-v{version}-r{n_rounds}"', language


_ETAG_SQL = (
    "SELECT e.{pk}, e.{version}, (SELECT COUNT(*) FROM {rounds} r WHERE r.{round_event} = e.{pk}), e.{language} "
    "FROM {events} e WHERE e.{slug} = %s"
).format(
    events=connection.ops.quote_name(Event._meta.db_table), rounds=connection.ops.quote_name(Round._meta.db_table),
    pk=Event._meta.pk.column, version=Event._meta.get_field("version").column,
    language=Event._meta.get_field("language").column, slug=Event._meta.get_field("slug").column,
    round_event=Round._meta.get_field("event").column,
)


# ---------------------------------------------------------------- one partnership's record


@dataclass(frozen=True)
class HandLine:
    number: int
    dealer: str
    declarer_label: str  # "Us" or "Them"
    contract: str
    tricks: int
    made: bool
    penalty: str
    points: int
    opponents_points: int


@dataclass
class RoundRecord:
    label: str
    round: int
    tiebreak: int | None
    opponent: Partnership | None
    table: int | None
    side: str
    sit_out: bool
    hands: list[HandLine] = field(default_factory=list)
    points: int | None = None
    opponents_points: int | None = None
    status: str = ""

    @property
    def status_label(self) -> str:
        return language.label(TABLE_STATUS_PUBLIC.get(self.status, self.status))




def partnership_record(event: Event, partnership: Partnership) -> list[RoundRecord]:
    """Round by round and hand by hand, main rounds then tiebreak sessions (four queries).

    Its words (us, them, the labels, the side) are in the active language."""
    tables = (
        Table.objects.filter(round__event=event)
        .filter(Q(ns=partnership) | Q(ew=partnership))
        .select_related("round__tiebreak", "ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two")
        .order_by("round__tiebreak__sequence", "round__number")
    )
    hands_by_table: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(table__in=[t.pk for t in tables]).order_by("number"):
        hands_by_table.setdefault(hand.table_id, []).append(hand)
    sit_outs = SitOut.objects.filter(partnership=partnership, round__event=event).select_related("round__tiebreak")
    records = []
    for table in tables:
        side = "ns" if table.ns_id == partnership.pk else "ew"
        other = "ew" if side == "ns" else "ns"
        lines = []
        for hand in hands_by_table.get(table.pk, []):
            penalty = hand.get_penalty_kind_display() if hand.penalty_kind else ""
            if penalty and hand.penalty_side:
                by = gettext("%(penalty)s by us") if hand.penalty_side == side else gettext("%(penalty)s by them")
                penalty = by % {"penalty": penalty}
            tricks = hand.tricks
            if hand.contract == games_engine.NOBID and hand.ns_tricks is not None:  # nobody bid: our tricks
                tricks = hand.ns_tricks if side == "ns" else 10 - hand.ns_tricks
            lines.append(
                HandLine(hand.number, language.seat_letter(hand.dealer),
                         gettext("Us") if hand.declarer == side else gettext("Them"), hand.contract, tricks,
                         hand.made, penalty, hand.points_for(side), hand.points_for(other))
            )
        rnd = table.round
        tiebreak = rnd.tiebreak.sequence if rnd.tiebreak_id else None
        records.append(
            RoundRecord(
                label=(gettext("Tiebreak %(tiebreak)s, round %(round)s") % {"tiebreak": tiebreak, "round": rnd.number}
                       if tiebreak else gettext("Round %(number)s") % {"number": rnd.number}),
                round=rnd.number,
                tiebreak=tiebreak,
                opponent=table.ew if side == "ns" else table.ns,
                table=table.number,
                side=language.label(SIDE_LABELS[side]),
                sit_out=False,
                hands=lines,
                points=sum(line.points for line in lines) if lines else None,
                opponents_points=sum(line.opponents_points for line in lines) if lines else None,
                status=table.status_for(len(lines), event.hands_per_round),
            )
        )
    for sit_out in sit_outs:
        rnd = sit_out.round
        tiebreak = rnd.tiebreak.sequence if rnd.tiebreak_id else None
        label = gettext("Round %(number)s") % {"number": rnd.number}
        records.append(RoundRecord(label=label, round=rnd.number, tiebreak=tiebreak, opponent=None,
                                   table=None, side="", sit_out=True))
    records.sort(key=lambda r: (r.tiebreak or 0, r.round))
    return records


# ---------------------------------------------------------------- one partnership's games


@dataclass(frozen=True)
class GameLine:
    """One game of a round seen from one partnership: its scores (ours first) and how it went."""

    number: int
    first_hand: int
    last_hand: int
    points: int
    opponents_points: int
    result: str  # "won", "lost", "drawn" or "in play"

    @property
    def result_label(self) -> str:
        return str(GAME_RESULT_WORDS[self.result])


@dataclass(frozen=True)
class RoundGames:
    games: tuple[GameLine, ...]
    won: int
    lost: int
    drawn: int
    points: int
    opponents_points: int
    match: str  # "won", "lost" or "" (no match, or not decided)


GAME_RESULT_WORDS = {"won": pgettext_lazy("a game's result", "won"), "lost": pgettext_lazy("a game's result", "lost"),
                     "drawn": pgettext_lazy("a game's result", "drawn"),
                     "in play": pgettext_lazy("a game's result", "in play")}


def round_games_for(view: event_selectors.TableGamesView, side: str) -> RoundGames:
    """A table's games (tournaments.selectors.tables_games) from one side's seat."""
    mine = 0 if side == "ns" else 1
    lines = []
    for game in view.games.games:
        if game.status == games_engine.IN_PLAY:
            result = "in play"
        elif game.status == games_engine.DRAWN:
            result = "drawn"
        else:
            result = "won" if game.winner == mine else "lost"
        lines.append(GameLine(game.number, game.first_hand, game.last_hand, game.scores[mine], game.scores[1 - mine],
                              result))
    wins = view.games.wins
    match = "" if view.games.match is None else ("won" if view.games.match == mine else "lost")
    return RoundGames(tuple(lines), wins[mine], wins[1 - mine], view.games.draws, view.games.points[mine],
                      view.games.points[1 - mine], match)


def partnership_games(event: Event, partnership: Partnership) -> dict[tuple[int | None, int], RoundGames]:
    """An event played as games: each of the partnership's rounds replayed into games, by (tiebreak
    sequence or None, round number); {} for a session. Two queries."""
    if not event.plays_games:
        return {}
    tables = list(Table.objects.filter(round__event=event).filter(Q(ns=partnership) | Q(ew=partnership))
                  .values_list("id", "ns_id", "round__number", "round__tiebreak__sequence"))
    played = event_selectors.tables_games(event, [table_id for table_id, *_ in tables])
    return {(sequence, number): round_games_for(played[table_id], "ns" if ns_id == partnership.pk else "ew")
            for table_id, ns_id, number, sequence in tables if table_id in played}


# ---------------------------------------------------------------- one player's record (individuals)


@dataclass
class PlayerHandLine:
    """One hand of a player's round: who bid, the contract, his own (or his side's) tricks and points."""

    number: int
    contract: str
    bidder: str  # the bidder's name (three-handed) or "Us" / "Them" (progressive)
    tricks: int | None
    made: bool
    points: int


@dataclass
class PlayerRound:
    """One round of a player in an event of individuals: his table and seat, this round's partner
    (progressive) and the others at the table (opponents, or three-handed his two tablemates)."""

    label: str
    round: int
    tiebreak: int | None
    table: int | None  # None: he sat out
    seat: str = ""
    partner: Partnership | None = None
    others: list[Partnership] = field(default_factory=list)
    hands: list[PlayerHandLine] = field(default_factory=list)
    points: int | None = None
    status: str = ""
    games: games_engine.SideRecord | None = None  # an event played as games: his games this round

    @property
    def sit_out(self) -> bool:
        return self.table is None

    @property
    def status_label(self) -> str:
        return language.label(TABLE_STATUS_PUBLIC.get(self.status, self.status))


PARTNER_SEAT = {"N": "S", "S": "N", "E": "W", "W": "E"}


def player_record(event: Event, entrant: Partnership) -> list[PlayerRound]:
    """A player's rounds in an event of individuals, main rounds then tiebreak sessions (four queries)."""
    mine = {s.table_id: s.seat for s in TableSeat.objects.filter(entrant=entrant, table__round__event=event)}
    tables = list(Table.objects.filter(pk__in=mine).select_related("round__tiebreak"))
    seated: dict[int, dict[str, Partnership]] = {}
    for seat in TableSeat.objects.filter(table__in=tables).select_related("entrant__player_one").order_by():
        seated.setdefault(seat.table_id, {})[seat.seat] = seat.entrant
    hands_by_table: dict[int, list[Hand]] = {}
    for hand in Hand.objects.filter(table__in=tables).order_by("number"):
        hands_by_table.setdefault(hand.table_id, []).append(hand)
    records = []
    for table in tables:
        seat = mine[table.pk]
        at = seated.get(table.pk, {})
        rnd = table.round
        tiebreak = rnd.tiebreak.sequence if rnd.tiebreak_id else None
        three = seat not in PARTNER_SEAT
        lines = []
        for hand in hands_by_table.get(table.pk, []):
            if three:
                bidder = at.get(hand.declarer_seat)
                lines.append(PlayerHandLine(hand.number, hand.contract, bidder.player_one.name if bidder else "",
                                            (hand.seat_tricks or {}).get(seat), hand.made,
                                            (hand.seat_points or {}).get(seat, 0)))
                continue
            side = SIDE_OF_SEAT[seat]
            tricks = hand.tricks
            if tricks is not None and hand.declarer != side:
                tricks = 10 - tricks
            lines.append(PlayerHandLine(hand.number, hand.contract,
                                        gettext("Us") if hand.declarer == side else gettext("Them"),
                                        tricks, hand.made, hand.points_for(side)))
        games = None
        if event.plays_games and lines:
            layout = event.layout_spec
            sides = _seat_sides(layout, at)
            played = [_played(layout, h.number, h.declarer, h.declarer_seat, h.ns_points, h.ew_points, h.seat_points,
                              h.made) for h in hands_by_table.get(table.pk, [])]
            games = games_engine.replay(event.rules, event.games_setup, played,
                                        round_over=rnd.status == Round.Status.CLOSED,
                                        hands_per_round=event.hands_per_round,
                                        sides=len(layout.sides)).record(sides[seat])
        records.append(PlayerRound(
            label=(gettext("Tiebreak %(tiebreak)s, round %(round)s") % {"tiebreak": tiebreak, "round": rnd.number}
                   if tiebreak else gettext("Round %(number)s") % {"number": rnd.number}),
            round=rnd.number, tiebreak=tiebreak, table=table.number,
            seat=seat if three else language.seat_letter(seat),
            partner=None if three else at.get(PARTNER_SEAT[seat]),
            others=[p for s, p in sorted(at.items()) if s != seat and (three or s != PARTNER_SEAT[seat])],
            hands=lines, points=sum(line.points for line in lines) if lines else None,
            status=table.status_for(len(lines), event.hands_per_round), games=games))
    for sit_out in SitOut.objects.filter(partnership=entrant, round__event=event).select_related("round__tiebreak"):
        rnd = sit_out.round
        records.append(PlayerRound(label=gettext("Round %(number)s") % {"number": rnd.number}, round=rnd.number,
                                   tiebreak=rnd.tiebreak.sequence if rnd.tiebreak_id else None, table=None))
    records.sort(key=lambda r: (r.tiebreak or 0, r.round))
    return records
