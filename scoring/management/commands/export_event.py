"""`python manage.py export_event SLUG [--history]`: write the event as a 500-event/1 JSON file to stdout.

With --history every table carries its change history (who entered, corrected, confirmed or
disputed what, when, and why), so a restore shows the same history pages.

UTF-8, names as written (ensure_ascii off), two-space indent and a fixed key order, so the same
event always gives the same bytes and export -> import -> export is identical. Reads only.
"""

from django.core.management.base import BaseCommand

from scoring.engine.eventfile import to_text
from scoring.event_io import event_export
from tournaments.management import event_or_error


class Command(BaseCommand):
    help = "Write an event as a 500-event/1 JSON file to standard output (for backups and moving machines)."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug, as in its address")
        parser.add_argument("--history", action="store_true",
                            help="include every table's change history (a full backup)")

    def handle(self, *args, slug, history=False, **options):
        event = event_or_error(slug)
        stream = self.stdout._out
        if hasattr(stream, "reconfigure"):
            # A terminal or pipe in the C locale would otherwise fail on Peña.
            stream.reconfigure(encoding="utf-8")
        self.stdout.write(to_text(event_export(event, history=history)), ending="")
