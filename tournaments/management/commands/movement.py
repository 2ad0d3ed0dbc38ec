"""Print a movement (who plays whom, where, which direction) without touching the database.

    python manage.py movement --partnerships 12 --rounds 10 --format json
    python manage.py movement --players 13 --seats 4 --rounds 8 --format text
"""

import json

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import layouts, movement, movement_individuals
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import MAX_INDIVIDUALS, MAX_MOVEMENT_ROUNDS, MAX_PARTNERSHIPS

# How a movement's plans are written, by how the layout stores a round's tables (Layout.table_storage).
SCHEDULE_TEXT = {"sides": movement.schedule_text, "seats": movement_individuals.schedule_text}


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
    help = ("Preview a movement: partnerships 1..N, or individual players 1..N at tables of 3 or 4, over R "
            "rounds, as text or as an event file's rounds (json).")
    requires_system_checks = []  # reads nothing from the database or settings

    def add_arguments(self, parser):
        parser.add_argument("--partnerships", metavar="N",
                            help=f"how many partnerships (2 to {MAX_PARTNERSHIPS}), numbered 1..N")
        parser.add_argument("--players", metavar="N",
                            help=f"how many individual players (3 to {MAX_INDIVIDUALS}), numbered 1..N; "
                                 "needs --seats")
        parser.add_argument("--seats", metavar="3|4",
                            help="with --players: 3 (three-handed) or 4 (four-handed progressive)")
        parser.add_argument("--rounds", required=True, metavar="R",
                            help=f"how many rounds (1 to {MAX_MOVEMENT_ROUNDS})")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        partnerships, players, seats = options["partnerships"], options["players"], options["seats"]
        if partnerships is not None and players is not None:
            raise CommandError("give either --partnerships or --players, not both")
        if partnerships is None and players is None:
            raise CommandError("give --partnerships N (an event of partnerships) or --players N --seats 3|4 "
                               "(an event of individuals)")
        if partnerships is not None and seats is not None:
            raise CommandError("--seats goes with --players; a partnership movement always seats four")
        rounds = _whole_number("rounds", 1, MAX_MOVEMENT_ROUNDS)
        if partnerships is not None:
            layout = layouts.layout(layouts.DEFAULT_LAYOUT)  # partnerships at tables of four
            count = _whole_number("partnerships", layout.entrants_per_table, MAX_PARTNERSHIPS)(partnerships)
        else:
            if seats is None:
                raise CommandError("--players needs --seats 3 (three-handed) or --seats 4 (four-handed progressive)")
            if seats.strip() not in ("3", "4"):
                raise CommandError(f"--seats: {seats!r} is not 3 or 4")
            layout = layouts.layout_for("individuals", int(seats))  # the layout of players at tables of that size
            count = _whole_number("players", layout.players, MAX_INDIVIDUALS)(players)
        plans = layout.plan(list(range(1, count + 1)), rounds(options["rounds"]))
        if options["format"] == "json":
            self.stdout.write(json.dumps({"rounds": [p.as_dict() for p in plans]}, indent=2))
        else:
            self.stdout.write(SCHEDULE_TEXT[layout.table_storage](plans))
