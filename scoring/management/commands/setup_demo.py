"""`python manage.py setup_demo`: the first-run set-up behind bin/serve. Safe to run every time.

- No event at all: create a 12-partnership demo event caught mid-session
  (slug "golden-age-olympics-demo").
- No superuser at all: create one with a random password and a username nobody can guess
  ("organizer-" and six random letters or digits), or the name in --username or the
  DEMO_ORGANIZER environment variable; make it an organizer of the demo event and print the
  login once. A well-known name would let anyone in the hall aim wrong passwords at it (README,
  "Production"). Later runs only say that a login exists.
It never changes an existing user's password and never touches other events.
"""

import os
import secrets

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError
from django.db import transaction

from scoring.event_io import event_import
from tournaments.demo import build_demo_event
from tournaments.models import TOKEN_ALPHABET, Event, EventStaff

DEMO_SLUG = "golden-age-olympics-demo"


def new_username() -> str:
    """organizer-xxxxxx: 30 random bits, so the name itself is not a target."""
    return "organizer-" + "".join(secrets.choice(TOKEN_ALPHABET) for _ in range(6)).lower()


class Command(BaseCommand):
    help = "Create the demo event and an organizer login if they are missing (prints the login once)."

    def add_arguments(self, parser):
        parser.add_argument("--username", default=os.environ.get("DEMO_ORGANIZER", ""),
                            help="the first organizer's username (default: $DEMO_ORGANIZER, else a random one)")

    @transaction.atomic
    def handle(self, *args, username="", **options):
        demo = Event.objects.filter(slug=DEMO_SLUG).first()
        if not Event.objects.exists():
            demo = event_import(build_demo_event(partnerships=12, seed=2026, slug=DEMO_SLUG))
            self.stdout.write(f"Created the demo event {demo.name}: {demo.get_absolute_url()}")
        User = get_user_model()
        user = User.objects.filter(is_superuser=True).order_by("pk").first()
        password = None
        if user is None:
            username = username.strip() or new_username()
            if User.objects.filter(username__iexact=username).exists():
                raise CommandError(f"--username: {username!r} is taken by an account that is not a superuser")
            password = secrets.token_urlsafe(12)
            user = User.objects.create_superuser(username=username, email="", password=password)
        if demo is not None:
            EventStaff.objects.get_or_create(event=demo, user=user, defaults={"role": EventStaff.Role.ORGANIZER})
        if password:
            line = "=" * 60
            self.stdout.write(
                f"{line}\nOrganizer login (shown only this once; write both down):\n"
                f"  username: {user.get_username()}\n  password: {password}\n"
                f"Change the password later with: python manage.py changepassword {user.get_username()}\n{line}"
            )
        else:
            self.stdout.write(
                "An organizer login exists already (printed when it was made). A new password for it: "
                "python manage.py changepassword USERNAME; another login: python manage.py createsuperuser"
            )
