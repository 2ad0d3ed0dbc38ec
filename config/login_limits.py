"""Login throttling on top of django-axes: one limit per username and address, one per address,
one per username.

django-axes counts failures per group of AXES_LOCKOUT_PARAMETERS but compares them all with one
AXES_FAILURE_LIMIT. The site wants three (docs/operations.md, "Login limits"):
- username AND address: AXES_FAILURE_LIMIT (5) wrong passwords pause that username from that
  address only, so a stranger on their own phone cannot lock the organizer out;
- address alone: AXES_ADDRESS_FAILURE_LIMIT (50) wrong passwords, whatever the usernames, pause
  that address, so guessing through many usernames (or the same one) does not go on forever;
- username alone: AXES_USERNAME_FAILURE_LIMIT (30) wrong passwords from any addresses pause that
  username everywhere for the cool-off, so guessing one account from many phones (4 tries from
  each of 30 addresses) stops too. The price: a stranger with several phones can pause the
  organizer's name for 15 minutes (another organizer clears it: admin, or axes_reset_username).
LimitedAxesHandler reports each group's failures against its own limit, and a good login resets
only the username-and-address count (an attacker's own account must not wipe the address count;
the owner's good login wipes only the wrong passwords typed at his own address).

The proxy settings that make the address trustworthy are checked in config.checks.
"""

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_failure_limit
from django.conf import settings
from django.db.models import Sum


def group_limits(request=None, credentials=None) -> list[int]:
    """The failure limit of each AXES_LOCKOUT_PARAMETERS group, in the same order."""
    return [get_failure_limit(request, credentials), settings.AXES_ADDRESS_FAILURE_LIMIT,
            settings.AXES_USERNAME_FAILURE_LIMIT]


class LimitedAxesHandler(AxesDatabaseHandler):
    def get_failures(self, request, credentials=None) -> int:
        """Failures on the group nearest its own limit, scaled to AXES_FAILURE_LIMIT: axes locks
        when this reaches AXES_FAILURE_LIMIT, which is when any group reaches its own limit."""
        base = get_failure_limit(request, credentials)
        scaled = 0
        for attempts, limit in zip(self.get_user_attempts(request, credentials), group_limits(request, credentials),
                                   strict=True):
            count = attempts.aggregate(total=Sum("failures_since_start"))["total"] or 0
            scaled = max(scaled, count * base // limit)
        return scaled

    def reset_user_attempts(self, request, credentials=None) -> int:
        username_and_address = self.filter_user_attempts(request, credentials)[0]
        count, _ = username_and_address.delete()
        return count
