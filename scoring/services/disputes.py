"""A table disputed: flagged for the organizer, its confirmation cleared."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from .common import Actor, _check_writable, _locked_table, _log


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
