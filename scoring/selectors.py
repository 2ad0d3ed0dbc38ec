"""Reads for the standings pages, downloads, command and PDFs. Nothing here writes.

The results themselves are read once, the same way for every kind of event, by
scoring.results.event_results (the one results read); event_standings() and the entrants'
records here are thin wrappers over it that the pages, printing, event export and the standings
command keep calling. The live pages' ETag and the tiebreak sessions' tables are read here.
"""

from __future__ import annotations

from django.db import connection
from django.db.models import Count, Prefetch, Sum

from scoring.engine import standings as standings_engine
from scoring.models import Hand
from scoring.results import (  # noqa: F401 (re-exported)
    GAME_RESULT_WORDS,
    EntrantRound,
    GameLine,
    HandCredit,
    RoundGames,
    _driver_rows,
    event_results,
    forget_memos,
    played_hand,
    setup_for,
)
from tournaments import selectors as event_selectors
from tournaments.models import Event, Partnership, Round, SitOut, Table, TableSeat, Tiebreak


def event_standings(event: Event) -> standings_engine.Standings:
    """The event's standings: the one results read's (scoring.results.event_results), in a fixed
    number of queries however many entrants and hands it has."""
    return event_results(event).standings


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


# ---------------------------------------------------------------- an entrant's record (scoring.results)


def partnership_record(event: Event, partnership: Partnership) -> list[EntrantRound]:
    """Round by round and hand by hand, main rounds then tiebreak sessions: the one read's record."""
    return event_results(event).record(partnership)


def player_record(event: Event, entrant: Partnership) -> list[EntrantRound]:
    """A player's rounds in an event of individuals: the one read's record, as for a partnership."""
    return event_results(event).record(entrant)


def partnership_games(event: Event, partnership: Partnership) -> dict[tuple[int | None, int], RoundGames]:
    """An event played as games: each of the entrant's rounds' games, by (tiebreak sequence or None,
    round number); {} for a session."""
    return {(r.tiebreak, r.round): r.games for r in partnership_record(event, partnership) if r.games is not None}
