"""Offline ids mean one hand, and a kept save is judged again when it is sent (docs/trust.md)."""

from django.test import Client

from scoring import services
from scoring.models import Hand
from tests.builders import hand_post, make_event, prove_side, round_in_play

JSON = {"Accept": "application/json"}
ID = "5b7c9d1e-2f3a-4b5c-8d6e-7f8091a2b3c4"


def _table(slug="trust-offline"):
    return round_in_play(make_event(slug=slug)).tables.get(number=1)


def test_an_id_reused_with_other_values_is_refused_and_the_hand_kept(db):
    table = _table()
    phone = Client()
    prove_side(phone, table, "ns")
    first = phone.post(f"/t/{table.token}/", hand_post(table, 1, client_id=ID), headers=JSON)
    assert first.json()["status"] == "saved"
    again = phone.post(f"/t/{table.token}/", hand_post(table, 1, tricks=10, client_id=ID), headers=JSON)
    assert again.status_code == 409 and again.json()["status"] == "refused"
    assert "with other values under the same save id" in again.json()["message"]
    same = phone.post(f"/t/{table.token}/", hand_post(table, 1, client_id=ID), headers=JSON)
    assert same.json()["status"] == "already"
    assert Hand.objects.get(table=table, number=1).tricks == 8


def test_a_kept_hand_from_a_phone_that_forgot_its_side_is_refused(db):
    table = _table()
    phone = Client()  # never proven (its session was lost)
    r = phone.post(f"/t/{table.token}/", hand_post(table, 1, client_id=ID, side="ns"), headers=JSON)
    assert r.status_code == 409 and "type your PIN, then press Try again" in r.json()["message"]
    assert not Hand.objects.exists()


def test_a_replayed_confirmation_on_a_disputed_table_is_judged_again(db):
    table = _table()
    ns, ew = Client(), Client()
    prove_side(ns, table, "ns")
    for n in range(1, 5):
        ns.post(f"/t/{table.token}/", hand_post(table, n))
    prove_side(ew, table, "ew")
    assert ew.post(f"/t/{table.token}/confirm/", {"client_id": ID}, headers=JSON).json()["confirmed"] is True
    # N-S tells the organizer hand 3 was wrong; the organizer marks the table disputed.
    services.table_dispute(table=table, actor=services.Actor("olga (organizer)", is_organizer=True),
                           reason="Hand 3 was 9 tricks")
    replay = ew.post(f"/t/{table.token}/confirm/", {"client_id": ID}, headers=JSON)
    assert replay.status_code == 409 and "is disputed" in replay.json()["message"]
    table.refresh_from_db()
    assert table.confirmed_at is None and table.disputed_at is not None


def test_one_id_raced_at_two_events_is_refused_not_a_server_error(db, monkeypatch):
    one, two = _table("trust-one"), _table("trust-two")
    a, b = Client(), Client()
    prove_side(a, one, "ns")
    prove_side(b, two, "ns")
    assert a.post(f"/t/{one.token}/", hand_post(one, 1, client_id=ID), headers=JSON).json()["status"] == "saved"
    # The second save read no receipt (the first had not committed yet): its insert meets the unique index.
    monkeypatch.setattr(services, "client_save_for", lambda client_id: None)
    monkeypatch.setattr(services, "_receipt", lambda client_id, table, kind: None)
    r = b.post(f"/t/{two.token}/", hand_post(two, 1, client_id=ID), headers=JSON)
    assert r.status_code == 409 and r.json()["status"] == "refused"
    assert not Hand.objects.filter(table=two).exists()
