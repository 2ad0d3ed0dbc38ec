"""Each table's stored totals (Table.n_hands, ns_points, ew_points; scoring.totals) always equal
its hands counted and summed, whatever sequence of writes got it there: saves, corrections, whole
sheets, refused writes and imports. check_event reports a stored total that differs."""

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command
from django.core.management.base import CommandError
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring import selectors, totals
from scoring.event_io import event_export, event_import
from scoring.integrity import event_check, table_totals_check
from scoring.models import Hand
from scoring.services import Actor, hand_correct, hand_record, table_record_sheet
from tests.builders import build_event, enter_worked_hands, tables_of
from tournaments.models import Table, TableSeat

ORGANIZER = Actor("Totals organizer", is_organizer=True)
CONTRACTS = ["6S", "7H", "8NT", "9C", "10D", "MIS"]

save_st = st.tuples(st.just("save"), st.integers(0, 3), st.sampled_from(["ns", "ew"]), st.sampled_from(CONTRACTS),
                    st.integers(0, 10))
correct_st = st.tuples(st.just("correct"), st.integers(0, 3), st.integers(1, 4), st.sampled_from(CONTRACTS),
                       st.integers(0, 10))
sheet_st = st.tuples(st.just("sheet"), st.integers(0, 3), st.integers(1, 4), st.sampled_from(CONTRACTS),
                     st.integers(0, 10))
import_st = st.tuples(st.just("import"))


def stored(tables) -> dict[int, tuple[int, int, int]]:
    return {t.pk: (t.n_hands, t.ns_points, t.ew_points) for t in Table.objects.filter(pk__in=[t.pk for t in tables])}


def counted(tables) -> dict[int, tuple[int, int, int]]:
    sums = totals.from_hands([t.pk for t in tables])
    return {t.pk: sums.get(t.pk, (0, 0, 0)) for t in tables}


def apply(op, tables) -> None:
    kind, index, *rest = op
    table = tables[index]
    if kind == "save":
        declarer, contract, tricks = rest
        number = Hand.objects.filter(table=table).count() + 1
        hand_record(table=table, number=number, actor=ORGANIZER, declarer=declarer, contract=contract, tricks=tricks)
    elif kind == "correct":
        number, contract, tricks = rest
        hand = Hand.objects.filter(table=table, number=number).first()
        if hand is not None:
            hand_correct(hand=hand, expected_version=hand.version, actor=ORGANIZER, reason="sheet says so",
                         contract=contract, tricks=tricks)
    else:  # a whole sheet of `count` hands, each stored hand shown at its version
        count, contract, tricks = rest
        versions = dict(Hand.objects.filter(table=table).values_list("number", "version"))
        if len(versions) > count:
            count = len(versions)
        rows = [{"declarer": "ns", "contract": contract, "tricks": tricks, "version": versions.get(n)}
                for n in range(1, count + 1)]
        table_record_sheet(table=table, rows=rows, actor=ORGANIZER, reason="sheet says so")


@pytest.mark.django_db
@settings(max_examples=25, deadline=None, suppress_health_check=list(HealthCheck))
@given(ops=st.lists(st.one_of(save_st, correct_st, sheet_st, import_st), min_size=1, max_size=14))
def test_stored_totals_equal_the_hands_after_any_sequence_of_writes(ops):
    with transaction.atomic():
        event = build_event(slug="totals-h", partnerships=8, rounds=2, hands_per_round=4)
        tables = tables_of(event, 1)[:2] + tables_of(event, 2)[:2]
        imported = 0
        for op in ops:
            if op[0] == "import":
                imported += 1
                data = event_export(event, history=True)
                for rnd in data["rounds"][:-1]:  # a file has one round in play; the builder opened both
                    rnd["status"] = "closed"
                copy = event_import(data, slug=f"totals-h-copy-{imported}")
                copied = list(Table.objects.filter(round__event=copy))
                assert stored(copied) == counted(copied)
                assert table_totals_check(copy) == []
                continue
            try:
                with transaction.atomic():
                    apply(op, tables)
            except ValidationError:
                pass  # refused: nothing written, and the totals say so too
            assert stored(tables) == counted(tables), op
        assert event_check(event) == []
        transaction.set_rollback(True)


@pytest.mark.django_db
def test_the_standings_read_the_stored_totals_and_equal_a_grouping_of_the_hands():
    event = build_event(slug="totals-s", partnerships=6, rounds=2)
    for table in tables_of(event, 1):
        enter_worked_hands(table)
    rows = {row.number: row.total for row in selectors.event_standings(event).rows}
    grouped = {}
    for table in Table.objects.filter(round__event=event).select_related("ns", "ew"):
        ns, ew = totals.from_hands([table.pk]).get(table.pk, (0, 0, 0))[1:]
        grouped[table.ns.number] = grouped.get(table.ns.number, 0) + ns
        grouped[table.ew.number] = grouped.get(table.ew.number, 0) + ew
    assert {number: rows[number] for number in grouped} == grouped
    assert any(grouped.values())


@pytest.mark.django_db
def test_check_event_reports_a_stored_total_that_differs_from_the_hands(capsys):
    event = build_event(slug="totals-c", partnerships=4, rounds=1)
    table = tables_of(event, 1)[0]
    enter_worked_hands(table)
    assert event_check(event) == []
    Table.objects.filter(pk=table.pk).update(ns_points=999)
    with pytest.raises(CommandError):
        call_command("check_event", event.slug)
    out = capsys.readouterr().out
    real = totals.from_hands([table.pk])[table.pk][1]
    assert f"round 1, table {table.number}: ns_points: stored 999, recomputed {real}" in out


# --- a table of three: each seat's own points (Table.seat_totals) -------------------------------
# tests/fixtures/three_handed_event.json, worked by hand in tests/play/test_individuals_event.py
# (three-handed preset, misère 250; the bidder scores the contract, each defender 10 a trick).
# Round 1, table 1 (seats 1, 2, 3 = players 1, 2, 3): 8H by 1 made 300/10/10, 7S by 2 set
# (1 took 4, 3 took 1) 40/-140/10, MIS by 3 made 0/0/250: seat 1 340, seat 2 -130, seat 3 270.
# Round 2, table 1 (seats 1, 2, 3 = players 1, 4, 5):
#   1: 7D by seat 2, 7 tricks (1 took 2, 3 took 1): 1 +20, 2 +180, 3 +10
#   2: 8S by seat 1, 7 tricks, set (2 took 2, 3 took 1): 1 -240, 2 +20, 3 +10
#   3: 6NT by seat 3, 6 tricks (1 took 3, 2 took 1): 1 +30, 2 +10, 3 +120


def three_handed_file() -> dict:
    from tests.play.test_individuals_event import three_handed

    return three_handed()


def seat_totals(table) -> dict:
    return Table.objects.get(pk=table.pk).seat_totals


@pytest.mark.django_db
def test_a_table_of_three_keeps_each_seats_points_through_save_correction_and_deletion():
    data = three_handed_file()
    third = data["rounds"][1]["tables"][0]["hands"].pop()  # round 2, table 1 holds hands 1 and 2 only
    assert third["hand"] == 3
    event = event_import(data)
    first = Table.objects.get(round__event=event, round__number=1, number=1)
    table = Table.objects.get(round__event=event, round__number=2, number=1)
    assert dict(table.seats.values_list("seat", "entrant__number")) == {"1": 1, "2": 4, "3": 5}
    # Imported (the many-tables refresh): round 1's table complete, round 2's after two hands.
    assert seat_totals(first) == {"1": 340, "2": -130, "3": 270}
    assert seat_totals(table) == {"1": 20 - 240, "2": 180 + 20, "3": 10 + 10}
    # Hand 3 saved at the table (the one-table refresh).
    hand_record(table=table, number=3, actor=ORGANIZER, declarer_seat="3", contract="6NT",
                seat_tricks={"1": 3, "2": 1, "3": 6})
    assert seat_totals(table) == {"1": -190, "2": 210, "3": 140}  # round 2 of players 1, 4, 5
    assert (Table.objects.get(pk=table.pk).n_hands, Table.objects.get(pk=table.pk).ns_points) == (3, 0)
    # Corrected: 6NT by seat 3 set with 5 tricks (1 took 4, 2 took 1): 1 +40, 2 +10, 3 -120.
    hand = Hand.objects.get(table=table, number=3)
    hand_correct(hand=hand, expected_version=hand.version, actor=ORGANIZER, reason="sheet says so",
                 declarer_seat="3", contract="6NT", seat_tricks={"1": 4, "2": 1, "3": 5})
    assert seat_totals(table) == {"1": -220 + 40, "2": 200 + 10, "3": 20 - 120}
    # Hand 1 deleted (no service deletes a hand; refresh works the totals out from what is left).
    Hand.objects.filter(table=table, number=1).delete()
    totals.refresh(Table.objects.get(pk=table.pk))
    assert seat_totals(table) == {"1": -240 + 40, "2": 20 + 10, "3": 10 - 120}
    # The many-tables path agrees, and a table with no hand left keeps no seat totals.
    Table.objects.filter(pk=table.pk).update(seat_totals={"1": 1})
    totals.refresh([table.pk, first.pk])
    assert seat_totals(table) == {"1": -200, "2": 30, "3": -110}
    assert seat_totals(first) == {"1": 340, "2": -130, "3": 270}
    Hand.objects.filter(table=table).delete()
    totals.refresh(Table.objects.get(pk=table.pk))
    assert seat_totals(table) == {}
    assert table_totals_check(event) == []


@pytest.mark.django_db
def test_a_table_of_two_sides_keeps_no_seat_totals():
    event = build_event(slug="totals-two", partnerships=4, rounds=1)
    table = tables_of(event, 1)[0]
    enter_worked_hands(table)
    assert seat_totals(table) == {}
    totals.refresh(Table.objects.filter(pk=table.pk))
    assert seat_totals(table) == {}


@pytest.mark.django_db
def test_check_event_reports_a_stored_seat_total_that_differs_from_the_hands(capsys):
    event = event_import(three_handed_file())
    assert event_check(event) == []
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    Table.objects.filter(pk=table.pk).update(seat_totals={"1": 340, "2": 999, "3": 270})
    with pytest.raises(CommandError):
        call_command("check_event", event.slug)
    out = capsys.readouterr().out
    assert "round 1, table 1: seat_totals[2]: stored 999, recomputed -130" in out
    assert "seat_totals[1]" not in out and "seat_totals[3]" not in out
    # A table of three with its seat totals lost.
    Table.objects.filter(pk=table.pk).update(seat_totals={})
    found = [str(d) for d in table_totals_check(event)]
    assert found == ["round 1, table 1: seat_totals[1]: stored None, recomputed 340",
                     "round 1, table 1: seat_totals[2]: stored None, recomputed -130",
                     "round 1, table 1: seat_totals[3]: stored None, recomputed 270"]


@pytest.mark.django_db
def test_the_standings_of_a_three_handed_event_read_the_seat_totals_not_the_hands():
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    event = event_import(three_handed_file())
    selectors.forget_memos(event.pk)
    with CaptureQueriesContext(connection) as queries:
        rows = selectors.event_standings(event).rows
    assert not [q["sql"] for q in queries.captured_queries if "scoring_hand" in q["sql"]]
    # Worked by hand (tests/play/test_individuals_event.py): round 1 + round 2 of each player.
    assert {row.number: row.total for row in rows} == {1: 150, 2: 120, 3: 340, 4: 290, 5: -90, 6: 220}
    # The standings follow the stored totals: a seat total changed behind the hands' back shows.
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    Table.objects.filter(pk=table.pk).update(seat_totals={"1": 340, "2": -130, "3": 300})
    assert {row.number: row.total for row in selectors.event_standings(event).rows}[3] == 370


@pytest.mark.django_db(transaction=True)
def test_the_migration_fills_the_seat_totals_of_existing_tables():
    from django.db import connection
    from django.db.migrations.executor import MigrationExecutor

    event = event_import(three_handed_file())
    before = [("tournaments", "0010_tiebreak_fillers")]
    executor = MigrationExecutor(connection)
    executor.migrate(before)  # the column goes (and every later migration that needs it); the hands stay
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    # Forward to the latest of every app, through tournaments 0011: the code below reads today's models
    # (scoring 0006's Hand fields depend on 0011 and came off with it).
    plan = [(migration.app_label, migration.name) for migration, _backwards in
            executor.migration_plan(executor.loader.graph.leaf_nodes())]
    assert plan[0] == ("tournaments", "0011_table_seat_totals") and ("scoring", "0006_hand_trust") in plan
    executor.migrate(executor.loader.graph.leaf_nodes())
    got = {(t.round.number, t.number): t.seat_totals for t in Table.objects.filter(round__event=event)}
    # Worked by hand above and in tests/play/test_individuals_event.py (round 2, table 2: seats
    # 2, 3, 6 = players 2, 3, 6: 250, 70, -230).
    assert got == {(1, 1): {"1": 340, "2": -130, "3": 270}, (1, 2): {"1": 80, "2": -230, "3": 450},
                   (2, 1): {"1": -190, "2": 210, "3": 140}, (2, 2): {"1": 250, "2": 70, "3": -230}}
    assert table_totals_check(event) == []


@pytest.mark.django_db
def test_the_next_standings_of_the_same_process_follow_a_changed_seat():
    # scoring.selectors keeps each table's result between builds (_seated): a player moved to
    # another seat, the same totals, must take that seat's points at once.
    event = event_import(three_handed_file())
    before = {row.number: row.total for row in selectors.event_standings(event).rows}
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    players = dict(table.seats.values_list("seat", "entrant_id"))  # seats 1, 2, 3 = players 1, 2, 3
    table.seats.all().delete()
    TableSeat.objects.bulk_create([TableSeat(table=table, seat="1", entrant_id=players["3"]),
                                   TableSeat(table=table, seat="2", entrant_id=players["1"]),
                                   TableSeat(table=table, seat="3", entrant_id=players["2"])])
    # Now seat 1 = player 3 (340), seat 2 = player 1 (-130), seat 3 = player 2 (270).
    after = {row.number: row.total for row in selectors.event_standings(event).rows}
    assert after == {**before, 1: before[1] - 340 - 130, 2: before[2] + 130 + 270, 3: before[3] - 270 + 340}
