"""The hall storm (bench/storm.py) as figures of `manage.py bench`: the busiest minute of a 250-table
day through gunicorn with 2 workers, on SQLite and on PostgreSQL, --storm-seconds long (60 by
default). Each database gives one row per target: save and poll p95, errors, CPU, the standings'
lag behind the last save, the rebuild / single-query ratio, the entry page's transferred bytes and
the final recomputation. The storm builds its own 500-partnership event in its own database
(a throwaway SQLite file, or the PostgreSQL database fivehundred_storm) and Redis database 3.

Needs PostgreSQL and Redis on 127.0.0.1 (the machine's services); a missing one is named before
anything is built, and `--skip storm` leaves the family out.
"""

from __future__ import annotations

import socket

from bench import storm
from bench.core import Family, Figure, FigureSpec, Flag, Unmeasurable, packages_missing, positive

DATABASES = ("sqlite", "postgres")


def _listening(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(1)
        return sock.connect_ex(("127.0.0.1", port)) == 0


def missing(options: dict) -> list[str]:
    problems = packages_missing("aiohttp")  # the save phones' HTTP client (requirements-dev.txt)
    if not _listening(6379):
        problems.append("Redis is not running on 127.0.0.1:6379: start it with `redis-server --daemonize yes "
                        "--bind 127.0.0.1 --port 6379` (or apt-get install redis-server)")
    if not _listening(5432):
        problems.append("PostgreSQL is not running on 127.0.0.1:5432: start it with `pg_ctlcluster "
                        "--skip-systemctl-redirect $(ls /etc/postgresql) main start`")
    return problems


def _row(bench, name: str, target: str, status_ok: bool, *, ms: float | None = None, extra: dict | None = None,
         measured: str = "") -> Figure:
    figure = Figure(name, target, family="storm", runs=1, median_ms=ms, extra=extra or {})
    figure.status = ("ok" if status_ok else "MISSED") + (f": {measured}" if measured else "")
    bench.figures.append(figure)
    return figure


def _measure(database: str):
    def measure(bench, figure: Figure) -> None:
        seconds = bench.options.get("storm_seconds", 60)
        try:
            f = storm.run_storm(database, seconds, out=lambda text: (bench.stdout.write(text), bench.stdout.flush()))
        except Exception as exc:  # the storm's own set-up failed: nothing measured
            raise Unmeasurable(f"the storm on {database} did not run: {type(exc).__name__}: {str(exc)[:300]}") from exc
        s, p, lag, r, page = f["saves"], f["polls"], f["lag"], f["rebuild"], f["entry_page"]
        if not s["n"] or not p["n"]:
            raise Unmeasurable(f"the storm on {database} answered {s['n']} saves and {p['n']} polls")
        targets = storm.TARGETS
        figure.runs, figure.median_ms = s["n"], s["p95_ms"]
        figure.extra = {"p50_ms": s["p50_ms"], "p99_ms": s["p99_ms"], "saves_per_second": f["saves_per_second"]}
        figure.status = ("ok" if s["p95_ms"] < targets["save_p95_ms"] else "MISSED") + (
            f": p50 {s['p50_ms']} ms, p99 {s['p99_ms']} ms, {s['n']} saves")
        _row(bench, f"storm {database}: poll p95 (1,000 phones + 2 projectors)", "< 50 ms",
             p["p95_ms"] < targets["poll_p95_ms"], ms=p["p95_ms"],
             extra={"p50_ms": p["p50_ms"], "p99_ms": p["p99_ms"], "polls_per_second": f["polls_per_second"]},
             measured=f"p50 {p['p50_ms']} ms, p99 {p['p99_ms']} ms, {f['polls_per_second']} polls/s")
        _row(bench, f"storm {database}: errors", "0", f["errors"] == 0, extra={"kinds": f["error_kinds"]},
             measured=f"{f['errors']} {f['error_kinds'] if f['errors'] else ''}".strip())
        _row(bench, f"storm {database}: gunicorn CPU", "(no target)", True,
             extra={"cpu_seconds": f["server_cpu_seconds"], "share_of_2_cores": f["server_cpu_share_of_2_cores"]},
             measured=f"{f['server_cpu_seconds']} s ({f['server_cpu_share_of_2_cores']:.0%} of 2 cores)")
        _row(bench, f"storm {database}: standings behind the last save", "<= 5 s",
             lag["max_s"] is not None and lag["max_s"] <= targets["lag_max_s"], extra=lag,
             measured=f"max {lag['max_s']} s")
        _row(bench, f"storm {database}: standings rebuild / single grouped query", "<= 3",
             r["ratio"] <= targets["ratio"], ms=r["rebuild_wall_ms"], extra=r,
             measured=f"ratio {r['ratio']} ({r['rebuild_wall_ms']} ms vs {r['floor_wall_ms']} ms)")
        sent = page.get("transferred_bytes")
        _row(bench, f"storm {database}: entry page transferred", "< 15 KB",
             sent is not None and sent < targets["entry_bytes"], extra=page, measured=f"{sent} bytes")
        _row(bench, f"storm {database}: standings equal a recomputation", "no difference",
             r["check_differences"] == 0, measured=f"{r['check_differences']} difference(s)")

    return measure


FAMILY = Family(
    name="storm",
    help="the hall storm: 250 phones saving and 1,000 polling through gunicorn, on SQLite and PostgreSQL",
    figures=tuple(FigureSpec(f"storm {db}: save p95 (250 phones, 5 hands/s)", "< 100 ms", _measure(db))
                  for db in DATABASES),
    flags=(Flag("--storm-seconds", 60, positive(int), "how long the hall storm runs on each database (default 60)"),),
    missing=missing,
)
