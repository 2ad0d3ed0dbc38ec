"""Each table's stored totals (Table.n_hands, ns_points, ew_points): its hands counted and summed.

The standings read these instead of grouping every hand of the event (README, "Speed"). Every
hand write calls refresh() in the same transaction, after the write: the totals are worked out
again from the table's hands (one UPDATE for many tables; a count and an UPDATE for one), so
they cannot drift whatever the write was (a new hand, a correction, an import).
scoring.integrity compares them with the hands (`from_hands`).
"""

from __future__ import annotations

from collections.abc import Iterable

from django.db.models import Count, IntegerField, OuterRef, Subquery, Sum, Value
from django.db.models.functions import Coalesce

from scoring.models import Hand
from tournaments.models import Table

FIELDS = ("n_hands", "ns_points", "ew_points")


def _of_table(aggregate):
    hands = Hand.objects.filter(table=OuterRef("pk")).order_by().values("table").annotate(value=aggregate)
    return Coalesce(Subquery(hands.values("value"), output_field=IntegerField()), Value(0))


def refresh(tables) -> None:
    """Work the totals out again from the hands, for `tables` (a Table, a queryset of tables, or
    table ids). Call it inside the transaction that wrote the hands."""
    if isinstance(tables, Table):  # one table, after each save: counted in one query, written in another
        counted = Hand.objects.filter(table_id=tables.pk).aggregate(
            n_hands=Count("id"), ns_points=Coalesce(Sum("ns_points"), 0), ew_points=Coalesce(Sum("ew_points"), 0))
        Table.objects.filter(pk=tables.pk).update(**counted)
        for name, value in counted.items():  # the caller's copy too, so a later save() writes nothing stale
            setattr(tables, name, value)
        return
    if hasattr(tables, "model"):
        queryset = Table.objects.filter(pk__in=tables.values("pk"))
    else:
        queryset = Table.objects.filter(pk__in=list(tables))
    queryset.update(n_hands=_of_table(Count("id")), ns_points=_of_table(Sum("ns_points")),
                    ew_points=_of_table(Sum("ew_points")))


def from_hands(table_ids: Iterable[int]) -> dict[int, tuple[int, int, int]]:
    """{table id: (hands, N-S points, E-W points)} counted from the hands themselves; tables with
    no hand are left out."""
    rows = (Hand.objects.filter(table_id__in=list(table_ids)).values("table_id")
            .annotate(n=Count("id"), ns=Sum("ns_points"), ew=Sum("ew_points"))
            .values_list("table_id", "n", "ns", "ew").order_by())
    return {table_id: (n, ns or 0, ew or 0) for table_id, n, ns, ew in rows}
