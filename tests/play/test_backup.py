"""Backups, restored: one event through its event file, and the whole database through the
database's own dump (SQLite's backup API; PostgreSQL's pg_dump and pg_restore).

Each restore must give back identical standings and pass `check_event`.
"""

from __future__ import annotations

import json
import os
import shutil
import sqlite3
import subprocess
import sys
import uuid
from pathlib import Path

import pytest

from scoring.engine.standings import as_json
from scoring.event_io import event_export, event_import
from scoring.integrity import event_check
from scoring.models import Hand, HandChange
from scoring.selectors import event_standings
from scoring.services import Actor, table_confirm
from tests.builders import build_event, enter_worked_hands, tables_of
from tournaments.demo import build_demo_event
from tournaments.models import Event, Partnership, Player, Round, Tiebreak

ROOT = Path(__file__).resolve().parents[2]


def standings_json(event):
    return as_json(event_standings(event), event.slug)


@pytest.fixture
def finished_event(db):
    """5 partnerships (one sits out each round), 2 rounds, every table entered and one confirmed."""
    event = build_event(slug="backup-open", partnerships=5, rounds=2)
    for number in (1, 2):
        for table in tables_of(event, number):
            enter_worked_hands(table)
    table_confirm(table=tables_of(event, 1)[0], actor=Actor("Organizer", is_organizer=True))
    return event


def wipe(event) -> None:
    """Remove the event and everything in it. Tables and partnerships protect each other from a
    plain event.delete() (on purpose: scores are not lost by one click), so go from the leaves."""
    Round.objects.filter(event=event).delete()  # tables, hands, history rows, seatings, sit-outs
    Tiebreak.objects.filter(event=event).delete()
    Partnership.objects.filter(event=event).delete()
    Player.objects.filter(event=event).delete()
    event.delete()


def _export_wipe_import(event):
    before = standings_json(event)
    data = json.loads(json.dumps(event_export(event)))  # through text, as the file is
    slug = event.slug
    wipe(event)
    assert not Event.objects.filter(slug=slug).exists()
    assert not Hand.objects.exists() and not HandChange.objects.exists()
    restored = event_import(data)
    return before, data, restored


def test_an_exported_event_wiped_and_imported_gives_identical_standings(finished_event):
    before, data, restored = _export_wipe_import(finished_event)
    assert restored.slug == "backup-open"
    after = standings_json(restored)
    assert after == before
    # The worked hands: every N-S partnership made 300 and every E-W -290 at each table.
    played = {r["points"] for row in after["standings"] for r in row["rounds"] if not r["sit_out"]}
    assert played == {300, -290}
    assert event_check(restored) == []
    assert event_export(restored) == data


def test_a_demo_event_survives_export_wipe_import(db):
    event = event_import(build_demo_event(partnerships=12, complete=True, seed=7, slug="backup-demo"))
    before, data, restored = _export_wipe_import(event)
    assert standings_json(restored) == before
    assert event_check(restored) == []
    assert event_export(restored) == data


def _manage(*args, env):
    done = subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, f"manage.py {' '.join(args)}: {done.stderr[-2000:]}"
    return done.stdout


@pytest.mark.slow
def test_a_sqlite_database_backup_restores_everything(tmp_path):
    """The documented whole-database backup for SQLite: the backup API (sqlite3's `.backup`),
    which copies a consistent snapshot even while the site is writing."""
    if os.environ.get("DATABASE_URL"):
        pytest.skip("runs on the SQLite pass of bin/test (it makes its own SQLite file)")
    live, backup = tmp_path / "live.sqlite3", tmp_path / "backup.sqlite3"
    env = {k: v for k, v in os.environ.items() if k != "DATABASE_URL"}
    env["SQLITE_PATH"] = str(live)
    _manage("migrate", "--noinput", env=env)
    _manage("demo_event", "--partnerships", "9", "--complete", "--seed", "3", "--slug", "whole-db", env=env)
    before = json.loads(_manage("standings", "whole-db", "--format", "json", env=env))

    source, target = sqlite3.connect(live), sqlite3.connect(backup)
    with target:
        source.backup(target)
    source.close()
    target.close()

    # Lose the database (and its WAL), then restore the backup into a new file at the same place.
    for suffix in ("", "-wal", "-shm"):
        Path(f"{live}{suffix}").unlink(missing_ok=True)
    source, target = sqlite3.connect(backup), sqlite3.connect(live)
    with target:
        source.backup(target)
    source.close()
    target.close()

    after = json.loads(_manage("standings", "whole-db", "--format", "json", env=env))
    assert after == before
    assert len(after["standings"]) == 9
    assert "OK" in _manage("check_event", "whole-db", env=env)


@pytest.mark.slow
def test_a_postgresql_dump_restores_everything(tmp_path):
    """The documented whole-database backup for PostgreSQL: pg_dump -Fc, then pg_restore into an
    empty database."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith("postgres"):
        pytest.skip("runs when DATABASE_URL selects PostgreSQL (bin/test's second pass)")
    if not shutil.which("pg_dump") or not shutil.which("pg_restore"):
        pytest.skip("pg_dump / pg_restore are not installed")
    import dj_database_url

    server = dj_database_url.parse(url)
    name = f"fh_backup_{uuid.uuid4().hex[:8]}"
    conn = ["-h", server["HOST"] or "127.0.0.1", "-p", str(server["PORT"] or 5432), "-U", server["USER"] or "postgres"]
    env = {**os.environ, "DATABASE_URL": f"postgres://{server['USER'] or 'postgres'}@{conn[1]}:{conn[3]}/{name}"}
    dump = tmp_path / "site.dump"
    subprocess.run(["createdb", *conn, name], check=True, timeout=30)
    try:
        _manage("migrate", "--noinput", env=env)
        _manage("demo_event", "--partnerships", "9", "--complete", "--seed", "3", "--slug", "whole-db", env=env)
        before = json.loads(_manage("standings", "whole-db", "--format", "json", env=env))
        subprocess.run(["pg_dump", *conn, "-Fc", "-f", str(dump), name], check=True, timeout=60)
        subprocess.run(["dropdb", *conn, name], check=True, timeout=30)
        subprocess.run(["createdb", *conn, name], check=True, timeout=30)
        subprocess.run(["pg_restore", *conn, "--no-owner", "-d", name, str(dump)], check=True, timeout=60)
        after = json.loads(_manage("standings", "whole-db", "--format", "json", env=env))
        assert after == before
        assert "OK" in _manage("check_event", "whole-db", env=env)
    finally:
        subprocess.run(["dropdb", *conn, "--if-exists", name], timeout=30)
