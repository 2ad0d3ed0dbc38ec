"""Print a movement (who plays whom, where, which direction) without touching the database.

    python manage.py movement --partnerships 12 --rounds 10 --format json
"""

import json

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import movement
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import MAX_MOVEMENT_ROUNDS, MAX_PARTNERSHIPS


def _whole_number(name: str, low: int, high: int):
    def parse(raw: str) -> int:
        value = whole_number(raw, max_digits=60, signed=True)
        if value is None:
            raise CommandError(f"--{name}: {raw!r} is not a whole number")
        if not low <= value <= high:
            raise CommandError(f"--{name}: {value} is not between {low} and {high}")
        return value

    return parse


class Command(BaseCommand):
    help = "Preview a movement: partnerships 1..N over R rounds, as text or as an event file's rounds (json)."
    requires_system_checks = []  # reads nothing from the database or settings

    def add_arguments(self, parser):
        parser.add_argument("--partnerships", required=True, metavar="N",
                            help=f"how many partnerships (2 to {MAX_PARTNERSHIPS}), numbered 1..N")
        parser.add_argument("--rounds", required=True, metavar="R",
                            help=f"how many rounds (1 to {MAX_MOVEMENT_ROUNDS})")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        count = _whole_number("partnerships", 2, MAX_PARTNERSHIPS)(options["partnerships"])
        rounds = _whole_number("rounds", 1, MAX_MOVEMENT_ROUNDS)(options["rounds"])
        plans = movement.plan(list(range(1, count + 1)), rounds)
        if options["format"] == "json":
            self.stdout.write(json.dumps({"rounds": [p.as_dict() for p in plans]}, indent=2))
        else:
            self.stdout.write(movement.schedule_text(plans))
