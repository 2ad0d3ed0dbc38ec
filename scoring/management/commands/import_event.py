"""`python manage.py import_event FILE [--slug SLUG]`: create an event from a 500-event/1 file.

FILE may be `-` for standard input. Accounts the file names (staff, history) that this site lacks
are created without a usable password, and the command says which. On any problem every problem
is printed on its own line to stderr, each with its place in the file, the command exits non-zero and nothing is written
(scoring.event_io.event_import runs in one transaction).
"""

import sys

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import eventfile
from scoring.engine.eventfile import EventFileError
from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES
from scoring.event_io import event_import

LIMIT = MAX_EVENT_FILE_BYTES + 1


def read_event_file(path: str, stdin=None) -> object:
    """The parsed JSON of `path` (or stdin for "-"); CommandError says where a JSON error is."""
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            stream = stdin if stdin is not None else sys.stdin
            raw = stream.buffer.read(LIMIT) if hasattr(stream, "buffer") else stream.read(LIMIT)
        else:
            with open(path, "rb") as handle:
                raw = handle.read(LIMIT)  # a file over the limit is refused without reading it all
    except OSError as exc:
        raise CommandError(f"{name}: cannot read it ({exc.strerror or exc})") from None
    try:
        return eventfile.read(raw, name)
    except EventFileError as exc:
        raise CommandError("\n".join(exc.problems)) from None


class Command(BaseCommand):
    help = "Create an event from a 500-event/1 JSON file (or - for standard input); writes nothing on any problem."
    stealth_options = ("stdin",)  # lets tests pass a stream for "-"

    def add_arguments(self, parser):
        parser.add_argument("file", help="the event file, or - to read standard input")
        parser.add_argument("--slug", help="the new event's slug (default: the file's slug, or one made from its name)")
        parser.add_argument("--new-members", action="store_true",
                            help="an event of a club: add each name no member of the club comes near as a new member "
                                 "(docs/clubs.md)")

    def handle(self, *args, file, slug=None, new_members=False, **options):
        data = read_event_file(file, options.get("stdin"))
        try:
            event = event_import(data, slug=slug, new_members=new_members)
        except EventFileError as exc:
            stream = self.stderr._out
            if hasattr(stream, "reconfigure"):
                stream.reconfigure(encoding="utf-8")  # problems quote names such as Peña
            for problem in exc.problems:
                self.stderr.write(problem)
            count = len(exc.problems)
            raise CommandError(f"{count} problem{'s' if count != 1 else ''} in {file}; nothing was imported") from None
        partnerships = event.partnerships.count()
        hands = event.hand_changes.count()
        self.stdout.write(
            # The entrants as the file names them: partnerships, or players in an event of individuals.
            f"Imported {event.name} as {event.slug}: {partnerships} {eventfile.ENTRANT_FILES[event.entrants].key}, "
            f"{event.round_set.filter(tiebreak__isnull=True).count()} rounds, {hands} hands."
        )
        for name in event.accounts_created:
            self.stdout.write(
                f"Created the account {name} (from the file's staff or history) without a usable password: "
                f"set one with `python manage.py changepassword {name}` before it can log in."
            )
