"""Writes to the event's shape: rounds, tables and sit-outs. Each call is one transaction.

A Seating row is written beside every Table side and SitOut, so the database itself refuses a
partnership that appears twice in one round.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from .models import Round, Seating, SitOut, Table


@transaction.atomic
def round_create(*, event, number: int, tables: list[tuple[int, object, object]], byes=(), tiebreak=None,
                 status: str = Round.Status.PLANNED) -> Round:
    """Create a round: `tables` is [(table number, N-S partnership, E-W partnership)], `byes` the
    partnerships sitting out."""
    try:
        with transaction.atomic():
            rnd = Round.objects.create(event=event, number=number, tiebreak=tiebreak, status=status)
            round_fill(rnd, tables=tables, byes=byes)
    except IntegrityError as exc:
        raise ValidationError({"__all__": f"round {number} cannot be saved: {_explain(exc)}"}) from None
    return rnd


def round_fill(rnd: Round, *, tables, byes=()) -> None:
    """Add tables and sit-outs to a round (inside the caller's transaction)."""
    seatings = []
    for number, ns, ew in tables:
        if ns.pk == ew.pk:
            raise ValidationError({"__all__": f"table {number}: partnership {ns.number} cannot play itself"})
        table = Table.objects.create(round=rnd, number=number, ns=ns, ew=ew)
        seatings += [Seating(round=rnd, partnership=ns, table=table), Seating(round=rnd, partnership=ew, table=table)]
    for partnership in byes:
        sit_out = SitOut.objects.create(round=rnd, partnership=partnership)
        seatings.append(Seating(round=rnd, partnership=partnership, sit_out=sit_out))
    Seating.objects.bulk_create(seatings)


def _explain(exc: IntegrityError) -> str:
    text = str(exc)
    if "partnership_once_per_round" in text or "seating" in text.lower():
        return "a partnership appears twice in it"
    if "table_number_unique" in text or "table.round_id, tournaments_table.number" in text:
        return "two tables have the same number"
    return "it clashes with what is already stored"
