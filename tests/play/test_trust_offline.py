"""Offline ids mean one hand, and a kept save is judged again when it is sent (docs/trust.md)."""

import json
import re

from django.test import Client

from scoring import services
from scoring.models import Hand
from tests.builders import hand_post, make_event, prove_side, round_in_play
from tests.play.test_individuals_entry import _open_first_table
from tests.play.test_individuals_entry import hand_post as three_post

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
    # In plain words, and with no "Try again" (static/js/offline.js offers Discard only): the id stored hand 1.
    assert again.json()["message"] == (
        "Hand 1 was already saved from this phone with other values, so these were not saved. Check hand 1 in "
        "the list of hands and press Fix there if it is wrong. Sending it again will not help: press Discard.")
    assert again.json()["again"] is False
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
    monkeypatch.setattr(services.hands, "_receipt", lambda client_id, table, kind: None)  # where hand_record reads it
    r = b.post(f"/t/{two.token}/", hand_post(two, 1, client_id=ID), headers=JSON)
    assert r.status_code == 409 and r.json()["status"] == "refused"
    assert not Hand.objects.filter(table=two).exists()


def offline_data(client, table) -> dict:
    """The page's <script id="offline-data"> (what static/js/offline.js reads)."""
    html = client.get(f"/t/{table.token}/").content.decode()
    return json.loads(re.search(r'<script id="offline-data" type="application/json">(.*?)</script>', html, re.S)[1])


def test_the_page_tells_the_phone_its_proven_side(db):
    table = round_in_play(make_event(slug="trust-side-data")).tables.get(number=1)
    phone = Client()
    prove_side(phone, table, "ew")
    assert offline_data(phone, table)["side"] == "ew"
    prove_side(phone, table, "ns")  # handed over: the next kept save carries the new side
    assert offline_data(phone, table)["side"] == "ns"


def test_a_hand_kept_for_ns_is_refused_while_the_phone_is_ew_and_sent_once_ns_proves_again(db):
    """N-S kept hand 1 offline, then handed the phone to E-W, who proved E-W on it: the kept hand
    (carrying "ns") is not written as E-W's. N-S proves again on the phone; Try again sends it as N-S's."""
    table = _table()
    phone = Client()
    prove_side(phone, table, "ns")
    prove_side(phone, table, "ew")  # the phone handed over
    kept = hand_post(table, 1, client_id=ID, side="ns")
    r = phone.post(f"/t/{table.token}/", kept, headers=JSON)
    assert r.status_code == 409 and r.json()["status"] == "refused" and "again" not in r.json()
    assert r.json()["message"] == (
        "This was kept on this phone for N-S, but the phone is now used by E-W, so it was not saved. It stays on "
        "this phone: N-S open the table's page on it, choose who they are, type their PIN, then press Try again.")
    assert not Hand.objects.exists()
    # A kept confirmation is judged the same way.
    r = phone.post(f"/t/{table.token}/confirm/", {"client_id": "6c7d8e9f-2f3a-4b5c-8d6e-7f8091a2b3c4",
                                                   "side": "ns"}, headers=JSON)
    assert r.status_code == 409 and "kept on this phone for N-S" in r.json()["message"]
    prove_side(phone, table, "ns")
    again = phone.post(f"/t/{table.token}/", kept, headers=JSON)
    assert again.json()["status"] == "saved"
    hand = Hand.objects.get(table=table, number=1)
    assert (hand.entered_side, hand.entered_by, hand.accepted_at) == ("ns", "N-S #1 on their phone", None)


def test_a_kept_hand_at_a_table_of_three_names_the_players(db):
    _event, table = _open_first_table("three_handed_event.json")
    phone = Client(headers={"Accept-Language": "en", **JSON})
    prove_side(phone, table, "1")
    prove_side(phone, table, "2")
    r = phone.post(f"/t/{table.token}/", three_post(table, 1, "1", "8H", 8, {"2": 2}) | {"client_id": ID,
                                                                                        "side": "1"})
    assert r.status_code == 409
    assert r.json()["message"].startswith("This was kept on this phone for Ana Garza, but the phone is now used "
                                          "by Luis Peña, so it was not saved.")
    assert not Hand.objects.filter(table=table).exists()
    prove_side(phone, table, "1")
    r = phone.post(f"/t/{table.token}/", three_post(table, 1, "1", "8H", 8, {"2": 2}) | {"client_id": ID,
                                                                                        "side": "1"})
    assert r.json()["status"] == "saved"
    assert Hand.objects.get(table=table, number=1).entered_side == "1"
