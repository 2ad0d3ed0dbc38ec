"""Who may do what in a club (docs/clubs.md, "Who may do what").

A club's organizer runs the club (its members, its imports, its seasons) and every event of the
club as that event's own organizer would (tournaments.permissions.club_role_for); a club's scorer
sees its members and scores its events. A club's staff see and change only their club. Superusers
are organizers of every club. The public sees a club's home and the records of members not hidden.
"""

from __future__ import annotations

from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.shortcuts import get_object_or_404
from django.utils.translation import gettext as _

from tournaments.permissions import ORGANIZER, SCORER, club_role_for

from .models import Club


def role_in(user, club: Club) -> str | None:
    return club_role_for(user, club.pk)


def is_club_organizer(user, club: Club) -> bool:
    return role_in(user, club) == ORGANIZER


def is_club_staff(user, club: Club) -> bool:
    return role_in(user, club) in (ORGANIZER, SCORER)


def _club_view(check):
    def decorator(view):
        @wraps(view)
        def wrapper(request, club, *args, **kwargs):
            found = get_object_or_404(Club, slug__iexact=club)
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            if not check(request.user, found):
                raise PermissionDenied(_("You do not have that role in this club."))
            return view(request, found, *args, **kwargs)

        return wrapper

    return decorator


# Decorated views receive the Club in place of its slug.
club_organizer_required = _club_view(is_club_organizer)
club_staff_required = _club_view(is_club_staff)
