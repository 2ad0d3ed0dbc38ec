"""The data model's own guarantees: database constraints and the admin.

Rows are written with raw .objects.create / bulk_create on purpose, past every Python check, so a
passing test means the database itself refuses the bad row.
"""

import pytest
from django.apps import apps
from django.contrib import admin
from django.db import IntegrityError, transaction
from django.urls import reverse

from scoring.models import Hand, HandChange
from tournaments.models import Event, Partnership, Player, Round, Seating, SitOut, Table, Tiebreak


@pytest.fixture
def pairs(event):
    players = [Player.objects.create(event=event, name=name) for name in
               ["Ana Garza", "Luis Peña", "Rosa Zúñiga", "Pat O'Brien", "Joe Smith", "Mary Lee"]]
    return [
        Partnership.objects.create(event=event, number=n + 1, player_one=players[2 * n], player_two=players[2 * n + 1])
        for n in range(3)
    ]


@pytest.fixture
def table(event, pairs):
    rnd = Round.objects.create(event=event, number=1)
    table = Table.objects.create(round=rnd, number=1, ns=pairs[0], ew=pairs[1])
    Seating.objects.bulk_create([Seating(round=rnd, partnership=p, table=table) for p in pairs[:2]])
    return table


def make_hand(table, number=1, tricks=8, **extra):
    values = dict(table=table, number=number, dealer="N", declarer="ns", contract="7H", tricks=tricks,
                  ns_points=200, ew_points=20, made=True, entered_by="test")
    values.update(extra)
    return Hand.objects.create(**values)


def refused(write):
    with pytest.raises(IntegrityError), transaction.atomic():
        write()


def test_partnership_twice_in_one_round(table, pairs):
    refused(lambda: Seating.objects.create(round=table.round, partnership=pairs[0], table=table))
    # Also when the second appearance is a sit-out rather than a second table.
    sit_out = SitOut.objects.create(round=table.round, partnership=pairs[1])
    refused(lambda: Seating.objects.create(round=table.round, partnership=pairs[1], sit_out=sit_out))
    refused(lambda: Seating.objects.bulk_create([
        Seating(round=table.round, partnership=pairs[2], table=table),
        Seating(round=table.round, partnership=pairs[2], table=table),
    ]))
    assert Seating.objects.filter(round=table.round).count() == 2


def test_same_partnership_in_another_round_is_fine(event, table, pairs):
    rnd2 = Round.objects.create(event=event, number=2)
    other = Table.objects.create(round=rnd2, number=1, ns=pairs[0], ew=pairs[2])
    Seating.objects.create(round=rnd2, partnership=pairs[0], table=other)
    assert Seating.objects.filter(partnership=pairs[0]).count() == 2


def test_seating_is_a_table_or_a_sit_out(table, pairs):
    sit_out = SitOut.objects.create(round=table.round, partnership=pairs[2])
    refused(lambda: Seating.objects.create(round=table.round, partnership=pairs[2]))
    refused(lambda: Seating.objects.create(round=table.round, partnership=pairs[2], table=table, sit_out=sit_out))


def test_two_hands_with_one_number_at_a_table(table):
    make_hand(table, 1)
    refused(lambda: make_hand(table, 1, contract="8S"))
    refused(lambda: Hand.objects.bulk_create([
        Hand(table=table, number=2, dealer="E", declarer="ew", contract="6S", tricks=6, ns_points=40,
             ew_points=40, made=True, entered_by="a"),
        Hand(table=table, number=2, dealer="E", declarer="ew", contract="6S", tricks=6, ns_points=40,
             ew_points=40, made=True, entered_by="b"),
    ]))
    assert list(Hand.objects.values_list("number", "contract")) == [(1, "7H")]


@pytest.mark.parametrize("tricks", [11, 255, -1])
def test_tricks_outside_0_to_10(table, tricks):
    refused(lambda: make_hand(table, 1, tricks=tricks))
    assert not Hand.objects.exists()


@pytest.mark.parametrize("tricks", [0, 10])
def test_tricks_at_the_limits(table, tricks):
    assert make_hand(table, 1, tricks=tricks).pk


def test_hand_number_zero(table):
    refused(lambda: make_hand(table, 0))


def test_same_partnership_on_both_sides_of_a_table(table, pairs):
    refused(lambda: Table.objects.create(round=table.round, number=2, ns=pairs[2], ew=pairs[2]))


def test_two_tables_with_one_number_in_a_round(table, pairs):
    refused(lambda: Table.objects.create(round=table.round, number=1, ns=pairs[2], ew=pairs[0]))


def test_duplicate_partnership_number_in_an_event(event, pairs):
    p = Player.objects.create(event=event, name="Eva Ruiz")
    q = Player.objects.create(event=event, name="Tom Hall")
    refused(lambda: Partnership.objects.create(event=event, number=1, player_one=p, player_two=q))
    refused(lambda: Partnership.objects.create(event=event, number=0, player_one=p, player_two=q))
    assert Partnership.objects.create(event=event, number=4, player_one=p, player_two=q).pk


def test_same_partnership_number_in_another_event(event, pairs, other_event):
    other = other_event
    p = Player.objects.create(event=other, name="Eva Ruiz")
    q = Player.objects.create(event=other, name="Tom Hall")
    assert Partnership.objects.create(event=other, number=1, player_one=p, player_two=q).pk


def test_round_numbers_unique_but_tiebreak_rounds_separate(event, table):
    refused(lambda: Round.objects.create(event=event, number=1))
    tiebreak = Tiebreak.objects.create(event=event, sequence=1)
    Round.objects.create(event=event, number=1, tiebreak=tiebreak)
    refused(lambda: Round.objects.create(event=event, number=1, tiebreak=tiebreak))


def test_empty_player_name(event):
    refused(lambda: Player.objects.create(event=event, name=""))


@pytest.mark.parametrize("field,value", [("rounds", 0), ("rounds", 31), ("hands_per_round", 0), ("hands_per_round", 21)])
def test_event_rounds_and_hands_in_range(event, field, value):
    refused(lambda: Event.objects.filter(pk=event.pk).update(**{field: value}))


# --- the admin ------------------------------------------------------------------------------------

@pytest.mark.parametrize("app", ["tournaments", "scoring"])
def test_every_model_is_in_the_admin(app):
    models = list(apps.get_app_config(app).get_models())
    assert models
    missing = [m.__name__ for m in models if not admin.site.is_registered(m)]
    assert not missing, f"not in the admin: {missing}"


def test_every_admin_list_page_opens(superuser_client, table):
    make_hand(table, 1)
    HandChange.objects.create(event=table.round.event, table=table, hand_number=1, action="create", by="test")
    for app in ("tournaments", "scoring"):
        for model in apps.get_app_config(app).get_models():
            url = reverse(f"admin:{app}_{model._meta.model_name}_changelist")
            assert superuser_client.get(url).status_code == 200, url


def test_admin_refuses_to_edit_hands(superuser_client, table):
    hand = make_hand(table, 1)
    change = reverse("admin:scoring_hand_change", args=[hand.pk])
    assert superuser_client.get(change).status_code == 200  # view only
    post = {"number": 1, "dealer": "N", "declarer": "ns", "contract": "10NT", "tricks": 10,
            "ns_points": 520, "ew_points": 0, "made": "on", "entered_by": "x", "version": 1}
    assert superuser_client.post(change, post).status_code == 403
    assert superuser_client.post(reverse("admin:scoring_hand_delete", args=[hand.pk]), {"post": "yes"}).status_code == 403
    assert superuser_client.get(reverse("admin:scoring_hand_add")).status_code == 403
    hand.refresh_from_db()
    assert (hand.contract, hand.ns_points) == ("7H", 200)


def test_admin_refuses_to_edit_history(superuser_client, table):
    row = HandChange.objects.create(event=table.round.event, table=table, hand_number=1, action="create",
                                    by="scorer", new={"contract": "7H"})
    change = reverse("admin:scoring_handchange_change", args=[row.pk])
    assert superuser_client.get(change).status_code == 200  # view only
    post = {"event": row.event_id, "table": table.pk, "hand_number": 1, "action": "update", "by": "someone else",
            "reason": "rewritten"}
    assert superuser_client.post(change, post).status_code == 403
    delete = reverse("admin:scoring_handchange_delete", args=[row.pk])
    assert superuser_client.post(delete, {"post": "yes"}).status_code == 403
    assert superuser_client.get(reverse("admin:scoring_handchange_add")).status_code == 403
    row.refresh_from_db()
    assert (row.action, row.by, HandChange.objects.count()) == ("create", "scorer", 1)
