"""`python manage.py standings SLUG --format json|csv|text`: print an event's standings.

A thin wrapper: scoring.selectors.event_standings reads the event and scoring.engine.standings ranks it
and formats it, exactly as the standings page and its downloads do. Reads only.
"""

import json

from django.core.management.base import BaseCommand

from scoring.engine.standings import as_csv, as_json, as_text
from scoring.selectors import event_standings
from tournaments.management import event_or_error


class Command(BaseCommand):
    help = "Print an event's standings as JSON, CSV or a plain text table."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug, as in its address")
        parser.add_argument("--format", choices=["json", "csv", "text"], default="text",
                            help="output format (default text)")

    def handle(self, *args, slug, format="text", **options):
        event = event_or_error(slug)
        standings = event_standings(event)
        if format == "json":
            text = json.dumps(as_json(standings, event.slug), ensure_ascii=False, indent=2) + "\n"
        elif format == "csv":
            text = as_csv(standings)
        else:
            text = as_text(standings, f"{event.name}, {event.date.isoformat()}")
        stream = self.stdout._out
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
        self.stdout.write(text, ending="")
