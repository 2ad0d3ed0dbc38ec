"""A whole paper score sheet entered at once (the organizer's grid), confirmed with it when signed."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext

from scoring.models import Hand

from .common import Actor, _check_writable, _locked_table
from .hands import hand_correct, hand_record
from .trust import table_confirm


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
