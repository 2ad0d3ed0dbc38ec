"""`python manage.py season_create CLUB SEASON --name N --events SLUG,SLUG,... --by placement_points
--placement-points 10,8,6,5,4,3,2,1 [--best-of N] [--min-events N]`: create a club's season.

A thin wrapper over clubs.seasons.season_create (the same as the club's season form). Bad input is
refused naming its flag, and nothing is written.
"""

from django.core.exceptions import ValidationError
from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club
from clubs.seasons import FLAGS, season_create
from scoring.engine import seasons as seasons_engine


class Command(BaseCommand):
    help = "Create a club's season: its events and its ranking rule."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's slug")
        parser.add_argument("season", help="the new season's slug (letters, digits and dashes)")
        parser.add_argument("--name", required=True, help="the season's name")
        parser.add_argument("--events", required=True, help="the slugs of the club's events, comma-separated")
        parser.add_argument("--by", default="placement_points", help=f"one of {', '.join(seasons_engine.RANKING_BY)}")
        parser.add_argument("--placement-points", default="",
                            help="points for 1st, 2nd, ... comma-separated (with --by placement_points)")
        parser.add_argument("--best-of", default=None, help="count only each member's best N events (default all)")
        parser.add_argument("--min-events", default="0", help="fewer events: listed apart, unranked (default 0)")

    def handle(self, *args, club, season, name, events, by, placement_points, best_of, min_events, **options):
        found = Club.objects.filter(slug__iexact=club).first()
        if found is None:
            raise CommandError(f"CLUB: no club has the slug {club!r}")
        errors = []
        points: tuple[int, ...] = ()
        if placement_points.strip():
            try:
                points = seasons_engine.parse_placement_points(placement_points)
            except seasons_engine.SeasonError as error:
                errors.append(f"--placement-points: {error.message % error.params}")
        numbers = {}
        for flag, value in (("--best-of", best_of), ("--min-events", min_events)):
            if value is None:
                numbers[flag] = None
            elif str(value).strip().isdigit():
                numbers[flag] = int(value)
            else:
                errors.append(f"{flag}: {value!r} is not a whole number of events")
        if errors:
            raise CommandError("; ".join(errors))
        try:
            created = season_create(club=found, slug=season, name=name, events=events.split(","), by=by,
                                    placement_points=points, best_of=numbers["--best-of"],
                                    min_events=numbers["--min-events"] or 0)
        except ValidationError as error:
            raise CommandError("; ".join(f"{FLAGS.get(field, field)}: {' '.join(messages)}"
                                         for field, messages in error.message_dict.items())) from None
        self.stdout.write(f"Created the season {created.name} ({created.slug}) of {found.name}: "
                          f"{created.events.count()} events, ranked by {created.by}.")
