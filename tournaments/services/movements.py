"""The movement: the rounds planned for the entrants checked in (by the event's table layout,
scoring.engine.layouts), stored as rounds, and planned again after a withdrawal or a late arrival
for the rounds not yet started. Each public function is one transaction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max, Q
from django.utils.translation import gettext as _

from scoring.engine import movement, movement_individuals

from ..layouts import say
from ..models import Event, Round, SitOut, Table, TableSeat
from .rounds import main_rounds, round_create, round_create_seated, seat_labels


def movement_exists(event: Event) -> bool:
    return main_rounds(event).exists()


def active_numbers(event: Event) -> list[int]:
    """Who plays the next rounds: checked in and not withdrawn."""
    return list(event.partnerships.filter(checked_in=True, withdrawn=False).values_list("number", flat=True))


def round_plans(rounds) -> list[movement.RoundPlan]:
    """Stored rounds as the planner's RoundPlans (two queries)."""
    rounds = list(rounds)
    plans = {r.pk: movement.RoundPlan(number=r.number) for r in rounds}
    for table in Table.objects.filter(round__in=rounds).order_by("number").values("round_id", "number", "ns__number",
                                                                                  "ew__number"):
        plans[table["round_id"]].tables.append((table["number"], table["ns__number"], table["ew__number"]))
    for sit in SitOut.objects.filter(round__in=rounds).values("round_id", "partnership__number"):
        plans[sit["round_id"]].byes.append(sit["partnership__number"])
    return [plans[r.pk] for r in rounds]


def _store_plans(event: Event, plans: list[movement.RoundPlan]) -> None:
    by_number = {p.number: p for p in event.partnerships.all()}
    for rnd in plans:
        round_create(event=event, number=rnd.number,
                     tables=[(t, by_number[ns], by_number[ew]) for t, ns, ew in rnd.tables],
                     byes=[by_number[b] for b in rnd.byes])
    event.bump_version()  # the live pages show who plays whom and the progress line


def table_size(event: Event) -> int:
    """Players at one table of the event's layout: three three-handed, four otherwise."""
    return event.layout_spec.players


def seated_plans(rounds) -> list[movement_individuals.SeatedRound]:
    """Stored rounds of an event of individuals as the planner's SeatedRounds (two queries)."""
    rounds = list(rounds)
    plans = {r.pk: movement_individuals.SeatedRound(number=r.number) for r in rounds}
    seats: dict[int, dict[str, int]] = {}
    tables: dict[int, tuple[int, int]] = {}
    for row in TableSeat.objects.filter(table__round__in=rounds).values(
            "table_id", "table__number", "table__round_id", "seat", "entrant__number"):
        tables[row["table_id"]] = (row["table__round_id"], row["table__number"])
        seats.setdefault(row["table_id"], {})[row["seat"]] = row["entrant__number"]
    for table_id, (round_id, number) in sorted(tables.items(), key=lambda item: item[1][1]):
        by_seat = seats[table_id]
        plans[round_id].tables.append((number, tuple(by_seat[label] for label in seat_labels(len(by_seat)))))
    for sit in SitOut.objects.filter(round__in=rounds).values("round_id", "partnership__number"):
        plans[sit["round_id"]].byes.append(sit["partnership__number"])
    return [plans[r.pk] for r in rounds]


def _store_seated_plans(event: Event, plans: list[movement_individuals.SeatedRound]) -> None:
    by_number = {p.number: p for p in event.partnerships.all()}
    for rnd in plans:
        round_create_seated(event=event, number=rnd.number,
                            tables=[(t, [by_number[n] for n in seats]) for t, seats in rnd.tables],
                            byes=[by_number[b] for b in rnd.byes])
    event.bump_version()


def event_plan(event: Event) -> Callable:
    """The event's movement (its sizing's): its layout's, or the mixed one in an event of mixed sizes."""
    return event.sizing.plan()


def _check_count(event: Event, count: int, *, replan: bool = False) -> None:
    """Refuse a movement for too few entrants, as the event's sizing counts them: a table's, or in an
    event of mixed sizes a table of three's (layouts.mixed_count_fits)."""
    sizing = event.sizing
    if not sizing.fits(count):
        raise ValidationError({"__all__": say(event, "too_few_replan" if replan else "too_few",
                                              least=sizing.least(), count=count)})


@dataclass(frozen=True)
class TableStorage:
    """The Django side of a layout's planned rounds, by Layout.table_storage: `read` stored rounds
    back as the planner's plans, `store` plans as rounds, and `grid_cells(plans, numbers, gettext,
    seat_name)` the movement grid's cells. Partnerships' RoundPlans fill Table.ns / Table.ew;
    players' SeatedRounds fill TableSeat rows."""

    read: Callable
    store: Callable
    grid_cells: Callable


TABLE_STORAGES = {
    "sides": TableStorage(round_plans, _store_plans,
                          lambda plans, numbers, say, seat_name: movement.grid_cells(plans, numbers, say)),
    "seats": TableStorage(seated_plans, _store_seated_plans, movement_individuals.grid_cells),
}


def storage_for(event: Event) -> TableStorage:
    return TABLE_STORAGES[event.layout_spec.table_storage]


@transaction.atomic
def movement_generate(*, event: Event) -> list[Round]:
    """Create every round of the session from the entrants checked in and not withdrawn, planned by
    the event's layout (scoring.engine.layouts: Layout.plan names the movement)."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    if movement_exists(event):
        raise ValidationError({"__all__": _("The movement already exists. Withdrawals and late arrivals re-plan it.")})
    players = active_numbers(event)
    _check_count(event, len(players))
    storage_for(event).store(event, event_plan(event)(players, event.rounds))
    return list(main_rounds(event))


def played_boundary(event: Event) -> int:
    """The last round number that has started: open, closed, or with a hand entered."""
    started = main_rounds(event).filter(Q(status__in=[Round.Status.OPEN, Round.Status.CLOSED])
                                        | Q(tables__hands__isnull=False))
    return started.aggregate(top=Max("number"))["top"] or 0


@transaction.atomic
def movement_replan(*, event: Event) -> list[int]:
    """Plan again every round after the last one that has started, for the partnerships now
    playing. Rounds with results are never touched. Returns the re-planned round numbers."""
    Event.objects.select_for_update().filter(pk=event.pk).first()
    boundary = played_boundary(event)
    rounds = list(main_rounds(event))
    later = [r for r in rounds if r.number > boundary]
    if not later:
        return []
    players = active_numbers(event)
    _check_count(event, len(players), replan=True)
    storage = storage_for(event)
    plans = event_plan(event)(players, len(later), first_round=later[0].number,
                        history=storage.read([r for r in rounds if r.number <= boundary]),
                        current=storage.read(later))
    Round.objects.filter(pk__in=[r.pk for r in later]).delete()
    storage.store(event, plans)
    return [p.number for p in plans]
