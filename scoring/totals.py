"""Each table's stored totals (Table.n_hands, ns_points, ew_points, and at a table scored by seat
(two, three, five, six) seat_totals): its hands counted and summed.

The standings read these instead of grouping every hand of the event (README, "Speed"). Every
hand write sets them again in the same transaction, after the write, from the table's hands, so
they cannot drift whatever the write was (a new hand, a correction, an import): for one table its
hands summed here and one UPDATE (`store`, which hand_record gives the hands it already read under
the table's lock; `refresh` reads them); for many an UPDATE, then the seat points of their hands
scored by seat summed in one grouped query and written.
scoring.integrity compares them with the hands (`from_hands`; the seat totals it sums itself).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, Func, IntegerField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from scoring.engine.layouts import LAYOUTS
from scoring.models import Hand
from tournaments import prepared
from tournaments.models import Table

FIELDS = ("n_hands", "ns_points", "ew_points")
# The seats a hand may be scored by (seat_points): the numbered seats of the tables of two to six.
SEAT_KEYS = tuple(sorted({seat for layout in LAYOUTS.values() for seat in layout.seats if seat.isdigit()}, key=int))


class SeatPoints(Func):
    """One seat's points in a hand's seat_points, as an integer (NULL for a hand not scored by
    seat). Written out because the seats are digits, which Django's JSON key lookups read as
    array positions ("$[1]", "->> 1") instead of object keys."""

    output_field = IntegerField()

    def __init__(self, label: str):
        if label not in SEAT_KEYS:
            raise ValueError(f"not a numbered seat: {label!r}")
        super().__init__("seat_points")
        self.label = label

    def as_sql(self, compiler, connection, **extra):  # SQLite (and MySQL): JSON_EXTRACT with a key path
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return f"JSON_EXTRACT({sql}, %s)", (*params, f'$."{self.label}"')

    def as_postgresql(self, compiler, connection, **extra):
        sql, params = compiler.compile(self.get_source_expressions()[0])
        return f"(({sql}) ->> %s)::integer", (*params, self.label)


def _seat_sums() -> dict:
    return {f"seat_{label}": Sum(SeatPoints(label)) for label in SEAT_KEYS}


def seat_totals_of(by_seat: int, sums: dict) -> dict[str, int]:
    """Table.seat_totals from a count of hands scored by seat and _seat_sums()'s values: the total of
    every seat the hands score (a seat no hand names has no sum: None) once a hand is scored by
    seat, {} before (and at a table of two sides)."""
    return {label: sums[f"seat_{label}"] for label in SEAT_KEYS
            if sums.get(f"seat_{label}") is not None} if by_seat else {}


def _of_table(aggregate):
    hands = Hand.objects.filter(table=OuterRef("pk")).order_by().values("table").annotate(value=aggregate)
    return Coalesce(Subquery(hands.values("value"), output_field=IntegerField()), Value(0))


def refresh(tables) -> None:
    """Work the totals out again from the hands, for `tables` (a Table, a queryset of tables, or
    table ids). Call it inside the transaction that wrote the hands."""
    if isinstance(tables, Table):
        store(tables, Hand.objects.filter(table_id=tables.pk).only("ns_points", "ew_points", "seat_points"))
        return
    if hasattr(tables, "model"):
        queryset = Table.objects.filter(pk__in=tables.values("pk"))
    else:
        queryset = Table.objects.filter(pk__in=list(tables))
    queryset.update(n_hands=_of_table(Count("id")), ns_points=_of_table(Sum("ns_points")),
                    ew_points=_of_table(Sum("ew_points")), seat_totals={})
    by_seat = (Hand.objects.filter(table__in=queryset, seat_points__isnull=False).values("table_id")
               .annotate(by_seat=Count("id"), **_seat_sums()).order_by())
    Table.objects.bulk_update([Table(pk=row["table_id"], seat_totals=seat_totals_of(row["by_seat"], row))
                               for row in by_seat], ["seat_totals"], batch_size=500)


def store(table: Table, hands: Iterable[Hand], **also) -> None:
    """Write `table`'s totals summed from `hands`, every hand it has, read in the transaction that
    wrote them (hand_record already holds them, read under the table's lock, plus the one it
    inserted: one UPDATE then, and no second query to count them). A table of partners has no hand
    scored by seat (Layout.columns: seat_points None): its seat totals stay {}."""
    hands = list(hands)
    by_seat = [h.seat_points for h in hands if h.seat_points is not None]
    sums = {f"seat_{label}": sum(points.get(label) or 0 for points in by_seat) for label in SEAT_KEYS
            if any(label in points for points in by_seat)}
    counted = {"n_hands": len(hands), "ns_points": sum(h.ns_points or 0 for h in hands),
               "ew_points": sum(h.ew_points or 0 for h in hands), "seat_totals": seat_totals_of(len(by_seat), sums)}
    counted.update(also)  # other columns of the table the same write sets (hand_record: entered_side)
    prepared.update_row(Table, table.pk, **counted)  # its SQL written once (issue 27: a save's own write)
    for name, value in counted.items():  # the caller's copy too, so a later save() writes nothing stale
        setattr(table, name, value)


def from_hands(table_ids: Iterable[int]) -> dict[int, tuple[int, int, int]]:
    """{table id: (hands, N-S points, E-W points)} counted from the hands themselves; tables with
    no hand are left out."""
    rows = (Hand.objects.filter(table_id__in=list(table_ids)).values("table_id")
            .annotate(n=Count("id"), ns=Sum("ns_points"), ew=Sum("ew_points"))
            .values_list("table_id", "n", "ns", "ew").order_by())
    return {table_id: (n, ns or 0, ew or 0) for table_id, n, ns, ew in rows}
