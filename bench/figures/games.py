"""An event played as games (docs/rules.md, "Games") at the bench size: its standings rebuilt (every
table's hands replayed into games), its standings page uncached, and a live poll answered 304.

The games event is the bench event's own export made a "500-event/2" file played as games (hand
limit 4, no hands_per_round: the rounds end when closed), imported once as bench-500-games; the
bench event itself is only read. The import is timed as set-up (no target).
"""

from __future__ import annotations

from django.core.cache import cache
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.core import Family, Figure, FigureSpec, Stopwatch, Unmeasurable, record, timed
from bench.figures.event_file import wipe
from bench.figures.pages import measure_get
from bench.http import PhoneClient, url_for
from scoring import selectors
from scoring.event_io import event_export, event_import
from tournaments.models import Event

GAMES_SLUG = "bench-500-games"
GAMES = {"hand_limit": 4, "games_per_round": None, "wins_per_round": None, "rank_by": ["games", "points"]}


def games_file(event) -> dict:
    """The bench event's file, played as games: same partnerships, rounds and hands."""
    data = event_export(event)
    data["format"] = "500-event/2"
    data["event"] = dict(data["event"], slug=GAMES_SLUG, name=f"{data['event']['name']} (games)", format="games",
                         games=dict(GAMES), hands_per_round=None)
    data["tiebreaks"] = []  # ties of a games event are its own; the session's tiebreaks do not apply
    for rnd in data["rounds"]:
        for table in rnd.get("tables", []):
            # A session's file leaves "confirmed" out when all its hands are in; open rounds cannot say.
            if table.get("confirmed_by") or table.get("confirmed_at"):
                table["confirmed"] = True
    return data


def games_event(bench, figure: Figure):
    """The games event, imported on first use (its import time goes in the figure's extra)."""
    found = getattr(bench, "games_event", None)
    if found is not None:
        return found
    existing = Event.objects.filter(slug=GAMES_SLUG).first()
    if existing is not None and bench.options["reuse"]:
        bench.games_event = existing
        return existing
    wipe(existing)
    with Stopwatch() as watch:
        bench.games_event = event_import(games_file(bench.event))
    figure.extra["import_ms"] = round(watch.wall * 1000, 1)
    if not bench.games_event.plays_games or bench.games_event.hands_per_round is not None:
        raise Unmeasurable(f"{GAMES_SLUG} was not imported as games with open rounds")
    return bench.games_event


def standings_rebuild(bench, figure: Figure) -> None:
    """scoring.selectors.event_standings from nothing: the queries, every table replayed, ranked."""
    event = games_event(bench, figure)
    with CaptureQueriesContext(connection) as queries:
        standings = selectors.event_standings(event)
    figure.queries = len(queries)
    if not any(row.games_won for row in standings.rows):
        raise Unmeasurable("the games event's standings count no game won")
    # From nothing: the selector's in-process memo (an optimisation, see scoring.selectors) emptied first.
    record(figure, *timed(lambda: selectors.event_standings(event), bench.options["runs"],
                          lambda: getattr(selectors, "_memos", {}).clear()))
    figure.extra["games_won"] = sum(row.games_won for row in standings.rows)


def standings_html(bench, figure: Figure) -> None:
    event = games_event(bench, figure)
    measure_get(bench, figure, url_for("scoring:standings", event.slug), uncached=True)


def poll_unchanged(bench, figure: Figure) -> None:
    event = games_event(bench, figure)
    url = url_for("scoring:standings-fragment", event.slug)
    cache.clear()
    etag = PhoneClient().get(url).get("ETag")
    if not etag:
        raise Unmeasurable(f"{url} sends no ETag, so a poll cannot be answered with 304")
    measure_get(bench, figure, url, uncached=False, expect=304, runs=max(200, bench.options["runs"]),
                HTTP_IF_NONE_MATCH=etag)


FAMILY = Family(
    name="games",
    help="the same event played as games: standings rebuild, standings page, live poll",
    figures=(
        FigureSpec("games event: standings rebuild ({partnerships} partnerships)", "< 150 ms", standings_rebuild),
        FigureSpec("games event: standings page HTML, uncached", "< 150 ms, <= 10 queries", standings_html),
        FigureSpec("games event: live standings poll, nothing changed", "< 5 ms", poll_unchanged),
    ),
)
