"""`python manage.py demo_event [--partnerships N | --players N [--seats 2|3|4|5|6 [--six-handed
three-pairs|two-threes]]] [--rounds R] [--complete] [--seed S] [--slug SLUG]`.

Builds a realistic seeded event with tournaments.demo and stores it with
scoring.event_io.event_import (one transaction). Without --complete the event is left
mid-session, so the live pages have something to show. --players makes an event of individuals
instead of partnerships: progressive four-handed tables (--seats 4, the default), three-handed
ones (--seats 3), or tables of two, five or six (--seats 2|5|6; at six --six-handed). It is also
the benchmark's event builder: --partnerships 500 --complete makes 10,000 hands in a few seconds,
--players 500 --complete 5,000 hands at 125 progressive tables.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from scoring.engine import layouts
from scoring.engine.eventfile import EventFileError
from scoring.engine.vocabulary import MAX_INDIVIDUALS
from scoring.event_io import event_import
from tournaments.demo import build_demo_event, build_demo_individuals_event


class Command(BaseCommand):
    help = "Create a realistic demo event (seeded): Hispanic and Anglo names, a proper movement, plausible hands."

    def add_arguments(self, parser):
        entrants = parser.add_mutually_exclusive_group()
        entrants.add_argument("--partnerships", type=int,
                              help="how many partnerships (default 12; odd counts give byes)")
        entrants.add_argument("--players", type=int,
                              help="an event of individuals with this many players (see --seats)")
        parser.add_argument("--seats", type=int, choices=layouts.PLAYERS_PER_TABLE, default=4,
                            help="with --players: 4 for progressive four-handed tables (a new partner each "
                                 "round, McAllen rules; the default), 3 for three-handed tables, 2, 5 or 6 "
                                 "for tables of that many (McAllen rules; at five the bidder calls a partner)")
        parser.add_argument("--six-handed", choices=layouts.SIX_HANDED, default="",
                            help="with --seats 6: three teams of two (three-pairs) or two teams of three "
                                 "(two-threes)")
        parser.add_argument("--rounds", type=int, default=10, help="rounds in the session (default 10)")
        parser.add_argument("--complete", action="store_true", help="play every round (default: stop mid-session)")
        parser.add_argument("--seed", type=int, default=2026, help="random seed: the same seed gives the same event")
        parser.add_argument("--slug", help="the event's slug (default demo-<N>-<seed>, demo-<N>-progressive-<seed> or "
                                 "demo-<N>-three-handed-<seed>, plus -complete)")

    def handle(self, *args, partnerships, players, seats, rounds, complete, seed, slug=None, six_handed="",
               **options):
        if not 1 <= rounds <= 30:
            raise CommandError("--rounds must be between 1 and 30")
        if players is not None:
            if not seats <= players <= MAX_INDIVIDUALS:
                raise CommandError(f"--players must be between {seats} and {MAX_INDIVIDUALS} with --seats {seats}")
            count, kind = players, "players"
            try:
                play = layouts.layout_for_file(seats, six_handed).name  # players at tables of that many
            except layouts.LayoutError as exc:
                raise CommandError(f"--{str(exc).replace('_', '-')}") from None
            slug = slug or f"demo-{players}-{play}-{seed}" + ("-complete" if complete else "")
        else:
            partnerships = 12 if partnerships is None else partnerships
            if partnerships < 2:
                raise CommandError("--partnerships must be at least 2")
            count, kind = partnerships, "partnerships"
            slug = slug or f"demo-{partnerships}-{seed}" + ("-complete" if complete else "")
        started = time.perf_counter()
        if players is not None:
            data = build_demo_individuals_event(players=players, seats=seats, rounds=rounds, complete=complete,
                                                seed=seed, slug=slug, six_handed=six_handed)
        else:
            data = build_demo_event(partnerships=partnerships, rounds=rounds, complete=complete, seed=seed, slug=slug)
        try:
            event = event_import(data)
        except EventFileError as exc:
            raise CommandError("\n".join(exc.problems)) from None
        hands = event.hand_changes.count()
        seconds = time.perf_counter() - started
        self.stdout.write(
            f"Created {event.name} ({event.slug}): {count} {kind}, {rounds} rounds, "
            f"{hands} hands in {seconds:.1f} s. Page: {event.get_absolute_url()}"
        )
