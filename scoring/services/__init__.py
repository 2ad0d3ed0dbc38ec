"""Writes to hands: record, correct, confirm, dispute. Each call is one transaction.

Every function validates first, then writes the hand, its HandChange history row and the event's
version bump together, so a score is never half-saved and live standings always see a change.
Errors are django.core.exceptions.ValidationError with a dict of field -> message, so a form can
show each message beside its field and a command can print them with their place.

What a write may do depends on the round and the table (README, "What a table link may do"): a
planned round takes nothing through a table link; a closed round only an organizer's corrections; a confirmed
table is read only through its link. Every write reads the rules, the round's status and the
table's state inside its own transaction after locking the event, the round and the table, in
that order (`_locked_table`), the same order as tournaments.services' rule changes and round
close; so the last word is the database's, and a hand is never scored with rules the organizer
has just replaced nor created after the round was closed.
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from datetime import timedelta

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext, ngettext

from scoring import totals
from scoring.engine import games as games_engine
from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import (
    HAND_FIELDS,
    MAX_CLIENT_ID,
    PENALTY_KINDS,
    PIN_WINDOW_MINUTES,
    PIN_WRONG_LIMIT,
    SEATS,
    SIDE_LABELS,
    SIDE_OF_SEAT,
    THREE_SEATS,
    dealer_for,
)
from scoring.models import ClientSave, ConfirmFailure, Hand, HandChange
from tournaments import language
from tournaments.models import Event, Partnership, Round, Table, TableSeat


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
    two sides: a player proves himself and acts for his side), or a table of three's seats."""
    if table.ns_id is None and three_handed(table):
        return tuple(seat.seat for seat in table.seats.all())
    return ("ns", "ew")


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


def _locked_table(table_id: int, known: Table | None = None) -> Table:
    """The table, its round and its event, read under row locks: the event's first, then the
    round's and the table's in one statement. Every writer here and in tournaments.services that
    locks a round or a table holds its event's lock first, so two writers never wait on each other
    in a circle. SQLite ignores the locks; there the IMMEDIATE transaction already holds the
    database's one write lock (config/settings.py).

    `known`: the caller's copy of the table (the entry views load it with its round), whose round
    and event ids are taken from it: a table never changes round, and a table or round deleted
    since is still found missing below, under the locks."""
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


def _round_name(rnd) -> str:
    """"Round 3" in the reader's language (scoring.entry_data.round_name says it the same way)."""
    if rnd.tiebreak_id:
        return gettext("Tiebreak %(sequence)s, round %(number)s") % {"sequence": rnd.tiebreak.sequence,
                                                                      "number": rnd.number}
    return gettext("Round %(number)s") % {"number": rnd.number}


# What a stored hand is made of: HAND_FIELDS, the tricks N-S took in a hand nobody bid, and a
# three-handed hand's bidder seat and each seat's tricks.
STORED_FIELDS = (*HAND_FIELDS, "ns_tricks", "declarer_seat", "seat_tricks")
# A four-handed hand stores no seat fields.
NO_SEATS = {"declarer_seat": "", "seat_tricks": None, "seat_points": None}
NOBID = games_engine.NOBID
# A games event without hands per round numbers a table's hands through the round: at most this many.
MAX_GAMES_HANDS = 200


def hand_snapshot(hand: Hand) -> dict:
    data = {name: getattr(hand, name) for name in HAND_FIELDS}
    if hand.ns_tricks is not None:  # a hand nobody bid (left out otherwise: older rows stay as they were)
        data["ns_tricks"] = hand.ns_tricks
    if hand.declarer_seat:  # a three-handed hand: the bidder's seat, each seat's tricks and points
        data.update(declarer_seat=hand.declarer_seat, seat_tricks=hand.seat_tricks, seat_points=hand.seat_points)
    data.update(ns_points=hand.ns_points, ew_points=hand.ew_points, version=hand.version)
    return data


def three_handed(table) -> bool:
    """A table of three, each for himself (the three-handed rule set; README, "Events of individuals")."""
    return table.round.event.rules.players == 3


def hand_dealer(table, number: int) -> str:
    """Who deals hand `number`: N, E, S, W in turn; seat 1, 2, 3 in turn at a table of three."""
    return THREE_SEATS[(number - 1) % 3] if three_handed(table) else dealer_for(number)


def score_three(rules: rules_engine.RuleSet, *, declarer_seat: str, contract: str,
                seat_tricks: dict) -> tuple[dict[str, int], bool]:
    """({seat: points}, made) for a three-handed hand, scored by the engine
    (rules.score_three_handed); raises ValidationError naming the field."""
    errors = {}
    if declarer_seat not in THREE_SEATS:
        errors["declarer_seat"] = gettext("Say who bid.")
    try:
        rules.check_legal(contract)
    except rules_engine.RulesError as exc:
        errors["contract"] = str(exc)
    tricks = {}
    if not isinstance(seat_tricks, dict):
        seat_tricks = {}
    for seat in THREE_SEATS:
        value = seat_tricks.get(seat)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= rules_engine.TRICKS_PER_HAND:
            errors["seat_tricks"] = gettext("Give each player's tricks (0 to 10).")
        else:
            tricks[seat] = value
    if "seat_tricks" not in errors and sum(tricks.values()) != rules_engine.TRICKS_PER_HAND:
        errors["seat_tricks"] = gettext("The three players' tricks add up to %(sum)s, not 10.") % {
            "sum": sum(tricks.values())}
    if errors:
        raise ValidationError(errors)
    try:
        return rules_engine.score_three_handed(rules, contract, declarer_seat, tricks)
    except rules_engine.RulesError as exc:
        raise ValidationError({"contract": str(exc)}) from None


def score_for_table(rules: rules_engine.RuleSet, *, declarer: str, contract: str, tricks: int,
                    penalty_kind: str = "", penalty_side: str = "") -> tuple[int, int, bool]:
    """(N-S points, E-W points, made) for one hand; raises ValidationError naming the field."""
    errors = {}
    if declarer not in ("ns", "ew"):
        errors["declarer"] = gettext("%(value)s is not a side (ns or ew)") % {"value": repr(declarer)}
    try:
        parsed = rules.check_legal(contract)
    except rules_engine.RulesError as exc:
        errors["contract"] = str(exc)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= rules_engine.TRICKS_PER_HAND:
        errors["tricks"] = gettext("%(value)s is not between 0 and 10") % {"value": repr(tricks)}
    penalty = None
    if penalty_kind:
        if penalty_kind not in PENALTY_KINDS:
            errors["penalty_kind"] = gettext("%(value)s is not a penalty kind (%(kinds)s)") % {
                "value": repr(penalty_kind), "kinds": ", ".join(PENALTY_KINDS)}
        elif penalty_side and penalty_side not in ("ns", "ew"):
            errors["penalty_side"] = gettext("%(value)s is not a side (ns or ew)") % {"value": repr(penalty_side)}
        elif penalty_kind == "revoke" and not penalty_side:
            errors["penalty_side"] = gettext("a revoke needs the side that revoked")
        elif not errors:
            offender = None
            if penalty_side:
                offender = "declarer" if penalty_side == declarer else "defenders"
            penalty = rules_engine.Penalty(penalty_kind, offender)
    elif penalty_side:
        errors["penalty_side"] = gettext("a side is given but no penalty")
    if errors:
        raise ValidationError(errors)
    try:
        score = rules_engine.score_hand(rules, parsed, tricks, penalty)
    except rules_engine.RulesError as exc:
        # A rule set the table layout cannot score (three-handed play at a partnership table).
        raise ValidationError({"contract": str(exc)}) from None
    ns, ew = (score.declarers, score.defenders) if declarer == "ns" else (score.defenders, score.declarers)
    return ns, ew, score.made


def _clean_values(table, values: dict) -> dict:
    event = table.round.event
    clean = {
        "declarer": values.get("declarer", ""),
        "contract": str(values.get("contract", "")).strip().upper(),
        "tricks": values.get("tricks"),
        "penalty_kind": values.get("penalty_kind") or "",
        "penalty_side": values.get("penalty_side") or "",
        "penalty_seat": values.get("penalty_seat") or "",
        "note": (values.get("note") or "").strip(),
    }
    if clean["penalty_seat"] and clean["penalty_seat"] not in SEATS:
        raise ValidationError({"penalty_seat": gettext("%(value)s is not a seat (N, E, S or W)")
                                               % {"value": repr(clean["penalty_seat"])}})
    if clean["penalty_seat"] and clean["penalty_side"] and SIDE_OF_SEAT[clean["penalty_seat"]] != clean["penalty_side"]:
        raise ValidationError({"penalty_seat": gettext("seat %(seat)s is not on side %(side)s")
                                               % {"seat": clean["penalty_seat"], "side": clean["penalty_side"]}})
    if clean["penalty_seat"] and not clean["penalty_side"]:
        clean["penalty_side"] = SIDE_OF_SEAT[clean["penalty_seat"]]
    if clean["penalty_kind"] == "bid_out_of_turn" and not clean["penalty_seat"]:
        raise ValidationError({"penalty_seat": gettext("Say which player (seat) bid out of turn.")})
    if clean["penalty_kind"] == "note" and not clean["note"]:
        raise ValidationError({"note": gettext("Write the note, or choose no penalty.")})
    if clean["penalty_seat"] and clean["penalty_kind"] not in ("bid_out_of_turn", "exposed_card", "revoke"):
        raise ValidationError({"penalty_seat": gettext("A seat is given but the penalty names no player.")})
    if len(clean["note"]) > 500:
        raise ValidationError({"note": gettext("is longer than 500 characters")})
    if event.rules.players == 3:
        return _clean_three(event.rules, clean, values)
    clean.update(NO_SEATS)
    if clean["contract"] == NOBID:
        return _clean_no_bid(event.rules, clean, values.get("ns_tricks"))
    ns, ew, made = score_for_table(
        event.rules,
        declarer=clean["declarer"],
        contract=clean["contract"],
        tricks=clean["tricks"],
        penalty_kind=clean["penalty_kind"],
        penalty_side=clean["penalty_side"],
    )
    clean["contract"] = rules_engine.parse_contract(clean["contract"]).code
    clean.update(ns_points=ns, ew_points=ew, made=made, ns_tricks=None)
    return clean


def _clean_three(rules: rules_engine.RuleSet, clean: dict, values: dict) -> dict:
    """A three-handed hand: the bidder's seat, the contract and each seat's tricks; each seat's points
    from the engine. Penalties other than a note are not recorded at a table of three."""
    if clean["penalty_kind"] not in ("", "note") or clean["penalty_side"] or clean["penalty_seat"]:
        raise ValidationError({"penalty_kind": gettext("At a table of three, write what happened as a note.")})
    raw = values.get("seat_tricks") or {}
    seat_tricks = {str(k): v for k, v in raw.items()} if isinstance(raw, dict) else {}
    declarer_seat = str(values.get("declarer_seat") or "")
    points, made = score_three(rules, declarer_seat=declarer_seat, contract=clean["contract"], seat_tricks=seat_tricks)
    seat_tricks = {seat: seat_tricks[seat] for seat in THREE_SEATS}
    clean.update(declarer="", contract=rules_engine.parse_contract(clean["contract"]).code,
                 tricks=seat_tricks[declarer_seat], ns_tricks=None, ns_points=0, ew_points=0, made=made,
                 declarer_seat=declarer_seat, seat_tricks=seat_tricks, seat_points=points)
    return clean


def _clean_no_bid(rules: rules_engine.RuleSet, clean: dict, ns_tricks) -> dict:
    """A hand nobody bid (contract NOBID): played at no trump where the rules say play_no_trump,
    each side scoring 10 a trick (scoring.engine.games.hand_points); refused elsewhere."""
    if rules.no_bid != "play_no_trump":
        raise ValidationError({"contract": gettext("Under %(rules)s a hand nobody bid is not played (it is dealt "
                                                   "again, or someone must bid), so it cannot be entered.")
                                           % {"rules": language.label(rules.label)}})
    if isinstance(ns_tricks, bool) or not isinstance(ns_tricks, int) or not 0 <= ns_tricks <= 10:
        raise ValidationError({"ns_tricks": gettext("Say how many tricks N-S took (0 to 10) in the hand nobody bid.")})
    if clean["penalty_kind"] == "revoke":
        raise ValidationError({"penalty_kind": gettext("A hand nobody bid has no bid to defeat: an established "
                                                       "revoke cannot be recorded on it (write a note instead).")})
    ns, ew, made = games_engine.hand_points(rules, contract=NOBID, ns_tricks=ns_tricks)
    clean.update(declarer="", tricks=0, ns_tricks=ns_tricks, ns_points=ns, ew_points=ew, made=made)
    return clean


def _same(hand: Hand, clean: dict) -> bool:
    return all(getattr(hand, k) == clean[k] for k in STORED_FIELDS)


def table_games(table, hands, *, extra=None, bell: bool = True) -> games_engine.TableGames | None:
    """The table's round replayed into games (scoring.engine.games) from `hands` (stored Hand
    rows, with `extra` replacing or adding one), or None for a session. `bell`: a closed round
    ends the game in play (False: replay the hands as they were played, before the round closed)."""
    event = table.round.event
    setup = event.games_setup
    if setup is None:
        return None
    three = three_handed(table)  # each player a side of his own (README, "Events of individuals")
    rows = {h.number: games_engine.seat_played(h.number, THREE_SEATS, h.declarer_seat, h.seat_points or {}, h.made)
            if three else games_engine.played(h.number, h.declarer, h.ns_points, h.ew_points, h.made) for h in hands}
    if extra is not None:
        rows[extra.number] = extra
    return games_engine.replay(event.rules, setup, rows.values(), round_over=bell and table.round.status == "closed",
                               hands_per_round=event.hands_per_round, sides=3 if three else 2)


def _check_games(table, number: int, clean: dict, hands=None) -> None:
    """Refuse a hand that would be played after the round's last game at the table was complete
    (games_per_round or wins_per_round reached; README, "Games"). `hands`: the table's hands when
    the caller has them, else they are read."""
    if not table.round.event.plays_games:
        return
    if three_handed(table):
        extra = games_engine.seat_played(number, THREE_SEATS, clean["declarer_seat"], clean["seat_points"],
                                         clean["made"])
    else:
        extra = games_engine.played(number, clean["declarer"], clean["ns_points"], clean["ew_points"], clean["made"])
    result = table_games(table, Hand.objects.filter(table=table) if hands is None else hands, extra=extra)
    if result.late_hands:
        raise ValidationError({"__all__": gettext(
            "The round is done at table %(table)s: its last game was complete before hand %(number)s, so no "
            "more hands can be entered. Tell the organizer.") % {"table": table.number,
                                                                 "number": result.late_hands[0]}})


def _check_number(table, number) -> None:
    limit = table.round.event.hands_per_round
    if limit is None:  # a games event: hands are numbered through the round, across its games
        limit = MAX_GAMES_HANDS
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= limit:
        raise ValidationError({"number": gettext("hand %(number)s is not between 1 and %(limit)s")
                                         % {"number": repr(number), "limit": limit}})


def _check_round_open(table, actor: Actor) -> None:
    """A closed round is settled: only an organizer may still change anything at its tables."""
    if table.round.status == "closed" and not actor.is_organizer:
        raise ValidationError(
            {"__all__": gettext("%(round)s is closed, so its scores can no longer be changed here. Ask the organizer.")
                        % {"round": _round_name(table.round)}}
        )


def _log(table, action: str, actor: Actor, *, hand_number=None, old=None, new=None, reason="") -> None:
    HandChange.objects.create(
        event_id=table.round.event_id,
        table=table,
        hand_number=hand_number,
        action=action,
        old=old,
        new=new,
        reason=reason,
        by=actor.label,
        by_user=actor.user if actor.user is not None and getattr(actor.user, "pk", None) else None,
    )


def _clear_confirmation(table) -> None:
    if table.confirmed_at or table.disputed_at:
        table.confirmed_at = None
        table.confirmed_by = ""
        table.disputed_at = None
        table.dispute_reason = ""
        table.save(update_fields=["confirmed_at", "confirmed_by", "disputed_at", "dispute_reason"])


def hand_record(*, table, number: int, actor: Actor, side: str = "", action: str = "create", client_id: str = "",
                **values) -> Hand:
    """Enter hand `number` at `table`. Repeating the same entry (a double tap, a retry) returns
    the hand already stored; a different entry for a stored number is refused.

    `side`: the phone's proven side (else actor.side); staff write as "" (docs/trust.md). The hand
    remembers it as `entered_side`: another side accepts it when the table is confirmed.

    `client_id` is the phone's own id for this save (README, "When the wifi drops"): an id already
    taken for this same hand returns the hand it stored, whatever happened since (the round closed,
    the hand was corrected), and writes nothing; taken for anything else, it is refused."""
    client_id = _check_client_id(client_id)
    return _once(client_id, lambda: _hand_record(table=table, number=number, actor=actor, side=side, action=action,
                                                 client_id=client_id, values=values))


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


def _hand_record(*, table, number, actor, side, action, client_id, values) -> Hand:
    table = _locked_table(table.pk, known=table)
    _check_number(table, number)
    receipt = _receipt(client_id, table, "hand")
    if receipt is not None:
        if not receipt_matches(receipt, table, number, values):
            raise ValidationError({"client_id": reused_words(receipt)})
        return Hand.objects.get(table=table, number=receipt.hand_number)
    _check_writable(table, actor)
    writer = _writer(table, actor, side)
    clean = _clean_values(table, values)
    # Every hand at the table, read under its lock: no other save can add one until this commits,
    # so what is here is the last word (the unique index stands behind it all the same).
    hands = list(Hand.objects.filter(table=table))
    existing = next((hand for hand in hands if hand.number == number), None)
    if existing is not None:
        if _same(existing, clean):
            _keep_receipt(client_id, table, "hand", number, hand_snapshot(existing))
            return existing
        raise ValidationError(
            {"number": gettext("hand %(number)s at table %(table)s is already entered; correct it instead")
                       % {"number": number, "table": table.number}})
    _check_games(table, number, clean, hands)
    hand = Hand.objects.create(
        table=table,
        number=number,
        dealer=hand_dealer(table, number),
        entered_by=actor.label,
        entered_by_user=actor.user if getattr(actor.user, "pk", None) else None,
        entered_side=writer,
        **clean,
    )
    totals.store(table, [*hands, hand])
    if writer and not table.entered_side:  # the first side to enter, as the dashboard and files read it
        table.entered_side = writer
        table.save(update_fields=["entered_side"])
    _clear_confirmation(table)
    _log(table, action, actor, hand_number=number, new=hand_snapshot(hand))
    _keep_receipt(client_id, table, "hand", number, hand_snapshot(hand))
    table.round.event.bump_version()
    return hand


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


def receipt_matches(receipt: ClientSave, table, number, values: dict) -> bool:
    """Whether a hand sent again under a taken id is the hand that id stored (the same number and
    the same values, as scored now): an id means one hand, never "already saved" for another."""
    if receipt.hand_number != number:
        return False
    try:
        clean = _clean_values(table, values)
    except ValidationError:
        return False
    stored = receipt.result or {}
    defaults = {"ns_tricks": None, "declarer_seat": "", "seat_tricks": None}
    return all(clean.get(k) == stored.get(k, defaults.get(k)) for k in STORED_FIELDS)


def reused_words(receipt: ClientSave) -> str:
    return gettext("Hand %(number)s was already saved from this phone with other values, so these were not "
                   "saved. Check hand %(number)s in the list of hands and press Fix there if it is wrong.") % {
        "number": receipt.hand_number}


def client_save_for(client_id: str) -> ClientSave | None:
    """What a phone's save id already stored, if anything (the entry view answers "already saved")."""
    return ClientSave.objects.filter(client_id=client_id).first() if client_id else None


def hand_is_locked_for_table(hand: Hand) -> bool:
    """McAllen P: a hand may be corrected at the table only until the next hand is entered."""
    return Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number).exists()


@transaction.atomic
def hand_correct(*, hand: Hand, expected_version: int, actor: Actor, reason: str = "", **values) -> Hand:
    """Change a stored hand. `expected_version` is the version the editor saw: if someone changed
    the hand since, nothing is written and the message says who and when."""
    table = _locked_table(hand.table_id)
    _check_writable(table, actor)
    current = Hand.objects.select_for_update().get(pk=hand.pk)
    current.table = table
    if current.version != expected_version:
        raise ValidationError(
            {"__all__": gettext("This hand was changed by %(who)s at %(when)s. "
                                "Check the new values and save again if yours are still right.")
                        % {"who": current.updated_by or current.entered_by, "when": language.clock(current.updated_at)}}
        )
    locked = hand_is_locked_for_table(current)
    if locked and not actor.is_organizer:
        raise ValidationError({"__all__": gettext("The next hand has been entered, so only an organizer may correct "
                                                  "this one.")})
    reason = (reason or "").strip()
    if len(reason) > 500:
        raise ValidationError({"reason": gettext("is longer than 500 characters")})
    if actor.is_organizer and locked and not reason:
        raise ValidationError(
            {"reason": gettext("Give a reason for correcting a hand after the next one was entered.")})
    if actor.is_organizer and table.round.status == "closed" and not reason:
        raise ValidationError({"reason": gettext("Give a reason for correcting a hand after %(round)s was closed.")
                                         % {"round": _round_name(table.round)}})
    if table.confirmed_at and not table.disputed_at and not reason:
        raise ValidationError({"reason": gettext("Give a reason for correcting a hand of table %(number)s: its scores "
                                                 "were confirmed.") % {"number": table.number}})
    merged = {k: values.get(k, getattr(current, k)) for k in STORED_FIELDS}
    clean = _clean_values(table, merged)
    old = hand_snapshot(current)
    if _same(current, clean):
        return current
    if locked:  # a games correction ending its game here while that game's later hands are stored
        from scoring.corrections import refuse_cut  # here: scoring.corrections imports this module

        refuse_cut(table, current, clean)
    _check_games(table, current.number, clean)
    for name, value in clean.items():
        setattr(current, name, value)
    current.version = expected_version + 1
    current.updated_by = actor.label
    # The correction sends the hand back (docs/trust.md): written now by the corrector's side (or
    # staff), its acceptance cleared, so the other side sees "changed by ...: accept or dispute".
    now = timezone.now()
    written = dict(changed_side=_writer(table, actor), changed_at=now, accepted_side="", accepted_by="",
                   accepted_at=None)
    # The version in the WHERE clause makes the check hold on every database, locks or not.
    rows = Hand.objects.filter(pk=current.pk, version=expected_version).update(
        **clean, **written, version=current.version, updated_by=actor.label, updated_at=now
    )
    if rows != 1:
        raise ValidationError({"__all__": gettext("This hand was changed by someone else just now. Reload and try "
                                                  "again.")})
    current.refresh_from_db()
    totals.refresh(table)
    _clear_confirmation(table)
    _log(table, "update", actor, hand_number=current.number, old=old, new=hand_snapshot(current), reason=reason)
    table.round.event.bump_version()
    return current


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
    if event.plays_games:
        _check_games_confirmable(table, hands)
    elif len(hands) < event.hands_per_round:
        raise ValidationError(
            {"__all__": gettext("Only %(count)s of %(hands)s hands are entered; confirm when all are in.")
                        % {"count": len(hands), "hands": event.hands_per_round}})
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


def games_round_done(table, result: games_engine.TableGames, count: int) -> bool:
    """A games table has played its round: its last game complete (games_per_round or
    wins_per_round), or the event's hands per round played."""
    limit = table.round.event.hands_per_round
    return result.complete or (limit is not None and count >= limit)


def games_confirmable(table, result: games_engine.TableGames, count: int) -> bool:
    """A games table may confirm once its round is done, or, when only the organizer's bell ends
    the round, once it has hands and no game is in play."""
    if games_round_done(table, result, count):
        return True
    setup = table.round.event.games_setup
    bell_only = (setup.games_per_round is None and setup.wins_per_round is None
                 and table.round.event.hands_per_round is None)
    return bell_only and count > 0 and result.current is None


def and_list(numbers) -> str:
    """"2, 3 and 4" in the reader's language."""
    words = [str(n) for n in numbers]
    if len(words) < 2:
        return "".join(words)
    return gettext("%(list)s and %(last)s") % {"list": ", ".join(words[:-1]), "last": words[-1]}


def _check_games_confirmable(table, hands) -> None:
    if not games_confirmable(table, table_games(table, hands), len(hands)):
        raise ValidationError({"__all__": gettext("A game is still in play at table %(table)s: confirm when the "
                                                  "round's games are done.") % {"table": table.number}})


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
    if table.ns_id is None and not three_handed(table) and side in SIDE_OF_SEAT:
        seat, side = side, SIDE_OF_SEAT[side]
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
    seats = TableSeat.objects.filter(table=table).select_related("entrant")
    return [(s.seat, s.entrant) for s in seats
            if (s.seat == seat if seat else s.seat == side or SIDE_OF_SEAT.get(s.seat) == side)]


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
    individuals = table.ns_id is None
    if by_number:
        message = (gettext("Type your own player number.") if individuals
                   else gettext("Type your own partnership number (it is on your score card).")) if not typed \
            else (gettext("%(typed)s is not your player number. Check your movement card.") if individuals
                  else gettext("Type your own partnership number (%(typed)s is not it).")) % {"typed": typed}
    elif individuals:
        message = (gettext("That is not your PIN. Check your movement card.") if typed
                   else gettext("Type your own PIN: it is on your movement card."))
    else:
        words = (gettext("That is not the %(side)s PIN. Check your movement card.") if typed
                 else gettext("Type your PIN (%(side)s): it is on your movement card."))
        message = words % {"side": language.label(SIDE_LABELS[side])}
    return (_count_wrong(table, side, wrong, "code", message) if typed else {"code": message}), ""


@transaction.atomic
def table_dispute(*, table, actor: Actor, reason: str) -> None:
    """Flag the table for the organizer; the scores stay as entered until someone corrects them."""
    table = _locked_table(table.pk)
    _check_writable(table, actor)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": gettext("Say what is wrong, so the organizer can settle it.")})
    if len(reason) > 500:
        raise ValidationError({"reason": gettext("is longer than 500 characters")})
    if table.disputed_at and table.dispute_reason == reason:
        return  # a double tap
    table.disputed_at = timezone.now()
    table.dispute_reason = reason
    table.confirmed_at = None
    table.confirmed_by = ""
    table.save(update_fields=["disputed_at", "dispute_reason", "confirmed_at", "confirmed_by"])
    _log(table, "dispute", actor, reason=reason)
    table.round.event.bump_version()


@transaction.atomic
def table_record_sheet(*, table, rows: list, actor: Actor, reason: str = "", confirm: bool = False) -> list[Hand]:
    """Enter a whole paper score sheet at once (the organizer's grid): `rows[i]` holds hand i + 1's
    values, or None for a blank row. Filled rows must be hands 1..k; a stored hand whose values
    differ is corrected (its row carries the `version` it was shown at). Every row is checked and
    all errors are raised together as "hand_<n>_<field>", and then nothing is written.

    `confirm`: these are the signed sheets, so the table is confirmed in the same transaction as
    its hands (README, "Running the day"); refused, with nothing written, unless every
    hand of the round is then entered."""
    table = _locked_table(table.pk)
    _check_writable(table, actor)
    errors: dict[str, str] = {}
    limit = table.round.event.hands_per_round
    if limit is not None and len(rows) > limit:
        raise ValidationError({"__all__": gettext("the sheet has %(rows)s rows; a round has %(limit)s hands")
                                          % {"rows": len(rows), "limit": limit}})
    stored = {hand.number: hand for hand in Hand.objects.filter(table=table)}
    filled = [number for number, row in enumerate(rows, 1) if row]
    for number in range(1, (max(filled) if filled else 0) + 1):
        if not rows[number - 1]:
            errors[f"hand_{number}"] = gettext("Hand %(number)s is empty but a later hand is filled: enter the hands "
                                               "in order.") % {"number": number}
    for number in stored:
        if number > len(rows) or not rows[number - 1]:
            errors[f"hand_{number}"] = gettext("Hand %(number)s is stored; leaving its row blank does not remove "
                                               "it.") % {"number": number}
    if errors:
        raise ValidationError(errors)
    saved = []
    for number in filled:
        values = dict(rows[number - 1])
        version = values.pop("version", None)
        try:
            if number in stored:
                saved.append(hand_correct(hand=stored[number], expected_version=version or 0, actor=actor,
                                          reason=reason, **values))
            else:
                saved.append(hand_record(table=table, number=number, actor=actor, **values))
        except ValidationError as exc:  # the row's savepoint is rolled back; keep checking the others
            for field, messages in exc.message_dict.items():
                key = f"hand_{number}" if field in ("__all__", "number") else f"hand_{number}_{field}"
                errors[key] = " ".join(messages)
    if confirm and not errors and limit is not None and len(filled) < limit:
        errors["confirm"] = gettext("“These are the signed sheets” is ticked but only %(count)s of %(limit)s hands "
                                    "are filled: fill every hand, or untick the box to save them without "
                                    "confirming.") % {"count": len(filled), "limit": limit}
    if errors:
        raise ValidationError(errors)
    if confirm:
        # A corrected hand cleared the confirmation through its own copy of the table row.
        table.refresh_from_db(fields=["confirmed_at", "confirmed_by", "disputed_at", "dispute_reason"])
        table_confirm(table=table, actor=actor)
    return saved
