"""Corrections that remove hands: an organizer deletes a hand, or saves a correction to a games
hand that ends its game earlier and removes the hands played after it in that game.

A table's hands stay numbered 1..n without a gap: the entry page's next hand (the first number
missing), the paper-sheet grid (rows 1..k), the games replay and the printed sheets all count on
it. So removing hands moves every later hand up (hand 6 becomes hand 4 when hands 4 and 5 go),
the way an organizer crossing out a line on a paper sheet reads it. A moved hand takes the
rotation's dealer for its new number (every hand's dealer is the rotation's: the event file writes
it so), a new version (a form open on it is then stale) and an "update" row in the history saying
its number changed; the phone's receipts for it follow it. A removed hand keeps a "delete" row
holding its old values. Totals, the table's confirmation (cleared) and the event's version follow
in the same transaction as every hand write (scoring.services).

Only an organizer removes hands: a scorer or a table link may not (a scorer corrects, a player
calls the organizer). Writes only hands, their history and receipts, and the table's totals.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring import services, totals
from scoring.models import ClientSave, Hand
from scoring.services import (
    _CUTTING,
    STORED_FIELDS,
    Actor,
    _check_round_state,
    _clean_values,
    _clear_confirmation,
    _locked_table,
    _log,
    cut_by,
    hand_dealer,
    hand_snapshot,
    numbers_text,
    table_games,
)
from scoring.services import CutNeeded as CutNeeded  # the correction page reads corrections.CutNeeded

MAX_REASON = 500


def _reason(reason: str, required_message: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": required_message})
    if len(reason) > MAX_REASON:
        raise ValidationError({"reason": gettext("is longer than 500 characters")})
    return reason


def _organizer_only(actor: Actor, message: str) -> None:
    if not actor.is_organizer:
        raise ValidationError({"__all__": message})


def moves(numbers: Sequence[int], removed: Sequence[int]) -> list[tuple[int, int]]:
    """(old number, new number) of each stored hand that moves up when `removed` go."""
    gone = sorted(removed)
    out = []
    for number in sorted(n for n in numbers if n not in gone):
        new = number - sum(1 for g in gone if g < number)
        if new != number:
            out.append((number, new))
    return out


def _remove(table, actor: Actor, doomed: list[Hand], hands: list[Hand], reason: str) -> list[Hand]:
    """Delete `doomed` (each with a "delete" row holding its values), move the later hands up and
    write the table's totals; returns the hands left, renumbered. The caller holds the table's lock."""
    gone = sorted(h.number for h in doomed)
    for hand in sorted(doomed, key=lambda h: h.number):
        _log(table, "delete", actor, hand_number=hand.number, old=hand_snapshot(hand), reason=reason)
    Hand.objects.filter(pk__in=[h.pk for h in doomed]).delete()
    left = sorted((h for h in hands if h.number not in gone), key=lambda h: h.number)
    by_number = {h.number: h for h in left}
    why = gettext("Hands %(numbers)s were removed: the later hands moved up.") % {"numbers": numbers_text(gone)} \
        if len(gone) > 1 else gettext("Hand %(number)s was removed: the later hands moved up.") % {"number": gone[0]}
    # Lowest first, into the numbers the deletions freed: the unique (table, number) never clashes.
    for old_number, new_number in moves(list(by_number), gone):
        hand = by_number[old_number]
        before = hand_snapshot(hand) | {"number": old_number}
        hand.number, hand.dealer, hand.version = new_number, hand_dealer(table, new_number), hand.version + 1
        hand.updated_by = actor.label
        hand.save(update_fields=["number", "dealer", "version", "updated_by", "updated_at"])
        ClientSave.objects.filter(table=table, kind="hand", hand_number=old_number).update(hand_number=new_number)
        after = hand_snapshot(hand) | {"number": new_number}
        _log(table, "update", actor, hand_number=new_number, old=before, new=after, reason=why)
    totals.store(table, left)
    if not left and table.entered_side:  # nothing entered any more: either side may start again
        table.entered_side = ""
        table.save(update_fields=["entered_side"])
    _clear_confirmation(table)
    return left


def _late_refusal(table, result, number: int) -> None:
    if result is not None and result.late_hands:
        raise ValidationError({"__all__": gettext(
            "Without hand %(number)s the round's last game at table %(table)s is complete sooner, and hands "
            "%(late)s would come after it. Delete the last hands first, or correct the hands instead.")
            % {"number": number, "table": table.number, "late": numbers_text(result.late_hands)}})


@transaction.atomic
def hand_delete(*, hand: Hand, actor: Actor, reason: str, expected_version: int | None = None) -> list[Hand]:
    """Delete a stored hand (an organizer, with a reason kept in the history); the later hands move
    up one number. `expected_version`: the version the organizer was shown; if the hand changed
    since, nothing is deleted. In a games event the table's games are replayed without it, and the
    deletion is refused if a hand would then come after the round's last game was complete.
    Returns the table's hands left."""
    table = _locked_table(hand.table_id)
    _check_round_state(table, actor)
    _organizer_only(actor, gettext("Only an organizer can delete a hand. Ask the organizer."))
    hands = list(Hand.objects.filter(table=table))
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:
        raise ValidationError({"__all__": gettext("This hand is no longer at this table: someone deleted it just "
                                                  "now. Reload the page.")})
    if expected_version is not None and current.version != expected_version:
        raise ValidationError({"__all__": gettext(
            "This hand was changed by %(who)s since you opened it. Check it and delete it again if it is still "
            "wrong.") % {"who": current.updated_by or current.entered_by}})
    reason = _reason(reason, gettext("Say why hand %(number)s is deleted: the reason is kept in the history.")
                     % {"number": current.number})
    left = [h for h in hands if h.pk != current.pk]
    _late_refusal(table, table_games(table, left), current.number)  # a session has no games: None
    left = _remove(table, actor, [current], hands, reason)
    table.round.event.bump_version()
    return left


@transaction.atomic
def hand_correct_cutting(*, hand: Hand, expected_version: int, actor: Actor, reason: str,
                         remove: Sequence[int], **values) -> Hand:
    """An organizer's correction of a games hand that ends its game earlier, saved together with the
    removal of the hands played after it in that game (`remove`: their numbers, as the organizer
    confirmed them; if the hands to remove differ now, nothing is written). One transaction: a
    "delete" row per removed hand, the later hands moved up, then the correction's "update" row
    (scoring.services.hand_correct)."""
    table = _locked_table(hand.table_id)
    _check_round_state(table, actor)
    _organizer_only(actor, gettext("Only an organizer can remove hands. Ask the organizer."))
    reason = _reason(reason, gettext("Give a reason for the correction: it is kept in the history with the hands "
                                     "it removes."))
    hands = list(Hand.objects.filter(table=table))
    current = next((h for h in hands if h.pk == hand.pk), None)
    if current is None:
        raise ValidationError({"__all__": gettext("This hand is no longer at this table: someone deleted it just "
                                                  "now. Reload the page.")})
    if current.version != expected_version:  # said in full by hand_correct, before anything is removed
        return services.hand_correct(hand=current, expected_version=expected_version, actor=actor, reason=reason,
                                     **values)
    clean = _clean_values(table, {k: values.get(k, getattr(current, k)) for k in STORED_FIELDS})
    doomed, _game = cut_by(table, current, clean, hands)
    if [h.number for h in doomed] != sorted(set(remove)):
        raise ValidationError({"__all__": gettext(
            "The hands this correction removes are not the ones you confirmed (the table changed meanwhile, or "
            "the values did). Check the list below and confirm again.")})
    if doomed:
        _remove(table, actor, doomed, hands, reason)
    token = _CUTTING.set(True)
    try:
        return services.hand_correct(hand=current, expected_version=expected_version, actor=actor, reason=reason,
                                     **values)
    finally:
        _CUTTING.reset(token)


def hand_correct(*, hand: Hand, expected_version: int, actor: Actor, reason: str = "", remove: Sequence[int] = (),
                 **values) -> Hand:
    """The correction page's save: scoring.services.hand_correct, or with `remove` (the hands the
    organizer confirmed removing) hand_correct_cutting. A correction that would need hands removed
    and names none raises CutNeeded, which carries them for the page to list."""
    if remove:
        return hand_correct_cutting(hand=hand, expected_version=expected_version, actor=actor, reason=reason,
                                    remove=remove, **values)
    return services.hand_correct(hand=hand, expected_version=expected_version, actor=actor, reason=reason, **values)
