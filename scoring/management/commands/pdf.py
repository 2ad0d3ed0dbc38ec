"""`python manage.py pdf SLUG --kind sheets|results|cards|standings|wall|medals|certificates [--round N]
[--tiebreak S] [--language en|es|fr] -o FILE`: write one printed document of an event to a file, printed
in the event's language unless --language asks for another (this command's own messages stay English).

The same documents as the organizer's Print page (scoring.views.printing), built by
scoring.printing.data and drawn by scoring.printing; nothing is written to the database.
"""

import sys
import time
from pathlib import Path

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from scoring import site_address
from scoring.engine.vocabulary import LANGUAGE_CODES
from scoring.printing import KINDS
from scoring.printing.data import document
from tournaments.management import event_or_error


class Command(BaseCommand):
    help = ("Write an event's score sheets, result sheets, movement cards, standings (wall: large print), medals "
            "or certificates as PDF.")

    def add_arguments(self, parser):
        parser.add_argument("slug", help="the event's slug")
        parser.add_argument("--kind", required=True, choices=KINDS, help="which document")
        parser.add_argument("--round", type=int, dest="round_number", help="sheets/results: only this main round")
        parser.add_argument("--tiebreak", type=int, help="sheets/results: only this tiebreak session")
        parser.add_argument("--language", choices=LANGUAGE_CODES,
                            help="the language the document is printed in (default: the event's language)")
        parser.add_argument("-o", "--output", required=True, help="the PDF file to write ('-' for standard output)")

    def handle(self, *args, slug, kind, round_number=None, tiebreak=None, output, language=None, **options):
        event = event_or_error(slug)
        if (round_number is not None or tiebreak is not None) and kind not in ("sheets", "results"):
            raise CommandError(f"--round and --tiebreak apply to sheets and results, not {kind}")
        started = time.perf_counter()
        try:
            name, _, data = document(event, kind, round_number=round_number, tiebreak=tiebreak, language_code=language)
        except ValidationError as exc:
            fields = exc.message_dict.items()
            raise CommandError("; ".join(f"--{field}: {' '.join(msgs)}" for field, msgs in fields)) from None
        if kind == "sheets":
            # No browser here to take an address from: say which one the QR codes carry.
            codes = site_address.site_url()
            warning = site_address.unreachable_reason(codes)
            self.stderr.write(f"QR codes point at {codes} ({site_address.source()})."
                              + (f" {warning} Set SITE_URL=http://ADDRESS:PORT to the address phones open."
                                 if warning else ""))
        if output == "-":
            sys.stdout.buffer.write(data)
            sys.stdout.flush()
            return
        path = Path(output)
        if path.is_dir():
            path = path / name
        # Write beside the target and rename, so a failed run never leaves half a PDF behind.
        partial = path.with_name(path.name + ".partial")
        partial.write_bytes(data)
        partial.replace(path)
        self.stdout.write(f"Wrote {path} ({len(data) // 1024} KB) in {time.perf_counter() - started:.2f} s")
