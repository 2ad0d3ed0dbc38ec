"""Events of individuals at the bench size (docs/event-file.md, "Events of individuals"): the same key figures
as the partnership event, on a complete event of --players players (default 500) built with
`demo_event --players N --complete`, against the same targets.

Two families, each building its own event (the 500-partnership bench event is not needed):
`individuals` is progressive four-handed play (McAllen rules, a new partner each round, 10 rounds
of 4 hands; 500 players make 125 tables and 5,000 hands), `three-handed` is tables of three
(three-handed rules; 500 players make 166 tables with two sitting out each round, 6,640 hands),
`five-handed` is tables of five (issue 25, RULES.md section 7: McAllen rules, the bidder calls a
partner; 500 players make 100 tables, nobody out, 10 rounds of 4 hands, 4,000 hands).
Each measures the standings rebuilt from nothing, the standings page and JSON uncached, a live poll
answered 304, saving one hand through the entry view, importing the event file, the standings PDF,
the score sheets and check_event, with the code the partnership figures use (bench.figures.pages,
event_file, pdf, integrity), pointed at this event.

The events are bench-500-progressive, bench-500-three-handed and bench-500-five-handed; an earlier one is deleted and
built again unless --reuse.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from django.core.management import call_command
from django.db import connection
from django.test.utils import CaptureQueriesContext

from bench.core import Family, Figure, FigureSpec, Flag, Stopwatch, Unmeasurable, packages_missing, record, timed
from bench.figures import event_file, integrity, pages, pdf
from bench.http import PhoneClient, url_for
from scoring import selectors
from scoring.models import Hand
from tournaments.models import Event, Table

SLUGS = {4: "bench-500-progressive", 3: "bench-500-three-handed", 5: "bench-500-five-handed"}
PLAY = {4: "progressive event", 3: "three-handed event", 5: "five-handed event"}


@dataclass
class OwnEvent:
    """What a partnership figure's measure() reads of the bench (its options and event), with this
    family's event of individuals in place of the bench event."""

    options: dict
    event: Event


def built(bench, seats: int) -> Event:
    event = getattr(bench, "individual_events", {}).get(seats)
    if event is None:
        raise Unmeasurable(f"the {PLAY[seats]} was not built (see its build line)")
    return event


def build(seats: int) -> Callable:
    """demo_event --players N [--seats 3|5] --complete, timed as set-up; reused with --reuse."""

    def measure(bench, figure: Figure) -> None:
        players, slug = bench.options["players"], SLUGS[seats]
        existing = Event.objects.filter(slug=slug).first()
        if existing is not None and bench.options["reuse"]:
            event = existing
            figure.status = "set-up: reused from an earlier run"
        else:
            event_file.wipe(existing)
            with open(os.devnull, "w") as quiet, Stopwatch() as watch:
                call_command("demo_event", "--players", str(players), "--seats", str(seats), "--complete",
                             "--seed", "6", "--slug", slug, stdout=quiet)
            watch.record(figure)
            event = Event.objects.get(slug=slug)
        bench.individual_events = {**getattr(bench, "individual_events", {}), seats: event}
        figure.extra = {
            "players": event.partnerships.count(),
            "tables": Table.objects.filter(round__event=event, round__number=1).count(),
            "rounds": event.round_set.count(),
            "hands": Hand.objects.filter(table__round__event=event).count(),
        }
        if not figure.status:
            figure.status = "set-up: {players} players, {tables} tables, {rounds} rounds, {hands} hands".format(
                **figure.extra)

    return measure


def standings_rebuild(seats: int) -> Callable:
    """scoring.selectors.event_standings from nothing (this process's memo emptied before each run)."""

    def measure(bench, figure: Figure) -> None:
        event = built(bench, seats)
        selectors.forget_memos(event.pk)
        with CaptureQueriesContext(connection) as queries:
            standings = selectors.event_standings(event)
        figure.queries = len(queries)
        players = event.partnerships.count()
        if len(standings.rows) != players or not any(row.total for row in standings.rows):
            raise Unmeasurable(f"the standings rank {len(standings.rows)} of {players} players, or nobody scored")
        record(figure, *timed(lambda: selectors.event_standings(event), bench.options["runs"],
                              lambda: selectors.forget_memos(event.pk)))

    return measure


def standings_json(seats: int) -> Callable:
    def measure(bench, figure: Figure) -> None:
        event = built(bench, seats)
        url = url_for("scoring:standings-json", event.slug)
        pages.measure_get(bench, figure, url, uncached=True)
        listed = len(PhoneClient().get(url).json().get("standings", []))
        if listed != event.partnerships.count():
            raise Unmeasurable(f"{url} lists {listed} players, not {event.partnerships.count()}")

    return measure


def on_own_event(seats: int, measure: Callable) -> Callable:
    """A partnership figure's measure(), run on this family's event."""
    return lambda bench, figure: measure(OwnEvent(bench.options, built(bench, seats)), figure)


def family(name: str, seats: int, help: str, flags: tuple[Flag, ...] = ()) -> Family:
    play = PLAY[seats]
    own = lambda measure: on_own_event(seats, measure)  # noqa: E731
    with_seats = "" if seats == 4 else f" --seats {seats}"
    return Family(
        name=name,
        help=help,
        figures=(
            FigureSpec(f"{play}: build: demo_event --players {{players}}{with_seats} --complete",
                       "(set-up, no target)", build(seats)),
            FigureSpec(f"{play}: standings rebuild ({{players}} players)", "< 150 ms", standings_rebuild(seats)),
            FigureSpec(f"{play}: standings page HTML, uncached", "< 150 ms, <= 10 queries", own(pages.standings_html)),
            FigureSpec(f"{play}: standings JSON, uncached", "< 100 ms", standings_json(seats)),
            FigureSpec(f"{play}: live standings poll, nothing changed", "< 5 ms", own(pages.poll_unchanged)),
            FigureSpec(f"{play}: save one hand through the entry view", "< 50 ms", own(pages.save_hand)),
            FigureSpec(f"{play}: import the {{players}}-player event file", "< 15 s", own(event_file.import_file)),
            FigureSpec(f"{play}: standings PDF", "< 2 s", own(pdf.pdf_command("standings"))),
            FigureSpec(f"{play}: score sheets for the whole event (PDF)", "< 20 s", own(pdf.pdf_command("sheets"))),
            FigureSpec(f"{play}: check_event (recompute everything)", "no difference", own(integrity.check_event)),
        ),
        flags=flags,
        missing=lambda options: packages_missing("pypdf"),  # the PDF figures' page counts
        needs_event=False,
    )


FAMILY = family("individuals", 4, "an event of individuals, progressive four-handed (--players, default 500): "
                "standings rebuild, pages, live poll, saving a hand, import, PDFs, check_event",
                flags=(Flag("--players", 500, int, "players of the individuals, three-handed and "
                            "five-handed events (default 500)"),))
THREE_HANDED = family("three-handed", 3, "an event of individuals at tables of three (--players): the same figures")
FIVE_HANDED = family("five-handed", 5, "an event of individuals at tables of five, a called partner each hand "
                     "(--players): the same figures")
