"""Writes to hands: record, correct, confirm, dispute. Each call is one transaction.

Every function validates first, then writes the hand, its HandChange history row and the event's
version bump together, so a score is never half-saved and live standings always see a change.
Errors are django.core.exceptions.ValidationError with a dict of field -> message, so a form can
show each message beside its field and a command can print them with their place.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.utils import timezone

from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import HAND_FIELDS, PENALTY_KINDS, SEATS, SIDE_OF_SEAT, dealer_for
from scoring.models import Hand, HandChange



@dataclass(frozen=True)
class Actor:
    """Who is writing: shown in the history. `user` is None for a table link."""

    label: str
    user: object = None
    is_organizer: bool = False


def hand_snapshot(hand: Hand) -> dict:
    data = {name: getattr(hand, name) for name in HAND_FIELDS}
    data.update(ns_points=hand.ns_points, ew_points=hand.ew_points, version=hand.version)
    return data


def score_for_table(rules: rules_engine.RuleSet, *, declarer: str, contract: str, tricks: int,
                    penalty_kind: str = "", penalty_side: str = "") -> tuple[int, int, bool]:
    """(N-S points, E-W points, made) for one hand; raises ValidationError naming the field."""
    errors = {}
    if declarer not in ("ns", "ew"):
        errors["declarer"] = f"{declarer!r} is not a side (ns or ew)"
    try:
        parsed = rules.check_legal(contract)
    except rules_engine.RulesError as exc:
        errors["contract"] = str(exc)
    if isinstance(tricks, bool) or not isinstance(tricks, int) or not 0 <= tricks <= rules_engine.TRICKS_PER_HAND:
        errors["tricks"] = f"{tricks!r} is not between 0 and 10"
    penalty = None
    if penalty_kind:
        if penalty_kind not in PENALTY_KINDS:
            errors["penalty_kind"] = f"{penalty_kind!r} is not a penalty kind ({', '.join(PENALTY_KINDS)})"
        elif penalty_side and penalty_side not in ("ns", "ew"):
            errors["penalty_side"] = f"{penalty_side!r} is not a side (ns or ew)"
        elif penalty_kind == "revoke" and not penalty_side:
            errors["penalty_side"] = "a revoke needs the side that revoked"
        elif not errors:
            offender = None
            if penalty_side:
                offender = "declarer" if penalty_side == declarer else "defenders"
            penalty = rules_engine.Penalty(penalty_kind, offender)
    elif penalty_side:
        errors["penalty_side"] = "a side is given but no penalty"
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
        raise ValidationError({"penalty_seat": f"{clean['penalty_seat']!r} is not a seat (N, E, S or W)"})
    if clean["penalty_seat"] and clean["penalty_side"] and SIDE_OF_SEAT[clean["penalty_seat"]] != clean["penalty_side"]:
        raise ValidationError({"penalty_seat": f"seat {clean['penalty_seat']} is not on side {clean['penalty_side']}"})
    if clean["penalty_seat"] and not clean["penalty_side"]:
        clean["penalty_side"] = SIDE_OF_SEAT[clean["penalty_seat"]]
    if clean["penalty_kind"] == "bid_out_of_turn" and not clean["penalty_seat"]:
        raise ValidationError({"penalty_seat": "Say which player (seat) bid out of turn."})
    if clean["penalty_kind"] == "note" and not clean["note"]:
        raise ValidationError({"note": "Write the note, or choose no penalty."})
    if clean["penalty_seat"] and clean["penalty_kind"] not in ("bid_out_of_turn", "exposed_card", "revoke"):
        raise ValidationError({"penalty_seat": "A seat is given but the penalty names no player."})
    if len(clean["note"]) > 500:
        raise ValidationError({"note": "is longer than 500 characters"})
    ns, ew, made = score_for_table(
        event.rules,
        declarer=clean["declarer"],
        contract=clean["contract"],
        tricks=clean["tricks"],
        penalty_kind=clean["penalty_kind"],
        penalty_side=clean["penalty_side"],
    )
    clean["contract"] = rules_engine.parse_contract(clean["contract"]).code
    clean.update(ns_points=ns, ew_points=ew, made=made)
    return clean


def _check_number(table, number) -> None:
    limit = table.round.event.hands_per_round
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= limit:
        raise ValidationError({"number": f"hand {number!r} is not between 1 and {limit}"})


def _check_round_open(table, actor: Actor) -> None:
    """A closed round is settled: only an organizer may still change anything at its tables."""
    if table.round.status == "closed" and not actor.is_organizer:
        raise ValidationError(
            {"__all__": f"{table.round} is closed, so its scores can no longer be changed here. Ask the organizer."}
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


@transaction.atomic
def hand_record(*, table, number: int, actor: Actor, side: str = "", action: str = "create", **values) -> Hand:
    """Enter hand `number` at `table`. Repeating the same entry (a double tap, a retry) returns
    the hand already stored; a different entry for a stored number is refused."""
    _check_number(table, number)
    _check_round_open(table, actor)
    clean = _clean_values(table, values)
    existing = Hand.objects.filter(table=table, number=number).first()
    if existing is not None:
        if all(getattr(existing, k) == clean[k] for k in HAND_FIELDS):
            return existing
        raise ValidationError({"number": f"hand {number} at table {table.number} is already entered; correct it instead"})
    try:
        with transaction.atomic():  # a savepoint, so a lost race leaves the outer transaction usable
            hand = Hand.objects.create(
                table=table,
                number=number,
                dealer=dealer_for(number),
                entered_by=actor.label,
                entered_by_user=actor.user if getattr(actor.user, "pk", None) else None,
                **clean,
            )
    except IntegrityError:
        # Another phone saved this hand between our check and our insert: the constraint held.
        existing = Hand.objects.get(table=table, number=number)
        if all(getattr(existing, k) == clean[k] for k in HAND_FIELDS):
            return existing
        raise ValidationError({"number": f"hand {number} at table {table.number} was just entered by {existing.entered_by}"})
    if side in ("ns", "ew") and not table.entered_side:
        table.entered_side = side
        table.save(update_fields=["entered_side"])
    _clear_confirmation(table)
    _log(table, action, actor, hand_number=number, new=hand_snapshot(hand))
    table.round.event.bump_version()
    return hand


def hand_is_locked_for_table(hand: Hand) -> bool:
    """McAllen P: a hand may be corrected at the table only until the next hand is entered."""
    return Hand.objects.filter(table_id=hand.table_id, number__gt=hand.number).exists()


@transaction.atomic
def hand_correct(*, hand: Hand, expected_version: int, actor: Actor, reason: str = "", **values) -> Hand:
    """Change a stored hand. `expected_version` is the version the editor saw: if someone changed
    the hand since, nothing is written and the message says who and when."""
    current = Hand.objects.select_for_update().select_related("table__round__event").get(pk=hand.pk)
    if current.version != expected_version:
        when = timezone.localtime(current.updated_at).strftime("%H:%M")
        raise ValidationError(
            {"__all__": f"This hand was changed by {current.updated_by or current.entered_by} at {when}. "
                        "Check the new values and save again if yours are still right."}
        )
    table = current.table
    _check_round_open(table, actor)
    locked = hand_is_locked_for_table(current)
    if locked and not actor.is_organizer:
        raise ValidationError({"__all__": "The next hand has been entered, so only an organizer may correct this one."})
    reason = (reason or "").strip()
    if len(reason) > 500:
        raise ValidationError({"reason": "is longer than 500 characters"})
    if actor.is_organizer and locked and not reason:
        raise ValidationError({"reason": "Give a reason for correcting a hand after the next one was entered."})
    if actor.is_organizer and table.round.status == "closed" and not reason:
        raise ValidationError({"reason": f"Give a reason for correcting a hand after {table.round} was closed."})
    merged = {k: values.get(k, getattr(current, k)) for k in HAND_FIELDS}
    clean = _clean_values(table, merged)
    old = hand_snapshot(current)
    if all(getattr(current, k) == clean[k] for k in HAND_FIELDS):
        return current
    for name, value in clean.items():
        setattr(current, name, value)
    current.version = expected_version + 1
    current.updated_by = actor.label
    # The version in the WHERE clause makes the check hold on every database, locks or not.
    rows = Hand.objects.filter(pk=current.pk, version=expected_version).update(
        **clean, version=current.version, updated_by=actor.label, updated_at=timezone.now()
    )
    if rows != 1:
        raise ValidationError({"__all__": "This hand was changed by someone else just now. Reload and try again."})
    current.refresh_from_db()
    _clear_confirmation(table)
    _log(table, "update", actor, hand_number=current.number, old=old, new=hand_snapshot(current), reason=reason)
    table.round.event.bump_version()
    return current


@transaction.atomic
def table_confirm(*, table, actor: Actor, side: str = "") -> None:
    """The other partnership (or an organizer or scorer, who pass no side) agrees with the table's
    hands. A second tap on an already confirmed table changes nothing."""
    event = table.round.event
    _check_round_open(table, actor)
    if table.confirmed_at and not table.disputed_at:
        return
    count = table.hands.count()
    if count < event.hands_per_round:
        raise ValidationError({"__all__": f"Only {count} of {event.hands_per_round} hands are entered; confirm when all are in."})
    if side and side == table.entered_side and not actor.is_organizer:
        raise ValidationError({"__all__": "The scores must be confirmed by the other partnership."})
    table.confirmed_at = timezone.now()
    table.confirmed_by = actor.label
    table.disputed_at = None
    table.dispute_reason = ""
    table.save(update_fields=["confirmed_at", "confirmed_by", "disputed_at", "dispute_reason"])
    _log(table, "confirm", actor)
    event.bump_version()


@transaction.atomic
def table_dispute(*, table, actor: Actor, reason: str) -> None:
    """Flag the table for the organizer; the scores stay as entered until someone corrects them."""
    _check_round_open(table, actor)
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": "Say what is wrong, so the organizer can settle it."})
    if len(reason) > 500:
        raise ValidationError({"reason": "is longer than 500 characters"})
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
    errors: dict[str, str] = {}
    limit = table.round.event.hands_per_round
    if len(rows) > limit:
        raise ValidationError({"__all__": f"the sheet has {len(rows)} rows; a round has {limit} hands"})
    stored = {hand.number: hand for hand in Hand.objects.filter(table=table)}
    filled = [number for number, row in enumerate(rows, 1) if row]
    for number in range(1, (max(filled) if filled else 0) + 1):
        if not rows[number - 1]:
            errors[f"hand_{number}"] = f"Hand {number} is empty but a later hand is filled: enter the hands in order."
    for number, hand in stored.items():
        if number > len(rows) or not rows[number - 1]:
            errors[f"hand_{number}"] = f"Hand {number} is stored; leaving its row blank does not remove it."
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
    if confirm and not errors and len(filled) < limit:
        errors["confirm"] = (f"“These are the signed sheets” is ticked but only {len(filled)} of {limit} hands are "
                             "filled: fill every hand, or untick the box to save them without confirming.")
    if errors:
        raise ValidationError(errors)
    if confirm:
        # A corrected hand cleared the confirmation through its own copy of the table row.
        table.refresh_from_db(fields=["confirmed_at", "confirmed_by", "disputed_at", "dispute_reason"])
        table_confirm(table=table, actor=actor)
    return saved
