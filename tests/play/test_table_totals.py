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
from tournaments.models import Table

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
