"""Time the printed documents on a 500-partnership event (issue 5's speed targets).

    .venv/bin/python bench/pdf_bench.py                  # throwaway SQLite event, 3 runs each
    .venv/bin/python bench/pdf_bench.py --slug SLUG      # an event in the configured database
    .venv/bin/python bench/pdf_bench.py --command        # also time `manage.py pdf ... --kind sheets`

Without --slug it points SQLITE_PATH at a throwaway file (--db, recreated each run), migrates it
and builds the event with `manage.py demo_event --partnerships N --complete`, so the real
database is never touched. Prints, for each document, the median wall time and CPU time of
--runs runs (the QR cache emptied before each), then the targets: whole-event score sheets
under 20 s, standings under 2 s. The wall time includes whatever else the machine is doing:
the CPU column is the figure to compare between machines under load.
"""

import argparse
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--slug", help="an existing event (default: build one in a throwaway SQLite file)")
    parser.add_argument("--partnerships", type=int, default=500)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--db", default="/tmp/fivehundred-pdf-bench.sqlite3")
    parser.add_argument("--command", action="store_true", help="also time the manage.py pdf command (sheets)")
    args = parser.parse_args()
    if args.slug is None:
        Path(args.db).unlink(missing_ok=True)
        os.environ["SQLITE_PATH"] = args.db
        os.environ.pop("DATABASE_URL", None)
    sys.path.insert(0, str(ROOT))
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from scoring import pdf_bench
    from tournaments.models import Event

    slug = args.slug
    if slug is None:
        slug = f"pdf-bench-{args.partnerships}"
        call_command("migrate", verbosity=0)
        started = time.perf_counter()
        call_command("demo_event", "--partnerships", str(args.partnerships), "--complete", "--slug", slug)
        print(f"(event built in {time.perf_counter() - started:.1f} s)")
    event = Event.objects.get(slug=slug)
    print(f"Event {slug}: {event.partnerships.count()} partnerships, {event.round_set.count()} rounds; "
          f"{os.cpu_count()} CPUs, load average {os.getloadavg()[0]:.1f}")
    results = pdf_bench.measure(event, args.runs)
    width = max(len(name) for name, *_ in results)
    print(f"{'document':<{width}}  {'median wall':>11}  {'median CPU':>10}  runs")
    for name, wall, cpu, runs in results:
        print(f"{name:<{width}}  {wall:>9.2f} s  {cpu:>8.2f} s  {runs}")
    if args.command:
        walls = []
        for _ in range(args.runs):
            started = time.perf_counter()
            subprocess.run([sys.executable, str(ROOT / "manage.py"), "pdf", slug, "--kind", "sheets",
                            "-o", "/tmp/pdf-bench-sheets.pdf"], check=True, cwd=ROOT, env=os.environ)
            walls.append(time.perf_counter() - started)
        print(f"manage.py pdf {slug} --kind sheets: median {statistics.median(walls):.2f} s wall "
              f"over {args.runs} runs (a fresh process each: Django start-up included)")
    whole = results[0][1]
    standings = results[3][1]
    print(f"targets: score sheets {whole:.2f} s < 20 s {'ok' if whole < 20 else 'MISSED'}; "
          f"standings {standings:.2f} s < 2 s {'ok' if standings < 2 else 'MISSED'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
