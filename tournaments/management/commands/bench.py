"""`python manage.py bench`: the speed figures of issue 6, measured on a 500-partnership event.

By default it runs in its own throwaway SQLite file (--db, default /tmp/fivehundred-bench.sqlite3,
recreated each run unless --reuse): the command starts itself again as a child process with
SQLITE_PATH pointing there, so the real database is never touched. --use-current-db measures
the configured database instead (DATABASE_URL or SQLITE_PATH), e.g. PostgreSQL; the bench
events (slugs bench-500 and bench-500-import) are then created there and the import copy is
deleted afterwards.

It builds a complete event with demo_event (500 partnerships, 250 tables, 10 rounds, 10,000
hands) and prints, for each figure, the median, the number of runs, the SQL query count where
one applies, and the target. Per-request figures go through django.test.Client in this process
(the whole middleware stack, no network); the load figure runs gunicorn with 2 workers on a free
127.0.0.1 port and drives it with wrk for --load-seconds. A figure whose piece of the site is
missing prints "not available: <reason>" and the rest still run. Results also go to
bench/results/latest.json. Exit status is 0 even when a target is missed: it is a measurement.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
import traceback
from dataclasses import asdict, dataclass, field
from pathlib import Path

from django.conf import settings
from django.core.management import call_command
from django.core.management.base import BaseCommand, CommandError
from django.db import connection
from django.test.utils import CaptureQueriesContext

BENCH_SLUG = "bench-500"
IMPORT_SLUG = "bench-500-import"
RESULTS = Path(settings.BASE_DIR) / "bench" / "results"


class NotAvailable(Exception):
    """The piece this figure measures has not landed (or does not work): say why, go on."""


@dataclass
class Figure:
    name: str
    target: str
    runs: int = 0
    median_ms: float | None = None
    cpu_ms: float | None = None  # this process's CPU time: steadier than wall time on a busy machine
    queries: int | None = None
    extra: dict = field(default_factory=dict)
    status: str = ""  # "ok", "MISSED" or "not available: <reason>"

    def median_text(self) -> str:
        return "-" if self.median_ms is None else _ms_text(self.median_ms)


def _ms_text(ms: float) -> str:
    return f"{ms / 1000:.2f} s" if ms >= 1000 else f"{ms:.2f} ms"


def _median_ms(seconds: list[float]) -> float:
    return statistics.median(seconds) * 1000


def _timed(fn, runs: int, before=None) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each run."""
    wall, cpu = [], []
    for _ in range(runs):
        if before is not None:
            before()
        started, started_cpu = time.perf_counter(), time.process_time()
        fn()
        wall.append(time.perf_counter() - started)
        cpu.append(time.process_time() - started_cpu)
    return wall, cpu


def _reverse(name: str, *args) -> str:
    from django.urls import NoReverseMatch, reverse

    try:
        return reverse(name, args=args)
    except NoReverseMatch:
        raise NotAvailable(f"no URL named {name}") from None


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Command(BaseCommand):
    help = "Measure the issue-6 speed figures on a complete 500-partnership event."

    def add_arguments(self, parser):
        parser.add_argument("--db", default="/tmp/fivehundred-bench.sqlite3",
                            help="the throwaway SQLite file (default /tmp/fivehundred-bench.sqlite3)")
        parser.add_argument("--use-current-db", action="store_true",
                            help="measure the configured database (DATABASE_URL / SQLITE_PATH) instead")
        parser.add_argument("--reuse", action="store_true",
                            help="keep the bench event from an earlier run instead of building it again")
        parser.add_argument("--partnerships", type=int, default=500)
        parser.add_argument("--runs", type=int, default=15, help="runs for each page figure (default 15)")
        parser.add_argument("--load-seconds", type=int, default=10, help="how long wrk drives gunicorn (default 10)")
        parser.add_argument("--skip-load", action="store_true", help="leave out the gunicorn + wrk figure")
        parser.add_argument("--skip-pdf", action="store_true", help="leave out the PDF figures")
        parser.add_argument("--output", default=str(RESULTS / "latest.json"),
                            help="where to write the results as JSON (default bench/results/latest.json)")

    def handle(self, *args, **options):
        if not options["use_current_db"]:
            return self._run_in_throwaway_db(options)
        self.options = options
        self.figures: list[Figure] = []
        self._prepare_database()
        event = self._bench_event()
        if event is not None:
            self._figure("standings page HTML, uncached", "< 150 ms, <= 10 queries", self._standings_html, event)
            self._figure("standings JSON, uncached", "< 100 ms", self._standings_json, event)
            self._figure("live standings poll, nothing changed", "< 5 ms", self._poll_unchanged, event)
            self._figure(f"import the {options['partnerships']}-partnership event file", "< 15 s",
                         self._import_file, event)
            self._figure("save one hand through the entry view", "< 50 ms", self._save_hand, event)
            if not options["skip_pdf"]:
                self._figure("score sheets for the whole event (PDF)", "< 20 s", self._pdf, event, "sheets")
                self._figure("standings PDF", "< 2 s", self._pdf, event, "standings")
            if not options["skip_load"]:
                self._figure("live standings under load: gunicorn 2 workers, wrk",
                             ">= 300 req/s, 0 errors", self._load, event)
            self._figure("check_event (recompute everything)", "no difference", self._check_event, event)
        self._report()

    # ------------------------------------------------------------------ set-up

    def _run_in_throwaway_db(self, options) -> None:
        db = Path(options["db"]).resolve()
        if not options["reuse"]:
            for suffix in ("", "-wal", "-shm"):
                Path(f"{db}{suffix}").unlink(missing_ok=True)
        env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
        env["SQLITE_PATH"] = str(db)
        argv = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "bench", "--use-current-db",
                "--partnerships", str(options["partnerships"]), "--runs", str(options["runs"]),
                "--load-seconds", str(options["load_seconds"]), "--verbosity", str(options["verbosity"]),
                "--output", options["output"]]
        argv += [f"--{name.replace('_', '-')}" for name in ("reuse", "skip_load", "skip_pdf") if options[name]]
        self.stdout.write(f"Benchmark database: {db} (SQLite, throwaway)")
        self.stdout.flush()
        done = subprocess.run(argv, env=env, cwd=settings.BASE_DIR)
        if done.returncode:
            raise CommandError(f"the benchmark stopped with exit status {done.returncode}", returncode=done.returncode)

    def _prepare_database(self) -> None:
        call_command("migrate", verbosity=0, interactive=False)
        db = connection.settings_dict
        where = db["NAME"] if connection.vendor == "sqlite" else f"{db.get('HOST') or 'local'}/{db['NAME']}"
        self.stdout.write(f"Database: {connection.vendor} {where}")

    def _bench_event(self):
        from tournaments.models import Event

        figure = Figure(f"build the event: demo_event --partnerships {self.options['partnerships']} --complete",
                        "(set-up, no target)")
        self.figures.append(figure)
        event = Event.objects.filter(slug=BENCH_SLUG).first()
        if event is not None and self.options["reuse"]:
            figure.status = "reused from an earlier run"
            return event
        if event is not None:
            raise CommandError(f"an event {BENCH_SLUG!r} exists already in this database: pass --reuse to "
                               "measure it, or delete it first")
        started = time.perf_counter()
        try:
            call_command("demo_event", "--partnerships", str(self.options["partnerships"]), "--complete",
                         "--seed", "6", "--slug", BENCH_SLUG, stdout=open(os.devnull, "w"))
        except Exception as exc:
            figure.status = f"not available: demo_event failed: {str(exc)[:300]}"
            return None
        figure.median_ms, figure.runs, figure.status = (time.perf_counter() - started) * 1000, 1, "ok"
        event = Event.objects.get(slug=BENCH_SLUG)
        from scoring.models import Hand
        from tournaments.models import Table

        figure.extra = {
            "partnerships": event.partnerships.count(),
            "tables": Table.objects.filter(round__event=event, round__number=1).count(),
            "rounds": event.round_set.count(),
            "hands": Hand.objects.filter(table__round__event=event).count(),
        }
        figure.status = "ok: {partnerships} partnerships, {tables} tables, {rounds} rounds, {hands} hands".format(
            **figure.extra)
        return event

    def _figure(self, name: str, target: str, measure, *args) -> None:
        figure = Figure(name, target)
        self.figures.append(figure)
        self.stdout.write(f"  measuring: {name} ...")
        self.stdout.flush()
        try:
            measure(figure, *args)
        except NotAvailable as exc:
            figure.status = f"not available: {str(exc)[:300]}"
        except Exception as exc:  # a broken piece must not stop the other figures
            figure.status = f"not available: {type(exc).__name__}: {str(exc)[:300]}"
            if self.options.get("verbosity", 1) > 1:
                traceback.print_exc()
        if not figure.status:
            figure.status = "ok" if self._meets(figure) else "MISSED"

    @staticmethod
    def _meets(figure: Figure) -> bool:
        if figure.median_ms is None:
            return True
        limits = {"ms": 1, "s": 1000}
        found = re.match(r"< ([\d.]+) (ms|s)", figure.target)
        ok = True
        if found:
            ok = figure.median_ms < float(found.group(1)) * limits[found.group(2)]
        found = re.search(r"<= (\d+) queries", figure.target)
        if found and figure.queries is not None:
            ok = ok and figure.queries <= int(found.group(1))
        return ok

    # ------------------------------------------------------------------ per-request figures

    def _client(self):
        from django.test import Client

        return Client()

    def _get(self, client, url, expect=200, **headers):
        response = client.get(url, **headers)
        if response.status_code != expect:
            raise NotAvailable(f"GET {url} answered {response.status_code}, not {expect}")
        return response

    def _measure_get(self, figure: Figure, url: str, *, uncached: bool, expect=200, runs=None, **headers) -> None:
        from django.core.cache import cache

        client = self._client()
        before = cache.clear if uncached else None
        if before:
            before()
        self._get(client, url, expect, **headers)  # warm-up: imports, templates, connection
        if before:
            before()
        with CaptureQueriesContext(connection) as queries:
            self._get(client, url, expect, **headers)
        figure.queries = len(queries)
        times, cpu = _timed(lambda: self._get(client, url, expect, **headers), runs or self.options["runs"], before)
        figure.runs, figure.median_ms, figure.cpu_ms = len(times), _median_ms(times), _median_ms(cpu)

    def _standings_html(self, figure: Figure, event) -> None:
        self._measure_get(figure, _reverse("scoring:standings", event.slug), uncached=True)

    def _standings_json(self, figure: Figure, event) -> None:
        url = _reverse("scoring:standings-json", event.slug)
        self._measure_get(figure, url, uncached=True)
        data = json.loads(self._client().get(url).content)
        if len(data.get("standings", [])) != event.partnerships.count():
            raise NotAvailable("the JSON does not list every partnership")

    def _poll_unchanged(self, figure: Figure, event) -> None:
        url = _reverse("scoring:standings-fragment", event.slug)
        etag = self._get(self._client(), url).get("ETag")
        if not etag:
            raise NotAvailable(f"{url} sends no ETag, so a poll cannot be answered with 304")
        figure.extra["url"] = url
        self._measure_get(figure, url, uncached=False, expect=304, runs=max(200, self.options["runs"]),
                          HTTP_IF_NONE_MATCH=etag)

    def _save_hand(self, figure: Figure, event) -> None:
        """POST one hand at a table of the last round, as a phone does, at `runs` different tables.

        The event is complete, so hand 4 of those tables (and its import history row) is taken out
        first, without timing; each timed POST then stores it again through the entry view.
        """
        from scoring.models import Hand, HandChange
        from tournaments.models import Table

        runs = self.options["runs"]
        last = event.round_set.filter(tiebreak__isnull=True).order_by("-number").first()
        tables = list(Table.objects.filter(round=last).order_by("-number")[:runs])
        hands = {h.table_id: h for h in Hand.objects.filter(table__in=tables, number=4)}
        if len(hands) < len(tables):
            raise NotAvailable("the bench tables do not all have a hand 4 to enter again")
        Hand.objects.filter(pk__in=[h.pk for h in hands.values()]).delete()
        HandChange.objects.filter(table__in=tables, hand_number=4).delete()
        # A finished event's rounds are closed to table links; reopen the last one while we enter.
        status = last.status
        type(last).objects.filter(pk=last.pk).update(status="open")
        try:
            self._save_hands(figure, last, tables, hands)
        finally:
            type(last).objects.filter(pk=last.pk).update(status=status)

    def _save_hands(self, figure: Figure, last, tables, hands) -> None:
        from scoring.models import Hand

        times, cpu, queries = [], [], None
        for index, table in enumerate(tables):
            old = hands[table.pk]
            client = self._client()
            url = _reverse("scoring:table-entry", table.token)
            page = client.get(url)
            if page.status_code != 200:
                raise NotAvailable(f"GET {url} answered {page.status_code}")
            client.post(_reverse("scoring:table-side", table.token), {"side": "ns"})
            data = {"number": 4, "round": last.pk, "declarer": old.declarer, "contract": old.contract,
                    "tricks": old.tricks, "penalty_kind": old.penalty_kind, "penalty_side": old.penalty_side,
                    "penalty_seat": old.penalty_seat, "note": old.note}
            context = CaptureQueriesContext(connection) if index == 0 else None
            started, started_cpu = time.perf_counter(), time.process_time()
            if context is not None:
                with context:
                    response = client.post(url, data)
            else:
                response = client.post(url, data)
            times.append(time.perf_counter() - started)
            cpu.append(time.process_time() - started_cpu)
            if context is not None:
                queries = len(context)
            if response.status_code != 302 or not Hand.objects.filter(table=table, number=4).exists():
                raise NotAvailable(f"POST {url} answered {response.status_code} and stored no hand")
        figure.runs, figure.median_ms, figure.queries = len(times), _median_ms(times), queries
        figure.cpu_ms = _median_ms(cpu)

    # ------------------------------------------------------------------ whole-event figures

    def _import_file(self, figure: Figure, event) -> None:
        from scoring.event_io import event_export
        from tournaments.models import Event

        folder = Path(tempfile.mkdtemp(prefix="bench-import-"))
        path = folder / f"{event.slug}.json"
        path.write_text(json.dumps(event_export(event), ensure_ascii=False), encoding="utf-8")
        _wipe(Event.objects.filter(slug=IMPORT_SLUG).first())
        started, started_cpu = time.perf_counter(), time.process_time()
        call_command("import_event", str(path), "--slug", IMPORT_SLUG, stdout=open(os.devnull, "w"),
                     stderr=open(os.devnull, "w"))
        figure.median_ms, figure.runs = (time.perf_counter() - started) * 1000, 1
        figure.cpu_ms = (time.process_time() - started_cpu) * 1000
        copy = Event.objects.get(slug=IMPORT_SLUG)
        figure.extra = {"file_bytes": path.stat().st_size, "hands": copy.hand_changes.count()}
        _wipe(copy)
        shutil.rmtree(folder, ignore_errors=True)

    def _pdf(self, figure: Figure, event, kind: str) -> None:
        out = Path(tempfile.mkdtemp(prefix="bench-pdf-")) / f"{kind}.pdf"
        try:
            started, started_cpu = time.perf_counter(), time.process_time()
            call_command("pdf", event.slug, "--kind", kind, "-o", str(out), stdout=open(os.devnull, "w"))
            figure.median_ms, figure.runs = (time.perf_counter() - started) * 1000, 1
            figure.cpu_ms = (time.process_time() - started_cpu) * 1000
            figure.extra = {"pdf_bytes": out.stat().st_size}
            try:
                from pypdf import PdfReader

                figure.extra["pages"] = len(PdfReader(str(out)).pages)
            except Exception:  # the page count is a nicety; the timing stands without it
                pass
        except CommandError as exc:
            raise NotAvailable(f"manage.py pdf: {exc}") from None
        finally:
            shutil.rmtree(out.parent, ignore_errors=True)

    def _check_event(self, figure: Figure, event) -> None:
        from scoring.integrity import event_check

        started, started_cpu = time.perf_counter(), time.process_time()
        differences = event_check(event)
        figure.median_ms, figure.runs = (time.perf_counter() - started) * 1000, 1
        figure.cpu_ms = (time.process_time() - started_cpu) * 1000
        figure.extra = {"differences": len(differences), "first": [str(d) for d in differences[:5]]}
        if differences:
            figure.status = f"MISSED: {len(differences)} difference(s), first: {differences[0]}"

    # ------------------------------------------------------------------ load

    def _load(self, figure: Figure, event) -> None:
        import urllib.error
        import urllib.request

        wrk = shutil.which("wrk")
        gunicorn = shutil.which("gunicorn") or str(Path(sys.executable).with_name("gunicorn"))
        if not wrk:
            raise NotAvailable("wrk is not installed (Debian package wrk)")
        if not Path(gunicorn).exists():
            raise NotAvailable("gunicorn is not installed")
        path = _reverse("scoring:standings-fragment", event.slug)
        port = _free_port()
        url = f"http://127.0.0.1:{port}{path}"
        connection.close()  # the workers open their own; SQLite's WAL lets them read beside us
        env = {**os.environ, "DJANGO_DEBUG": "false", "DJANGO_SECRET_KEY": "bench-only-" + "x" * 50,
               "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_SECURE_SSL_REDIRECT": "false",
               "DJANGO_LOG_LEVEL": "ERROR"}
        log = open(RESULTS / "gunicorn.log", "w")
        server = subprocess.Popen(
            [gunicorn, "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
            cwd=settings.BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            etag = None
            deadline = time.monotonic() + 30
            while etag is None:
                try:
                    with urllib.request.urlopen(url, timeout=5) as response:
                        etag = response.headers.get("ETag")
                        if not etag:
                            raise NotAvailable(f"{path} sends no ETag")
                except (urllib.error.URLError, ConnectionError) as exc:
                    if server.poll() is not None:
                        raise NotAvailable(f"gunicorn exited ({server.returncode}); see bench/results/gunicorn.log")
                    if isinstance(exc, urllib.error.HTTPError):
                        raise NotAvailable(f"gunicorn answered {exc.code} for {path}") from None
                    if time.monotonic() > deadline:
                        raise NotAvailable("gunicorn did not answer within 30 s") from None
                    time.sleep(0.3)
            seconds = self.options["load_seconds"]
            polls = self._wrk(wrk, url, seconds, etag)
            full = self._wrk(wrk, url, max(3, seconds // 2), None)
        finally:
            os.killpg(server.pid, 15)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
                server.wait()
            log.close()
        figure.extra = {"polls_with_etag": polls, "full_fragment_without_etag": full}
        figure.runs = polls["requests"]
        figure.median_ms = polls["latency_p50_ms"]
        errors = polls["non_2xx_3xx"] + polls["socket_errors"]
        ok = polls["requests_per_second"] >= 300 and errors == 0
        figure.status = ("ok" if ok else "MISSED") + (
            f": {polls['requests_per_second']:.0f} req/s, {polls['non_2xx_3xx']} non-2xx/3xx, "
            f"{polls['socket_errors']} socket errors (304 polls); full fragment without ETag: "
            f"{full['requests_per_second']:.0f} req/s, {full['non_2xx_3xx'] + full['socket_errors']} errors")

    def _wrk(self, wrk: str, url: str, seconds: int, etag: str | None) -> dict:
        # One wrk thread and 8 connections: enough to keep 2 sync workers busy without wrk taking
        # a core from them on this 2-core machine.
        argv = [wrk, "-t1", "-c8", f"-d{seconds}s", "--latency", "--timeout", "5s"]
        if etag:
            argv += ["-H", f"If-None-Match: {etag}"]
        done = subprocess.run([*argv, url], capture_output=True, text=True, timeout=seconds + 30)
        text = done.stdout
        (RESULTS / f"wrk-{'etag' if etag else 'full'}.txt").write_text(text + done.stderr)
        number = lambda pattern, default=0.0: float(m.group(1)) if (m := re.search(pattern, text)) else default
        socket_errors = sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text))
        p50 = re.search(r"50%\s+([\d.]+)(us|ms|s)", text)
        scale = {"us": 0.001, "ms": 1, "s": 1000}
        return {
            "requests": int(number(r"(\d+) requests in")),
            "requests_per_second": number(r"Requests/sec:\s+([\d.]+)"),
            "non_2xx_3xx": int(number(r"Non-2xx or 3xx responses: (\d+)")),
            "socket_errors": socket_errors,
            "latency_p50_ms": float(p50.group(1)) * scale[p50.group(2)] if p50 else None,
        }

    # ------------------------------------------------------------------ output

    def _report(self) -> None:
        width = max(len(f.name) for f in self.figures)
        lines = [f"{'figure':<{width}}  {'median':>10}  {'cpu':>10}  {'runs':>5}  {'queries':>7}  {'target':<24}  result"]
        for f in self.figures:
            queries = "-" if f.queries is None else str(f.queries)
            cpu = "-" if f.cpu_ms is None else _ms_text(f.cpu_ms)
            lines.append(f"{f.name:<{width}}  {f.median_text():>10}  {cpu:>10}  {f.runs:>5}  {queries:>7}  "
                         f"{f.target:<24}  {f.status}")
        self.stdout.write("\n".join(lines))
        machine = {
            "cpus": os.cpu_count(),
            "cpu": _cpu_model(),
            "python": platform.python_version(),
            "system": platform.platform(),
            "database": connection.vendor,
        }
        out = Path(self.options["output"]).resolve()
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({
            "date": datetime.datetime.now(datetime.timezone.utc).isoformat(timespec="seconds"),
            "machine": machine,
            "figures": [asdict(f) for f in self.figures],
        }, indent=2, ensure_ascii=False) + "\n")
        self.stdout.write(f"Machine: {machine['cpus']} CPUs ({machine['cpu']}), Python {machine['python']}, "
                          f"{machine['database']}. Written to {out}")


def _wipe(event) -> None:
    """Delete the import copy: tables protect partnerships, so remove rounds first."""
    from tournaments.models import Partnership, Player, Round, Tiebreak

    if event is None:
        return
    Round.objects.filter(event=event).delete()
    Tiebreak.objects.filter(event=event).delete()
    Partnership.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()


def _cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"
