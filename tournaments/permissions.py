"""Who may do what at an event: organizer, scorer, a table link, or the public.

Superusers count as organizers of every event. Views use the decorators; services trust the
Actor they are given.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from .models import Event, EventStaff

ORGANIZER = EventStaff.Role.ORGANIZER
SCORER = EventStaff.Role.SCORER


def role_for(user, event: Event) -> str | None:
    if not user.is_authenticated:
        return None
    if user.is_superuser:
        return ORGANIZER
    cache = getattr(user, "_event_roles", None)
    if cache is None:
        cache = user._event_roles = {}
    if event.pk not in cache:
        own = EventStaff.objects.filter(event=event, user=user).values_list("role", flat=True).first()
        cache[event.pk] = _stronger(own, club_role_for(user, event.club_id))
    return cache[event.pk]


def club_role_for(user, club_id: int | None) -> str | None:
    """The user's role in a club (docs/clubs.md): a club's organizer runs every event of the club as
    its own organizer would, a club's scorer scores them. None for no club or no role."""
    if club_id is None or not user.is_authenticated:
        return None
    if user.is_superuser:
        return ORGANIZER
    cache = getattr(user, "_club_roles", None)
    if cache is None:
        cache = user._club_roles = {}
    if club_id not in cache:
        cache[club_id] = user.club_roles.filter(club_id=club_id).values_list("role", flat=True).first()
    return cache[club_id]


def _stronger(one: str | None, other: str | None) -> str | None:
    """Of an event role and a club role, the one that allows more (organizer over scorer over none)."""
    return ORGANIZER if ORGANIZER in (one, other) else (one or other)


def is_organizer(user, event: Event) -> bool:
    return role_for(user, event) == ORGANIZER


def can_score(user, event: Event) -> bool:
    return role_for(user, event) in (ORGANIZER, SCORER)


def _event_view(check):
    def decorator(view):
        @wraps(view)
        def wrapper(request, slug, *args, **kwargs):
            event = get_object_or_404(Event, slug=slug)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user, event):
                raise PermissionDenied(_("You do not have that role at this event."))
            return view(request, event, *args, **kwargs)

        return wrapper

    return decorator


# Decorated views receive the Event object in place of its slug.
organizer_required = _event_view(is_organizer)
scorer_required = _event_view(can_score)
