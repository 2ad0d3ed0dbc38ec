"""A Saturday of many clubs at once (issue 27): 40 club events of 6 to 25 tables each and a 250-table
hall event on one server (gunicorn, 2 workers), all saving and polling together.

run_clubs(database, seconds) builds the events with demo_event (complete, then the hands of their
last round(s) taken out again and those rounds reopened: bench.storm.reopen), plus QUIET events
that are polled but never saved to. Then, for `seconds`, every event's table phones save its
hands (a steady rate for each event, in proportion to its tables: `rate` saves a second in all)
and its phones poll its live standings (POLLS_PER_SAVE polls a second for each save a second, at
least 2 phones an event), each event driven by a bench.storm.Storm on one shared client.

It reports, and checks against its targets:
- every event's standings within 5 s of its last save (the lag of each save to the first poll of
  that event showing it, bench.storm.Storm.lag): the worst event's;
- 0 errors;
- each gunicorn worker's peak memory (VmHWM), bounded by MEMORY_LIMIT_MB;
- one event's saves never rebuild another's standings: each event's version moves at most once for
  each save it sent, the builds of its live standings its pollers were served (distinct versions)
  are at most its saves sent + 1, and a quiet event's standings stay the one build they were.

    python -m bench.clubs --database sqlite --seconds 60
    python -m bench.clubs --database postgres --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import json
import math
import os
import random
import subprocess
import sys
import time
from pathlib import Path

import django
from django.apps import apps

if not apps.ready:  # run as `python -m bench.clubs`: this process needs Django for its --step work
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from bench import storm  # noqa: E402
from bench.core import percentiles, positive  # noqa: E402
from bench.figures.event_file import wipe  # noqa: E402
from scoring.models import Hand  # noqa: E402
from tournaments.models import Event  # noqa: E402

CLUBS = 40
CLUB_TABLES = (6, 25)  # tables at each club event, drawn at random between these
HALL_TABLES = 250
QUIET = 2  # club events polled, never saved to: their standings must never be rebuilt
RATE = 8.0  # saves a second over all the events
POLLS_PER_SAVE = 40  # as bench.storm.POLLS_PER_SAVE (the hall storm's 200 polls/s at 5 saves/s)
MEMORY_LIMIT_MB = 400  # each gunicorn worker's peak resident memory
TARGETS = {"lag_max_s": 5, "errors": 0, "memory_mb": MEMORY_LIMIT_MB}
SLUG_PREFIX = "clubs-"


def plan(clubs: int = CLUBS, hall_tables: int = HALL_TABLES, seed: int = 27) -> list[tuple[str, int]]:
    """(slug, tables) of every event: the hall event first, then the clubs (the last QUIET are quiet)."""
    draw = random.Random(seed)
    events = [(f"{SLUG_PREFIX}hall", hall_tables)] if hall_tables else []
    return events + [(f"{SLUG_PREFIX}{n:02d}", draw.randint(*CLUB_TABLES)) for n in range(1, clubs + 1)]


# ---------------------------------------------------------------- child-process step (Django)


def step_prepare(clubs: int, hall_tables: int, seconds: float, rate: float) -> dict:
    """Build every event afresh and reopen enough of each one's last rounds for its share of the saves."""
    call_command("migrate", verbosity=0, interactive=False)
    events = plan(clubs, hall_tables)
    total_tables = sum(tables for _, tables in events[:len(events) - QUIET])
    prepared = []
    for index, (slug, tables) in enumerate(events):
        wipe(Event.objects.filter(slug=slug).first())
        rounds = 10 if tables == hall_tables else 6
        call_command("demo_event", "--partnerships", str(2 * tables), "--complete", "--rounds", str(rounds),
                     "--seed", str(index + 1), "--slug", slug, stdout=open(os.devnull, "w"))
        event = Event.objects.get(slug=slug)
        quiet = index >= len(events) - QUIET
        share = 0.0 if quiet else rate * tables / total_tables
        needed = math.ceil(seconds * share * 1.5) + 8
        reopened, table_rows, hands = ([], [], {}) if quiet else storm.reopen(event, needed)
        prepared.append({"slug": slug, "event_id": event.pk, "tables": tables, "quiet": quiet, "rate": share,
                         "reopened_rounds": [r.number for r in reopened],
                         "phones": storm.phone_tables(table_rows, hands)})
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")  # as bench.storm.step_prepare: this machine runs without autovacuum
    return {"events": prepared, "hands_left": Hand.objects.filter(table__round__event__slug__startswith=SLUG_PREFIX)
            .count()}


# ---------------------------------------------------------------- the orchestrator


def worker_memory(pid: int) -> list[dict]:
    """Each gunicorn worker's (a child of `pid`) resident memory now and at its peak, in MB."""
    workers = []
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            status = dict(line.split(":", 1) for line in (proc / "status").read_text().splitlines() if ":" in line)
        except OSError:
            continue
        if int(status.get("PPid", "0").strip()) == pid:
            workers.append({"pid": int(proc.name), "rss_mb": round(int(status["VmRSS"].split()[0]) / 1024, 1),
                            "peak_rss_mb": round(int(status["VmHWM"].split()[0]) / 1024, 1)})
    return workers


def run_clubs(database: str = "sqlite", seconds: int = 60, *, database_url: str | None = None, clubs: int = CLUBS,
              hall_tables: int = HALL_TABLES, rate: float = RATE, poll_seconds: float = 5.0, redis_db: int = 3,
              sqlite_path: str = "/tmp/fivehundred-clubs.sqlite3", out=print) -> dict:
    """Run the many-events storm on "sqlite" or "postgres"; return (and print) its figures."""
    env = storm.storm_env(database, database_url, redis_db, sqlite_path)
    out(f"Clubs on {database}: building {clubs} club events and a {hall_tables}-table event ...")
    built = time.perf_counter()
    prepared = storm._step(env, "--step", "prepare", "--clubs", str(clubs), "--hall-tables", str(hall_tables),
                           "--seconds", str(seconds), "--rate", str(rate), module="bench.clubs")
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=storm.BASE_DIR,
                   env=env, check=True)
    events = prepared["events"]
    out(f"  built in {time.perf_counter() - built:.0f} s: {len(events)} events, "
        f"{sum(e['tables'] for e in events)} tables, {prepared['hands_left']} hands stored")
    readers = {e["slug"]: storm.VersionReader(database, env, e["event_id"]) for e in events}
    total_pollers = round(POLLS_PER_SAVE * rate * poll_seconds)
    saved_tables = sum(e["tables"] for e in events if not e["quiet"])
    try:
        with storm.gunicorn_server(env, f"clubs-gunicorn-{database}.log", slug=events[0]["slug"]) as (base, server):
            storms = {}
            for e in events:
                pollers = max(2, round(total_pollers * e["tables"] / saved_tables))
                tables = [t for t in e["phones"] if t["hands"]]
                storms[e["slug"]] = storm.Storm(
                    base, tables, seconds=seconds, rate=e["rate"] or 1.0,
                    pollers=pollers, poll_seconds=poll_seconds, projectors=0, read_version=readers[e["slug"]],
                    bursts=False, queue=None if tables else [])
            versions_before = {slug: reader() for slug, reader in readers.items()}
            started = time.perf_counter()
            memory_mid: list[dict] = []

            async def everything():
                async with storm.client_session() as session:
                    # Every table's phone proves its side before the clock starts, a few at a time
                    # (900 phones at once would queue past the client's timeout on a busy machine).
                    gate = asyncio.Semaphore(8)

                    async def prove(s, table):
                        async with gate:
                            await s._phone(session, table)

                    await asyncio.gather(*(prove(s, t) for s in storms.values()
                                           for t in {t["token"]: t for t, _ in s.queue[:250]}.values()))

                    async def sample():
                        await asyncio.sleep(seconds / 2)
                        memory_mid.extend(worker_memory(server.pid))

                    await asyncio.gather(sample(), *(s.drive(session, slug) for slug, s in storms.items()))

            out(f"  storm: {seconds} s of saves at {rate}/s over {len(events) - QUIET} events, "
                f"{total_pollers} pollers every {poll_seconds:g} s, gunicorn 2 workers on {base} ...")
            asyncio.run(everything())
            wall = time.perf_counter() - started
            memory = worker_memory(server.pid)
        versions_after = {slug: reader() for slug, reader in readers.items()}
    finally:
        for reader in readers.values():
            reader.close()
    rows = []
    for e in events:
        s = storms[e["slug"]]
        saved = len(s.saves)
        builds = len({version for _, version in s.seen})  # distinct builds its pollers were served
        lag = s.lag()
        rows.append({"slug": e["slug"], "tables": e["tables"], "quiet": e["quiet"], "saves": saved,
                     "save_p95_ms": percentiles(s.save_times)["p95_ms"], "polls": len(s.poll_times),
                     "sent": getattr(s, "sent", 0),
                     "errors": len(s.errors), "first_errors": s.errors[:2], "lag_max_s": lag["max_s"],
                     "saves_never_shown": lag["saves_never_shown"],
                     "version_moves": versions_after[e["slug"]] - versions_before[e["slug"]], "builds_seen": builds})
    saves = [t for s in storms.values() for t in s.save_times]
    polls = [t for s in storms.values() for t in s.poll_times]
    lags = [r["lag_max_s"] for r in rows if r["lag_max_s"] is not None]
    # A save sent but not answered (a reset connection) may still have been stored: an event's own
    # saves are those it SENT; anything beyond them was another event's doing.
    crossed = [r["slug"] for r in rows if r["builds_seen"] > r["sent"] + 1 or r["version_moves"] > r["sent"]
               or (r["quiet"] and (r["version_moves"] or r["builds_seen"] > 1))]
    figures = {
        "database": database, "seconds": seconds, "wall_seconds": round(wall, 1), "events": len(events),
        "tables": sum(e["tables"] for e in events), "rate": rate,
        "saves": percentiles(saves), "polls": percentiles(polls),
        "polls_per_second": round(len(polls) / wall, 1),
        "errors": sum(r["errors"] for r in rows),
        "lag_max_s": max(lags) if lags else None,
        "saves_never_shown": sum(r["saves_never_shown"] for r in rows),
        "worker_memory_mid": memory_mid, "worker_memory": memory,
        "peak_rss_mb": max((w["peak_rss_mb"] for w in memory), default=None),
        "events_rebuilt_by_others": crossed,
        "per_event": rows,
    }
    figures["targets"] = {
        "every event's standings within 5 s of its last save": "ok" if figures["lag_max_s"] is not None
        and figures["lag_max_s"] <= TARGETS["lag_max_s"] and not figures["saves_never_shown"] else "MISSED",
        "0 errors": "ok" if figures["errors"] == 0 else "MISSED",
        f"each worker's peak RSS < {MEMORY_LIMIT_MB} MB": "ok" if figures["peak_rss_mb"] is not None
        and figures["peak_rss_mb"] < MEMORY_LIMIT_MB else "MISSED",
        "no event rebuilt by another's saves": "ok" if not crossed else "MISSED",
    }
    storm.RESULTS.mkdir(parents=True, exist_ok=True)
    (storm.RESULTS / f"clubs-{database}.json").write_text(json.dumps(figures, indent=2) + "\n")
    out(report(figures))
    return figures


def report(f: dict) -> str:
    s, p = f["saves"], f["polls"]
    quiet = [r for r in f["per_event"] if r["quiet"]]
    return "\n".join([
        f"Many events on {f['database']} ({f['events']} events, {f['tables']} tables, {f['seconds']} s; "
        f"wall {f['wall_seconds']} s):",
        f"  saves   {s['n']:>6} ({f['rate']}/s asked)  p50 {s['p50_ms']} ms  p95 {s['p95_ms']} ms  "
        f"p99 {s['p99_ms']} ms",
        f"  polls   {p['n']:>6} ({f['polls_per_second']}/s)  p50 {p['p50_ms']} ms  p95 {p['p95_ms']} ms",
        f"  errors  {f['errors']}",
        f"  lag     worst event {f['lag_max_s']} s (save -> first poll of that event showing it); "
        f"saves never shown: {f['saves_never_shown']}",
        "  memory  each worker's peak RSS: " + ", ".join(f"{w['peak_rss_mb']} MB" for w in f["worker_memory"])
        + " (mid-run RSS: " + ", ".join(f"{w['rss_mb']} MB" for w in f["worker_memory_mid"]) + ")",
        f"  builds  per event at most its saves + 1; quiet events' versions moved "
        f"{[r['version_moves'] for r in quiet]}, builds seen {[r['builds_seen'] for r in quiet]}; "
        f"events rebuilt by others: {f['events_rebuilt_by_others'] or 'none'}",
        "  targets " + ", ".join(f"{k}: {v}" for k, v in f["targets"].items()),
    ])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.clubs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--database-url", help="PostgreSQL URL (default: the storm's)")
    parser.add_argument("--sqlite-path", default="/tmp/fivehundred-clubs.sqlite3")
    parser.add_argument("--seconds", type=positive(int), default=60)
    parser.add_argument("--rate", type=float, default=RATE, help=f"saves a second over all events (default {RATE})")
    parser.add_argument("--clubs", type=int, default=CLUBS)
    parser.add_argument("--hall-tables", type=int, default=HALL_TABLES)
    parser.add_argument("--redis-db", type=int, default=3)
    parser.add_argument("--step", choices=("prepare",), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.step == "prepare":
        print(json.dumps(step_prepare(args.clubs, args.hall_tables, args.seconds, args.rate)))
    else:
        run_clubs(args.database, args.seconds, database_url=args.database_url, clubs=args.clubs,
                  hall_tables=args.hall_tables, rate=args.rate, redis_db=args.redis_db, sqlite_path=args.sqlite_path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
