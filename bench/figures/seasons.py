"""A club season's page (issue 26, docs/clubs.md "Seasons"): the season ladder of a club of
--season-members members (default 60) over --season-events events (default 52: a year of weekly
club nights), every member playing every night (30 partnerships, 15 tables, 6 rounds of 4 hands:
360 hands a night, 18,720 in the season), ranked by placement points, best 40, at least 10 events.

The events are complete demo events (`demo_event --partnerships 30 --rounds 6 --complete`, one
seed a night, a week apart) whose players are then linked to the club's members in bulk (each night
the members shuffled into the seats). The club is bench-season-club, its season year; built again
each run unless --reuse.

Figures: the season page with each event's summary kept (scoring.event_summary: what a season page
reads once the nights are over), against the standings page's target; the same page from nothing
(the cache emptied and every event's standings read again, as after a restart); the season PDF.
"""

from __future__ import annotations

import datetime
import os
import random

from django.core.cache import cache
from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.core import Family, Figure, FigureSpec, Flag, Stopwatch, Unmeasurable, record, timed
from bench.figures import event_file, pages
from bench.http import PhoneClient, url_for
from clubs.models import Club, Member, Season
from scoring import results
from scoring.models import Hand
from tournaments.models import Event, Player

CLUB, SEASON = "bench-season-club", "year"
FIRST_NIGHT = datetime.date(2026, 1, 6)


def _slug(night: int) -> str:
    return f"bench-season-{night:02d}"


def _wipe() -> None:
    club = Club.objects.filter(slug=CLUB).first()
    if club is None:
        return
    Season.objects.filter(club=club).delete()
    for event in Event.objects.filter(club=club):
        event_file.wipe(event)
    Member.objects.filter(club=club).delete()
    club.delete()


def build(bench, figure: Figure) -> None:
    nights, size = bench.options["season_events"], bench.options["season_members"]
    if size < 4 or size % 2:
        raise Unmeasurable(f"--season-members {size}: an even number of members, 4 or more (they play in pairs)")
    club = Club.objects.filter(slug=CLUB).first()
    if club is not None and bench.options["reuse"] and Season.objects.filter(club=club, slug=SEASON).exists():
        figure.status = "set-up: reused from an earlier run"
    else:
        _wipe()
        with open(os.devnull, "w") as quiet, Stopwatch() as watch:
            club = Club.objects.create(slug=CLUB, name="Bench season club")
            members = [Member(club=club, number=n, name=f"Member {n:02d} Garza") for n in range(1, size + 1)]
            Member.objects.bulk_create(members)
            members = list(Member.objects.filter(club=club).order_by("number"))
            events = []
            for night in range(1, nights + 1):
                call_command("demo_event", "--partnerships", str(size // 2), "--rounds", "6", "--complete",
                             "--seed", str(night), "--slug", _slug(night), stdout=quiet)
                event = Event.objects.get(slug=_slug(night))
                night_date = FIRST_NIGHT + datetime.timedelta(weeks=night - 1)
                Event.objects.filter(pk=event.pk).update(club=club, date=night_date)
                players = list(Player.objects.filter(event=event).order_by("pk"))
                seats = random.Random(night).sample(members, len(players))
                for player, member in zip(players, seats):
                    player.member, player.name = member, member.name
                Player.objects.bulk_update(players, ["member", "name"])
                events.append(event)
            season = Season.objects.create(club=club, slug=SEASON, name="Bench year", by="placement_points",
                                           placement_points=[10, 8, 6, 5, 4, 3, 2, 1], best_of=40, min_events=10)
            season.events.set(events)
        watch.record(figure)
    events = Event.objects.filter(club=club)
    figure.extra = {"events": events.count(), "members": Member.objects.filter(club=club).count(),
                    "hands": Hand.objects.filter(table__round__event__club=club).count()}
    bench.season_club = club
    if not figure.status:
        figure.status = "set-up: {events} events, {members} members, {hands} hands".format(**figure.extra)


def _season_url(bench) -> str:
    if getattr(bench, "season_club", None) is None:
        raise Unmeasurable("the season's club was not built (see its build line)")
    return url_for("clubs:season", CLUB, SEASON)


def season_page(bench, figure: Figure) -> None:
    """The ladder with every event's summary kept (the first GET, untimed, keeps them)."""
    url = _season_url(bench)
    pages.measure_get(bench, figure, url, uncached=False)
    listed = PhoneClient().get(url).content.decode().count('<td class="rank">')
    members = bench.options["season_members"]
    if listed != members:
        raise Unmeasurable(f"{url} lists {listed} members, not {members}")


def _forget() -> None:
    cache.clear()
    for pk in Event.objects.filter(club__slug=CLUB).values_list("pk", flat=True):
        results.forget_memos(pk)


def season_from_nothing(bench, figure: Figure) -> None:
    """The ladder after a restart: the cache emptied and this process's memos forgotten before each run."""
    url = _season_url(bench)
    phone = PhoneClient()
    phone.get(url)
    _forget()
    with CaptureQueriesContext(connection) as queries:
        phone.get(url)
    figure.queries = len(queries)
    record(figure, *timed(lambda: phone.get(url), min(5, bench.options["runs"]), _forget))
    figure.extra["url"] = url


def season_pdf(bench, figure: Figure) -> None:
    _season_url(bench)
    url = url_for("clubs:season-pdf", CLUB, SEASON)
    pages.measure_get(bench, figure, url, uncached=False, runs=min(5, bench.options["runs"]))


FAMILY = Family(
    name="seasons",
    help="a club season's page over a year of weekly events (--season-events, --season-members)",
    figures=(
        FigureSpec("season: build: weekly demo events, members linked", "(set-up, no target)", build),
        FigureSpec("season page HTML, events' summaries kept", "< 150 ms, <= 10 queries", season_page),
        FigureSpec("season page HTML from nothing (every event read)", "(after a restart, no target)",
                   season_from_nothing),
        FigureSpec("season PDF", "< 2 s", season_pdf),
    ),
    flags=(Flag("--season-events", 52, int, "events of the season (default 52: a year of weekly nights)"),
           Flag("--season-members", 60, int, "members of the club, every one playing every night (default 60)")),
    needs_event=False,
)
