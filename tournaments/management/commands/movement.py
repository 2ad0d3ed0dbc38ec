"""Print a movement (who plays whom, where, which direction) without touching the database.

    python manage.py movement --partnerships 12 --rounds 10 --format json
    python manage.py movement --players 13 --seats 4 --rounds 8 --format text
    python manage.py movement --players 10 --seats mixed --rounds 6 --format json

--seats 2, 3, 4, 5 or 6 seats every table at that size (N mod size players sit out each round);
--seats mixed seats everyone at tables of four, five, six (or one of three: movement_mixed.table_sizes).
--six-handed three-pairs|two-threes (with --seats 6 or mixed) seats each six so that its teams
(seats 1-4, 2-5, 3-6; or 1-3-5 and 2-4-6) repeat fewest partnerships.
"""

import json
from functools import partial

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import layouts, movement, movement_individuals, movement_mixed
from scoring.engine.textsafe import whole_number
from scoring.engine.vocabulary import MAX_INDIVIDUALS, MAX_MOVEMENT_ROUNDS, MAX_PARTNERSHIPS

# How a movement's plans are written, by how the layout stores a round's tables (Layout.table_storage).
SCHEDULE_TEXT = {"sides": movement.schedule_text, "seats": movement_individuals.schedule_text}

# --seats: its planner of players and the fewest players it seats (tables of one size, or mixed).
SEATINGS = {
    **{str(size): (partial(movement_individuals.plan, seats=size), size) for size in movement_individuals.SEAT_COUNTS},
    "mixed": (movement_mixed.plan_mixed, movement_mixed.MIXED_LEAST),
}
SEATS_CHOICES = ", ".join(list(SEATINGS)[:-1]) + f" or {list(SEATINGS)[-1]}"  # "2, 3, 4, 5, 6 or mixed"


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
    help = ("Preview a movement: partnerships 1..N, or individual players 1..N at tables of 2 to 6 or of "
            "mixed sizes (nobody sits out), over R rounds, as text or as an event file's rounds (json).")
    requires_system_checks = []  # reads nothing from the database or settings

    def add_arguments(self, parser):
        parser.add_argument("--partnerships", metavar="N",
                            help=f"how many partnerships (2 to {MAX_PARTNERSHIPS}), numbered 1..N")
        parser.add_argument("--players", metavar="N",
                            help=f"how many individual players (up to {MAX_INDIVIDUALS}), numbered 1..N; "
                                 "needs --seats")
        parser.add_argument("--seats", metavar="2|3|4|5|6|mixed",
                            help="with --players: every table of that size (4: four-handed progressive), "
                                 "or mixed: tables of four, five and six so that nobody sits out")
        parser.add_argument("--six-handed", choices=list(movement_individuals.SIX_TEAMS),
                            help="with --seats 6 or mixed: the teams at a table of six, three pairs (seats 1 and "
                                 "4, 2 and 5, 3 and 6) or two threes (1, 3, 5 and 2, 4, 6)")
        parser.add_argument("--rounds", required=True, metavar="R",
                            help=f"how many rounds (1 to {MAX_MOVEMENT_ROUNDS})")
        parser.add_argument("--format", choices=["text", "json"], default="text")

    def handle(self, *args, **options):
        partnerships, players, seats = options["partnerships"], options["players"], options["seats"]
        if partnerships is not None and players is not None:
            raise CommandError("give either --partnerships or --players, not both")
        if partnerships is None and players is None:
            raise CommandError("give --partnerships N (an event of partnerships) or --players N --seats "
                               "2|3|4|5|6|mixed (an event of individuals)")
        if partnerships is not None and seats is not None:
            raise CommandError("--seats goes with --players; a partnership movement always seats four")
        if partnerships is not None and options.get("six_handed"):
            raise CommandError("--six-handed goes with --players and --seats 6 or --seats mixed")
        rounds = _whole_number("rounds", 1, MAX_MOVEMENT_ROUNDS)
        if partnerships is not None:
            layout = layouts.layout(layouts.DEFAULT_LAYOUT)  # partnerships at tables of four
            count = _whole_number("partnerships", layout.entrants_per_table, MAX_PARTNERSHIPS)(partnerships)
            planner, write = layout.plan, SCHEDULE_TEXT[layout.table_storage]
        else:
            if seats is None:
                raise CommandError("--players needs --seats 2, 3, 4, 5, 6 (every table that size; 3 three-handed, "
                                   "4 four-handed progressive) or --seats mixed (nobody sits out)")
            if seats.strip().lower() not in SEATINGS:
                raise CommandError(f"--seats: {seats!r} is not {SEATS_CHOICES}")
            planner, least = SEATINGS[seats.strip().lower()]
            if options.get("six_handed"):
                if seats.strip().lower() not in ("6", "mixed"):
                    raise CommandError("--six-handed goes with --seats 6 or --seats mixed")
                planner = partial(planner, six_handed=options["six_handed"])
            count = _whole_number("players", least, MAX_INDIVIDUALS)(players)
            # One player per seat, as every layout of individuals stores its tables; a six with its teams.
            write = partial(SCHEDULE_TEXT["seats"], six_handed=options.get("six_handed"))
        plans = planner(list(range(1, count + 1)), rounds(options["rounds"]))
        if options["format"] == "json":
            self.stdout.write(json.dumps({"rounds": [p.as_dict() for p in plans]}, indent=2))
        else:
            self.stdout.write(write(plans))
