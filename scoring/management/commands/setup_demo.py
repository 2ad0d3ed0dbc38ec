"""`python manage.py setup_demo`: the first-run set-up behind bin/serve. Safe to run every time.

- No event at all: create a 12-partnership demo event caught mid-session
  (slug "golden-age-olympics-demo").
- No user called "organizer": create it as a superuser with a random password, make it an
  organizer of the demo event, and print the login once. Later runs only say it exists.
It never changes an existing user's password and never touches other events.
"""

import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand
from django.db import transaction

from scoring.event_io import event_import
from tournaments.demo import build_demo_event
from tournaments.models import Event, EventStaff

DEMO_SLUG = "golden-age-olympics-demo"
ORGANIZER = "organizer"


class Command(BaseCommand):
    help = "Create the demo event and an organizer login if they are missing (prints the password once)."

    @transaction.atomic
    def handle(self, *args, **options):
        demo = Event.objects.filter(slug=DEMO_SLUG).first()
        if not Event.objects.exists():
            demo = event_import(build_demo_event(partnerships=12, seed=2026, slug=DEMO_SLUG))
            self.stdout.write(f"Created the demo event {demo.name}: {demo.get_absolute_url()}")
        User = get_user_model()
        user = User.objects.filter(username=ORGANIZER).first()
        password = None
        if user is None:
            password = secrets.token_urlsafe(12)
            user = User.objects.create_superuser(username=ORGANIZER, email="", password=password)
        if demo is not None:
            EventStaff.objects.get_or_create(event=demo, user=user, defaults={"role": EventStaff.Role.ORGANIZER})
        if password:
            line = "=" * 60
            self.stdout.write(
                f"{line}\nOrganizer login (shown only this once; write it down):\n"
                f"  username: {ORGANIZER}\n  password: {password}\n"
                f"Change it later with: python manage.py changepassword {ORGANIZER}\n{line}"
            )
        else:
            self.stdout.write(
                f"The organizer login exists already (username {ORGANIZER}); "
                f"to reset it: python manage.py changepassword {ORGANIZER}"
            )
