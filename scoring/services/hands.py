"""Hands written: a hand entered (hand_record) and corrected (hand_correct), each one transaction
with its history row, the table's totals and the event's version bump; a hand's values checked
and scored, every problem a ValidationError naming its field.
"""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from scoring import totals
from scoring.engine import formats, layouts
from scoring.engine import rules as rules_engine
from scoring.engine.vocabulary import (
    SEATS,
    SIDE_OF_SEAT,
)
from scoring.models import ClientSave, Hand
from tournaments import language, prepared

from . import values as hand_values
from .common import (
    STORED_FIELDS,
    Actor,
    _check_client_id,
    _check_writable,
    _clear_confirmation,
    _keep_receipt,
    _locked_table,
    _log,
    _once,
    _receipt,
    _round_name,
    _writer,
    forget_hands,
    hand_dealer,
    hand_snapshot,
    table_hands,
)
from .games import _check_games, refuse_cut

# The layouts score_for_table and score_three score by when their caller names none: the default
# layout (two sides of partners) and the first registered layout where each plays for himself.
PARTNERS = layouts.LAYOUTS[layouts.DEFAULT_LAYOUT]
EACH_FOR_HIMSELF = next(layout for layout in layouts.LAYOUTS.values() if layout.each_for_himself)


def score_three(rules: rules_engine.RuleSet, *, declarer_seat: str, contract: str, seat_tricks: dict,
                layout: layouts.Layout | None = None) -> tuple[dict[str, int], bool]:
    """({seat: points}, made) for a hand where each plays for himself, scored by `layout` (the
    first registered layout of that shape when none is given); raises ValidationError naming the field."""
    layout = layout or EACH_FOR_HIMSELF
    entry = hand_values.SEATS.bid(rules, layout, declarer_seat=declarer_seat, contract=contract,
                                  seat_tricks=seat_tricks)
    result = hand_values.score(layout, rules, entry)
    return dict(result.sides), result.made


def score_for_table(rules: rules_engine.RuleSet, *, declarer: str, contract: str, tricks: int,
                    penalty_kind: str = "", penalty_side: str = "",
                    layout: layouts.Layout | None = None) -> tuple[int, int, bool]:
    """(N-S points, E-W points, made) for one bid hand at a table of two sides of partners, scored by
    `layout` (the default layout when none is given); raises ValidationError naming the field."""
    layout = layout or PARTNERS
    entry = hand_values.SIDES.bid(rules, layout, declarer=declarer, contract=contract, tricks=tricks,
                                  penalty_kind=penalty_kind, penalty_side=penalty_side)
    result = hand_values.score(layout, rules, entry)
    first, second = layout.sides
    return result.sides[first], result.sides[second], result.made


def _clean_values(table, values: dict) -> dict:
    """The stored columns of a hand at `table` from the `values` sent (a form's, a phone's, a sheet
    row's): checked, with each problem named by its field, and scored by the table's layout."""
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
    layout = table.layout_spec
    entry = hand_values.values_for(layout).entry(event.rules, layout, clean, values)
    clean.update(layout.columns(hand_values.score(layout, event.rules, entry)))
    return clean


def _same(hand: Hand, clean: dict) -> bool:
    return all(getattr(hand, k) == clean[k] for k in STORED_FIELDS)


def _check_number(table, number) -> None:
    event = table.round.event
    # A games event without hands per round numbers its hands through the round, across its games.
    limit = formats.event_format(event.format).last_hand(event.hands_per_round)
    if isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= limit:
        raise ValidationError({"number": gettext("hand %(number)s is not between 1 and %(limit)s")
                                         % {"number": repr(number), "limit": limit}})


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
    hands = table_hands(table)
    existing = next((hand for hand in hands if hand.number == number), None)
    if existing is not None:
        if _same(existing, clean):
            _keep_receipt(client_id, table, "hand", number, hand_snapshot(existing))
            return existing
        raise ValidationError(
            {"number": gettext("hand %(number)s at table %(table)s is already entered; correct it instead")
                       % {"number": number, "table": table.number}})
    _check_games(table, number, clean, hands)
    hand = prepared.insert(Hand(  # Hand.objects.create, its SQL written once (issue 27)
        table=table,
        number=number,
        dealer=hand_dealer(table, number),
        entered_by=actor.label,
        entered_by_user=actor.user if getattr(actor.user, "pk", None) else None,
        entered_side=writer,
        **clean,
    ))
    forget_hands(table)
    # The first side to enter, as the dashboard and files read it: in the totals' one UPDATE.
    first = {"entered_side": writer} if writer and not table.entered_side else {}
    totals.store(table, [*hands, hand], **first)
    _clear_confirmation(table)
    _log(table, action, actor, hand_number=number, new=hand_snapshot(hand))
    _keep_receipt(client_id, table, "hand", number, hand_snapshot(hand))
    table.round.event.bump_version()
    return hand


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
    defaults = {"ns_tricks": None, "declarer_seat": "", "seat_tricks": None, "partner_seat": ""}
    return all(clean.get(k) == stored.get(k, defaults.get(k)) for k in STORED_FIELDS)


def reused_words(receipt: ClientSave) -> str:
    return gettext("Hand %(number)s was already saved from this phone with other values, so these were not "
                   "saved. Check hand %(number)s in the list of hands and press Fix there if it is wrong.") % {
        "number": receipt.hand_number}


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
