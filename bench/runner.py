"""Runs the benchmark: `python manage.py bench` parses its flags (FLAGS) and calls run().

By default the benchmark runs in its own throwaway SQLite file (--db, recreated each run unless
--reuse): run() starts `manage.py bench --use-current-db` again as a child process with SQLITE_PATH
pointing there, so the real database is never touched, and with production settings
(DJANGO_DEBUG=false, a bench-only secret key) unless the environment sets DJANGO_DEBUG itself.
--use-current-db measures the configured database (DATABASE_URL or SQLITE_PATH) as it is set up,
e.g. PostgreSQL; the bench event (slug bench-500) is created there.

Before anything is built, every family that will run says what it is missing (gunicorn, a package of
requirements-dev.txt, PostgreSQL or Redis for the storm):
then the command stops at once, naming how to install it or the --skip that leaves it out. Then it
builds a complete event with demo_event and measures each figure (bench.figures). A figure that
cannot be measured is an ERROR: the others still run, the table is printed, nothing is written to
the results file, and the command exits non-zero naming each error. A missed target is a
measurement, not an error: the exit status stays 0.
"""

from __future__ import annotations

import datetime
import json
import os
import platform
import re
import subprocess
import sys
import traceback
from dataclasses import asdict
from pathlib import Path

from django.conf import settings
from django.contrib.staticfiles.storage import ManifestFilesMixin, staticfiles_storage
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import connection

from bench.core import Family, Figure, Flag, Stopwatch, Unmeasurable, ms_text, positive
from bench.figures import FAMILIES
from scoring.models import Hand
from tournaments.models import Event, Table

BENCH_SLUG = "bench-500"
RESULTS = Path(settings.BASE_DIR) / "bench" / "results"
NAMES = tuple(family.name for family in FAMILIES)
# The switches kept from before --skip: each leaves out one family.
SKIP_SWITCHES = {"skip_load": "load", "skip_pdf": "pdf"}

FLAGS = (
    Flag("--db", "/tmp/fivehundred-bench.sqlite3", str,
         "the throwaway SQLite file (default /tmp/fivehundred-bench.sqlite3)"),
    Flag("--use-current-db", help="measure the configured database (DATABASE_URL / SQLITE_PATH) instead"),
    Flag("--reuse", help="keep the bench event from an earlier run instead of building it again"),
    Flag("--partnerships", 500, int, "partnerships of the bench event (default 500)"),
    Flag("--runs", 15, positive(int), "runs of each page figure (default 15)"),
    Flag("--skip", [], str, f"leave out a family of figures: {', '.join(NAMES)} (may be repeated)", repeat=True,
         choices=NAMES),
    Flag("--only", [], str, "measure only this family (may be repeated)", repeat=True, choices=NAMES),
    Flag("--skip-load", help="the same as --skip load"),
    Flag("--skip-pdf", help="the same as --skip pdf"),
    Flag("--output", str(RESULTS / "latest.json"), str,
         "where to write the results as JSON (default bench/results/latest.json)"),
    *(flag for family in FAMILIES for flag in family.flags),
)


def add_arguments(parser) -> None:
    for flag in FLAGS:
        if flag.type is None:
            parser.add_argument(flag.name, action="store_true", help=flag.help)
        else:
            parser.add_argument(flag.name, type=flag.type, default=flag.default, help=flag.help,
                                action="append" if flag.repeat else "store", choices=flag.choices,
                                **({"metavar": "FAMILY"} if flag.choices else {}))


def argv_of(options: dict) -> list[str]:
    """The command line that gives these options again (for the child process)."""
    argv = []
    for flag in FLAGS:
        value = options.get(flag.dest)
        if flag.type is None:
            argv += [flag.name] if value else []
        elif flag.repeat:
            for item in value or []:
                argv += [flag.name, str(item)]
        elif value is not None:
            argv += [flag.name, str(value)]
    return argv


def chosen_families(options: dict) -> list[Family]:
    skip = set(options.get("skip") or []) | {name for switch, name in SKIP_SWITCHES.items() if options.get(switch)}
    only = set(options.get("only") or []) or set(NAMES)
    return [family for family in FAMILIES if family.name in only and family.name not in skip]


def run(options: dict, stdout) -> None:
    families = chosen_families(options)
    missing = [f"{family.name}: {problem}" for family in families for problem in family.missing(options)]
    if missing:
        raise CommandError("cannot measure every figure:\n  " + "\n  ".join(missing) + "\nor leave those figures out: "
                           + " ".join(sorted({f"--skip {line.split(':')[0]}" for line in missing})))
    if not options["use_current_db"]:
        run_in_throwaway_db(options, stdout)
        return
    Bench(options, stdout, families).run()


def run_in_throwaway_db(options: dict, stdout) -> None:
    db = Path(options["db"]).resolve()
    if not options["reuse"]:
        for suffix in ("", "-wal", "-shm"):
            Path(f"{db}{suffix}").unlink(missing_ok=True)
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["SQLITE_PATH"] = str(db)
    if "DJANGO_DEBUG" not in env:  # measure what production runs
        env["DJANGO_DEBUG"] = "false"
        env.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    argv = [sys.executable, str(Path(settings.BASE_DIR) / "manage.py"), "bench", *argv_of(options),
            "--use-current-db", "--verbosity", str(options.get("verbosity", 1))]
    stdout.write(f"Benchmark database: {db} (SQLite, throwaway)")
    stdout.flush()
    done = subprocess.run(argv, env=env, cwd=settings.BASE_DIR)
    if done.returncode:
        raise CommandError(f"the benchmark stopped with exit status {done.returncode} (see above)",
                           returncode=done.returncode)


class Bench:
    """One benchmark run on the configured database: what a figure's measure() receives."""

    def __init__(self, options: dict, stdout, families: list[Family]) -> None:
        self.options, self.stdout, self.families = options, stdout, families
        self.figures: list[Figure] = []
        self.event = None

    def run(self) -> None:
        self.prepare_database()
        if any(family.needs_event for family in self.families):
            self.event = self.bench_event()
        for family in self.families:
            for spec in family.figures:
                self.measure(family, spec)
        self.report()

    # ------------------------------------------------------------------ set-up

    def prepare_database(self) -> None:
        call_command("migrate", verbosity=0, interactive=False)
        if isinstance(staticfiles_storage, ManifestFilesMixin):
            # Production's pages name hashed static files, listed by collectstatic (docs/operations.md, "Production").
            call_command("collectstatic", verbosity=0, interactive=False)
        db = connection.settings_dict
        where = db["NAME"] if connection.vendor == "sqlite" else f"{db.get('HOST') or 'local'}/{db['NAME']}"
        self.stdout.write(f"Database: {connection.vendor} {where}; DEBUG {'on' if settings.DEBUG else 'off'}; "
                          f"figures: {', '.join(f.name for f in self.families)}")

    def bench_event(self):
        partnerships = self.options["partnerships"]
        figure = Figure(f"build the event: demo_event --partnerships {partnerships} --complete",
                        "(set-up, no target)", family="set-up")
        self.figures.append(figure)
        event = Event.objects.filter(slug=BENCH_SLUG).first()
        if event is not None and self.options["reuse"]:
            figure.status = "set-up: reused from an earlier run"
            return event
        if event is not None:
            raise CommandError(f"an event {BENCH_SLUG!r} exists already in this database: pass --reuse to "
                               "measure it, or delete it first")
        self.stdout.write(f"  building the event: {partnerships} partnerships ...")
        self.stdout.flush()
        with open(os.devnull, "w") as quiet, Stopwatch() as watch:
            call_command("demo_event", "--partnerships", str(partnerships), "--complete",
                         "--seed", "6", "--slug", BENCH_SLUG, stdout=quiet)
        watch.record(figure)
        event = Event.objects.get(slug=BENCH_SLUG)
        figure.extra = {
            "partnerships": event.partnerships.count(),
            "tables": Table.objects.filter(round__event=event, round__number=1).count(),
            "rounds": event.round_set.count(),
            "hands": Hand.objects.filter(table__round__event=event).count(),
        }
        figure.status = ("set-up: {partnerships} partnerships, {tables} tables, {rounds} rounds, "
                         "{hands} hands").format(**figure.extra)
        return event

    # ------------------------------------------------------------------ figures

    def measure(self, family: Family, spec) -> None:
        name = spec.name.format(partnerships=self.options["partnerships"], players=self.options.get("players"))
        figure = Figure(name, spec.target, family=family.name)
        self.figures.append(figure)
        self.stdout.write(f"  measuring: {figure.name} ...")
        self.stdout.flush()
        try:
            spec.measure(self, figure)
        except Unmeasurable as exc:
            figure.status = f"ERROR: {exc}"
        except Exception as exc:  # a broken piece is reported with the others, then the command fails
            figure.status = f"ERROR: {type(exc).__name__}: {str(exc)[:300]}"
            if self.options.get("verbosity", 1) > 1:
                traceback.print_exc()
        if not figure.status:
            figure.status = "measured" if figure.target.startswith("(") else "ok" if meets(figure) else "MISSED"

    # ------------------------------------------------------------------ output

    def report(self) -> None:
        width = max(len(f.name) for f in self.figures)
        lines = [f"{'figure':<{width}}  {'median':>10}  {'cpu':>10}  {'runs':>5}  {'queries':>7}  "
                 f"{'target':<24}  result"]
        for f in self.figures:
            queries = "-" if f.queries is None else str(f.queries)
            lines.append(f"{f.name:<{width}}  {ms_text(f.median_ms):>10}  {ms_text(f.cpu_ms):>10}  {f.runs:>5}  "
                         f"{queries:>7}  {f.target:<24}  {f.status}")
        self.stdout.write("\n".join(lines))
        machine = {
            "cpus": os.cpu_count(),
            "cpu": cpu_model(),
            "python": platform.python_version(),
            "system": platform.platform(),
            "database": connection.vendor,
            "debug": settings.DEBUG,
        }
        failed = [f for f in self.figures if f.failed]
        if failed:
            raise CommandError(f"{len(failed)} figure(s) could not be measured, so nothing was written to "
                               f"{self.options['output']}:\n  "
                               + "\n  ".join(f"{f.name}: {f.status}" for f in failed))
        out = Path(self.options["output"]).resolve()
        out.parent.mkdir(parents=True, exist_ok=True)
        out.write_text(json.dumps({
            "date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "machine": machine,
            "figures": [asdict(f) for f in self.figures],
        }, indent=2, ensure_ascii=False) + "\n")
        self.stdout.write(f"Machine: {machine['cpus']} CPUs ({machine['cpu']}), Python {machine['python']}, "
                          f"{machine['database']}, DEBUG {'on' if settings.DEBUG else 'off'}. Written to {out}")


def meets(figure: Figure) -> bool:
    """Whether the figure meets a target written as "< N ms|s" and/or "<= N queries"."""
    if figure.median_ms is None:
        return True
    ok = True
    found = re.match(r"< ([\d.]+) (ms|s)", figure.target)
    if found:
        ok = figure.median_ms < float(found.group(1)) * {"ms": 1, "s": 1000}[found.group(2)]
    found = re.search(r"<= (\d+) queries", figure.target)
    if found and figure.queries is not None:
        ok = ok and figure.queries <= int(found.group(1))
    return ok


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"
