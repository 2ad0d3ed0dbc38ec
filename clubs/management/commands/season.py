"""`python manage.py season CLUB SEASON --format json|csv|text`: print a club season's ladder and
awards.

A thin wrapper: clubs.seasons.season_read reads the season's events and scoring.engine.seasons ranks
and formats them, exactly as the season page and its downloads do (full names: this is staff's
command). Reads only (the events' summaries may be kept in the cache).
"""

import json

from django.core.management.base import BaseCommand, CommandError

from clubs.models import Club, Season
from clubs.seasons import season_read
from scoring.engine import seasons as seasons_engine


def season_or_error(club_slug: str, season_slug: str) -> Season:
    club = Club.objects.filter(slug__iexact=club_slug).first()
    if club is None:
        raise CommandError(f"CLUB: no club has the slug {club_slug!r}")
    season = Season.objects.filter(club=club, slug__iexact=season_slug).select_related("club").first()
    if season is None:
        raise CommandError(f"SEASON: the club {club.slug} has no season {season_slug!r}")
    return season


class Command(BaseCommand):
    help = "Print a club season's standings and awards as JSON, CSV or a plain text table."

    def add_arguments(self, parser):
        parser.add_argument("club", help="the club's slug")
        parser.add_argument("season", help="the season's slug")
        parser.add_argument("--format", choices=["json", "csv", "text"], default="text",
                            help="output format (default text)")

    def handle(self, *args, club, season, format="text", **options):
        read = season_read(season_or_error(club, season))
        if format == "json":
            text = json.dumps(read.as_json(), ensure_ascii=False, indent=2) + "\n"
        elif format == "csv":
            text = seasons_engine.as_csv(read.standings)
        else:
            text = seasons_engine.as_text(read.standings, f"{read.season.name} ({read.season.club.name})")
        stream = self.stdout._out
        if hasattr(stream, "reconfigure"):
            stream.reconfigure(encoding="utf-8")
        self.stdout.write(text, ending="")
