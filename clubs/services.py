"""Changing a club's members (docs/clubs.md, "Members"): add, edit, merge. Each is one transaction
and says what is wrong in a ValidationError naming the field."""

from __future__ import annotations

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from tournaments.models import Event, Player

from .models import Club, Member


def next_number(club: Club) -> int:
    return (Member.objects.filter(club=club).aggregate(n=Max("number"))["n"] or 0) + 1


@transaction.atomic
def member_save(member: Member) -> Member:
    """Save a new or changed member; a new one without a number gets the club's next number."""
    Club.objects.select_for_update().filter(pk=member.club_id).first()  # one numbering at a time
    if member.number is None:
        member.number = next_number(member.club)
    taken = Member.objects.filter(club_id=member.club_id, number=member.number).exclude(pk=member.pk).first()
    if taken is not None:
        raise ValidationError({"number": _("Number %(number)s is %(name)s's already.")
                               % {"number": member.number, "name": taken.name}})
    member.full_clean(exclude=["club"])
    member.save()
    return member


@transaction.atomic
def members_merge(club: Club, keep_number: int, gone_number: int) -> Member:
    """Merge member `gone_number` into `keep_number`: every player of every event linked to the one
    merged away is linked to the one kept, and the merged one is deleted; all or nothing."""
    if keep_number == gone_number:
        raise ValidationError({"gone": _("Choose two different members.")})
    Club.objects.select_for_update().filter(pk=club.pk).first()
    found = {m.number: m for m in Member.objects.select_for_update().filter(club=club,
                                                                         number__in=[keep_number, gone_number])}
    for field, number in (("keep", keep_number), ("gone", gone_number)):
        if number not in found:
            raise ValidationError({field: _("The club has no member %(number)s.") % {"number": number}})
    keep, gone = found[keep_number], found[gone_number]
    moved = Player.objects.filter(member=gone)
    events = list(moved.values_list("event_id", flat=True).distinct())
    moved.update(member=keep)
    for event in Event.objects.filter(pk__in=events):
        event.bump_version()  # a season or record reading the event reads it afresh
    gone.delete()
    return keep


def events_to_add(club: Club, user):
    """The events `user` may put into `club`: events of no club that he organizes (every one for a
    superuser)."""
    found = Event.objects.filter(club__isnull=True)
    if not user.is_superuser:
        found = found.filter(staff__user=user, staff__role="organizer")
    return found.order_by("-date", "name")


@transaction.atomic
def event_add(club: Club, user, slug: str) -> Event:
    """Put an event the user organizes into the club: from then on the club's staff run it too, and
    its players can be linked to members (registration, the review page)."""
    event = events_to_add(club, user).select_for_update().filter(slug=slug).first()
    if event is None:
        raise ValidationError({"event": _("Choose one of your events that is in no club yet.")})
    event.club = club
    event.save(update_fields=["club"])
    return event


def link_player(player: Player, member: Member | None) -> None:
    """Name the member a registered player is (registration's picker); None unlinks him."""
    player.member = member
    player.save(update_fields=["member"])
