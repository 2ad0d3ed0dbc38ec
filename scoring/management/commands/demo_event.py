"""`python manage.py demo_event [--partnerships N] [--rounds R] [--complete] [--seed S] [--slug SLUG]`.

Builds a realistic seeded event with tournaments.demo and stores it with
scoring.event_io.event_import (one transaction). Without --complete the event is left
mid-session, so the live pages have something to show. It is also the benchmark's event builder:
--partnerships 500 --complete makes 10,000 hands in a few seconds.
"""

import time

from django.core.management.base import BaseCommand, CommandError

from scoring.engine.eventfile import EventFileError
from scoring.event_io import event_import
from tournaments.demo import build_demo_event


class Command(BaseCommand):
    help = "Create a realistic demo event (seeded): Hispanic and Anglo names, a proper movement, plausible hands."

    def add_arguments(self, parser):
        parser.add_argument("--partnerships", type=int, default=12,
                            help="how many partnerships (default 12; odd counts give byes)")
        parser.add_argument("--rounds", type=int, default=10, help="rounds in the session (default 10)")
        parser.add_argument("--complete", action="store_true", help="play every round (default: stop mid-session)")
        parser.add_argument("--seed", type=int, default=2026, help="random seed: the same seed gives the same event")
        parser.add_argument("--slug", help="the event's slug (default demo-<N>-<seed>, plus -complete)")

    def handle(self, *args, partnerships, rounds, complete, seed, slug=None, **options):
        if partnerships < 2:
            raise CommandError("--partnerships must be at least 2")
        if not 1 <= rounds <= 30:
            raise CommandError("--rounds must be between 1 and 30")
        slug = slug or f"demo-{partnerships}-{seed}" + ("-complete" if complete else "")
        started = time.perf_counter()
        data = build_demo_event(partnerships=partnerships, rounds=rounds, complete=complete, seed=seed, slug=slug)
        try:
            event = event_import(data)
        except EventFileError as exc:
            raise CommandError("\n".join(exc.problems)) from None
        hands = event.hand_changes.count()
        seconds = time.perf_counter() - started
        self.stdout.write(
            f"Created {event.name} ({event.slug}): {partnerships} partnerships, {rounds} rounds, "
            f"{hands} hands in {seconds:.1f} s. Page: {event.get_absolute_url()}"
        )
