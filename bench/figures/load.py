"""The live standings under load: gunicorn with 2 workers on a free 127.0.0.1 port, production
settings, driven for --load-seconds by 8 clients at once, each sending its next GET as soon as the
last one is answered, with the If-None-Match header a phone sends (304 when nothing changed), then
for half as long without it (the cached fragment, 200).

The clients are this process's own (bench.http.plain_get, the hall storm's pollers' GET, on one
asyncio loop), so the figure needs nothing installed beyond requirements.txt: gunicorn, named
before anything is built when it is missing. Every request carries X-Forwarded-Proto: https, as
from the TLS proxy of docs/operations.md "Production", so the server's HTTPS redirect stays on,
and Accept-Encoding: gzip, as a phone's browser. Each run's figures go to
bench/results/load-etag.json and load-full.json, gunicorn's output to bench/results/gunicorn.log.
Reads the database only.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

from django.conf import settings
from django.db import connection

from bench.core import Family, Figure, FigureSpec, Flag, Unmeasurable, percentiles, positive
from bench.http import plain_get, url_for

RESULTS = Path(settings.BASE_DIR) / "bench" / "results"
PROXY_HEADER = ("X-Forwarded-Proto", "https")
# Eight requests in flight keep 2 sync workers busy; one asyncio loop sends them all, so the
# client takes well under one of the machine's cores from the server.
CLIENTS = 8
TIMEOUT_SECONDS = 5
TARGET_PER_SECOND = 300


def gunicorn_path() -> str | None:
    beside_python = Path(sys.executable).with_name("gunicorn")
    return str(beside_python) if beside_python.exists() else shutil.which("gunicorn")


def missing(options: dict) -> list[str]:
    if gunicorn_path() is None:
        return ["gunicorn is not installed: install it with pip install -r requirements.txt"]
    return []


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def _server_env() -> dict:
    """Production settings for gunicorn: the caller's own, or a bench-only secret key when none is set."""
    env = {**os.environ, "DJANGO_DEBUG": "false", "DJANGO_ALLOWED_HOSTS": "127.0.0.1", "DJANGO_LOG_LEVEL": "ERROR"}
    env.setdefault("DJANGO_SECRET_KEY", "bench-only-" + "x" * 50)
    return env


def _first_answer(url: str, server: subprocess.Popen) -> str:
    """Wait up to 30 s for gunicorn to answer url with 200, and return the ETag it sends."""
    deadline = time.monotonic() + 30
    request = urllib.request.Request(url, headers=dict([PROXY_HEADER]))
    while True:
        try:
            with urllib.request.urlopen(request, timeout=5) as response:
                etag = response.headers.get("ETag")
                if not etag:
                    raise Unmeasurable(f"{url} sends no ETag")
                return etag
        except urllib.error.HTTPError as exc:
            raise Unmeasurable(f"gunicorn answered {exc.code} for GET {url}, not 200") from None
        except (urllib.error.URLError, ConnectionError):
            if server.poll() is not None:
                raise Unmeasurable(f"gunicorn exited ({server.returncode}); see bench/results/gunicorn.log") from None
            if time.monotonic() > deadline:
                raise Unmeasurable("gunicorn did not answer within 30 s; see bench/results/gunicorn.log") from None
            time.sleep(0.3)


def live_standings_under_load(bench, figure: Figure) -> None:
    gunicorn = gunicorn_path()
    if gunicorn is None:
        raise Unmeasurable("; ".join(missing(bench.options)))
    path = url_for("scoring:standings-fragment", bench.event.slug)
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    connection.close()  # the workers open their own; SQLite's WAL lets them read beside us
    RESULTS.mkdir(parents=True, exist_ok=True)
    with open(RESULTS / "gunicorn.log", "w") as log:
        server = subprocess.Popen(
            [gunicorn, "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
            cwd=settings.BASE_DIR, env=_server_env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            etag = _first_answer(base + path, server)
            seconds = bench.options["load_seconds"]
            polls = drive(base, path, seconds, etag=etag)
            full = drive(base, path, max(3, seconds // 2), etag=None)
        finally:
            os.killpg(server.pid, 15)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
                server.wait()
    for name, run in (("etag", polls), ("full", full)):
        (RESULTS / f"load-{name}.json").write_text(json.dumps(run, indent=2) + "\n")
    figure.extra = {"polls_with_etag": polls, "full_fragment_without_etag": full}
    for run, expected in ((polls, 304), (full, 200)):
        if run["requests"] == 0:
            raise Unmeasurable(f"no request to {base + path} was answered in {run['seconds']} s: "
                               f"{'; '.join(run['error_kinds']) or 'no error either'}")
        others = {status: n for status, n in run["statuses"].items() if status != str(expected)}
        if others:
            raise Unmeasurable(f"GET {base + path} answered {others} under load, not only {expected}; "
                               "see bench/results/gunicorn.log")
    figure.runs = polls["requests"]
    figure.median_ms = polls["latency"]["p50_ms"]
    ok = polls["requests_per_second"] >= TARGET_PER_SECOND and polls["errors"] == 0 and full["errors"] == 0
    figure.status = ("ok" if ok else "MISSED") + (
        f": {polls['requests_per_second']:.0f} req/s, p95 {polls['latency']['p95_ms']} ms, "
        f"p99 {polls['latency']['p99_ms']} ms, {polls['errors']} errors (304 polls); "
        f"full fragment without ETag: {full['requests_per_second']:.0f} req/s, "
        f"p95 {full['latency']['p95_ms']} ms, {full['errors']} errors")


def drive(base: str, path: str, seconds: float, *, etag: str | None, clients: int = CLIENTS) -> dict:
    """GET base + path from `clients` clients at once for `seconds`, each sending its next request
    when the last is answered. Returns the requests answered, requests/s, latency percentiles, the
    statuses, and the errors (a refused or dropped connection, no answer within 5 s, a short body)."""
    headers = {PROXY_HEADER[0]: PROXY_HEADER[1], "Accept-Encoding": "gzip"}
    if etag:
        headers["If-None-Match"] = etag
    latencies: list[float] = []
    statuses: dict[str, int] = {}
    errors: list[str] = []

    async def client(stop_at: float) -> None:
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            try:
                status, _, _ = await asyncio.wait_for(plain_get(base, path, headers), TIMEOUT_SECONDS)
            except (OSError, ValueError, IndexError, TimeoutError) as exc:
                errors.append(type(exc).__name__)
                continue
            latencies.append(time.perf_counter() - started)
            statuses[str(status)] = statuses.get(str(status), 0) + 1

    async def all_clients() -> float:
        started = time.perf_counter()
        stop_at = time.monotonic() + seconds
        await asyncio.gather(*(client(stop_at) for _ in range(clients)))
        return time.perf_counter() - started

    elapsed = asyncio.run(all_clients())
    return {
        "seconds": round(elapsed, 2),
        "clients": clients,
        "requests": len(latencies),
        "requests_per_second": round(len(latencies) / elapsed, 1),
        "latency": percentiles(latencies),
        "statuses": statuses,
        "errors": len(errors),
        "error_kinds": sorted({f"{kind} x{errors.count(kind)}" for kind in errors}),
    }


FAMILY = Family(
    name="load",
    help="the live standings under load: gunicorn with 2 workers, 8 clients of this process at once",
    figures=(FigureSpec("live standings under load: gunicorn 2 workers, 8 clients", ">= 300 req/s, 0 errors",
                        live_standings_under_load),),
    flags=(Flag("--load-seconds", 10, positive(int), "how long the clients drive gunicorn (default 10)"),),
    missing=missing,
)
