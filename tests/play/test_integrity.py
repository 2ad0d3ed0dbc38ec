"""The integrity checks (scoring.integrity, `manage.py check_event`) and the write guarantees they
rest on: stored points, history and standings agree with a recomputation from scratch; a stale
edit is refused with who and when; a repeated entry makes one hand. The events are made by
tests/builders.py (build_event, with RULES.md's worked hands).
"""

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command
from django.db import IntegrityError, connection, transaction

from scoring.engine.vocabulary import clock_text
from scoring.integrity import event_check, hand_points_check, history_check, totals_from_scratch
from scoring.models import Hand, HandChange
from scoring.services import Actor, hand_correct, hand_record
from tests.builders import WORKED_HANDS, build_event, enter_worked_hands, tables_of
from tournaments.models import Event

# --- the pure recomputation ---------------------------------------------------------------------

THREE_PARTNERSHIPS = {
    "partnerships": [1, 2, 3],
    "hands_per_round": 2,
    "tables": [
        {"round": 1, "ns": 1, "ew": 2, "hands": [(200, 20), (30, -320)]},  # 1: 230, 2: -300
        {"round": 2, "ns": 3, "ew": 1, "hands": [(250, 0), (-180, 10)]},  # 3: 70, 1: 10
        {"round": 3, "ns": 2, "ew": 3, "hands": [(-65, 20), (20, 40)]},  # 2: -45, 3: 60
        {"round": 4, "ns": 1, "ew": 2, "hands": [(100, -100)]},  # under way: counts, is not averaged
        {"round": 5, "ns": 2, "ew": 3, "hands": []},  # not started: no points, its sit-out no credit
    ],
    "byes": [(1, 3), (2, 2), (3, 1), (4, 3), (5, 1)],
}


@pytest.mark.parametrize(
    ("policy", "fixed", "totals", "credits"),
    [
        # average of own complete rounds: 1 -> (230 + 10) / 2 = 120; 2 -> (-300 - 45) / 2 = -172.5,
        # half away from zero -> -173; 3 -> (70 + 60) / 2 = 65.
        ("average", 0, {1: 230 + 10 + 120 + 100, 2: -300 - 173 - 45 - 100, 3: 65 + 70 + 60 + 65},
         {(1, 3): 120, (2, 2): -173, (3, 1): 65, (3, 4): 65}),
        ("zero", 0, {1: 340, 2: -445, 3: 130}, {(1, 3): 0, (2, 2): 0, (3, 1): 0, (3, 4): 0}),
        ("fixed", 50, {1: 390, 2: -395, 3: 230}, {(1, 3): 50, (2, 2): 50, (3, 1): 50, (3, 4): 50}),
    ],
)
def test_totals_from_scratch_follow_the_sit_out_policy(policy, fixed, totals, credits):
    result = totals_from_scratch(**THREE_PARTNERSHIPS, policy=policy, fixed_points=fixed)
    assert {n: row["total"] for n, row in result.items()} == totals
    assert {(n, r): result[n]["rounds"][r] for n, r in credits} == credits
    assert 5 not in result[1]["rounds"] and 5 not in result[2]["rounds"]
    assert result[3]["sit_outs"] == [1, 4]


# --- the database checks and the command ---------------------------------------------------------


@pytest.fixture
def played_event(db):
    event = build_event(partnerships=5, rounds=2)  # odd: one partnership sits out each round
    for table in tables_of(event, 1):
        enter_worked_hands(table)
    return event


def test_worked_hands_are_stored_with_the_rules_points(played_event):
    table = tables_of(played_event, 1)[0]
    stored = {h.number: (h.ns_points, h.ew_points) for h in table.hands.all()}
    assert stored == {number: (ns, ew) for number, _values, ns, ew in WORKED_HANDS}
    assert hand_points_check(played_event) == []
    assert history_check(played_event) == []


def test_a_clean_event_passes_every_check(played_event, capsys):
    assert event_check(played_event) == []
    call_command("check_event", played_event.slug)
    assert "OK" in capsys.readouterr().out


def test_check_event_reports_a_corrupted_point_value(played_event, capsys):
    table = tables_of(played_event, 1)[1]
    Hand.objects.filter(table=table, number=2).update(ns_points=999)
    with pytest.raises(CommandError) as failure:
        call_command("check_event", played_event.slug)
    assert failure.value.returncode == 1
    out = capsys.readouterr().out
    assert f"round 1, table {table.number}, hand 2: ns_points: stored 999, recomputed 30" in out


def test_check_event_reports_a_change_made_behind_the_history(played_event, capsys):
    table = tables_of(played_event, 1)[0]
    # 7H made with 8 tricks -> 7H made with 7 tricks: points kept consistent, so only the history
    # can tell that this edit never went through hand_correct.
    Hand.objects.filter(table=table, number=1).update(tricks=7, ns_points=200, ew_points=30)
    HandChange.objects.filter(table=table, hand_number=3, action="create").delete()
    with pytest.raises(CommandError):
        call_command("check_event", played_event.slug)
    out = capsys.readouterr().out
    assert f"round 1, table {table.number}, hand 1: tricks: stored 7, history 8" in out
    assert f"round 1, table {table.number}, hand 1: ew_points: stored 30, history 20" in out
    assert f"round 1, table {table.number}, hand 3: history: stored 'no create or import row'" in out


def test_check_event_reports_standings_that_differ_from_a_recomputation(played_event, capsys, monkeypatch):
    """The standings the pages read (scoring.selectors.event_standings) are compared with the
    recomputation: a selector that drops a point, or a partnership, is caught."""
    from dataclasses import replace

    from scoring import selectors

    real = selectors.event_standings
    rows = real(played_event).rows
    changed, dropped = rows[0], rows[-1]

    def off_by_one(event):
        standings = real(event)
        kept = [replace(row, total=row.total - 1) if row.number == changed.number else row for row in standings.rows[:-1]]
        return replace(standings, rows=tuple(kept))

    monkeypatch.setattr(selectors, "event_standings", off_by_one)
    with pytest.raises(CommandError):
        call_command("check_event", played_event.slug)
    out = capsys.readouterr().out
    # Round 1's worked hands give 300 to N-S and -290 to E-W; round 2 has no hand yet.
    assert changed.total == 300
    assert f"partnership {changed.number}: total: stored 299, recomputed 300" in out
    assert f"partnership {dropped.number}: partnership: stored 'missing from the standings'" in out


@pytest.mark.parametrize(
    ("partnerships", "complete", "seed", "policy"),
    [(3, True, 1, "average"), (5, False, 2, "average"), (8, True, 3, "zero"), (9, True, 4, "fixed"),
     (13, False, 5, "average"), (13, True, 6, "average"), (2, True, 7, "fixed"), (12, True, 8, "average")],
)
def test_demo_events_agree_with_a_recomputation(db, partnerships, complete, seed, policy):
    """Odd fields (sit-outs), events stopped mid-round, every sit-out policy, and the tiebreak
    sessions a tied demo event plays: the standings the site shows equal the recomputation."""
    from scoring.event_io import event_import
    from tournaments.demo import build_demo_event

    event = event_import(build_demo_event(partnerships=partnerships, complete=complete, seed=seed,
                                          slug=f"demo-{partnerships}-{seed}"))
    Event.objects.filter(pk=event.pk).update(sit_out_policy=policy, sit_out_points=35)
    event.refresh_from_db()
    assert [str(d) for d in event_check(event)] == []


def test_check_event_names_an_unknown_event(db):
    with pytest.raises(CommandError, match="no event with the slug 'nope'"):
        call_command("check_event", "nope")


# --- the guarantees the checks rest on ------------------------------------------------------------


def test_a_repeated_entry_makes_one_hand_and_one_history_row(played_event):
    table = tables_of(played_event, 2)[0]
    values = {"declarer": "ns", "contract": "7H", "tricks": 8}
    first = hand_record(table=table, number=1, actor=Actor("phone 1"), side="ns", **values)
    again = hand_record(table=table, number=1, actor=Actor("phone 2"), side="ns", **values)
    assert again.pk == first.pk
    assert Hand.objects.filter(table=table).count() == 1
    assert HandChange.objects.filter(table=table, action="create").count() == 1


def test_a_different_entry_for_a_stored_hand_is_refused(played_event):
    table = tables_of(played_event, 2)[0]
    hand_record(table=table, number=1, actor=Actor("phone 1"), declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError) as refused:
        hand_record(table=table, number=1, actor=Actor("phone 2"), declarer="ns", contract="7H", tricks=6)
    assert "already entered" in refused.value.message_dict["number"][0]
    assert Hand.objects.get(table=table, number=1).tricks == 8


def test_the_database_itself_refuses_a_second_hand_with_the_same_number(played_event):
    hand = Hand.objects.filter(table__round__event=played_event).first()
    with pytest.raises(IntegrityError), transaction.atomic():
        Hand.objects.create(table=hand.table, number=hand.number, dealer="N", declarer="ns", contract="7H",
                            tricks=8, ns_points=200, ew_points=20, made=True, entered_by="raw insert")


def test_a_stale_edit_names_who_changed_the_hand_and_when(played_event):
    table = tables_of(played_event, 2)[0]
    hand = hand_record(table=table, number=1, actor=Actor("Rosa"), declarer="ns", contract="7H", tricks=8)
    seen_version = hand.version
    hand_correct(hand=hand, expected_version=seen_version, actor=Actor("Bill"), tricks=9)
    with pytest.raises(ValidationError) as stale:
        hand_correct(hand=hand, expected_version=seen_version, actor=Actor("Elena"), tricks=6)
    message = stale.value.message_dict["__all__"][0]
    current = Hand.objects.get(pk=hand.pk)
    from django.utils import timezone

    assert message.startswith(f"This hand was changed by Bill at {clock_text(timezone.localtime(current.updated_at))}")
    assert (current.tricks, current.ns_points, current.version) == (9, 200, seen_version + 1)
    assert HandChange.objects.filter(table=table, action="update").count() == 1
    assert event_check(played_event) == []


@pytest.mark.django_db(transaction=True)
def test_sqlite_file_databases_run_in_wal_mode(tmp_path):
    """The settings' init_command takes effect on a file database (the test database itself is in
    memory, where WAL does not apply), and writers take the lock at BEGIN."""
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only: PostgreSQL has no journal mode")
    from django.db.backends.sqlite3.base import DatabaseWrapper

    settings_dict = {**connection.settings_dict, "NAME": str(tmp_path / "wal.sqlite3")}
    wrapper = DatabaseWrapper(settings_dict, alias="wal-check")
    try:
        with wrapper.cursor() as cursor:
            cursor.execute("PRAGMA journal_mode")
            assert cursor.fetchone()[0] == "wal"
            cursor.execute("PRAGMA busy_timeout")
            assert cursor.fetchone()[0] == 20_000
        assert wrapper.transaction_mode == "IMMEDIATE"
    finally:
        wrapper.close()
