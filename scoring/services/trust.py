"""Trust at the table (docs/trust.md): a phone proves its side with a PIN (side_prove), the other
side accepts the hands and confirms the table (table_confirm), and too many wrong codes lock the
table's phones out for a while.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext, gettext_noop, ngettext

from scoring.engine.vocabulary import (
    PIN_WINDOW_MINUTES,
    PIN_WRONG_LIMIT,
    SIDE_LABELS,
)
from scoring.models import ConfirmFailure, Hand
from tournaments import language
from tournaments.models import Event, Partnership, Table, TableSeat

from .common import (
    Actor,
    _check_client_id,
    _check_round_state,
    _keep_receipt,
    _locked_table,
    _log,
    _once,
    _receipt,
    _writer,
    and_list,
    table_sides,
)
from .games import _check_confirmable


@dataclass(frozen=True)
class Confirmation:
    """What a confirmation did: the hands it accepted, the hands still waiting for another side
    (this side wrote them), and whether the table is now confirmed."""

    accepted: tuple[int, ...] = ()
    waiting: tuple[int, ...] = ()
    confirmed: bool = False
    already: bool = False

    def waiting_words(self, three: bool = False) -> str:
        """"Hands 2, 3 and 4 were entered on your phone: the other side accepts them on its phone."
        `three`: a table of three, where another player accepts."""
        if not self.waiting:
            return ""
        if three:
            return ngettext("Hand %(hands)s was entered or changed on your phone: another player accepts it on "
                            "his phone.",
                            "Hands %(hands)s were entered or changed on your phone: another player accepts them on "
                            "his phone.", len(self.waiting)) % {"hands": and_list(self.waiting)}
        return ngettext("Hand %(hands)s was entered or changed on your phone: the other side accepts it on its "
                        "phone.",
                        "Hands %(hands)s were entered or changed on your phone: the other side accepts them on its "
                        "phone.", len(self.waiting)) % {"hands": and_list(self.waiting)}


def table_confirm(*, table, actor: Actor, side: str = "", code: str | None = None,
                  client_id: str = "") -> Confirmation:
    """Agree with the table's hands (docs/trust.md). A table is confirmed only when every hand has
    been accepted by a side other than the one that last wrote it, or by staff; a hand last written
    by staff needs no acceptance.

    Staff (no side) accept every hand and confirm the table. A phone (its proven `side`, else
    actor.side) accepts every hand last written by another side; hands its own side wrote keep
    waiting for the other side's phone (Confirmation.waiting), and the table is confirmed only when
    none waits. At a table of three a side is a seat (another player accepts); at a progressive
    table the side is N-S or E-W, whichever of its two players proved the phone.

    `code`, when given, must also be the side's PIN (or number, by the event's confirmation check):
    for callers that did not prove the side beforehand. A wrong code is counted in ConfirmFailure
    (committed even though the confirmation is refused) and after PIN_WRONG_LIMIT wrong codes within
    PIN_WINDOW_MINUTES the phones cannot prove a side at that table until the oldest of them is
    that old; staff can confirm meanwhile.

    A second confirmation of a confirmed table changes nothing. `client_id` as for hand_record; a
    confirmation sent again under its id is judged again against the table as it is now."""
    client_id = _check_client_id(client_id)
    outcome = _once(client_id, lambda: _confirm(table=table, actor=actor, side=side, code=code, client_id=client_id))
    if isinstance(outcome, dict):  # raised after the commit, so the wrong guess stays counted
        raise ValidationError(outcome)
    return outcome


def _confirm(*, table, actor: Actor, side: str, code: str | None, client_id: str) -> Confirmation | dict:
    table = _locked_table(table.pk)
    event = table.round.event
    receipt = _receipt(client_id, table, "confirm")
    if receipt is not None:
        if table.confirmed_at and not table.disputed_at:
            # The confirmation stands, whatever happened since (the round closed): like a hand's id,
            # the repeat is answered "already", never refused as if it were lost.
            return Confirmation(confirmed=True, already=True)
        client_id = ""  # judged again below (a dispute since, a correction); the id keeps its first answer
    _check_round_state(table, actor)
    if table.confirmed_at and not table.disputed_at:
        _keep_receipt(client_id, table, "confirm", None, _confirm_result(table))
        return Confirmation(confirmed=True, already=True)
    writer = _writer(table, actor, side, confirming=True)
    if writer and table.disputed_at:
        raise ValidationError({"__all__": gettext("Table %(number)s is disputed: the organizer settles it (corrects "
                                                  "a hand or confirms the table as it is).")
                                          % {"number": table.number}})
    hands = list(Hand.objects.filter(table=table))
    _check_confirmable(table, hands)
    if writer and code is not None:
        refusal, _seat = _check_side_code(table, event, writer, code)
        if refusal:
            return refusal
    waits = [hand for hand in hands if hand.waits]
    accept = [hand for hand in waits if hand.written_side != writer or not writer]
    waiting = tuple(hand.number for hand in waits if hand not in accept)
    if writer and not accept and waiting and len(waiting) == len(hands):
        raise ValidationError({"__all__": gettext("Every hand was entered on this phone, so the other side confirms "
                                                  "them on its own phone (or the organizer does).")})
    now = timezone.now()
    if accept:
        Hand.objects.filter(pk__in=[hand.pk for hand in accept]).update(
            accepted_side=writer, accepted_by=actor.label[:150], accepted_at=now)
    accepted = tuple(hand.number for hand in accept)
    if waiting:
        _log(table, "confirm", actor, new={"accepted": list(accepted), "waiting": list(waiting)})
        _keep_receipt(client_id, table, "confirm", None, {"accepted": list(accepted), "waiting": list(waiting)})
        event.bump_version()
        return Confirmation(accepted=accepted, waiting=waiting)
    _mark_confirmed(table, actor, client_id, at=now, accepted=accepted)
    return Confirmation(accepted=accepted, confirmed=True)


def _mark_confirmed(table, actor: Actor, client_id: str, *, at, accepted=()) -> None:
    """The last needed acceptance landed: the table is confirmed now, by whoever gave it."""
    event = table.round.event
    table.confirmed_at = at
    table.confirmed_by = actor.label[:150]
    table.disputed_at = None
    table.dispute_reason = ""
    table.save(update_fields=["confirmed_at", "confirmed_by", "disputed_at", "dispute_reason"])
    _log(table, "confirm", actor, new={"accepted": list(accepted)} if accepted else None)
    _keep_receipt(client_id, table, "confirm", None, _confirm_result(table))
    event.bump_version()


def _confirm_result(table) -> dict:
    return {"confirmed_by": table.confirmed_by, "confirmed_at": table.confirmed_at.isoformat()}


def _recent_wrong(table) -> tuple[list, dict | None]:
    """The wrong codes typed at `table` within the window, and the lockout refusal when there are too many."""
    now = timezone.now()
    window = timedelta(minutes=PIN_WINDOW_MINUTES)
    wrong = list(ConfirmFailure.objects.filter(table=table, at__gte=now - window).order_by("-at")
                 .values_list("at", flat=True)[:PIN_WRONG_LIMIT])
    if len(wrong) >= PIN_WRONG_LIMIT:
        minutes = max(1, math.ceil((wrong[-1] + window - now).total_seconds() / 60))
        return wrong, {"__all__": ngettext(
            "Too many wrong codes at table %(table)s: confirming on the players' phones is locked for %(minutes)s "
            "more minute. An organizer or scorer can confirm the table now.",
            "Too many wrong codes at table %(table)s: confirming on the players' phones is locked for %(minutes)s "
            "more minutes. An organizer or scorer can confirm the table now.", minutes)
            % {"table": table.number, "minutes": minutes}}
    return wrong, None


def _count_wrong(table, side: str, wrong: list, field: str, message: str) -> dict:
    """Record one wrong code and say so, with the lockout warning on the last allowed one."""
    ConfirmFailure.objects.create(table=table, side=side if side in SIDE_LABELS else "")
    if PIN_WRONG_LIMIT - len(wrong) - 1 == 0:
        message += " " + gettext("That was the %(limit)sth wrong code: ask an organizer or scorer to confirm.") % {
            "limit": PIN_WRONG_LIMIT}
    return {field: message}


def side_prove(*, table, side: str, code: str) -> tuple[str, str]:
    """A phone says who holds it and proves it (docs/trust.md): `side` is "ns"/"ew" (a partnership,
    or a progressive table's side: `code` is then the PIN of either of its two players), a seat
    letter "N".."W" at a progressive table (that player), or a table of three's seat "1".."3"; `code`
    is that partnership's or player's PIN, or its number when the event's confirmation check is
    "number". Returns (the side the phone acts for, the proven player's seat or ""). A wrong code
    counts toward the table's lockout (committed even though refused)."""
    table = Table.objects.select_related("round__event").get(pk=table.pk)
    event = table.round.event
    seat = ""
    layout = table.layout_spec
    if table.ns_id is None and side in layout.seats and side not in layout.sides:  # a player of a side of two
        seat, side = side, layout.side_of[side]
    if side not in table_sides(table):
        raise ValidationError({"side": gettext("Choose who you are from the list on this page.")})
    with transaction.atomic():
        refusal, seat = _check_side_code(table, event, side, code, seat=seat)
    if refusal:
        raise ValidationError(refusal)
    return side, seat


def _side_entrants(table, side: str, seat: str = "") -> list[tuple[str, Partnership]]:
    """(seat, entrant) of whoever may prove `side`: the partnership; the seat's player; the side's two players."""
    if table.ns_id is not None:
        return [("", Partnership.objects.only("number", "pin").get(pk=table.ns_id if side == "ns" else table.ew_id))]
    side_of = table.layout_spec.side_of
    seats = TableSeat.objects.filter(table=table).select_related("entrant")
    return [(s.seat, s.entrant) for s in seats if (s.seat == seat if seat else side_of.get(s.seat) == side)]


# What a phone is told when its code proves nobody, by who the table's entrants are
# (Layout.entrants: a player proves himself, a partnership its side), for each confirmation check
# (Event.confirmation_check, "pin" or "number"): (nothing typed, a wrong code).
CODE_WORDS = {
    "individuals": {
        "pin": (gettext_noop("Type your own PIN: it is on your movement card."),
                gettext_noop("That is not your PIN. Check your movement card.")),
        "number": (gettext_noop("Type your own player number."),
                   gettext_noop("%(typed)s is not your player number. Check your movement card.")),
    },
    "partnerships": {
        "pin": (gettext_noop("Type your PIN (%(side)s): it is on your movement card."),
                gettext_noop("That is not the %(side)s PIN. Check your movement card.")),
        "number": (gettext_noop("Type your own partnership number (it is on your score card)."),
                   gettext_noop("Type your own partnership number (%(typed)s is not it).")),
    },
}


def _check_side_code(table, event, side: str, code: str | None, *, seat: str = "") -> tuple[dict | None, str]:
    """(None, the proven player's seat or "") when `code` proves `side` (or the player in `seat`),
    else (the refusal, ""), with a wrong guess recorded."""
    wrong, locked = _recent_wrong(table)
    if locked:
        return locked, ""
    typed = (code or "").strip()
    by_number = event.confirmation_check == Event.ConfirmationCheck.NUMBER
    found = ""
    for at, entrant in _side_entrants(table, side, seat):
        if (typed.isascii() and typed.isdigit() and int(typed) == entrant.number) if by_number \
                else (typed and secrets.compare_digest(typed.encode(), entrant.pin.encode())):
            found = at or side
            break
    if found:
        return None, found if found != side else ""
    words = CODE_WORDS[event.layout_spec.entrants][event.confirmation_check][bool(typed)]
    message = gettext(words) % {"typed": typed, "side": language.label(SIDE_LABELS.get(side, side))}
    return (_count_wrong(table, side, wrong, "code", message) if typed else {"code": message}), ""
