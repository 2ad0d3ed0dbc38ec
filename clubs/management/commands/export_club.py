"""`python manage.py export_club SLUG`: the club's backup (clubs.backup, format 500-club/1) on
standard output: the club, its members, its seasons and every event file of the club."""

import json

from django.core.management.base import BaseCommand, CommandError

from clubs.backup import club_export
from clubs.models import Club


class Command(BaseCommand):
    help = "Write a club's backup (500-club/1): its members, seasons and every event file, as JSON."

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the club's slug")

    def handle(self, *args, slug, **options):
        club = Club.objects.filter(slug__iexact=slug).first()
        if club is None:
            raise CommandError(f"no club has the slug {slug!r}")
        stream = self.stdout._out
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
        self.stdout.write(json.dumps(club_export(club), ensure_ascii=False, indent=2, sort_keys=False))
