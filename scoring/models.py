"""Hands and their change history.

A Hand stores the points it computed when it was saved (scoring.engine.rules.score_hand), so reading
standings never re-scores. HandChange is append-only: every create, edit, confirmation and
dispute writes one row in the same transaction as the change itself. ConfirmFailure counts wrong
confirmation PINs per table, for the guess limit. ClientSave remembers the id a phone gave a save
(README, "When the wifi drops"), so the same id is taken at most once.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q

from scoring.engine.vocabulary import (
    CLIENT_SAVE_KINDS,
    HAND_CHANGE_LABELS,
    MAX_CLIENT_ID,
    PENALTY_LABELS,
    SEAT_NAMES,
    SIDE_LABELS,
    gettext_noop,
    members,
)
from tournaments import language
from tournaments.language import choices

# Labels are translated when shown (get_..._display, the admin): tournaments.language.
SIDES = choices(SIDE_LABELS)
SEATS = choices(SEAT_NAMES)


def _lazy(labels: dict[str, str]) -> dict[str, str]:
    return {value: language.lazy_label(text) for value, text in labels.items()}


class Hand(models.Model):
    PenaltyKind = models.TextChoices("PenaltyKind", members(_lazy({"": gettext_noop("None"), **PENALTY_LABELS})))

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField()
    dealer = models.CharField(max_length=1, choices=SEATS)
    # Empty for a hand nobody bid (contract NOBID), played at no trump where the rules allow it.
    declarer = models.CharField(max_length=2, choices=SIDES, blank=True)
    contract = models.CharField(max_length=8)
    tricks = models.PositiveSmallIntegerField(help_text="Tricks taken by the declaring side (0 for NOBID).")
    ns_tricks = models.PositiveSmallIntegerField(null=True, blank=True,
                                                 help_text="A hand nobody bid: the tricks N-S took.")
    penalty_kind = models.CharField(max_length=20, choices=PenaltyKind.choices, blank=True, default="")
    penalty_side = models.CharField(max_length=2, choices=SIDES, blank=True, default="")
    penalty_seat = models.CharField(max_length=1, choices=SEATS, blank=True, default="")
    note = models.CharField(max_length=500, blank=True, default="")
    ns_points = models.IntegerField()
    ew_points = models.IntegerField()
    # A three-handed hand (an event of individuals): the bidder's seat ("1", "2", "3"), each seat's
    # tricks and points ({"1": 8, "2": 1, "3": 1}); declarer is then "", ns/ew points 0 and
    # `tricks` the bidder's. Empty at every four-handed table.
    declarer_seat = models.CharField(max_length=1, blank=True, default="")
    seat_tricks = models.JSONField(null=True, blank=True)
    seat_points = models.JSONField(null=True, blank=True)
    # A table of five (RULES.md section 7): the seat of the partner the bidder called ("1".."5"), blank
    # when he played alone (the called card in the widow or his own hand) and at every other table.
    partner_seat = models.CharField(max_length=1, blank=True, default="")
    made = models.BooleanField()
    # Optimistic locking: an edit names the version it started from.
    version = models.PositiveIntegerField(default=1)
    entered_by = models.CharField(max_length=150)
    entered_by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    updated_by = models.CharField(max_length=150, blank=True, default="")
    updated_at = models.DateTimeField(auto_now=True)
    # Who wrote the hand and who agreed to it (README, "Confirmation"; docs/trust.md). A side is the
    # proven phone's "ns"/"ew" (a progressive table's player acts for his side) or a table of three's
    # seat "1".."3"; "" is staff (an organizer, a scorer, an import). `changed_*` is the last
    # correction (changed_at None: never corrected). A hand is accepted when a side other than the
    # one that last wrote it agreed on its phone, or staff did (accepted_side ""); a hand last
    # written by staff needs no acceptance. A correction clears the acceptance.
    entered_side = models.CharField(max_length=2, blank=True, default="")
    changed_side = models.CharField(max_length=2, blank=True, default="")
    changed_at = models.DateTimeField(null=True, blank=True)
    accepted_side = models.CharField(max_length=2, blank=True, default="")
    accepted_by = models.CharField(max_length=150, blank=True, default="")
    accepted_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["table", "number"]
        constraints = [
            # One hand per number per table: a double tap or two phones cannot make two hands.
            models.UniqueConstraint(fields=["table", "number"], name="hand_number_unique_at_table"),
            models.CheckConstraint(condition=Q(tricks__gte=0) & Q(tricks__lte=10), name="hand_tricks_0_10"),
            models.CheckConstraint(condition=Q(number__gte=1), name="hand_number_positive"),
            models.CheckConstraint(condition=Q(ns_tricks__isnull=True) | (Q(ns_tricks__lte=10) & Q(contract="NOBID")),
                                   name="hand_ns_tricks_only_nobid"),
        ]

    def __str__(self) -> str:
        return f"{self.table}, hand {self.number}: {self.contract} by {self.declarer}"

    def points_for(self, side: str) -> int:
        return self.ns_points if side == "ns" else self.ew_points

    @property
    def written_side(self) -> str:
        """The side (or seat) that last wrote this hand: its corrector's, else its enterer's; "" = staff."""
        return self.changed_side if self.changed_at else self.entered_side

    @property
    def waits(self) -> bool:
        """Written on a phone and not yet accepted by another side (or staff)."""
        return bool(self.written_side) and self.accepted_at is None


class HandChange(models.Model):
    """Append-only audit row: who changed what at a table, when, from what to what, and why."""

    Action = models.TextChoices("Action", members(_lazy(HAND_CHANGE_LABELS)))

    event = models.ForeignKey("tournaments.Event", on_delete=models.CASCADE, related_name="hand_changes")
    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="changes")
    hand_number = models.PositiveSmallIntegerField(null=True, blank=True)
    action = models.CharField(max_length=10, choices=Action.choices)
    old = models.JSONField(null=True, blank=True)
    new = models.JSONField(null=True, blank=True)
    reason = models.CharField(max_length=500, blank=True, default="")
    by = models.CharField(max_length=150)
    by_user = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.SET_NULL, related_name="+"
    )
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_action_display()} {self.table} hand {self.hand_number} by {self.by}"


class ConfirmFailure(models.Model):
    """One wrong PIN (or number) typed to confirm a table through its link.

    Kept in the database, not the cache, so every server process counts the same guesses: too many
    at one table within a few minutes lock that link's confirmation (scoring.services.table_confirm).
    """

    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="confirm_failures")
    side = models.CharField(max_length=2, choices=SIDES, blank=True, default="")
    at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        when = language.clock(self.at)
        return f"Wrong confirmation code at {self.table} ({self.side or 'no side'}) at {when}"


class ClientSave(models.Model):
    """A save sent with the phone's own id for it: a hand or a confirmation, kept on the phone while
    the wifi was down and sent later, maybe more than once (README, "When the wifi drops").

    Written in the same transaction as the hand or the confirmation; the unique id means a retry,
    a double tap or a second phone replaying the same queue never writes twice. `result` is what
    was stored, answered again to a repeat.
    """

    client_id = models.CharField(max_length=MAX_CLIENT_ID, unique=True)
    table = models.ForeignKey("tournaments.Table", on_delete=models.CASCADE, related_name="client_saves")
    kind = models.CharField(max_length=10, choices=choices(CLIENT_SAVE_KINDS))
    hand_number = models.PositiveSmallIntegerField(null=True, blank=True)
    result = models.JSONField(default=dict)
    at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["at", "pk"]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} {self.client_id} at {self.table}"
