"""What every hand and table write shares: who writes (Actor, the proven side), the table read
under its locks, the round's and table's state checks, the history row, the confirmation cleared,
the phone's save receipts, and a stored hand's shape (its fields, snapshot and dealer).

What a write may do depends on the round and the table (README, "What a table link may do"): a
planned round takes nothing through a table link; a closed round only an organizer's corrections;
a confirmed table is read only through its link. Every write reads the rules, the round's status
and the table's state inside its own transaction after locking the event, the round and the
table, in that order (`_locked_table`), the same order as tournaments.services' rule changes and
round close.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext

from scoring.engine import formats
from scoring.engine.vocabulary import (
    HAND_FIELDS,
    MAX_CLIENT_ID,
)
from scoring.models import ClientSave, Hand, HandChange
from tournaments import language, prepared
from tournaments.models import Event, Round, Table
from tournaments.prepared import Prepared


@dataclass(frozen=True)
class Actor:
    """Who is writing: shown in the history. `user` is None for a table link.

    `side`: the side ("ns", "ew") or seat ("1".."3") a table-link phone has PROVEN with its PIN (or
    number) through `side_prove`; the views only ever build a table-link actor with a proven side
    (docs/trust.md), and a service refuses a phone's write that names none."""

    label: str
    user: object = None
    is_organizer: bool = False
    side: str = ""

    @property
    def is_table_link(self) -> bool:
        """No account behind the write: whoever holds the table's link (staff write as their user)."""
        return self.user is None and not self.is_organizer


# How staff are named in the history: "olga (organizer)". Staff-only pages show it; a table link or a
# public page shows only the role (`shown_label`): players never see a staff member's username.
STAFF_ROLES = ("organizer", "scorer")


def staff_label(username: str, role: str) -> str:
    return f"{username} ({role})"[:150]


def shown_label(label: str) -> str:
    """`label` as a player may see it: a staff label ("olga (organizer)") becomes its role in the
    reader's language ("the organizer", "a scorer"); every other label is the players' own words."""
    for role in STAFF_ROLES:
        if label.endswith(f" ({role})"):
            return gettext("the organizer") if role == "organizer" else gettext("a scorer")
    return label


def table_sides(table) -> tuple[str, ...]:
    """The sides a phone may prove at `table`: "ns" and "ew" (partnerships, or a progressive table's
    two sides: a player proves himself and acts for his side), or a table of three's seats: the
    sides of the table's layout."""
    return table.layout_spec.sides


UNKNOWN_SIDE = "?"  # a hand written through code as a table link naming no side: any side or staff accepts it


def _writer(table, actor: Actor, side: str = "", confirming: bool = False) -> str:
    """Which side writes: "" for staff; a phone's proven side (docs/trust.md), refused when the table
    has no such side. The views always name the proven side; a caller in code that names none
    writes as UNKNOWN_SIDE (never as staff: such a hand still waits for a side's acceptance), and
    cannot confirm."""
    if not actor.is_table_link:
        return ""
    side = side or actor.side
    if not side and not confirming:
        return UNKNOWN_SIDE
    if side not in table_sides(table):
        raise ValidationError({"__all__": gettext("This phone has not proven its side at table %(number)s: open "
                                                  "the table's page and type your PIN.") % {"number": table.number}})
    return side


def locked_table_by(**lookup) -> Table:
    """The table `lookup` finds (its token, or its event and pk), with its round and event (a
    tiebreak round's session is read when asked for), read ONCE and under the same row locks as
    _locked_table, in the same order (the event's, then the round's and the table's): for a request
    that saves (scoring.views.entry, a POST to a table's page), which must run inside
    transaction.atomic(). Every service called later in that transaction with this table finds it
    already locked and read (`_held`): no second read of the table nor, once table_hands read them,
    of its hands. Raises Table.DoesNotExist."""
    if not connection.in_atomic_block:
        raise RuntimeError("locked_table_by is called inside transaction.atomic()")
    # Three small statements, each compiled once (tournaments.prepared): the event found through the
    # table and locked, then the table's round, then the table, in the order every writer locks them.
    event = _only(_EVENT_OF_TABLE.rows(**lookup))
    round_ = _only(_ROUND_OF_TABLE.rows(**lookup))
    table = _only(_TABLE.rows(**lookup))
    if round_.event_id != event.pk or table.round_id != round_.pk:  # a lookup names one table, so never
        raise Table.DoesNotExist
    round_.event = event
    table.round = round_
    table._held_by = connection.atomic_blocks[0]  # this transaction (its outermost atomic block)
    return table


def _held(table) -> bool:
    """Whether `table` was read by locked_table_by inside the transaction still open."""
    held_by = getattr(table, "_held_by", None)
    return held_by is not None and connection.in_atomic_block and connection.atomic_blocks[0] is held_by


def table_hands(table) -> list[Hand]:
    """The table's hands by number. On a table read under its locks (locked_table_by) they are read
    once and kept for the rest of the transaction: the page's form and the save then check the
    same hands, read under the lock; a write forgets them (forget_hands)."""
    if not _held(table):
        return _HANDS.rows(table=table.pk)
    hands = getattr(table, "_held_hands", None)
    if hands is None:
        hands = table._held_hands = _HANDS.rows(table=table.pk)
    return list(hands)


def _only(rows: list):
    """The one row a table's lookup finds (a token, or an event and a key, name at most one table)."""
    if not rows:
        raise Table.DoesNotExist
    return rows[0]


# The reads of a save (locked_table_by, table_hands), their SQL compiled once (tournaments.prepared).
# One row each, in no order: a model's ordering could join another table (a round's, its tiebreak's),
# and PostgreSQL locks no row of an outer join.
_EVENT_OF_TABLE = Prepared(Event, lambda **lookup: Event.objects.select_for_update().order_by().filter(
    pk__in=Table.objects.filter(**lookup).values("round__event_id")))
_ROUND_OF_TABLE = Prepared(Round, lambda **lookup: Round.objects.select_for_update().order_by().filter(
    pk__in=Table.objects.filter(**lookup).values("round_id")))
_TABLE = Prepared(Table, lambda **lookup: Table.objects.select_for_update().order_by().filter(**lookup))
_HANDS = Prepared(Hand, lambda table: Hand.objects.filter(table_id=table).order_by("number"))


def forget_hands(table) -> None:
    table._held_hands = None


def _locked_table(table_id: int, known: Table | None = None) -> Table:
    """The table, its round and its event, read under row locks: the event's first, then the
    round's and the table's in one statement. Every writer here and in tournaments.services that
    locks a round or a table holds its event's lock first, so two writers never wait on each other
    in a circle. SQLite ignores the locks; there the IMMEDIATE transaction already holds the
    database's one write lock (config/settings.py).

    `known`: the caller's copy of the table (the entry views load it with its round), whose round
    and event ids are taken from it: a table never changes round, and a table or round deleted
    since is still found missing below, under the locks."""
    if known is not None and known.pk == table_id and _held(known):
        return known  # read under these very locks by locked_table_by, in this transaction
    try:
        if known is not None and known.pk == table_id:
            round_id, event_id = known.round_id, known.round.event_id
        else:
            round_id, event_id = Table.objects.filter(pk=table_id).values_list("round_id", "round__event_id").get()
        event = Event.objects.select_for_update().get(pk=event_id)
        table = (Table.objects.select_related("round").select_for_update(of=("self", "round"))
                 .get(pk=table_id, round_id=round_id, round__event_id=event_id))
    except (Table.DoesNotExist, Event.DoesNotExist):
        raise ValidationError(
            {"__all__": gettext("This table is no longer in the movement. Reload the page.")}) from None
    table.round.event = event
    return table


def _check_writable(table, actor: Actor) -> None:
    """Refuse a write that the round's or the table's state does not allow (README, "What a table
    link may do"); `table` must come from _locked_table."""
    _check_round_state(table, actor)
    if actor.is_table_link and table.confirmed_at and not table.disputed_at:
        raise ValidationError({"__all__": gettext("Table %(number)s's scores are confirmed, so they can no longer be "
                                                  "changed here. Ask an organizer or scorer.")
                                          % {"number": table.number}})


def _check_round_state(table, actor: Actor) -> None:
    """A planned round takes nothing through a table link; a closed one only an organizer's corrections."""
    rnd = table.round
    # Staff may still type a planned round's paper sheets (a session run from paper); a phone
    # that scanned next round's sheet may not.
    if rnd.status == Round.Status.PLANNED and actor.is_table_link:
        raise ValidationError({"__all__": gettext("%(round)s has not started; this is next round's sheet. "
                                                  "Enter the round being played now, or ask the organizer.")
                                          % {"round": _round_name(rnd)}})
    _check_round_open(table, actor)


_round_name = language.round_name  # said once, in tournaments.language


def _check_round_open(table, actor: Actor) -> None:
    """A closed round is settled: only an organizer may still change anything at its tables."""
    if table.round.status == "closed" and not actor.is_organizer:
        raise ValidationError(
            {"__all__": gettext("%(round)s is closed, so its scores can no longer be changed here. Ask the organizer.")
                        % {"round": _round_name(table.round)}}
        )


# What a stored hand is made of: HAND_FIELDS, the tricks N-S took in a hand nobody bid, and a
# three-handed hand's bidder seat and each seat's tricks.
STORED_FIELDS = (*HAND_FIELDS, "ns_tricks", "declarer_seat", "seat_tricks", "partner_seat")
# A hand at a table of partners stores no seat fields.
NO_SEATS = {"declarer_seat": "", "seat_tricks": None, "seat_points": None, "partner_seat": ""}
# A games event without hands per round numbers a table's hands through the round: at most this many
# (its format's last_hand).
MAX_GAMES_HANDS = formats.MAX_GAMES_HANDS


def hand_snapshot(hand: Hand) -> dict:
    data = {name: getattr(hand, name) for name in HAND_FIELDS}
    if hand.ns_tricks is not None:  # a hand nobody bid (left out otherwise: older rows stay as they were)
        data["ns_tricks"] = hand.ns_tricks
    if hand.declarer_seat:  # a three-handed hand: the bidder's seat, each seat's tricks and points
        data.update(declarer_seat=hand.declarer_seat, seat_tricks=hand.seat_tricks, seat_points=hand.seat_points)
    if hand.partner_seat:  # a table of five: the called partner's seat
        data["partner_seat"] = hand.partner_seat
    data.update(ns_points=hand.ns_points, ew_points=hand.ew_points, version=hand.version)
    return data


def three_handed(table) -> bool:
    """Each player at `table` plays for himself (a table of three; README, "Events of individuals")."""
    return table.layout_spec.each_for_himself


def hand_dealer(table, number: int) -> str:
    """Who deals hand `number`: the table's layout passes the deal one seat to the left each hand
    (N, E, S, W; seat 1, 2, 3 at a table of three)."""
    return table.layout_spec.dealer(number)


def _log(table, action: str, actor: Actor, *, hand_number=None, old=None, new=None, reason="") -> None:
    prepared.insert(HandChange(  # HandChange.objects.create, its SQL written once (issue 27)
        event_id=table.round.event_id,
        table=table,
        hand_number=hand_number,
        action=action,
        old=old,
        new=new,
        reason=reason,
        by=actor.label,
        by_user=actor.user if actor.user is not None and getattr(actor.user, "pk", None) else None,
    ))


def _clear_confirmation(table) -> None:
    if table.confirmed_at or table.disputed_at:
        table.confirmed_at = None
        table.confirmed_by = ""
        table.disputed_at = None
        table.dispute_reason = ""
        table.save(update_fields=["confirmed_at", "confirmed_by", "disputed_at", "dispute_reason"])


def _once(client_id: str, write):
    """Run `write` in one transaction. The same id sent at the same moment to two tables of two events
    (whose locks do not meet) makes the second insert hit ClientSave's unique index: refused in plain
    words, never a server error."""
    try:
        with transaction.atomic():
            return write()
    except IntegrityError:
        if client_id and ClientSave.objects.filter(client_id=client_id).exists():
            raise ValidationError({"client_id": gettext("was used for another save; reload the page and enter "
                                                        "this one again")}) from None
        raise


def _check_client_id(client_id: str) -> str:
    client_id = (client_id or "").strip()
    plain = all(c.isascii() and (c.isalnum() or c == "-") for c in client_id)
    if client_id and (len(client_id) > MAX_CLIENT_ID or not plain):
        raise ValidationError({"client_id": gettext("is not a save id (letters, digits and dashes, at most %(limit)s)")
                                            % {"limit": MAX_CLIENT_ID}})
    return client_id


def _receipt(client_id: str, table, kind: str) -> ClientSave | None:
    """The save already stored under `client_id` at `table`; an id of another table or kind is refused."""
    if not client_id:
        return None
    receipt = ClientSave.objects.filter(client_id=client_id).first()
    if receipt is not None and (receipt.table_id != table.pk or receipt.kind != kind):
        raise ValidationError({"client_id": gettext("was used for another save; reload the page and enter this one "
                                                    "again")})
    return receipt


def _keep_receipt(client_id: str, table, kind: str, hand_number: int | None, result: dict) -> None:
    if client_id:
        # Inside the caller's transaction, after the table's lock: a second request with this id
        # waits for the lock, then finds this row; the unique index is the last word on every database.
        ClientSave.objects.create(client_id=client_id, table=table, kind=kind, hand_number=hand_number, result=result)


def client_save_for(client_id: str) -> ClientSave | None:
    """What a phone's save id already stored, if anything (the entry view answers "already saved")."""
    return ClientSave.objects.filter(client_id=client_id).first() if client_id else None


def and_list(numbers) -> str:
    """"2, 3 and 4" in the reader's language."""
    words = [str(n) for n in numbers]
    if len(words) < 2:
        return "".join(words)
    return gettext("%(list)s and %(last)s") % {"list": ", ".join(words[:-1]), "last": words[-1]}


def numbers_text(numbers: Sequence[int]) -> str:
    """"4", "4 and 5", "4, 5 and 6" in the reader's language."""
    numbers = [str(n) for n in numbers]
    if len(numbers) < 2:
        return "".join(numbers)
    return gettext("%(numbers)s and %(last)s") % {"numbers": ", ".join(numbers[:-1]), "last": numbers[-1]}
