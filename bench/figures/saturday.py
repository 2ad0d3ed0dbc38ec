"""A Saturday of many clubs at once (issue 27), as figures of `manage.py bench`: two families.

- `capacity` (bench.storm.run_capacity): a step load through gunicorn with 2 workers on the
  storm's 500-partnership event, saves a second rising step by step (--capacity-steps, each
  --capacity-step-seconds long) with their polls (40 polls a second for each save a second), until
  a step's save p95 passes 100 ms or an error appears: "capacity: N saves/s (p95 X ms)", the last
  step that held, on SQLite and on PostgreSQL.
- `clubs` (bench.clubs.run_clubs): 40 club events of 6 to 25 tables and a 250-table event saving
  and polling together for --clubs-seconds: the worst event's standings lag behind its last save,
  errors, each worker's peak memory, and whether any event's standings were rebuilt by another's saves.

Both need what the hall storm needs (PostgreSQL and Redis on 127.0.0.1, aiohttp): bench.figures.storm.missing.
"""

from __future__ import annotations

from bench import clubs, storm
from bench.core import Family, Figure, FigureSpec, Flag, Unmeasurable, positive
from bench.figures.storm import DATABASES, _row, missing

REDIS_DB = 4  # the cache of these families' servers: not the storm's (3)
STEPS = "2,4,6,8,10,12,15,18,21,25,30,35,40"  # as bench.storm.CAPACITY_STEPS
CLUBS, HALL_TABLES, MEMORY_LIMIT_MB = 40, 250, 400  # as bench.clubs's


def _steps(text: str) -> tuple[float, ...]:
    try:
        return storm.parse_steps(text)
    except ValueError as exc:
        raise Unmeasurable(f"--capacity-steps {exc}") from None


def _capacity(database: str):
    def measure(bench, figure: Figure) -> None:
        options = bench.options
        try:
            f = storm.run_capacity(database, steps=_steps(options.get("capacity_steps") or ""),
                                   step_seconds=options.get("capacity_step_seconds", 10),
                                   partnerships=options.get("partnerships", 500), redis_db=REDIS_DB,
                                   sqlite_path="/tmp/fivehundred-capacity.sqlite3",
                                   out=lambda text: (bench.stdout.write(text), bench.stdout.flush()))
        except Unmeasurable:
            raise
        except Exception as exc:
            raise Unmeasurable(f"the capacity on {database} did not run: {type(exc).__name__}: {str(exc)[:300]}"
                               ) from exc
        figure.runs = sum(step["saves"]["n"] for step in f["steps"])
        figure.median_ms = f["capacity_save_p95_ms"]
        figure.extra = f
        figure.status = f"measured: {storm.capacity_line(f)}"

    return measure


def _clubs(database: str):
    def measure(bench, figure: Figure) -> None:
        options = bench.options
        try:
            f = clubs.run_clubs(database, options.get("clubs_seconds", 60), clubs=options.get("clubs", CLUBS),
                                hall_tables=options.get("clubs_hall_tables", HALL_TABLES), redis_db=REDIS_DB,
                                database_url=None if database == "sqlite"
                                else storm.DEFAULT_POSTGRES_URL.replace("fh_cache", "fh_clubs"),
                                out=lambda text: (bench.stdout.write(text), bench.stdout.flush()))
        except Exception as exc:
            raise Unmeasurable(f"the clubs storm on {database} did not run: {type(exc).__name__}: {str(exc)[:300]}"
                               ) from exc
        if not f["saves"]["n"] or not f["polls"]["n"]:
            raise Unmeasurable(f"the clubs storm on {database} answered {f['saves']['n']} saves and "
                               f"{f['polls']['n']} polls")
        lag = f["lag_max_s"]
        figure.runs, figure.median_ms = f["saves"]["n"], None if lag is None else lag * 1000
        figure.extra = {k: v for k, v in f.items() if k != "per_event"}
        figure.status = ("ok" if f["targets"]["every event's standings within 5 s of its last save"] == "ok"
                         else "MISSED") + f": worst event {lag} s, saves never shown {f['saves_never_shown']}"
        name = f"clubs {database}"
        _row(bench, f"{name}: errors", "0", f["errors"] == 0, measured=str(f["errors"]))
        _row(bench, f"{name}: each worker's peak memory", f"< {MEMORY_LIMIT_MB} MB",
             f["peak_rss_mb"] is not None and f["peak_rss_mb"] < MEMORY_LIMIT_MB,
             extra={"workers": f["worker_memory"]}, measured=", ".join(f"{w['peak_rss_mb']} MB"
                                                                       for w in f["worker_memory"]))
        crossed = f["events_rebuilt_by_others"]
        _row(bench, f"{name}: events rebuilt by another event's saves", "none", not crossed,
             extra={"per_event": f["per_event"]}, measured=", ".join(crossed) or "none")

    return measure


CAPACITY = Family(
    name="capacity",
    help="the saves a second the site holds (2 gunicorn workers) before the save p95 passes 100 ms, on both databases",
    figures=tuple(FigureSpec(f"capacity {db}: saves/s with save p95 under 100 ms (40 polls per save)", "(step load)",
                             _capacity(db)) for db in DATABASES),
    flags=(Flag("--capacity-steps", STEPS, str,
                "the capacity's steps, saves a second (default %(default)s)"),
           Flag("--capacity-step-seconds", 10.0, positive(float), "how long each capacity step runs (default 10)")),
    missing=missing,
    needs_event=False,
)

CLUBS = Family(
    name="clubs",
    help="many events at once: 40 club events and a 250-table event saving and polling together, on both databases",
    figures=tuple(FigureSpec(f"clubs {db}: worst event's standings behind its last save", "<= 5 s", _clubs(db))
                  for db in DATABASES),
    flags=(Flag("--clubs-seconds", 60, positive(int),
                "how long the many-events storm runs on each database (default 60)"),
           Flag("--clubs", CLUBS, int, f"club events in it (default {CLUBS})"),
           Flag("--clubs-hall-tables", HALL_TABLES, int, f"tables of its hall event (default {HALL_TABLES}; 0: none)")),
    missing=missing,
    needs_event=False,
)
