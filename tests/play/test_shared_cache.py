"""The shared cache and the live standings built once per change (docs/operations.md, "Several servers" and "Speed").

- REDIS_URL selects Django's Redis backend (Redis database 2 here, flushed before and after); a
  bad value is refused naming the variable, as is a bad LIVE_STALE_SECONDS.
- The live fragment is built once per event version into the cache: a second process (another
  worker or server) answers from it without the standings queries; while another process holds
  the rebuild lock, the build before is served with its own ETag; within LIVE_STALE_SECONDS the
  build before is served too, and after it the new scores show.
- Each process keeps the last build it answered with and, within LIVE_STALE_SECONDS, the event's
  version it last read: the next polls of that version cost no cache round trip (and, within the
  window, no query), a phone is never sent a build older than the one it shows, and another
  process answers the same from the cache.
- Pages are gzipped; the live fragment is stored gzipped once and sent as is.
- A recomputation that reuses unchanged partnerships' cells (compute's `memo`) gives exactly
  the standings of a recomputation from nothing.
"""

from __future__ import annotations

import gzip
import importlib
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse

from scoring.engine import standings as S
from scoring.services import hand_record
from tests.builders import SCORER, make_event, make_partnerships, prove_side
from tournaments.services import round_create

pytestmark = pytest.mark.django_db
ROOT = Path(settings.BASE_DIR)


def _settings_with(**env) -> subprocess.CompletedProcess:
    """Import config.settings in a fresh interpreter with these variables; print CACHES and the stale window."""
    code = ("import config.settings as s; print(s.CACHES['default']['BACKEND']); "
            "print(s.CACHES['default'].get('LOCATION', '')); print(s.LIVE_STALE_SECONDS)")
    clean = {k: v for k, v in os.environ.items() if k not in ("REDIS_URL", "LIVE_STALE_SECONDS")}
    return subprocess.run([sys.executable, "-c", code], cwd=ROOT, env={**clean, **env}, capture_output=True, text=True)


def test_redis_url_selects_the_redis_backend_and_locmem_is_the_default():
    redis = _settings_with(REDIS_URL="redis://127.0.0.1:6379/1")
    assert redis.returncode == 0, redis.stderr
    assert redis.stdout.split() == ["django_redis.cache.RedisCache", "redis://127.0.0.1:6379/1", "0"]
    local = _settings_with(REDIS_URL="")
    assert local.stdout.split() == ["django.core.cache.backends.locmem.LocMemCache", "0"]
    production = _settings_with(DJANGO_DEBUG="false", DJANGO_SECRET_KEY="x" * 50)
    assert production.stdout.split()[-1] == "1"  # production serves a build up to 1 s old while rebuilding


@pytest.mark.parametrize("name,value,message", [
    ("REDIS_URL", "127.0.0.1:6379", "REDIS_URL must start with redis:// or rediss:// or unix://, not '127.0.0.1:6379'"),
    ("REDIS_URL", "http://127.0.0.1:6379", "REDIS_URL must start with"),
    ("LIVE_STALE_SECONDS", "soon", "LIVE_STALE_SECONDS must be a number of seconds, not 'soon'"),
    ("LIVE_STALE_SECONDS", "-1", "LIVE_STALE_SECONDS must be between 0 and 60 seconds, not '-1'"),
])
def test_a_bad_cache_setting_is_refused_naming_the_variable(name, value, message):
    done = _settings_with(**{name: value})
    assert done.returncode != 0
    assert "ImproperlyConfigured" in done.stderr and message in done.stderr


def _redis_cache():
    """Django's Redis backend on database 2, or skip when no Redis answers (test_two_servers has
    database 1: bin/test runs test files two at a time)."""
    pytest.importorskip("redis")
    from django.core.cache.backends.redis import RedisCache

    backend = RedisCache("redis://127.0.0.1:6379/2", {"KEY_PREFIX": "fh-test"})
    try:
        backend._cache.get_client(write=True).ping()
    except Exception as exc:  # redis' own ConnectionError; the message says why
        pytest.skip(f"no Redis server answers on 127.0.0.1:6379: {exc}")
    return backend


@pytest.fixture
def shared(monkeypatch):
    """The live views' cache is Redis database 2: what another worker or server would see."""
    backend = _redis_cache()
    backend._cache.get_client(write=True).flushdb()
    views = importlib.import_module("scoring.views.standings")
    monkeypatch.setattr(views, "cache", backend)
    yield backend
    backend._cache.get_client(write=True).flushdb()


@pytest.fixture
def stale_clock(settings, monkeypatch) -> list[float]:
    """A one-second LIVE_STALE_SECONDS on the live views' clock, which the test moves by hand."""
    views = importlib.import_module("scoring.views.standings")
    now = [1_000_000.0]
    monkeypatch.setattr(views.time, "time", lambda: now[0])
    settings.LIVE_STALE_SECONDS = 1
    return now


def _one_table_event():
    event = make_event(rounds=1, hands_per_round=2)
    p = make_partnerships(event, 2)
    table = round_create(event=event, number=1, tables=[(1, p[1], p[2])], status="open").tables.get()
    return event, table


def _live(event) -> str:
    return reverse("scoring:standings-fragment", args=[event.slug])


def test_a_second_worker_answers_from_the_shared_build_without_the_standings_queries(
        client, shared, django_assert_max_num_queries):
    event, table = _one_table_event()
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)  # RULES.md: +200 / +20
    first = client.get(_live(event))
    assert first.status_code == 200 and ">200<" in first.content.decode()
    keys = [k.decode() for k in shared._cache.get_client().keys("*")]
    assert any(key.endswith(f'{first["ETag"]}:gzip') for key in keys), keys
    views = importlib.import_module("scoring.views.standings")
    views._SERVED.clear()  # another process: no copy of its own
    with django_assert_max_num_queries(1):  # the ETag query only: the HTML comes from Redis
        other = client.get(_live(event))
    assert other.content == first.content and other["ETag"] == first["ETag"]


def test_the_next_polls_of_a_version_are_answered_from_the_process_own_copy(client, shared, monkeypatch,
                                                                            django_assert_num_queries):
    event, table = _one_table_event()
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)
    first = client.get(_live(event), HTTP_ACCEPT_ENCODING="gzip")

    def no_round_trip(*args, **kwargs):
        raise AssertionError("the cache was asked")

    monkeypatch.setattr(shared, "get_many", no_round_trip)
    monkeypatch.setattr(shared, "get", no_round_trip)
    with django_assert_num_queries(1):  # the version, read every time outside the stale window (0 s here)
        again = client.get(_live(event), HTTP_ACCEPT_ENCODING="gzip")
    assert again.status_code == 200 and again.content == first.content and again["ETag"] == first["ETag"]
    assert again["Content-Encoding"] == "gzip" and ">200<" in gzip.decompress(again.content).decode()
    with django_assert_num_queries(1):
        seen = client.get(_live(event), HTTP_IF_NONE_MATCH=first["ETag"], HTTP_ACCEPT_ENCODING="gzip")
    assert seen.status_code == 304


def test_within_the_stale_window_the_version_read_is_reused_but_never_older_than_the_phone_shows(
        client, shared, stale_clock, django_assert_num_queries):
    now = stale_clock
    event, table = _one_table_event()
    before = client.get(_live(event))
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)  # +200 / +20
    now[0] += 0.5
    with django_assert_num_queries(0):  # the version read 0.5 s ago and this process's copy of its build
        stale = client.get(_live(event))
    assert stale["ETag"] == before["ETag"] and stale.content == before.content
    # Another process built the new version and this phone shows it already: it must not go back.
    event.refresh_from_db()
    newer = f'"e{event.pk}-v{event.version}-r1-en"'
    assert newer != before["ETag"]
    now[0] += 0.1
    with django_assert_num_queries(1):  # older than the phone's: read again
        shown = client.get(_live(event), HTTP_IF_NONE_MATCH=newer)
    assert shown.status_code == 304 and shown["ETag"] == newer


def test_while_another_process_rebuilds_the_build_before_is_served_with_its_own_etag(client, shared):
    event, table = _one_table_event()
    before = client.get(_live(event))
    assert "Not started yet" in before.content.decode()
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)
    query_key = [k.decode() for k in shared._cache.get_client().keys("*") if k.decode().endswith(":gzip")]
    assert len(query_key) == 1
    index = query_key[0].split(":", 2)[2].rsplit(":", 2)[0]  # standings:<slug>:<template>:<query>
    shared.add(f"{index}:lock", 1, 10)  # another worker is rebuilding this very moment
    during = client.get(_live(event))
    assert during["ETag"] == before["ETag"] and during.content == before.content
    again = client.get(_live(event), HTTP_IF_NONE_MATCH=before["ETag"])
    assert again.status_code == 304  # the phone already shows the build before
    shared.delete(f"{index}:lock")  # that rebuild died: the next poll builds the new version itself
    after = client.get(_live(event), HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"] and ">200<" in after.content.decode()


def test_within_the_stale_window_the_build_before_is_served_and_after_it_the_new_scores(client, shared, stale_clock):
    now = stale_clock
    event, table = _one_table_event()
    before = client.get(_live(event))
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="6S", tricks=5)  # -40 / +50
    now[0] += 0.5
    stale = client.get(_live(event))
    assert stale["ETag"] == before["ETag"] and ">-40<" not in stale.content.decode()
    now[0] += 0.6  # 1.1 s after the build: too old, rebuilt
    fresh = client.get(_live(event))
    assert fresh["ETag"] != before["ETag"]
    html = fresh.content.decode()
    assert ">-40<" in html and ">50<" in html


def test_the_live_fragment_goes_out_gzipped_when_the_phone_accepts_it(client):
    event, table = _one_table_event()
    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)
    plain = client.get(_live(event))
    packed = client.get(_live(event), HTTP_ACCEPT_ENCODING="gzip, deflate, br")
    assert "Content-Encoding" not in plain and packed["Content-Encoding"] == "gzip"
    assert gzip.decompress(packed.content) == plain.content
    assert "Accept-Encoding" in packed["Vary"]


def test_pages_are_gzipped_and_the_table_entry_page_is_small(client):
    event, table = _one_table_event()
    url = reverse("scoring:table-entry", args=[table.token])
    prove_side(client, table, "ns")
    plain = client.get(url)
    packed = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    assert plain.status_code == packed.status_code == 200
    assert packed["Content-Encoding"] == "gzip"
    html = gzip.decompress(packed.content)
    assert b"<form" in html and len(html) > 15_000  # the page itself is bigger than the target ...
    assert len(packed.content) < 15_000  # ... what goes over the hall's wifi is not


# ---------------------------------------------------------------- the engine's memo


def _entrants(n):
    return [S.Entrant(i, i, (f"P{i}a", f"P{i}b"), "A" if i % 2 else "B") for i in range(1, n + 1)]


def _tables(points):
    """Two rounds of 4 pairs: round 1 1v2 3v4, round 2 1v3 2v4; `points` per table in that order."""
    pairs = [(1, 1, 2), (1, 3, 4), (2, 1, 3), (2, 2, 4)]
    return [S.TableResult(rnd, ns, ew, ns_pts, ew_pts, 4, True)
            for (rnd, ns, ew), (ns_pts, ew_pts) in zip(pairs, points, strict=True)]


def test_a_recomputation_from_the_memo_equals_one_from_nothing():
    setup = S.Setup(rounds=2, hands_per_round=4)
    memo: dict = {}
    first_tables = _tables([(200, 20), (-40, 50), (400, 0), (250, -100)])
    first = S.compute(setup=setup, entrants=_entrants(4), tables=first_tables, memo=memo)
    assert first == S.compute(setup=setup, entrants=_entrants(4), tables=first_tables)
    assert [(r.number, r.total) for r in first.rows] == [(1, 600), (2, 270), (3, -40), (4, -50)]
    # One table changes (3 v 4's 6S set becomes 7H made): only 3 and 4 are worked out again.
    changed = _tables([(200, 20), (200, 20), (400, 0), (250, -100)])
    again = S.compute(setup=setup, entrants=_entrants(4), tables=changed, memo=memo)
    assert again == S.compute(setup=setup, entrants=_entrants(4), tables=changed)
    assert [(r.number, r.total) for r in again.rows] == [(1, 600), (2, 270), (3, 200), (4, -80)]
    # A renumbered partnership changes every opponent's cells: the memo is not reused.
    renumbered = [S.Entrant(e.id, e.number + 10, e.players, e.division) for e in _entrants(4)]
    third = S.compute(setup=setup, entrants=renumbered, tables=changed, memo=memo)
    assert third == S.compute(setup=setup, entrants=renumbered, tables=changed)
    assert third.rows[0].rounds[0].opponent == 12


def test_the_memo_works_out_again_the_players_at_a_changed_table_of_individuals():
    # Progressive four-handed, one round: N 1 and S 3 against E 2 and W 4; then three-handed (2, 3, 4).
    setup = S.Setup(rounds=1, hands_per_round=4, entrants="individuals")
    entrants = [S.Entrant(i, i, (f"Player {i}",)) for i in range(1, 5)]

    def four(ns_points):
        return [S.TableResult(1, 0, 0, 0, 0, 4, True, seats=(S.Seat(1, ns_points), S.Seat(2, 10), S.Seat(3, ns_points),
                                                             S.Seat(4, 10)))]

    memo: dict = {}
    first = S.compute(setup=setup, entrants=entrants, tables=four(50), memo=memo)
    assert [(r.number, r.total) for r in first.rows] == [(1, 50), (3, 50), (2, 10), (4, 10)]
    # The N-S hand is corrected from 50 to 90: players 1 and 3 (seated, not ns/ew) are worked out again.
    again = S.compute(setup=setup, entrants=entrants, tables=four(90), memo=memo)
    assert [(r.number, r.total) for r in again.rows] == [(1, 90), (3, 90), (2, 10), (4, 10)]
    assert again == S.compute(setup=setup, entrants=entrants, tables=four(90))
