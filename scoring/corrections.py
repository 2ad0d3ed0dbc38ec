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
from contextvars import ContextVar

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring import services, totals
from scoring.engine import games as games_engine
from scoring.engine.vocabulary import THREE_SEATS
from scoring.models import ClientSave, Hand
from scoring.services import (
    STORED_FIELDS,
    Actor,
    _check_round_state,
    _clean_values,
    _clear_confirmation,
    _locked_table,
    _log,
    hand_dealer,
    hand_snapshot,
    table_games,
)

MAX_REASON = 500
# Set while hand_correct_cutting saves its correction, once the hands it removes are gone: the
# later games' hands have moved up behind the corrected hand, and refuse_cut must not read them
# as its game going on.
_CUTTING: ContextVar[bool] = ContextVar("cutting", default=False)


class CutNeeded(ValidationError):
    """A correction that ends a game earlier while later hands of that game are stored: refused
    until an organizer removes them. `hands` are the Hand rows that must go, `game` the game the
    correction ends and `number` the corrected hand."""

    def __init__(self, message: dict, *, hands: list[Hand], game: int, number: int):
        super().__init__(message)
        self.hands, self.game, self.number = hands, game, number


def numbers_text(numbers: Sequence[int]) -> str:
    """"4", "4 and 5", "4, 5 and 6" in the reader's language."""
    numbers = [str(n) for n in numbers]
    if len(numbers) < 2:
        return "".join(numbers)
    return gettext("%(numbers)s and %(last)s") % {"numbers": ", ".join(numbers[:-1]), "last": numbers[-1]}


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
    if table.round.event.plays_games:
        _late_refusal(table, table_games(table, left), current.number)
    left = _remove(table, actor, [current], hands, reason)
    table.round.event.bump_version()
    return left


# --- a games correction that ends a game earlier -------------------------------------------------

def _played(table, number: int, clean: dict) -> games_engine.PlayedHand:
    """Hand `number` with the corrected values, as the games replay takes it."""
    if services.three_handed(table):
        return games_engine.seat_played(number, THREE_SEATS, clean["declarer_seat"], clean["seat_points"] or {},
                                        clean["made"])
    return games_engine.played(number, clean["declarer"], clean["ns_points"], clean["ew_points"], clean["made"])


def _game_of(result, number: int):
    if result is None:
        return None
    return next((g for g in result.games if g.first_hand <= number <= g.last_hand), None)


def cut_by(table, hand: Hand, clean: dict, hands: list[Hand]) -> tuple[list[Hand], int]:
    """The stored hands a correction of `hand` to `clean` (scoring.services._clean_values) leaves
    played after their game ended, and that game's number: ([], 0) unless the correction ends the
    game at this hand where the game went on before. They are the hands after it in that game as
    stored, and any hand that would then come after the round's last game was complete."""
    if not table.round.event.plays_games:
        return [], 0
    before = _game_of(table_games(table, hands), hand.number)
    if before is None or before.last_hand == hand.number:
        return [], 0
    extra = _played(table, hand.number, clean)
    after = _game_of(table_games(table, hands, extra=extra), hand.number)
    if after is None or not after.over or after.last_hand != hand.number:
        return [], 0
    cut = {h.number for h in hands if hand.number < h.number <= before.last_hand}
    final = table_games(table, [h for h in hands if h.number not in cut], extra=extra)
    cut.update(final.late_hands)
    return sorted((h for h in hands if h.number in cut), key=lambda h: h.number), after.number


def _cut_message(table, game: int, number: int, doomed: list[Hand]) -> dict:
    return {"__all__": gettext(
        "This correction ends game %(game)s at hand %(number)s, but hands %(hands)s were played after it. To save "
        "it, an organizer removes those hands on hand %(number)s's correction page.")
        % {"game": game, "number": number, "hands": numbers_text([h.number for h in doomed])}}


def refuse_cut(table, hand: Hand, clean: dict) -> None:
    """Raise CutNeeded when correcting `hand` to `clean` would end its game while later hands of
    that game are stored (services.hand_correct asks, for a hand with later hands)."""
    if _CUTTING.get():
        return
    doomed, game = cut_by(table, hand, clean, list(Hand.objects.filter(table=table)))
    if doomed:
        raise CutNeeded(_cut_message(table, game, hand.number, doomed), hands=doomed, game=game, number=hand.number)


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
