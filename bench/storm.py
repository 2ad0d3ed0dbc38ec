"""The "hall storm": the busiest minute of a 250-table day, measured through gunicorn.

run_storm(database, seconds) builds the complete 500-partnership event with demo_event (a fresh
SQLite file, or the PostgreSQL database of --database-url), takes the hands of its last round(s)
out again and reopens those rounds, then starts gunicorn (2 workers, 127.0.0.1, a free port,
DJANGO_DEBUG=false, REDIS_URL on its own Redis database) and, for `seconds`:

- 250 table phones save the taken-out hands again, 5 a second in all with a burst at the end of
  every 20 s (a round ending), each a real POST through the table-link entry view with the CSRF
  cookie and token, followed by the GET of the page it redirects to, as a phone's browser does;
- 1,000 phones poll the live standings fragment every 5 s (about 200 polls a second) with the
  ETag of their last answer in If-None-Match, as static/js/live.js does, plus two projectors.

It prints and returns the figures: p50/p95/p99 latency of saves and polls, errors, CPU seconds of
the gunicorn processes, how far the standings shown to pollers lagged behind the last save, the
entry page's transferred (gzipped) bytes, the ratio of a standings rebuild to the single grouped
query over all hands (scoring.selectors.hand_totals_query) measured in the same run, and whether
the stored event equals a recomputation (scoring.integrity.event_check) at the end.

It only ever connects to 127.0.0.1. Database work runs in child processes (`python -m bench.storm
--step ...`) so that each uses the database the storm was asked for, whatever this process's own
settings say. Writes: the storm event (slug storm-500) in the chosen database, Redis database
--redis-db (flushed at the start, default 3), staticfiles/ (collectstatic) and bench/results/.
The machine's other load shows in every wall-clock figure: read them as an order of magnitude.

    python -m bench.storm --database sqlite --seconds 60
    python -m bench.storm --database postgres --seconds 60
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import django
from django.apps import apps

if not apps.ready:  # run as `python -m bench.storm`: this process needs Django for its --step work
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()

from django.conf import settings  # noqa: E402
from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from bench.core import percentiles, positive  # noqa: E402
from bench.figures.event_file import wipe  # noqa: E402
from bench.figures.pages import side_code  # noqa: E402
from bench.http import plain_get  # noqa: E402
from scoring import selectors, totals  # noqa: E402
from scoring.integrity import event_check  # noqa: E402
from scoring.models import Hand, HandChange  # noqa: E402
from tournaments.models import Event, Round, Table  # noqa: E402

SLUG = "storm-500"
BASE_DIR = Path(settings.BASE_DIR)
RESULTS = BASE_DIR / "bench" / "results"
DEFAULT_POSTGRES_URL = "postgres://postgres@127.0.0.1:5432/fh_cache"
SQLITE_FILE = "/tmp/fivehundred-storm.sqlite3"
HAND_FIELDS = ("declarer", "contract", "tricks", "penalty_kind", "penalty_side", "penalty_seat", "note")
TARGETS = {"save_p95_ms": 100, "poll_p95_ms": 50, "errors": 0, "lag_max_s": 5, "ratio": 3, "entry_bytes": 15_000}
BURST_PERIOD = 20.0  # seconds: every round-end burst
BURST_SHARE = 0.25  # the last quarter of each period ...
BURST_FACTOR = 2.5  # ... saves at 2.5 times the mean rate (half the mean the rest of the time)


# ---------------------------------------------------------------- child-process steps (Django)


def step_prepare(seconds: int, rate: float, partnerships: int) -> dict:
    """Build the event afresh, take out enough hands of its last rounds for the storm, reopen them."""
    call_command("migrate", verbosity=0, interactive=False)
    wipe(Event.objects.filter(slug=SLUG).first())
    call_command("demo_event", "--partnerships", str(partnerships), "--complete", "--seed", "6", "--slug", SLUG,
                 stdout=open(os.devnull, "w"))
    event = Event.objects.get(slug=SLUG)
    needed = math.ceil(seconds * rate * 1.5) + 50
    reopened, tables, hands = reopen(event, needed)
    if connection.vendor == "postgresql":
        # A hall's server has had autovacuum at work all along. This machine's PostgreSQL runs
        # without it, so a database the storm rebuilds run after run would be read through every
        # run's dead rows, with no statistics for the planner: each run slower than the one before.
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")
    return {
        "event_id": event.pk,
        "partnerships": event.partnerships.count(),
        "hands_left": Hand.objects.filter(table__round__event=event).count(),
        "reopened_rounds": [r.number for r in reopened],
        "tables": phone_tables(tables, hands),
    }


def reopen(event: Event, needed: int) -> tuple[list[Round], list[Table], dict[int, list[dict]]]:
    """Take out the hands of the event's last round(s), at least `needed` of them, and reopen those
    rounds and their tables: (the rounds, their tables, {table id: the hands taken out, to save again})."""
    main_rounds = list(Round.objects.filter(event=event, tiebreak__isnull=True).order_by("number"))
    per_round = Hand.objects.filter(table__round=main_rounds[-1]).count()
    reopened = main_rounds[-max(1, min(len(main_rounds), math.ceil(needed / max(per_round, 1)))):]
    tables = list(Table.objects.filter(round__in=reopened).select_related("round__event", "ns", "ew")
                  .order_by("round__number", "number"))
    hands = {}
    for hand in Hand.objects.filter(table__in=tables).order_by("number"):
        values = {"number": hand.number, **{name: getattr(hand, name) for name in HAND_FIELDS}}
        hands.setdefault(hand.table_id, []).append(values)
    Hand.objects.filter(table__in=tables).delete()
    totals.refresh([t.pk for t in tables])  # the tables' stored totals follow their hands
    HandChange.objects.filter(table__in=tables).delete()
    Table.objects.filter(pk__in=[t.pk for t in tables]).update(confirmed_at=None, confirmed_by="", disputed_at=None,
                                                              dispute_reason="", entered_side="")
    Round.objects.filter(pk__in=[r.pk for r in reopened]).update(status="open")
    Event.objects.filter(pk=event.pk).update(version=event.version + 1)
    return reopened, tables, hands


def phone_tables(tables: list[Table], hands: dict[int, list[dict]]) -> list[dict]:
    """The reopened tables as the storm's phones know them: link, round, hands to save, N-S's PIN."""
    return [{"token": t.token, "round": t.round_id, "round_number": t.round.number, "hands": hands.get(t.pk, []),
             "code": side_code(t, "ns")}  # N-S's PIN: the phone proves its side (docs/trust.md)
            for t in tables]


def step_build(partnerships: int) -> dict:
    """The complete event (every hand stored), built only when the database does not hold it already."""
    call_command("migrate", verbosity=0, interactive=False)
    event = Event.objects.filter(slug=SLUG).first()
    built = False
    if event is None or event.partnerships.count() != partnerships or Hand.objects.filter(
            table__round__event=event).count() != Table.objects.filter(round__event=event).count() * (
            event.hands_per_round or 0):
        wipe(event)
        call_command("demo_event", "--partnerships", str(partnerships), "--complete", "--seed", "6", "--slug", SLUG,
                     stdout=open(os.devnull, "w"))
        built = True
    return {"built": built, "hands": Hand.objects.filter(table__round__event__slug=SLUG).count()}


def step_measure(runs: int) -> dict:
    """Rebuild against floor, interleaved so both see the same machine load; then the recomputation."""
    event = Event.objects.get(slug=SLUG)
    floor_query = selectors.hand_totals_query(event)

    def floor():
        selectors._driver_rows(floor_query)

    def rebuild():
        selectors.event_standings(event)

    floor(), rebuild()  # warm: connection, imports
    times = {"floor": ([], []), "rebuild": ([], [])}
    for _ in range(runs):
        for name, fn in (("floor", floor), ("rebuild", rebuild)):
            wall, cpu = time.perf_counter(), time.process_time()
            fn()
            times[name][0].append(time.perf_counter() - wall)
            times[name][1].append(time.process_time() - cpu)
    figures = {f"{name}_{kind}_ms": round(statistics.median(values[i]) * 1000, 2)
               for name, values in times.items() for i, kind in enumerate(("wall", "cpu"))}
    figures["ratio"] = round(figures["rebuild_wall_ms"] / figures["floor_wall_ms"], 2)
    figures["runs"] = runs
    started = time.perf_counter()
    differences = event_check(event)
    figures["check_seconds"] = round(time.perf_counter() - started, 2)
    figures["check_differences"] = len(differences)
    figures["check_first"] = [str(d) for d in differences[:5]]
    figures["hands"] = Hand.objects.filter(table__round__event=event).count()
    figures["database"] = connection.vendor
    return figures


# ---------------------------------------------------------------- the orchestrator (no Django DB)


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _database_env(database: str, database_url: str | None, sqlite_path: str = SQLITE_FILE) -> dict:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "SQLITE_PATH")}
    if database == "sqlite":
        env["SQLITE_PATH"] = sqlite_path
    elif database == "postgres":
        env["DATABASE_URL"] = database_url or DEFAULT_POSTGRES_URL
    else:
        raise ValueError(f"database must be sqlite or postgres, not {database!r}")
    return env


def _step(env: dict, *args: str, cwd: Path = BASE_DIR, module: str = "bench.storm") -> dict:
    done = subprocess.run([sys.executable, "-m", module, *args], cwd=cwd, env=env,
                          capture_output=True, text=True)
    if done.returncode:
        raise RuntimeError(f"{module} {' '.join(args)} failed:\n{done.stderr[-3000:]}")
    return json.loads(done.stdout.strip().splitlines()[-1])


def _ensure_postgres_database(url: str, fresh: bool = False) -> None:
    """Create the database of `url` if it is missing; `fresh`: drop it first."""
    import psycopg

    name = url.rsplit("/", 1)[1].split("?")[0]
    admin = url.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin, autocommit=True) as conn:
        if fresh:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        if not conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [name]).fetchone():
            conn.execute(f'CREATE DATABASE "{name}"')


class VersionReader:
    """Event.version straight from the database (no Django): the truth the polls are compared with."""

    def __init__(self, database: str, env: dict, event_id: int):
        self.event_id = event_id
        self.lock = threading.Lock()  # one connection, read from asyncio's worker threads
        if database == "sqlite":
            import sqlite3

            self.conn = sqlite3.connect(env["SQLITE_PATH"], check_same_thread=False)
            self.sql = "SELECT version FROM tournaments_event WHERE id = ?"
        else:
            import psycopg

            self.conn = psycopg.connect(env["DATABASE_URL"], autocommit=True)
            self.sql = "SELECT version FROM tournaments_event WHERE id = %s"

    def __call__(self) -> int:
        with self.lock:
            return self.conn.execute(self.sql, [self.event_id]).fetchone()[0]

    def close(self) -> None:
        self.conn.close()


def _cpu_seconds(pid: int) -> float:
    """User + system CPU of a process and its live children (gunicorn's master and workers)."""
    tick = os.sysconf("SC_CLK_TCK")
    total = 0.0
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            fields = (proc / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(proc.name) == pid or int(fields[1]) == pid:  # fields[1] is the parent's pid
            total += (int(fields[11]) + int(fields[12])) / tick
    return total


def _machine_cpu() -> dict:
    """Seconds of the whole machine's CPU by kind since boot (/proc/stat): busy, idle, stolen by the host."""
    fields = [int(v) for v in Path("/proc/stat").read_text().split("\n", 1)[0].split()[1:]]
    tick = os.sysconf("SC_CLK_TCK")
    user, nice, system, idle, iowait, irq, softirq, steal = (fields + [0] * 8)[:8]
    return {"busy": (user + nice + system + irq + softirq) / tick, "idle": (idle + iowait) / tick,
            "steal": steal / tick}


def _percentiles(values: list[float]) -> dict:
    return percentiles(values)


ETAG_VERSION = re.compile(r"-v(\d+)-")


def client_session():
    """The phones' HTTP client: no connection kept (gunicorn's sync workers close each), no cookie jar
    (the phones keep their own: Storm._cookies), bodies as sent (gzipped)."""
    import aiohttp

    connector = aiohttp.TCPConnector(limit=0, force_close=True)
    return aiohttp.ClientSession(connector=connector, timeout=aiohttp.ClientTimeout(total=30),
                                 auto_decompress=False, cookie_jar=aiohttp.DummyCookieJar())


class Storm:
    def __init__(self, base: str, tables: list[dict], *, seconds: int, rate: float, pollers: int, poll_seconds: float,
                 projectors: int, read_version, bursts: bool = True, queue: list | None = None,
                 phones: dict | None = None, tail: float | None = None):
        """`bursts`: the round-end bursts (else a steady `rate`); `queue`: the (table, hand) saves to send,
        in order (default: every hand of `tables`, round by round); `phones`: phones already proven,
        shared with another storm on the same server; `tail`: how long the polls go on after the last
        save (default the poll interval plus 2 s)."""
        self.base, self.seconds, self.rate = base, seconds, rate
        self.pollers, self.poll_seconds, self.projectors = pollers, poll_seconds, projectors
        self.read_version = read_version
        self.bursts = bursts
        self.tail = poll_seconds + 2 if tail is None else tail
        if queue is None:
            queue = [(t, hand) for number in range(1, 1 + max(len(t["hands"]) for t in tables))
                     for t in tables for hand in t["hands"] if hand["number"] == number]
            queue.sort(key=lambda item: item[0]["round_number"])  # stable: round by round, hand by hand
        self.queue = queue
        self.phones: dict[str, dict] = {} if phones is None else phones
        self._table_locks: dict[str, asyncio.Lock] = {}
        self.save_times: list[float] = []
        self.poll_times: list[float] = []
        self.poll_in_burst: list[bool] = []  # beside poll_times: was the poll sent in a round-end burst?
        self.poll_sent: list[float] = []  # beside poll_times: when it was sent (seconds into the storm)
        self.save_sent: list[float] = []  # beside save_times
        self.started = 0.0
        self.started_perf = 0.0
        self.projector_times: list[float] = []
        self.errors: list[str] = []
        self.saves: list[tuple[float, int]] = []  # (done at, database version then)
        self.seen: list[tuple[float, int]] = []  # (answer at, version the poll was answered with)
        self.statuses: dict[str, int] = {}
        self.entry_page: dict = {}

    def _error(self, what: str) -> None:
        self.errors.append(what)

    @staticmethod
    def _cookies(response, jar: dict) -> None:
        # By hand: the production cookies are Secure, and this is plain http on the loopback.
        for name, morsel in response.cookies.items():
            jar[name] = morsel.value

    def _headers(self, jar: dict, **extra) -> dict:
        headers = {"Accept-Encoding": "gzip", **extra}
        if jar:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in jar.items())
        return headers

    async def _phone(self, session, table: dict) -> dict:
        """A phone opens the table link and proves its side (N-S, with its PIN), as at the start of a round."""
        phone = self.phones.get(table["token"])
        if phone is not None:
            return phone
        jar: dict = {}
        url = f"{self.base}/t/{table['token']}/"
        async with session.get(url, headers=self._headers(jar)) as response:
            await response.read()
            self._cookies(response, jar)
            if response.status != 200 or "csrftoken" not in jar:
                raise RuntimeError(f"GET {url}: {response.status}, cookies {sorted(jar)}")
        async with session.post(f"{url}side/", data={"side": "ns", "code": table["code"],
                                                     "csrfmiddlewaretoken": jar["csrftoken"]},
                                headers=self._headers(jar, Origin=self.base), allow_redirects=False) as response:
            await response.read()
            self._cookies(response, jar)
            if response.status != 302:
                raise RuntimeError(f"POST {url}side/: {response.status}")
        phone = self.phones[table["token"]] = {"jar": jar, "url": url}
        return phone

    async def _save(self, session, table: dict, hand: dict) -> None:
        # A table's phone sends its next hand once the last one is answered, as a phone does: at a
        # small table saving fast, hand 2 would otherwise overtake hand 1 ("enter hand 1 first").
        async with self._table_locks.setdefault(table["token"], asyncio.Lock()):
            await self._send(session, table, hand)

    async def _send(self, session, table: dict, hand: dict) -> None:
        try:
            phone = await self._phone(session, table)
            jar, url = phone["jar"], phone["url"]
            data = {"number": hand["number"], "round": table["round"], "csrfmiddlewaretoken": jar["csrftoken"],
                    **{f: "" if hand[f] is None else hand[f] for f in HAND_FIELDS}}
            started = time.perf_counter()
            async with session.post(url, data=data, headers=self._headers(jar, Origin=self.base),
                                    allow_redirects=False) as response:
                body = await response.read()
                self._cookies(response, jar)
                status, location = response.status, response.headers.get("Location", "")
            self.save_times.append(time.perf_counter() - started)
            self.save_sent.append(round(started - self.started_perf, 3))
            # The entry page again, at its form (the view adds "#enter" so the phone lands there).
            if status != 302 or not url.endswith(location.split("#")[0]):
                self._error(f"save {url} hand {hand['number']}: {status} {body[:200]!r}")
                return
            self.saves.append((time.monotonic(), await asyncio.to_thread(self.read_version)))
            # The browser follows the redirect: the entry page with "Hand N saved."
            async with session.get(url, headers=self._headers(jar)) as response:
                page = await response.read()
                self._cookies(response, jar)
                if response.status != 200:
                    self._error(f"GET {url} after a save: {response.status}")
                elif not self.entry_page:
                    encoded = response.headers.get("Content-Encoding", "")
                    html = gzip.decompress(page) if encoded == "gzip" else page
                    header_bytes = sum(len(k) + len(v) + 4 for k, v in response.raw_headers) + 17
                    self.entry_page = {"url": url.replace(table["token"], "<token>"), "body_bytes": len(page),
                                       "transferred_bytes": len(page) + header_bytes, "html_bytes": len(html),
                                       "content_encoding": encoded or "none"}
        except Exception as exc:  # every failure is counted, none stops the storm
            self._error(f"save {table['token'][:6]}… hand {hand['number']}: {type(exc).__name__}: {exc}")

    @staticmethod
    def _in_burst(elapsed: float) -> bool:
        return elapsed % BURST_PERIOD >= BURST_PERIOD * (1 - BURST_SHARE)

    def _rate_at(self, elapsed: float) -> float:
        if not self.bursts:
            return self.rate
        if self._in_burst(elapsed):
            return self.rate * BURST_FACTOR
        return self.rate * (1 - BURST_SHARE * BURST_FACTOR) / (1 - BURST_SHARE)

    async def _savers(self, session, started: float) -> None:
        tasks = []
        rng = random.Random(11)
        index = 0
        while index < len(self.queue):
            elapsed = time.monotonic() - started
            if elapsed >= self.seconds:
                break
            table, hand = self.queue[index]
            index += 1
            tasks.append(asyncio.create_task(self._save(session, table, hand)))
            await asyncio.sleep(rng.expovariate(self._rate_at(elapsed)))
        self.sent = index
        if self.queue and index >= len(self.queue):
            self._error(f"the storm ran out of hands to save after {index}")
        await asyncio.gather(*tasks)

    async def _plain_get(self, path: str, etag: str) -> tuple[int, str]:
        """One poll as live.js sends it (gzip, the last ETag), on a connection of its own
        (bench.http.plain_get: the 1,000 phones share this machine's 2 cores with the server, and a
        full HTTP client cost them twice the CPU). Returns the status and the ETag to send next; a
        short body is an error."""
        headers = {"Accept-Encoding": "gzip", **({"If-None-Match": etag} if etag else {})}
        status, answered, _ = await plain_get(self.base, path, headers)
        return status, answered.get("etag", etag)

    async def _poller(self, path: str, offset: float, stop_at: float, times: list, record: bool) -> None:
        etag = ""
        tick = time.monotonic() + offset
        while tick < stop_at:
            await asyncio.sleep(max(0.0, tick - time.monotonic()))
            tick += self.poll_seconds
            try:
                started = time.perf_counter()
                status, etag = await self._plain_get(path, etag)
                times.append(time.perf_counter() - started)
                if record:
                    self.poll_in_burst.append(self._in_burst(time.monotonic() - self.started))
                    self.poll_sent.append(round(started - self.started_perf, 3))
                self.statuses[str(status)] = self.statuses.get(str(status), 0) + 1
                if status not in (200, 304):
                    self._error(f"poll {path}: {status}")
                elif record and (found := ETAG_VERSION.search(etag)):
                    self.seen.append((time.monotonic(), int(found.group(1))))
            except Exception as exc:
                self._error(f"poll {path}: {type(exc).__name__}: {exc}")

    async def run(self, slug: str, on_start) -> None:
        async with client_session() as session:
            await self.drive(session, slug, on_start)

    async def drive(self, session, slug: str, on_start=lambda: None) -> None:
        """The storm on an open client session (client_session): phones, then saves and polls."""
        # The first round's phones open their table link and choose a side before the clock starts.
        first = {t["token"]: t for t, _ in self.queue[:250]}
        await asyncio.gather(*(self._phone(session, t) for t in first.values()))
        on_start()
        started = self.started = time.monotonic()
        self.started_perf = time.perf_counter()
        stop_at = started + self.seconds + self.tail  # polls go on after the last save, to see it arrive
        live = f"/events/{slug}/standings/live/"
        projector = f"/events/{slug}/projector/live/"
        spread = random.Random(5)
        pollers = [self._poller(live, spread.uniform(0, self.poll_seconds), stop_at, self.poll_times, True)
                   for _ in range(self.pollers)]
        pollers += [self._poller(projector, spread.uniform(0, self.poll_seconds), stop_at,
                                 self.projector_times, False) for _ in range(self.projectors)]
        await asyncio.gather(self._savers(session, started), *pollers)

    def lag(self) -> dict:
        """For each save: how long until a poll was answered with standings including it.

        A save's version is read from the database just after its POST returned, so it may include
        later saves too: the lag is measured to the first poll showing at least that version.
        """
        seen = sorted(self.seen)
        lags, unseen = [], 0
        j = 0
        best_after: list[tuple[float, int]] = seen
        for done_at, version in sorted(self.saves):
            while j < len(best_after) and best_after[j][0] < done_at:
                j += 1
            found = next((at for at, v in best_after[j:] if v >= version), None)
            if found is None:
                unseen += 1
            else:
                lags.append(found - done_at)
        return {"max_s": round(max(lags), 2) if lags else None,
                "p95_s": round(sorted(lags)[math.ceil(0.95 * len(lags)) - 1], 2) if lags else None,
                "saves_never_shown": unseen}


def storm_env(database: str, database_url: str | None = None, redis_db: int = 3,
              sqlite_path: str = SQLITE_FILE) -> dict:
    """The environment of the storm's steps and server: its own database made afresh (the SQLite
    file, or the PostgreSQL database; one named with `database_url` is kept), its own Redis
    database emptied, production settings."""
    import redis

    env = _database_env(database, database_url, sqlite_path)
    if database == "sqlite":
        for suffix in ("", "-wal", "-shm"):
            Path(f"{sqlite_path}{suffix}").unlink(missing_ok=True)
    else:  # the storm's own database is made afresh like the SQLite file; one named with --database-url is kept
        _ensure_postgres_database(env["DATABASE_URL"], fresh=database_url is None)
    redis_url = f"redis://127.0.0.1:6379/{redis_db}"
    redis.Redis.from_url(redis_url).flushdb()  # this database only
    env.update({"DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "storm-bench-only-" + "x" * 50,
                "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_SECURE_SSL_REDIRECT": "false",
                "DJANGO_LOG_LEVEL": "ERROR", "REDIS_URL": redis_url})
    RESULTS.mkdir(parents=True, exist_ok=True)
    return env


def build(env: dict, database: str, seconds: float, rate: float, partnerships: int, out=print,
          server_dir: Path = BASE_DIR) -> tuple[dict, list[dict]]:
    """The event built with enough hands taken out for `seconds` of saves at `rate`, and the static
    files collected: (what step_prepare says, the reopened tables that have hands to save)."""
    out(f"Storm on {database}: building the {partnerships}-partnership event ...")
    built = time.perf_counter()
    prepared = _step(env, "--step", "prepare", "--seconds", str(seconds), "--rate", str(rate),
                     "--partnerships", str(partnerships), cwd=server_dir)
    subprocess.run([sys.executable, "manage.py", "collectstatic", "--noinput", "-v", "0"], cwd=server_dir, env=env,
                   check=True)
    out(f"  built in {time.perf_counter() - built:.0f} s: {prepared['partnerships']} partnerships, "
        f"{len(prepared['tables'])} tables reopened (rounds {prepared['reopened_rounds']}), "
        f"{prepared['hands_left']} hands stored")
    return prepared, [t for t in prepared["tables"] if t["hands"]]  # one phone per table: 250 at 500 partnerships


@contextlib.contextmanager
def gunicorn_server(env: dict, log_name: str, threads: int = 1, server_dir: Path = BASE_DIR, slug: str = SLUG,
                    app: str = "config.wsgi", ready: str | None = None):
    """gunicorn with 2 workers on a free 127.0.0.1 port, serving the code of `server_dir` (this
    checkout, or another one to compare with): yields (its base URL, its process) once `ready` (a
    path; default the event's live standings) answers; stopped after. `app`: the WSGI module."""
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    gunicorn = shutil.which("gunicorn") or str(Path(sys.executable).with_name("gunicorn"))
    with open(RESULTS / log_name, "w") as log:
        server = subprocess.Popen([gunicorn, app, "--workers", "2", "--threads", str(threads),
                                   "--bind", f"127.0.0.1:{port}", "--log-level", "warning", "--backlog", "2048",
                                   *os.environ.get("STORM_GUNICORN_EXTRA", "").split()],
                                  cwd=server_dir, env=env, stdout=log, stderr=subprocess.STDOUT,
                                  start_new_session=True)
        try:
            _wait_for(base + (ready or f"/events/{slug}/standings/live/"), server)
            yield base, server
        finally:
            os.killpg(server.pid, signal.SIGTERM)
            try:
                server.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, signal.SIGKILL)
                server.wait()


def run_storm(database: str = "sqlite", seconds: int = 60, *, database_url: str | None = None,
              hands_per_second: float = 5.0, pollers: int = 1000, poll_seconds: float = 5.0, projectors: int = 2,
              partnerships: int = 500, redis_db: int = 3, measure_runs: int = 30, threads: int = 1,
              out=print) -> dict:
    """Run the storm on "sqlite" or "postgres" and return its figures (also printed through `out`)."""
    if seconds < 1:
        raise ValueError("seconds must be at least 1")
    env = storm_env(database, database_url, redis_db)
    prepared, tables = build(env, database, seconds, hands_per_second, partnerships, out)
    reader = VersionReader(database, env, prepared["event_id"])
    try:
        with gunicorn_server(env, f"storm-gunicorn-{database}.log", threads) as (base, server):
            storm = Storm(base, tables, seconds=seconds, rate=hands_per_second, pollers=pollers,
                          poll_seconds=poll_seconds, projectors=projectors, read_version=reader)
            marks = {}

            def on_start():
                marks.update(cpu=_cpu_seconds(server.pid), client=time.process_time(), wall=time.perf_counter(),
                             machine=_machine_cpu())

            out(f"  storm: {seconds} s of saves at {hands_per_second}/s, {pollers} pollers every {poll_seconds:g} s, "
                f"{projectors} projectors, gunicorn 2 workers ({threads} thread(s) each) on {base} ...")
            asyncio.run(storm.run(SLUG, on_start))
            wall = time.perf_counter() - marks["wall"]
            server_cpu = _cpu_seconds(server.pid) - marks["cpu"]
            client_cpu = time.process_time() - marks["client"]
            machine = {k: round(v - marks["machine"][k], 1) for k, v in _machine_cpu().items()}
    finally:
        reader.close()
    out("  measuring the rebuild against the single-query floor, then recomputing the event ...")
    measured = _step(env, "--step", "measure", "--runs", str(measure_runs))
    lag = storm.lag()
    figures = {
        "database": database,
        "seconds": seconds,
        "threads": threads,
        "wall_seconds": round(wall, 1),
        "saves": _percentiles(storm.save_times),
        "saves_per_second": round(len(storm.save_times) / seconds, 2),
        "polls": _percentiles(storm.poll_times),
        "polls_per_second": round(len(storm.poll_times) / wall, 1),
        "polls_in_bursts": _percentiles([t for t, b in zip(storm.poll_times, storm.poll_in_burst) if b]),
        "polls_between_bursts": _percentiles([t for t, b in zip(storm.poll_times, storm.poll_in_burst) if not b]),
        "poll_statuses": storm.statuses,
        "projector_polls": _percentiles(storm.projector_times),
        "errors": len(storm.errors),
        "error_kinds": _kinds(storm.errors),
        "first_errors": storm.errors[:5],
        "hands_stored_by_the_storm": measured["hands"] - prepared["hands_left"],
        "server_cpu_seconds": round(server_cpu, 1),
        "server_cpu_share_of_2_cores": round(server_cpu / wall / 2, 2),
        "client_cpu_seconds": round(client_cpu, 1),
        "machine_cpu_seconds": machine,
        "lag": lag,
        "entry_page": storm.entry_page,
        "rebuild": measured,
    }
    figures["targets"] = _verdicts(figures)
    (RESULTS / f"storm-{database}.json").write_text(json.dumps(figures, indent=2) + "\n")
    (RESULTS / f"storm-{database}-requests.json").write_text(json.dumps({  # (sent at, took), seconds
        "polls": [[at, round(took, 4)] for at, took in zip(storm.poll_sent, storm.poll_times)],
        "saves": [[at, round(took, 4)] for at, took in zip(storm.save_sent, storm.save_times)]}) + "\n")
    out(report(figures))
    return figures


CAPACITY_STEPS = (2, 4, 6, 8, 10, 12, 15, 18, 21, 25, 30, 35, 40)  # saves a second, step by step
POLLS_PER_SAVE = 40  # polls a second for each save a second, as in the hall storm (200 polls/s at 5 saves/s)


def parse_steps(text: str) -> tuple[float, ...]:
    """The capacity's steps from "2,4,8" (saves a second each); ValueError saying what is wrong with `text`.
    Both spellings of the flag read it: `--steps` here and `manage.py bench --capacity-steps`."""
    try:
        steps = tuple(float(value) for value in str(text).split(","))
    except ValueError:
        raise ValueError(f"{text!r} is not a list of saves a second such as 2,4,8") from None
    if not steps or any(step <= 0 for step in steps):
        raise ValueError(f"{text!r}: every step is more than 0 saves a second")
    return steps


def _steps_argument(text: str) -> tuple[float, ...]:
    try:
        return parse_steps(text)
    except ValueError as exc:
        raise argparse.ArgumentTypeError(str(exc)) from None


def run_capacity(database: str = "sqlite", *, database_url: str | None = None, steps=CAPACITY_STEPS,
                 step_seconds: float = 10.0, poll_seconds: float = 5.0, partnerships: int = 500, redis_db: int = 3,
                 server_dir: Path = BASE_DIR, sqlite_path: str = SQLITE_FILE, floor_seconds: float = 5.0,
                 out=print) -> dict:
    """The capacity: a step load through gunicorn with 2 workers on the storm's event, each step a
    steady rate of saves (`steps`, saves a second, `step_seconds` long) with the matching polls
    (POLLS_PER_SAVE polls a second for each save a second: pollers every `poll_seconds`), until a
    step's save p95 passes 100 ms or an error appears. Returns (and prints) every step and the last
    one that held: "capacity: N saves/s (p95 X ms)". `server_dir`: the checkout gunicorn serves (and
    builds the event with), to compare another commit's code with the same client. First, for
    `floor_seconds` (0: not at all), the HTTP floor (run_http_floor): what the same requests cost
    gunicorn and this client with no Django behind them; each step says what a save cost both."""
    total = math.ceil(sum(steps) * step_seconds * 1.2) + 50
    env = storm_env(database, database_url, redis_db, sqlite_path)
    prepared, tables = build(env, database, total, 1.0, partnerships, out, server_dir=server_dir)
    queue = Storm("", tables, seconds=0, rate=1, pollers=0, poll_seconds=poll_seconds, projectors=0,
                  read_version=None).queue
    reader = VersionReader(database, env, prepared["event_id"])
    held, results, position, phones = None, [], 0, {}
    floor = run_http_floor(env, floor_seconds, out=out) if floor_seconds else None
    try:
        with gunicorn_server(env, f"capacity-gunicorn-{database}.log", server_dir=server_dir) as (base, server):
            for rate in steps:
                storm = Storm(base, tables, seconds=step_seconds, rate=rate,
                              pollers=round(POLLS_PER_SAVE * rate * poll_seconds), poll_seconds=poll_seconds,
                              projectors=0, read_version=reader, bursts=False, queue=queue[position:],
                              phones=phones, tail=1.0)
                server_cpu, client_cpu = _cpu_seconds(server.pid), time.process_time()
                asyncio.run(storm.run(SLUG, lambda: None))
                server_cpu, client_cpu = _cpu_seconds(server.pid) - server_cpu, time.process_time() - client_cpu
                position += storm.sent
                saves, polls = _percentiles(storm.save_times), _percentiles(storm.poll_times)
                answered = max(len(storm.save_times), 1)
                step = {"saves_per_second": rate, "saves": saves, "sent": storm.sent,
                        "answered_per_second": round(len(storm.save_times) / step_seconds, 2), "polls": polls,
                        "polls_per_second": round(len(storm.poll_times) / (step_seconds + 1.0), 1),
                        "errors": len(storm.errors), "first_errors": storm.errors[:3],
                        # What one save costs with its share of the step (its entry page, its 40 polls, the
                        # standings builds): gunicorn's workers and this load client, CPU ms a save answered.
                        "server_cpu_ms_per_save": round(server_cpu * 1000 / answered, 1),
                        "client_cpu_ms_per_save": round(client_cpu * 1000 / answered, 1)}
                results.append(step)
                out(f"  step {rate:>3} saves/s: save p50 {saves['p50_ms']} p95 {saves['p95_ms']} ms ({saves['n']}), "
                    f"poll p95 {polls['p95_ms']} ms ({step['polls_per_second']}/s), errors {step['errors']}; "
                    f"CPU a save with its polls: gunicorn {step['server_cpu_ms_per_save']} ms, "
                    f"client {step['client_cpu_ms_per_save']} ms")
                if step["errors"] or saves["p95_ms"] is None or saves["p95_ms"] > TARGETS["save_p95_ms"]:
                    break
                held = step
    finally:
        reader.close()
    figures = {"database": database, "server_dir": str(server_dir), "step_seconds": step_seconds,
               "polls_per_save": POLLS_PER_SAVE, "http_floor": floor, "steps": results,
               "capacity_saves_per_second": held["saves_per_second"] if held else 0,
               "capacity_save_p95_ms": held["saves"]["p95_ms"] if held else None,
               "stopped_by": (None if held is results[-1] else
                              "errors" if results[-1]["errors"] else "save p95 over 100 ms")}
    (RESULTS / f"capacity-{database}.json").write_text(json.dumps(figures, indent=2) + "\n")
    out(capacity_line(figures))
    return figures


FLOOR_RATE = 400  # requests a second: a step of 10 saves a second brings 400 polls a second


def run_http_floor(env: dict, seconds: float = 5.0, rate: float = FLOOR_RATE, out=print) -> dict:
    """The HTTP floor: gunicorn with 2 sync workers serving bench.floor_app (a WSGI app that answers
    a poll's 16 KB and does nothing else), sent `rate` requests a second for `seconds` by the
    capacity's own client (bench.http.plain_get, a connection a request): the CPU a request costs
    gunicorn's workers and this client before any Django code runs. A save with its polls is
    POLLS_PER_SAVE + 2 requests (its POST and the entry page after it), so this bounds the capacity
    whatever the site's own code costs."""
    async def drive(base: str) -> list[float]:
        times, tasks, started = [], [], time.monotonic()

        async def one() -> None:
            sent = time.perf_counter()
            status, _, _ = await plain_get(base, "/", {"Accept-Encoding": "gzip"})
            if status == 200:
                times.append(time.perf_counter() - sent)

        for n in range(round(rate * seconds)):
            await asyncio.sleep(max(0.0, started + n / rate - time.monotonic()))
            tasks.append(asyncio.create_task(one()))
        await asyncio.gather(*tasks)
        return times

    with gunicorn_server(env, "floor-gunicorn.log", app="bench.floor_app", ready="/") as (base, server):
        server_cpu, client_cpu = _cpu_seconds(server.pid), time.process_time()
        times = asyncio.run(drive(base))
        server_cpu, client_cpu = _cpu_seconds(server.pid) - server_cpu, time.process_time() - client_cpu
    sent = round(rate * seconds)
    per_save = POLLS_PER_SAVE + 2
    floor = {"requests": sent, "answered": len(times), "requests_per_second": rate, "latency": _percentiles(times),
             "server_cpu_ms_per_request": round(server_cpu * 1000 / sent, 3),
             "client_cpu_ms_per_request": round(client_cpu * 1000 / sent, 3), "requests_per_save": per_save}
    floor["cpu_ms_per_save"] = round(per_save * (floor["server_cpu_ms_per_request"]
                                                 + floor["client_cpu_ms_per_request"]), 1)
    out(f"  HTTP floor ({rate:g} requests/s to a WSGI app that only answers 16 KB): CPU a request: gunicorn "
        f"{floor['server_cpu_ms_per_request']} ms, client {floor['client_cpu_ms_per_request']} ms; a save's "
        f"{per_save} requests: {floor['cpu_ms_per_save']} ms, at most {2000 / floor['cpu_ms_per_save']:.0f} "
        f"saves/s on 2 cores with nothing else to do")
    return floor


def capacity_line(figures: dict) -> str:
    """"capacity: N saves/s (p95 X ms)", the last step that held, then the database and what stopped the load."""
    if not figures["capacity_saves_per_second"]:
        return f"capacity: 0 saves/s on {figures['database']}: not even the first step held ({figures['stopped_by']})"
    return (f"capacity: {figures['capacity_saves_per_second']:g} saves/s (p95 {figures['capacity_save_p95_ms']} ms) "
            f"on {figures['database']}" + (
                f"; the next step: {figures['stopped_by']}" if figures["stopped_by"] else "; every step held"))


def run_ratio(database: str = "sqlite", *, database_url: str | None = None, partnerships: int = 500, runs: int = 30,
              sqlite_path: str = SQLITE_FILE, out=print) -> dict:
    """Only the rebuild/floor ratio, on the complete event: no server, no storm. The event is
    built on the first run and reused by the next ones (same database, same partnerships)."""
    env = _database_env(database, database_url, sqlite_path)
    if database == "postgres":
        _ensure_postgres_database(env["DATABASE_URL"])
    env.update({"DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "storm-bench-only-" + "x" * 50,
                "DJANGO_LOG_LEVEL": "ERROR"})
    started = time.perf_counter()
    built = _step(env, "--step", "build", "--partnerships", str(partnerships))
    if built["built"]:
        out(f"built the complete {partnerships}-partnership event in {time.perf_counter() - started:.0f} s")
    measured = _step(env, "--step", "measure", "--runs", str(runs))
    out(f"{database}: rebuild / floor, median of {runs} interleaved, {measured['hands']} hands: "
        f"{measured['rebuild_wall_ms']} / {measured['floor_wall_ms']} ms wall = {measured['ratio']} "
        f"(CPU {measured['rebuild_cpu_ms']} / {measured['floor_cpu_ms']} ms, target <= {TARGETS['ratio']}); "
        f"recomputation: {measured['check_differences']} differences")
    return measured


def _kinds(errors: list[str]) -> dict:
    """Errors counted by what failed and how: "save: TimeoutError", "poll: 500"."""
    kinds: dict[str, int] = {}
    for error in errors:
        what, _, rest = error.partition(" ")
        how = rest.split(": ", 1)[1].split(":")[0].split(" ")[0] if ": " in rest else rest
        kinds[f"{what}: {how}"] = kinds.get(f"{what}: {how}", 0) + 1
    return kinds


def _verdicts(f: dict) -> dict:
    def ok(value, limit, strict=True):
        if value is None:
            return "no figure"
        return "ok" if (value < limit if strict else value <= limit) else "MISSED"

    return {
        "save p95 < 100 ms": ok(f["saves"]["p95_ms"], TARGETS["save_p95_ms"]),
        "poll p95 < 50 ms": ok(f["polls"]["p95_ms"], TARGETS["poll_p95_ms"]),
        "0 errors": ok(f["errors"], 1),
        "lag <= 5 s": ok(f["lag"]["max_s"], TARGETS["lag_max_s"], strict=False),
        "rebuild / floor <= 3": ok(f["rebuild"]["ratio"], TARGETS["ratio"], strict=False),
        "entry page < 15 KB": ok(f["entry_page"].get("transferred_bytes"), TARGETS["entry_bytes"]),
        "standings equal a recomputation": "ok" if f["rebuild"]["check_differences"] == 0 else "MISSED",
    }


def report(f: dict) -> str:
    s, p, r, e = f["saves"], f["polls"], f["rebuild"], f["entry_page"]
    lines = [
        f"Hall storm on {f['database']} ({f['seconds']} s; wall {f['wall_seconds']} s incl. the lag tail; "
        f"{f['threads']} thread(s) a worker):",
        f"  saves      {s['n']:>6} answered, {f['hands_stored_by_the_storm']} stored  ({f['saves_per_second']}/s)  "
        f"p50 {s['p50_ms']} ms  p95 {s['p95_ms']} ms  "
        f"p99 {s['p99_ms']} ms  max {s['max_ms']} ms",
        f"  polls      {p['n']:>6}  ({f['polls_per_second']}/s)  p50 {p['p50_ms']} ms  p95 {p['p95_ms']} ms  "
        f"p99 {p['p99_ms']} ms  max {p['max_ms']} ms  statuses {f['poll_statuses']}",
        f"             in the round-end bursts p95 {f['polls_in_bursts']['p95_ms']} ms, between them p95 "
        f"{f['polls_between_bursts']['p95_ms']} ms",
        f"  projectors {f['projector_polls']['n']:>6}  p95 {f['projector_polls']['p95_ms']} ms",
        f"  errors     {f['errors']}" + (f"  {f['error_kinds']}" if f["errors"] else ""),
        f"  CPU        gunicorn {f['server_cpu_seconds']} s ({f['server_cpu_share_of_2_cores']:.0%} of 2 cores), "
        f"load client {f['client_cpu_seconds']} s; the whole machine busy {f['machine_cpu_seconds']['busy']} s, "
        f"idle {f['machine_cpu_seconds']['idle']} s, stolen by the host {f['machine_cpu_seconds']['steal']} s",
        f"  lag        max {f['lag']['max_s']} s, p95 {f['lag']['p95_s']} s (save -> first poll showing it); "
        f"saves never shown: {f['lag']['saves_never_shown']}",
        f"  entry page {e.get('transferred_bytes')} bytes transferred ({e.get('content_encoding')}; "
        f"{e.get('html_bytes')} bytes of HTML)",
        f"  rebuild    {r['rebuild_wall_ms']} ms vs single grouped query {r['floor_wall_ms']} ms: ratio {r['ratio']} "
        f"(CPU {r['rebuild_cpu_ms']} / {r['floor_cpu_ms']} ms, median of {r['runs']} interleaved runs)",
        f"  check      {r['check_differences']} difference(s) from a recomputation ({r['hands']} hands)",
        "  targets    " + ", ".join(f"{k}: {v}" for k, v in f["targets"].items()),
    ]
    return "\n".join(lines)


def _wait_for(url: str, server: subprocess.Popen) -> None:
    import urllib.error
    import urllib.request

    deadline = time.monotonic() + 60
    while True:
        try:
            with urllib.request.urlopen(url, timeout=10) as response:
                response.read()
                return
        except (urllib.error.URLError, ConnectionError, TimeoutError) as exc:
            if server.poll() is not None:
                raise RuntimeError(f"gunicorn exited ({server.returncode}); see bench/results/") from None
            if isinstance(exc, urllib.error.HTTPError):
                raise RuntimeError(f"gunicorn answered {exc.code} for {url}") from None
            if time.monotonic() > deadline:
                raise RuntimeError("gunicorn did not answer within 60 s") from None
            time.sleep(0.3)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.storm", description=__doc__.split("\n\n")[0])
    parser.add_argument("--database", choices=("sqlite", "postgres"), default="sqlite")
    parser.add_argument("--database-url", help=f"PostgreSQL URL (default {DEFAULT_POSTGRES_URL})")
    parser.add_argument("--seconds", type=positive(int), default=60)
    parser.add_argument("--rate", type=float, default=5.0, help="hands saved a second in all (default 5)")
    parser.add_argument("--pollers", type=int, default=1000)
    parser.add_argument("--partnerships", type=int, default=500)
    parser.add_argument("--threads", type=int, default=1,
                        help="threads a gunicorn worker (default 1: sync workers; more: gthread)")
    parser.add_argument("--runs", type=positive(int), default=30, help="interleaved rebuild/floor runs (default 30)")
    parser.add_argument("--only-ratio", action="store_true",
                        help="only the rebuild/floor ratio, on the complete event (built once, then reused)")
    parser.add_argument("--sqlite-path", default=SQLITE_FILE, help=f"SQLite file (default {SQLITE_FILE})")
    parser.add_argument("--redis-db", type=int, default=3, help="the server cache's Redis database (default 3)")
    parser.add_argument("--capacity", action="store_true",
                        help="the capacity: a step load of saves (and their polls) until the save p95 passes 100 ms")
    parser.add_argument("--steps", type=_steps_argument, default=CAPACITY_STEPS,
                        help="--capacity: saves a second of each step, e.g. 2,4,8 (default %(default)s)")
    parser.add_argument("--step-seconds", type=positive(float), default=10.0,
                        help="--capacity: each step's length (default 10)")
    parser.add_argument("--server-dir", type=Path, default=BASE_DIR,
                        help="--capacity: the checkout gunicorn serves (e.g. a git worktree of an older commit)")
    parser.add_argument("--floor-seconds", type=float, default=5.0,
                        help="--capacity: how long the HTTP floor runs first (default 5; 0: not at all)")
    parser.add_argument("--step", choices=("prepare", "build", "measure"), help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.step == "prepare":
        print(json.dumps(step_prepare(args.seconds, args.rate, args.partnerships)))
    elif args.step == "build":
        print(json.dumps(step_build(args.partnerships)))
    elif args.step == "measure":
        print(json.dumps(step_measure(args.runs)))
    elif args.capacity:
        run_capacity(args.database, database_url=args.database_url, steps=args.steps, step_seconds=args.step_seconds,
                     partnerships=args.partnerships, server_dir=args.server_dir.resolve(), redis_db=args.redis_db,
                     sqlite_path=args.sqlite_path, floor_seconds=args.floor_seconds)
    elif args.only_ratio:
        run_ratio(args.database, database_url=args.database_url, partnerships=args.partnerships, runs=args.runs,
                  sqlite_path=args.sqlite_path)
    else:
        run_storm(args.database, args.seconds, database_url=args.database_url, hands_per_second=args.rate,
                  redis_db=args.redis_db,
                  pollers=args.pollers, partnerships=args.partnerships, measure_runs=args.runs, threads=args.threads)
    return 0


if __name__ == "__main__":
    sys.exit(main())
