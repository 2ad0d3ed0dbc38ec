"""Rounds and their tables: create and fill a round (partnerships at N-S and E-W, or individuals in
seats), and a round during play: its tables' states, open, close, reopen, the next round, a table's link.

Each public function is one transaction (or runs inside its caller's). Scores are not written here
(scoring.services does that). A Seating row is written beside every Table side and SitOut, so the
database itself refuses an entrant that appears twice in one round.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Count, Prefetch
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.engine import layouts

from .. import language
from ..layouts import say
from ..models import Event, Round, Seating, SitOut, Table, TableSeat


def main_rounds(event: Event):
    return event.round_set.filter(tiebreak__isnull=True).order_by("number")


@transaction.atomic
def round_create(*, event, number: int, tables: list[tuple[int, object, object]], byes=(), tiebreak=None,
                 status: str = Round.Status.PLANNED) -> Round:
    """Create a round: `tables` is [(table number, N-S partnership, E-W partnership)], `byes` the
    partnerships sitting out."""
    return _round_create(round_fill, event=event, number=number, tables=tables, byes=byes, tiebreak=tiebreak,
                         status=status)


def _round_create(fill, *, event, number: int, tables, byes, tiebreak, status) -> Round:
    """The round row and what `fill` seats in it, in one transaction; a clash names the round."""
    try:
        with transaction.atomic():
            rnd = Round.objects.create(event=event, number=number, tiebreak=tiebreak, status=status)
            fill(rnd, tables=tables, byes=byes)
    except IntegrityError as exc:
        raise ValidationError({"__all__": _("round %(number)s cannot be saved: %(why)s")
                                          % {"number": number, "why": _explain(exc)}}) from None
    return rnd


@transaction.atomic
def round_create_seated(*, event, number: int, tables, byes=(), tiebreak=None,
                        status: str = Round.Status.PLANNED) -> Round:
    """Create a round of an event of individuals: `tables` is [(table number, [entrant, ...] in
    seating order)], `byes` the players sitting out (see round_fill_seated)."""
    return _round_create(round_fill_seated, event=event, number=number, tables=tables, byes=byes,
                         tiebreak=tiebreak, status=status)


def seat_labels(count: int) -> tuple[str, ...]:
    """The TableSeat.seat labels of a table of `count` individuals, in seating order: the seats of the
    layout that seats them (scoring.engine.layouts): "1", "2", "3" three-handed, "N", "E", "S", "W"
    four-handed (as an imported event file stores them)."""
    return layouts.seats_for(count)


def round_fill_seated(rnd: Round, *, tables, byes=()) -> None:
    """Add tables of individuals and sit-outs to a round (inside the caller's transaction): `tables`
    is [(table number, [entrant, ...] in seating order)]. Each table's players are TableSeat rows
    (Table.ns / Table.ew stay empty), each with its Seating row, as an imported event file stores them."""
    seatings, seats = [], []
    sizing = rnd.event.sizing
    for number, players in tables:
        # In an event of mixed sizes the table is played at the layout of its number of players (else: the event's).
        own = sizing.table_layout(len(players))
        table = Table.objects.create(round=rnd, number=number, layout=own.name if own else "")
        for label, entrant in zip(own.seats if own else seat_labels(len(players)), players, strict=True):
            seats.append(TableSeat(table=table, seat=label, entrant=entrant))
            seatings.append(Seating(round=rnd, partnership=entrant, table=table))
    TableSeat.objects.bulk_create(seats)
    for entrant in byes:
        sit_out = SitOut.objects.create(round=rnd, partnership=entrant)
        seatings.append(Seating(round=rnd, partnership=entrant, sit_out=sit_out))
    Seating.objects.bulk_create(seatings)


def round_fill(rnd: Round, *, tables, byes=()) -> None:
    """Add tables and sit-outs to a round (inside the caller's transaction)."""
    seatings = []
    for number, ns, ew in tables:
        if ns.pk == ew.pk:
            raise ValidationError({"__all__": _("table %(table)s: partnership %(number)s cannot play itself")
                                              % {"table": number, "number": ns.number}})
        table = Table.objects.create(round=rnd, number=number, ns=ns, ew=ew)
        seatings += [Seating(round=rnd, partnership=ns, table=table), Seating(round=rnd, partnership=ew, table=table)]
    for partnership in byes:
        sit_out = SitOut.objects.create(round=rnd, partnership=partnership)
        seatings.append(Seating(round=rnd, partnership=partnership, sit_out=sit_out))
    Seating.objects.bulk_create(seatings)


def _explain(exc: IntegrityError) -> str:
    text = str(exc)
    if "partnership_once_per_round" in text or "seating" in text.lower():
        return _("a partnership appears twice in it")
    if "table_number_unique" in text or "table.round_id, tournaments_table.number" in text:
        return _("two tables have the same number")
    return _("it clashes with what is already stored")


_round_name = language.round_name  # said once, in tournaments.language



# --- Rounds during play ----------------------------------------------------------------------

def table_states(rnd: Round) -> list[tuple[Table, str, int]]:
    """(table, status word, hands entered) for every table of the round, in one query."""
    tables = (rnd.tables.annotate(hand_count=Count("hands"))
              .select_related("ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two")
              .order_by("number"))
    # A table of players has them in its seats (none at a partnership table: one query that finds none).
    tables = tables.prefetch_related(Prefetch("seats", queryset=TableSeat.objects.select_related(
        "entrant__player_one")))
    limit = rnd.event.hands_per_round
    # Games played to the bell have no hands per round: a table with hands waits for confirmation.
    return [(t, t.status_for(t.hand_count, limit if limit is not None else max(t.hand_count, 1)), t.hand_count)
            for t in tables]


def _sides(table: Table) -> dict:
    """Who plays at a table, as "ns" and "ew" for the problems' wording: the partnership numbers, or
    at a table of individuals its two sides' players ("3 & 7" and "2 & 9", N & S and E & W), or
    where each plays for himself the first seat against the others ("3" and "7 v 2")."""
    layout = table.layout_spec
    ns, ew = layout.sides_text(_PLACES[layout.table_storage](table))
    return {"ns": ns, "ew": ew}


# A table's entrants by place (Layout.places), by how its layout stores them (Layout.table_storage):
# a partnership per side on the table row, or a player per seat in its TableSeat rows (prefetched).
_PLACES = {
    "sides": lambda table: {"ns": table.ns.number, "ew": table.ew.number},
    "seats": lambda table: {seat.seat: seat.entrant.number for seat in table.seats.all()},
}


def round_problems(rnd: Round) -> list[str]:
    """Why the round cannot close yet: tables short of hands, unconfirmed or disputed."""
    problems = []
    confirm = rnd.event.confirmation_required
    for table, status, count in table_states(rnd):
        where = {"table": table.number, **_sides(table)}
        if status == "disputed":
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s): disputed: %(reason)s")
                            % {**where, "reason": table.dispute_reason})
        elif status in ("not_started", "in_progress") and rnd.event.hands_per_round is None:
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s): no hands entered") % where)
        elif status in ("not_started", "in_progress"):
            problems.append(_("Table %(table)s (%(ns)s v %(ew)s): %(count)s of %(hands)s hands entered")
                            % {**where, "count": count, "hands": rnd.event.hands_per_round})
        elif status == "entered" and confirm:
            problems.append(say(rnd.event, "not_confirmed", **where))
    return problems


def _locked_round(rnd: Round) -> Round:
    """The round and its event under row locks, event first: the order scoring.services takes them
    in for every score write (event, round, table), so a close and a save never deadlock and a
    save waiting on the close reads the closed status once it gets the lock."""
    event = Event.objects.select_for_update().get(pk=rnd.event_id)
    locked = Round.objects.select_for_update().get(pk=rnd.pk)
    locked.event = event
    return locked


@transaction.atomic
def round_open(*, rnd: Round) -> Round:
    """Start a planned round: its table links take scores from now on."""
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.PLANNED:
        raise ValidationError({"__all__": _("%(round)s is already %(status)s.")
                                          % {"round": _round_name(rnd), "status": rnd.get_status_display().lower()}})
    siblings = Round.objects.filter(event=rnd.event_id, tiebreak=rnd.tiebreak_id)
    open_now = siblings.filter(status=Round.Status.OPEN).first()
    if open_now:
        raise ValidationError({"__all__": _("%(round)s is still in play: close it first.")
                                          % {"round": _round_name(open_now)}})
    if siblings.filter(number__lt=rnd.number).exclude(status=Round.Status.CLOSED).exists():
        raise ValidationError({"__all__": _("Earlier rounds must be closed before %(round)s starts.")
                                          % {"round": _round_name(rnd)}})
    rnd.status = Round.Status.OPEN
    rnd.save(update_fields=["status"])
    rnd.event.bump_version()
    return rnd


@transaction.atomic
def round_close(*, rnd: Round, by: str, force: bool = False, reason: str = "") -> Round:
    """Close a round in play. Refused while a table is incomplete, disputed or (when the event
    needs it) unconfirmed, unless an organizer forces it and says why; the reason is kept. Holds
    the event's lock, so no hand is saved at the round's tables after `closed_at`."""
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.OPEN:
        raise ValidationError({"__all__": _("%(round)s is not in play, so it cannot be closed.")
                                          % {"round": _round_name(rnd)}})
    problems = round_problems(rnd)
    reason = (reason or "").strip()
    if problems and not force:
        raise ValidationError({"__all__": problems})
    if problems and not reason:
        raise ValidationError({"reason": _("Say why the round closes with these tables unfinished.")})
    if len(reason) > 500:
        raise ValidationError({"reason": _("is longer than %(most)s characters") % {"most": 500}})
    rnd.status = Round.Status.CLOSED
    rnd.closed_at = timezone.now()
    rnd.closed_by = by
    rnd.close_note = "; ".join([reason, *problems]) if problems else reason
    rnd.close_note = rnd.close_note[:500]
    rnd.save(update_fields=["status", "closed_at", "closed_by", "close_note"])
    rnd.event.bump_version()
    return rnd


@transaction.atomic
def round_reopen(*, rnd: Round, by: str) -> Round:
    """Put a closed round back in play (closed by mistake, or a correction the table must make).
    Refused while another round is in play; the note keeps who reopened it."""
    rnd = _locked_round(rnd)
    if rnd.status != Round.Status.CLOSED:
        raise ValidationError({"__all__": _("%(round)s is not closed.") % {"round": _round_name(rnd)}})
    open_now = Round.objects.filter(event=rnd.event_id, tiebreak=rnd.tiebreak_id, status=Round.Status.OPEN).first()
    if open_now:
        raise ValidationError({"__all__": _("%(round)s is in play: close it before reopening %(other)s.")
                                          % {"round": _round_name(open_now), "other": _round_name(rnd)}})
    previous = ""
    if rnd.closed_by:
        closed = _("closed by %(name)s") % {"name": rnd.closed_by}
        previous = f" ({closed}{': ' + rnd.close_note if rnd.close_note else ''})"
    rnd.status = Round.Status.OPEN
    rnd.close_note = (_("Reopened by %(name)s") % {"name": by} + previous)[:500]
    rnd.closed_at = None
    rnd.closed_by = ""
    rnd.save(update_fields=["status", "close_note", "closed_at", "closed_by"])
    rnd.event.bump_version()
    return rnd


@transaction.atomic
def round_start_next(*, event: Event) -> Round:
    """Open the first planned round of the session (after the last closed one)."""
    nxt = main_rounds(event).filter(status=Round.Status.PLANNED).first()
    if nxt is None:
        raise ValidationError({"__all__": _("Every round has been played: see the standings.")})
    return round_open(rnd=nxt)


def current_round(event: Event) -> Round | None:
    """The round in play; else the next planned one; else the last one."""
    rounds = main_rounds(event)
    return (rounds.filter(status=Round.Status.OPEN).first() or rounds.filter(status=Round.Status.PLANNED).first()
            or rounds.last())


@transaction.atomic
def table_revoke_link(*, table: Table) -> Table:
    """A new secret for the table: the old link and printed code stop working at once."""
    table.revoke_token()
    return table
