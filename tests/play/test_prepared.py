"""The reads a save runs with their SQL compiled once (tournaments.prepared, issue 27) give the very rows,
values and types the ORM gives: the table, round and event a save locks, a table's hands (JSON
columns and timestamps included), a table's partnerships and players."""

import pytest
from django.db import IntegrityError, transaction

from scoring.entry_data import load_partnerships
from scoring.models import Hand
from scoring.services import hand_correct
from scoring.services.common import locked_table_by, table_hands
from tests.builders import SCORER, four_pair_event, make_event
from tournaments.models import Event, Partnership, Table
from tournaments.prepared import Prepared, add_to, insert, update_row


def values(instance) -> dict:
    return {field.attname: getattr(instance, field.attname) for field in instance._meta.concrete_fields}


@pytest.fixture
def played(db):
    event, pairs, tables = four_pair_event(confirm=False)
    # A note with quotes, a percent sign and an accent: the parameters go to the driver as given.
    hand = Hand.objects.get(table=tables[1, 1], number=2)
    hand_correct(hand=hand, expected_version=hand.version, actor=SCORER, reason="typo", note="dijo \"100%\" ¿sí?")
    return event, pairs, tables


def test_the_locked_read_gives_the_orms_table_round_and_event(played):
    event, _, tables = played
    for table in tables.values():
        by_orm = Table.objects.select_related("round__event").get(pk=table.pk)
        for lookup in ({"token": table.token}, {"round__event": event, "pk": table.pk}):
            with transaction.atomic():
                held = locked_table_by(**lookup)
            assert values(held) == values(by_orm)
            assert values(held.round) == values(by_orm.round)
            assert values(held.round.event) == values(by_orm.round.event)
            assert held.round.tiebreak is None


def test_a_lookup_that_names_no_table_finds_none(played):
    event, _, tables = played
    other = make_event(slug="other-event")
    for lookup in ({"token": "NOSUCHTOKEN"}, {"round__event": other, "pk": tables[1, 1].pk}):
        with transaction.atomic(), pytest.raises(Table.DoesNotExist):
            locked_table_by(**lookup)


def test_a_tables_hands_are_the_orms_with_their_types(played):
    _, _, tables = played
    for table in tables.values():
        by_orm = list(Hand.objects.filter(table=table).order_by("number"))
        prepared = table_hands(table)
        assert [values(hand) for hand in prepared] == [values(hand) for hand in by_orm]
        assert [type(hand.changed_at) for hand in prepared] == [type(hand.changed_at) for hand in by_orm]
    assert table_hands(tables[1, 1])[1].note == "dijo \"100%\" ¿sí?"


def test_a_tables_partnerships_and_players_are_the_orms(played):
    _, pairs, tables = played
    table = Table.objects.get(pk=tables[2, 2].pk)
    load_partnerships(table)
    for pair in (table.ns, table.ew):
        by_orm = Partnership.objects.select_related("player_one", "player_two").get(pk=pair.pk)
        assert values(pair) == values(by_orm)
        assert values(pair.player_one) == values(by_orm.player_one)
        assert values(pair.player_two) == values(by_orm.player_two)
    assert (table.ns.number, table.ew.number) == (2, 4)


def test_a_read_that_leaves_out_one_of_its_lookups_is_refused():
    read = Prepared(Hand, lambda table, number: Hand.objects.filter(table_id=table))
    with pytest.raises(ValueError, match=r"does not use \['number'\]"):
        read.rows(table=1, number=2)


def test_a_rows_update_writes_what_the_orms_update_writes(played):
    event, _, tables = played
    table = tables[1, 2]
    totals = {"n_hands": 7, "ns_points": -180, "ew_points": 510, "seat_totals": {"hands": 2, "1": 40, "2": -100},
              "entered_side": "ew"}
    assert update_row(Table, table.pk, **totals) == 1
    assert {name: getattr(Table.objects.get(pk=table.pk), name) for name in totals} == totals
    assert update_row(Table, -1, n_hands=3) == 0
    version = Event.objects.get(pk=event.pk).version
    assert add_to(Event, event.pk, "version") == 1 and add_to(Event, event.pk, "version", 2) == 1
    event.refresh_from_db()
    assert event.version == version + 3


def test_a_read_of_more_than_its_models_columns_is_refused(played):
    read = Prepared(Table, lambda token: Table.objects.select_related("round").filter(token=token))
    with pytest.raises(ValueError, match="selects more than its own columns"):
        read.rows(token=played[2][1, 1].token)


def test_an_insert_writes_the_row_the_orms_create_writes(played):
    _, _, tables = played
    table = tables[2, 1]
    made = {"table": table, "number": 3, "dealer": "S", "declarer": "", "declarer_seat": "1", "contract": "8S",
            "tricks": 8, "made": True, "seat_tricks": {"1": 8, "2": 1, "3": 1}, "seat_points": {"1": 240, "2": 10, "3": 10},
            "ns_points": 0, "ew_points": 0, "note": "l'an \"100%\"", "entered_by": "Ana", "entered_side": "1"}
    by_orm = Hand.objects.create(**{**made, "number": 4})
    hand = insert(Hand(**made))
    assert hand.pk is not None and hand.pk != by_orm.pk and not hand._state.adding
    again, orm_again = Hand.objects.get(pk=hand.pk), Hand.objects.get(pk=by_orm.pk)
    skip = {"id", "number", "entered_at", "updated_at"}
    assert {k: v for k, v in values(again).items() if k not in skip} == {
        k: v for k, v in values(orm_again).items() if k not in skip}
    assert again.entered_at is not None and again.updated_at is not None  # auto_now_add and auto_now stamped
    with transaction.atomic(), pytest.raises(IntegrityError):  # the table's hand numbers stay unique
        insert(Hand(**made))
