"""One event summed up per entrant (issue 26): each entrant's place, points, games won, slams and
misères made, as a club's season ladder and a member's record read them. Nothing here writes.

The place, points and games come from the one results read (scoring.results.event_results: the
event's standings, overall rank, None when withdrawn); the slams and misères from the event's hands,
each credited to the entrants sitting on the bidding side of its table (the layout's sides:
Layout.side_of of each place, scoring.adapters' table_places; at a table of five the called
partner too). A summary is kept in the cache under the event's version (bumped
by every save that changes what the standings show), so a season over many finished events reads
them all in one cache call and computes only the events that changed.
"""

from __future__ import annotations

from typing import NamedTuple

from django.core.cache import cache

from scoring.adapters import adapter_for
from scoring.engine import layouts
from scoring.engine import seasons as seasons_engine
from scoring.engine.vocabulary import NOBID
from scoring.models import Hand
from scoring.results import event_results
from tournaments.models import Event, Table

CACHE_SECONDS = 60 * 60 * 24 * 30  # a finished event's summary does not change
SHAPE = 1  # bumped when the summary's shape changes, so an old process's entries are not read


class EntrantSummary(NamedTuple):
    place: int | None
    points: int
    games_won: int
    slams: int
    misere_made: int


class _PlaceRow(NamedTuple):
    """What an adapter's table_places reads of a table row (scoring.results.TableRow)."""

    id: int
    ns_id: int | None
    ew_id: int | None


def side_hands(event: Event) -> dict[int, tuple[int, int]]:
    """{entrant id: (slams, misères made)} of the event: each bid hand whose bidding side took all ten
    tricks or made its misère (scoring.engine.seasons.is_slam, is_misere_made) credited to every
    entrant sitting on that side (Layout.side_of of his place) or in the called partner's seat (a
    table of five). Two queries when the event has any: the hands, then who sat where."""
    adapter = adapter_for(event)
    per_table: dict[int, list[tuple[str, str, int, int]]] = {}
    # Each table's layout: the event's, or in an event of mixed sizes the table's own (Table.layout).
    layout_of: dict[int, layouts.Layout] = {}
    for table_id, own, declarer, declarer_seat, partner_seat, contract, tricks, seat_tricks, made in (
        Hand.objects.filter(table__round__event=event).exclude(contract=NOBID)
        .values_list("table_id", "table__layout", "declarer", "declarer_seat", "partner_seat", "contract", "tricks",
                     "seat_tricks", "made").order_by()
    ):
        bidder = declarer_seat or declarer
        if not bidder:
            continue
        layout = layout_of.setdefault(table_id, layouts.layout(own or event.layout))
        side = layout.side_of.get(bidder, bidder)
        took = tricks
        if isinstance(seat_tricks, dict):  # kept by seat (by team at six): the bidding side's, with the partner's
            took = sum(int(n) for key, n in seat_tricks.items() if key in (bidder, side, partner_seat))
        hand = seasons_engine.PlayedHand(side, contract, took, made)
        slam, misere = seasons_engine.is_slam(hand), seasons_engine.is_misere_made(hand)
        if slam or misere:
            per_table.setdefault(table_id, []).append((side, partner_seat, int(slam), int(misere)))
    if not per_table:
        return {}
    rows = [_PlaceRow(*row) for row in Table.objects.filter(pk__in=per_table).values_list("id", "ns_id", "ew_id")]
    places = adapter.table_places(event, rows)
    credited: dict[int, list[int]] = {}
    for table_id, hands in per_table.items():
        for place, entrant in places.get(table_id, {}).items():
            if entrant is None:
                continue
            mine = layout_of[table_id].side_of.get(place, place)
            for side, partner_seat, slam, misere in hands:
                if mine == side or (partner_seat and place == partner_seat):
                    pair = credited.setdefault(entrant, [0, 0])
                    pair[0] += slam
                    pair[1] += misere
    return {entrant: (pair[0], pair[1]) for entrant, pair in credited.items()}


def compute_summary(event: Event) -> dict[int, EntrantSummary]:
    """{entrant id: EntrantSummary} from the database (the results read and the hands)."""
    standings = event_results(event).standings
    awards = side_hands(event)
    return {row.id: EntrantSummary(row.rank, row.total, row.games_won, *awards.get(row.id, (0, 0)))
            for row in standings.rows}


def _key(event_id: int, version: int) -> str:
    return f"event-summary:{SHAPE}:{event_id}:{version}"


def event_summaries(events: list[Event]) -> dict[int, dict[int, EntrantSummary]]:
    """{event id: its summary} of `events` (read with their `version`): one cache call for them all,
    each missing or changed event computed and kept."""
    keys = {_key(event.pk, event.version): event for event in events}
    found = cache.get_many(list(keys))
    out: dict[int, dict[int, EntrantSummary]] = {}
    fresh = {}
    for key, event in keys.items():
        summary = found.get(key)
        if summary is None:
            summary = compute_summary(event)
            fresh[key] = {entrant: tuple(values) for entrant, values in summary.items()}
        else:
            summary = {entrant: EntrantSummary(*values) for entrant, values in summary.items()}
        out[event.pk] = summary
    if fresh:
        cache.set_many(fresh, CACHE_SECONDS)
    return out


def event_summary(event: Event) -> dict[int, EntrantSummary]:
    """One event's summary (event_summaries)."""
    return event_summaries([event])[event.pk]
