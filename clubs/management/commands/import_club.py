"""`python manage.py import_club FILE`: restore a club's backup (500-club/1, from export_club) in
one transaction. Every problem is printed with its place in the file and nothing is written."""

import json

from django.core.management.base import BaseCommand, CommandError

from clubs.backup import ClubFileError, club_import
from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES

MAX_CLUB_FILE_BYTES = 50 * MAX_EVENT_FILE_BYTES


class Command(BaseCommand):
    help = "Restore a club from its backup (500-club/1): members, seasons and events; nothing on any problem."

    def add_arguments(self, parser):
        parser.add_argument("file", help="the club file (from export_club)")

    def handle(self, *args, file, **options):
        try:
            with open(file, "rb") as handle:
                raw = handle.read(MAX_CLUB_FILE_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"{file}: cannot read it ({exc.strerror or exc})") from None
        if len(raw) > MAX_CLUB_FILE_BYTES:
            raise CommandError(f"{file}: larger than {MAX_CLUB_FILE_BYTES} bytes")
        try:
            data = json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise CommandError(f"{file}: not JSON ({exc})") from None
        try:
            club = club_import(data)
        except ClubFileError as exc:
            stream = self.stderr._out
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(encoding="utf-8")
            for problem in exc.problems:
                self.stderr.write(problem)
            count = len(exc.problems)
            raise CommandError(f"{count} problem{'s' if count != 1 else ''} in {file}; nothing was imported") from None
        self.stdout.write(f"Restored {club.name} as {club.slug}: {club.members.count()} members, "
                          f"{club.events.count()} events, {club.seasons.count()} seasons.")
