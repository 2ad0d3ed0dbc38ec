"""Two gunicorn servers behind one PostgreSQL and one Redis (docs/operations.md, "Several servers").

A phone saves hands through server A (table link, CSRF cookie and token, as a browser does) while
the standings fragment is polled through server B, with the ETag of its last answer like
static/js/live.js. Every save must show on B within one poll interval (5 s), whichever worker of
either server rebuilt the standings: nothing one process needs may live only in another.

Skipped, with the reason, when the tests do not run on PostgreSQL or no Redis answers on
127.0.0.1:6379. The servers use Redis database 1 (flushed before and after) and a throwaway
PostgreSQL database created for the test and dropped afterwards. Only 127.0.0.1 is contacted.
"""

from __future__ import annotations

import http.client
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.parse
from http.cookies import SimpleCookie
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

pytestmark = [pytest.mark.slow, pytest.mark.django_db(transaction=True)]

BASE_DIR = Path(settings.BASE_DIR)
REDIS_URL = "redis://127.0.0.1:6379/1"
POLL_SECONDS = 5  # scoring.views.standings.LIVE_SECONDS: how often the page polls
SLUG = "two-servers"


def _redis_or_skip():
    try:
        import redis
    except ImportError:
        pytest.skip("the redis package is not installed (requirements.txt)")
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=1)
    try:
        client.ping()
    except redis.exceptions.ConnectionError:
        pytest.skip("no Redis server answers on 127.0.0.1:6379")
    return client


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Browser:
    """A phone's browser on one server: keeps its cookies (Secure ones too: this is the loopback)."""

    def __init__(self, port: int):
        self.port = port
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, data: dict | None = None, headers: dict | None = None):
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        headers = dict(headers or {})
        if self.cookies:
            headers["Cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        body = None
        if data is not None:
            body = urllib.parse.urlencode(data)
            headers["Content-Type"] = "application/x-www-form-urlencoded"
            headers["Origin"] = f"http://127.0.0.1:{self.port}"
        conn.request(method, path, body=body, headers=headers)
        response = conn.getresponse()
        content = response.read()
        for value in response.headers.get_all("Set-Cookie") or []:
            for name, morsel in SimpleCookie(value).items():
                self.cookies[name] = morsel.value
        conn.close()
        return response, content


@pytest.fixture
def servers(tmp_path):
    if connection.vendor != "postgresql":
        pytest.skip("two servers share one PostgreSQL database: run with DATABASE_URL=postgres://... (bin/test does)")
    redis_client = _redis_or_skip()
    redis_client.flushdb()  # database 1 only
    # The servers get their own database, migrated and filled by manage.py (they cannot see the
    # test's transaction), named after the test database so parallel runs do not collide.
    url = urllib.parse.urlsplit(os.environ["DATABASE_URL"])
    name = f"{connection.settings_dict['NAME']}_two_servers"[:60]
    database_url = urllib.parse.urlunsplit(url._replace(path=f"/{name}"))
    with connection.cursor() as cursor:
        cursor.execute(f'DROP DATABASE IF EXISTS "{name}"')
        cursor.execute(f'CREATE DATABASE "{name}"')
    env = {**os.environ, "DATABASE_URL": database_url, "REDIS_URL": REDIS_URL, "DJANGO_DEBUG": "false",
           "DJANGO_SECRET_KEY": "two-servers-test-" + "x" * 50, "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
           "DJANGO_SECURE_SSL_REDIRECT": "false", "DJANGO_LOG_LEVEL": "ERROR"}
    env.pop("SQLITE_PATH", None)
    manage = [sys.executable, str(BASE_DIR / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v", "0"], env=env, cwd=BASE_DIR, check=True)
    subprocess.run([*manage, "collectstatic", "--noinput", "-v", "0"], env=env, cwd=BASE_DIR, check=True)
    subprocess.run([*manage, "demo_event", "--partnerships", "8", "--rounds", "3", "--seed", "3", "--slug", SLUG],
                   env=env, cwd=BASE_DIR, check=True, stdout=subprocess.DEVNULL)
    gunicorn = shutil.which("gunicorn") or str(Path(sys.executable).with_name("gunicorn"))
    ports, processes = [_free_port(), _free_port()], []
    try:
        for port in ports:
            log = open(tmp_path / f"gunicorn-{port}.log", "w")
            processes.append(subprocess.Popen(
                [gunicorn, "config.wsgi", "--workers", "2", "--bind", f"127.0.0.1:{port}"],
                cwd=BASE_DIR, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True))
        for port, process in zip(ports, processes, strict=True):
            _wait_until_up(port, process, tmp_path)
        yield {"ports": ports, "env": env, "manage": manage, "redis": redis_client}
    finally:
        for process in processes:
            os.killpg(process.pid, signal.SIGTERM)
        for process in processes:
            try:
                process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait()
        redis_client.flushdb()
        with connection.cursor() as cursor:
            cursor.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


def _wait_until_up(port: int, process, tmp_path) -> None:
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            logs = "".join(p.read_text() for p in tmp_path.glob("gunicorn-*.log"))
            pytest.fail(f"gunicorn on port {port} exited ({process.returncode}):\n{logs[-2000:]}")
        try:
            response, _ = Browser(port).request("GET", f"/events/{SLUG}/standings/live/")
            if response.status == 200:
                return
        except OSError:
            pass
        time.sleep(0.3)
    pytest.fail(f"gunicorn on port {port} did not answer within 60 s")


def _open_table(servers) -> dict:
    """The table link and next hand of a table in the demo event's open round, and what N-S types to prove
    its side there (its PIN, or its number by the event's confirmation check; docs/trust.md), read via
    the servers' DB."""
    script = (
        "from tournaments.models import Table\n"
        f"t = Table.objects.filter(round__event__slug={SLUG!r}, round__status='open', hands__isnull=True)"
        ".select_related('round__event', 'ns').order_by('round__number', 'number').first()\n"
        "code = str(t.ns.number) if t.round.event.confirmation_check == 'number' else t.ns.pin\n"
        "print(t.token, t.round.pk, code)\n"
    )
    done = subprocess.run([*servers["manage"], "shell", "-c", script], env=servers["env"], cwd=BASE_DIR,
                          capture_output=True, text=True, check=True)
    token, round_pk, code = done.stdout.split()[-3:]
    return {"token": token, "round": int(round_pk), "code": code}


def _version(etag: str) -> int:
    found = re.search(r"-v(\d+)-", etag)
    assert found, f"the live fragment's ETag {etag!r} carries no event version"
    return int(found.group(1))


def test_a_save_through_one_server_shows_on_the_other_within_the_poll_interval(servers):
    writer_port, reader_port = servers["ports"]
    table = _open_table(servers)
    phone, viewer = Browser(writer_port), Browser(reader_port)
    live = f"/events/{SLUG}/standings/live/"

    first, html = viewer.request("GET", live)
    assert first.status == 200 and first.headers["ETag"]
    etag = first.headers["ETag"]

    entry = f"/t/{table['token']}/"
    page, _ = phone.request("GET", entry)
    assert page.status == 200 and "csrftoken" in phone.cookies
    chosen, _ = phone.request("POST", f"{entry}side/",
                              {"side": "ns", "code": table["code"], "csrfmiddlewaretoken": phone.cookies["csrftoken"]})
    assert chosen.status == 302  # proven with N-S's PIN: the phone may now enter

    # RULES.md: 7H made with 8 tricks is +200 to the bidders and 10 a trick (+20) to the defenders;
    # 6S set with 5 tricks is -40 to the bidders and +50 to the defenders.
    hands = [("ns", "7H", 8), ("ew", "6S", 5)]
    for number, (declarer, contract, tricks) in enumerate(hands, start=1):
        saved, body = phone.request("POST", entry, {
            "number": number, "round": table["round"], "declarer": declarer, "contract": contract, "tricks": tricks,
            "csrfmiddlewaretoken": phone.cookies["csrftoken"]})
        assert saved.status == 302, body[:500]
        saved_at = time.monotonic()
        # The viewer polls the other server as the page does; the save must show within 5 s.
        while True:
            polled, html = viewer.request("GET", live, headers={"If-None-Match": etag})
            assert polled.status in (200, 304)
            if polled.status == 200 and _version(polled.headers["ETag"]) > _version(etag):
                etag = polled.headers["ETag"]
                break
            waited = time.monotonic() - saved_at
            assert waited < POLL_SECONDS, (
                f"hand {number} saved through one server was not shown by the other after {waited:.1f} s")
            time.sleep(0.25)

    text = html.decode()
    # Table 1 of the open round: N-S made 7H (+200) and defended 6S (+50): 250; E-W 20 - 40 = -20.
    assert ">250<" in text and ">-20<" in text
    # And through the writer's server too, the same version: one shared cache, one answer.
    same, _ = Browser(writer_port).request("GET", live, headers={"If-None-Match": etag})
    assert same.status == 304
    # The fragment was built into Redis (database 1), where every worker of both servers reads it.
    keys = [k.decode() for k in servers["redis"].keys("*standings:*")]
    assert any(k.endswith(f"{etag}:gzip") for k in keys), keys
