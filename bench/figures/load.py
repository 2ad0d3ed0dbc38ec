"""The live standings under load: gunicorn with 2 workers on a free 127.0.0.1 port, production
settings, driven by wrk for --load-seconds with the If-None-Match header a phone sends (304 when
nothing changed), then for half as long without it (the cached fragment).

Needs `wrk` (Debian package wrk) and gunicorn (requirements.txt); a missing one is named before
anything is built. Every request carries X-Forwarded-Proto: https, as from the TLS proxy of
README "Production", so the server's HTTPS redirect stays on. wrk's output goes to
bench/results/wrk-*.txt, gunicorn's to bench/results/gunicorn.log. Reads the database only.
"""

from __future__ import annotations

import os
import re
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

from bench.core import Family, Figure, FigureSpec, Flag, Unmeasurable
from bench.http import url_for

RESULTS = Path(settings.BASE_DIR) / "bench" / "results"
PROXY_HEADER = ("X-Forwarded-Proto", "https")


def wrk_path() -> str | None:
    return shutil.which("wrk")


def gunicorn_path() -> str | None:
    beside_python = Path(sys.executable).with_name("gunicorn")
    return str(beside_python) if beside_python.exists() else shutil.which("gunicorn")


def missing(options: dict) -> list[str]:
    problems = []
    if wrk_path() is None:
        problems.append("wrk is not installed: install it with apt-get install wrk")
    if gunicorn_path() is None:
        problems.append("gunicorn is not installed: install it with pip install -r requirements.txt")
    return problems


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
    wrk, gunicorn = wrk_path(), gunicorn_path()
    if wrk is None or gunicorn is None:
        raise Unmeasurable("; ".join(missing(bench.options)))
    path = url_for("scoring:standings-fragment", bench.event.slug)
    port = _free_port()
    url = f"http://127.0.0.1:{port}{path}"
    connection.close()  # the workers open their own; SQLite's WAL lets them read beside us
    RESULTS.mkdir(parents=True, exist_ok=True)
    with open(RESULTS / "gunicorn.log", "w") as log:
        server = subprocess.Popen(
            [gunicorn, "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}", "--log-level", "warning"],
            cwd=settings.BASE_DIR, env=_server_env(), stdout=log, stderr=subprocess.STDOUT, start_new_session=True,
        )
        try:
            etag = _first_answer(url, server)
            seconds = bench.options["load_seconds"]
            polls = _wrk(wrk, url, seconds, etag)
            full = _wrk(wrk, url, max(3, seconds // 2), None)
        finally:
            os.killpg(server.pid, 15)
            try:
                server.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(server.pid, 9)
                server.wait()
    figure.extra = {"polls_with_etag": polls, "full_fragment_without_etag": full}
    for run, expected in ((polls, "304"), (full, "200")):
        if run["requests"] == 0 or run["latency_p50_ms"] is None:
            raise Unmeasurable(f"wrk measured nothing against {url}; see bench/results/wrk-*.txt")
        if run["non_2xx_3xx"]:
            raise Unmeasurable(f"GET {url} answered {run['non_2xx_3xx']} times with a status other than "
                               f"2xx/3xx under load (expected {expected}); see bench/results/gunicorn.log")
    figure.runs = polls["requests"]
    figure.median_ms = polls["latency_p50_ms"]
    errors = polls["socket_errors"] + full["socket_errors"]
    ok = polls["requests_per_second"] >= 300 and errors == 0
    figure.status = ("ok" if ok else "MISSED") + (
        f": {polls['requests_per_second']:.0f} req/s, {polls['socket_errors']} socket errors (304 polls); "
        f"full fragment without ETag: {full['requests_per_second']:.0f} req/s, {full['socket_errors']} errors")


def _wrk(wrk: str, url: str, seconds: int, etag: str | None) -> dict:
    # One wrk thread and 8 connections: enough to keep 2 sync workers busy without wrk taking
    # a core from them on this 2-core machine.
    argv = [wrk, "-t1", "-c8", f"-d{seconds}s", "--latency", "--timeout", "5s", "-H", ": ".join(PROXY_HEADER)]
    if etag:
        argv += ["-H", f"If-None-Match: {etag}"]
    done = subprocess.run([*argv, url], capture_output=True, text=True, timeout=seconds + 30)
    text = done.stdout
    (RESULTS / f"wrk-{'etag' if etag else 'full'}.txt").write_text(text + done.stderr)
    if done.returncode:
        raise Unmeasurable(f"wrk exited with status {done.returncode}: {done.stderr.strip()[:300]}")

    def number(pattern: str) -> float:
        found = re.search(pattern, text)
        return float(found.group(1)) if found else 0.0

    p50 = re.search(r"50%\s+([\d.]+)(us|ms|s)", text)
    scale = {"us": 0.001, "ms": 1, "s": 1000}
    return {
        "requests": int(number(r"(\d+) requests in")),
        "requests_per_second": number(r"Requests/sec:\s+([\d.]+)"),
        "non_2xx_3xx": int(number(r"Non-2xx or 3xx responses: (\d+)")),
        "socket_errors": sum(int(n) for n in re.findall(r"(?:connect|read|write|timeout) (\d+)", text)),
        "latency_p50_ms": float(p50.group(1)) * scale[p50.group(2)] if p50 else None,
    }


FAMILY = Family(
    name="load",
    help="the live standings under load: gunicorn with 2 workers driven by wrk (needs wrk)",
    figures=(FigureSpec("live standings under load: gunicorn 2 workers, wrk", ">= 300 req/s, 0 errors",
                        live_standings_under_load),),
    flags=(Flag("--load-seconds", 10, int, "how long wrk drives gunicorn (default 10)"),),
    missing=missing,
)
