"""A save sent with the phone's own id (client_id) is taken at most once (docs/organizer-guide.md, "When the wifi
drops"): a retry, a double tap, or two phones replaying the same queue never make two hands or two
confirmations, and the answer to a repeat says "already saved" with what was stored. A phone
sending its queue asks for JSON and a refusal says why in plain words."""

import threading

import pytest
from django.core.exceptions import ValidationError
from django.db import connection, connections
from django.urls import reverse

from scoring.models import ClientSave, ConfirmFailure, Hand, HandChange
from scoring.services import Actor, hand_record, table_confirm
from tests.builders import enter_hands, hand_post, prove_side
from tournaments.models import Partnership
from tournaments.services import round_close

JSON = {"HTTP_ACCEPT": "application/json"}
ID_1 = "0f8c7a52-6a4e-4d5e-9a51-3c2b1d0e9f01"
ID_2 = "7b1d2c3e-1111-4222-8333-944455566677"
NS_PHONE = Actor(label="N-S #1 (table link)")


def phone(client, table, side="ns"):
    prove_side(client, table, side)
    return client


def entry_url(table):
    return reverse("scoring:table-entry", args=[table.token])


def test_a_queued_hand_sent_twice_is_stored_once_and_the_repeat_says_already(client, setup):
    phone(client, setup.t1)
    # RULES.md: 7H by N-S making 8 tricks: N-S +200, E-W 10 a trick for their 2 = +20.
    first = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    again = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    assert first.status_code == 200 and first.json()["status"] == "saved"
    assert again.status_code == 200 and again.json()["status"] == "already"
    assert again.json()["message"] == "Hand 1 was already saved."
    assert (again.json()["result"]["ns_points"], again.json()["result"]["ew_points"]) == (200, 20)
    assert [(h.number, h.ns_points, h.ew_points) for h in Hand.objects.filter(table=setup.t1)] == [(1, 200, 20)]
    assert HandChange.objects.filter(table=setup.t1, action="create").count() == 1
    assert list(ClientSave.objects.values_list("client_id", "kind", "hand_number")) == [(ID_1, "hand", 1)]


def test_a_repeat_after_the_next_hand_and_a_correction_still_answers_already(client, setup):
    """The id is taken once: whatever happened since, the retry writes nothing and is not refused."""
    phone(client, setup.t1)
    client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    client.post(entry_url(setup.t1), hand_post(setup.t1, 2, client_id=ID_2), **JSON)
    round_close(rnd=setup.round, by="olga", force=True, reason="Hall closing")
    late = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    assert late.status_code == 200 and late.json()["status"] == "already"
    assert Hand.objects.filter(table=setup.t1).count() == 2


def test_the_same_id_with_other_values_changes_nothing(setup):
    """A save that somehow carried other values under a taken id: an id means one hand (docs/trust.md 2),
    so it is refused naming the id, and hand 1 stays as first sent."""
    first = hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", client_id=ID_1,
                        declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError) as caught:
        hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", client_id=ID_1,
                    declarer="ew", contract="6S", tricks=6)
    assert list(caught.value.message_dict) == ["client_id"] and "hand 1" in caught.value.messages[0]
    assert "other values" in caught.value.messages[0]
    stored = Hand.objects.get(table=setup.t1)
    assert stored.pk == first.pk and (stored.declarer, stored.contract, stored.tricks) == ("ns", "7H", 8)
    assert (stored.ns_points, stored.ew_points, stored.entered_side) == (200, 20, "ns")
    assert HandChange.objects.filter(action="create").count() == 1
    # The same values again under that id are the same hand: answered with it, nothing written.
    again = hand_record(table=setup.t1, number=1, actor=NS_PHONE, side="ns", client_id=ID_1,
                        declarer="ns", contract="7H", tricks=8)
    assert again.pk == first.pk and HandChange.objects.count() == 1


def test_two_phones_with_their_own_ids_for_the_same_hand_make_one_hand(client, setup):
    other = type(client)()
    phone(client, setup.t1, "ns")
    phone(other, setup.t1, "ew")
    a = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    b = other.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_2), **JSON)
    assert (a.json()["status"], b.json()["status"]) == ("saved", "saved")  # identical hand: the same one
    assert Hand.objects.filter(table=setup.t1).count() == 1
    assert HandChange.objects.filter(action="create").count() == 1
    assert ClientSave.objects.filter(hand_number=1).count() == 2  # each id answered again from now on


def test_a_queued_hand_for_a_closed_round_is_refused_in_plain_words(client, setup):
    phone(client, setup.t1)
    round_close(rnd=setup.round, by="olga", force=True, reason="Hall closing")
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    assert r.status_code == 409
    assert r.json() == {"status": "refused",
                        "message": "The organizer closed Round 1, so this was not saved. Show it to the organizer."}
    assert not Hand.objects.exists() and not ClientSave.objects.exists()


def test_a_queued_hand_another_phone_entered_differently_shows_both_versions(client, setup):
    """Issue 24.5: the answer says both versions in words with their points (RULES.md: 7♥ made with 8
    tricks is 200, the defenders 10 a trick), the stored hand's version and where its correction goes;
    nothing is stored and no Try again is offered (it could only fail again)."""
    enter_hands(setup.t1, count=1)  # 7H by N-S, from the other phone
    phone(client, setup.t1, "ew")
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, declarer="ew", client_id=ID_1), **JSON)
    assert r.status_code == 409
    assert r.json() == {
        "status": "conflict", "again": False, "number": 1, "version": 1,
        "message": "Hand 1 was entered meanwhile on another phone, differently. Which one is right?",
        "mine": "7♥ by E-W, 8 tricks · N-S +20, E-W +200", "theirs": "7♥ by N-S, 8 tricks · N-S +200, E-W +20",
        "by": "N-S #1 (table link)", "fix": f"/t/{setup.t1.token}/hands/1/",
        "reason": "Two phones entered hand 1 differently; this phone's version was kept."}
    assert list(Hand.objects.values_list("declarer", flat=True)) == ["ns"]
    assert not ClientSave.objects.exists()


def test_keep_mine_is_a_correction_the_other_side_accepts(client, setup):
    """Issue 24.5, "keep mine": the kept hand goes as a correction of the stored one at the version the
    conflict showed (docs/trust.md): E-W's version stored, written by E-W, no longer accepted; a second
    send at the same (now stale) version writes nothing and says why, with Discard only."""
    enter_hands(setup.t1, count=1)
    phone(client, setup.t1, "ew")
    fix = f"/t/{setup.t1.token}/hands/1/"
    data = hand_post(setup.t1, 1, declarer="ew", version=1, side="ew",
                     reason="Two phones entered hand 1 differently; this phone's version was kept.")
    r = client.post(fix, data, **JSON)
    assert r.status_code == 200 and r.json() == {"status": "saved", "message": "Hand 1 corrected."}
    hand = Hand.objects.get(table=setup.t1, number=1)
    assert (hand.declarer, hand.ns_points, hand.ew_points, hand.version) == ("ew", 20, 200, 2)
    assert (hand.entered_side, hand.changed_side, hand.accepted_side) == ("ns", "ew", "")
    assert HandChange.objects.filter(table=setup.t1, action="update").get().reason.startswith("Two phones")
    again = client.post(fix, data, **JSON)
    assert again.status_code == 409 and again.json()["status"] == "refused" and again.json()["again"] is False
    assert again.json()["message"].startswith("Not saved: This hand was changed by E-W")
    assert Hand.objects.get(table=setup.t1, number=1).version == 2


def test_a_queued_hand_with_a_bad_value_is_refused_naming_what_is_wrong(client, setup):
    phone(client, setup.t1)
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, tricks=11, client_id=ID_1), **JSON)
    assert r.status_code == 409
    assert r.json()["message"] == "Not saved: Tricks must be a number from 0 to 10; 11 is not."


def test_a_phone_without_its_side_is_told_to_choose_it(client, setup):
    """A phone that never proved its side (or forgot it) sends a kept hand: refused, kept on the phone,
    and told to prove itself with its PIN (docs/trust.md 2)."""
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON)
    assert r.status_code == 409 and r.json()["status"] == "refused"
    assert "open the table's page, choose who you are, type your PIN, then press Try again" in r.json()["message"]
    assert not Hand.objects.exists() and not ClientSave.objects.exists()
    phone(client, setup.t1, "ns")
    assert client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), **JSON).json()["status"] == "saved"
    assert list(Hand.objects.values_list("number", "entered_side")) == [(1, "ns")]


def test_a_bad_client_id_is_refused_naming_the_field(setup):
    with pytest.raises(ValidationError) as caught:
        hand_record(table=setup.t1, number=1, actor=NS_PHONE, client_id="<script>", declarer="ns", contract="7H",
                    tricks=8)
    assert caught.value.message_dict == {"client_id": ["is not a save id (letters, digits and dashes, at most 64)"]}
    with pytest.raises(ValidationError):
        hand_record(table=setup.t1, number=1, actor=NS_PHONE, client_id="a" * 65, declarer="ns", contract="7H",
                    tricks=8)
    assert not Hand.objects.exists()


def test_an_id_from_another_table_is_refused(setup):
    hand_record(table=setup.t1, number=1, actor=NS_PHONE, client_id=ID_1, declarer="ns", contract="7H", tricks=8)
    with pytest.raises(ValidationError) as caught:
        hand_record(table=setup.t2, number=1, actor=NS_PHONE, client_id=ID_1, declarer="ns", contract="7H", tricks=8)
    assert "was used for another save" in caught.value.message_dict["client_id"][0]
    assert not Hand.objects.filter(table=setup.t2).exists()


def test_an_ordinary_post_with_a_used_id_goes_back_to_the_page_saying_already(client, setup):
    phone(client, setup.t1)
    client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1))
    r = client.post(entry_url(setup.t1), hand_post(setup.t1, 1, client_id=ID_1), follow=True)
    assert "Hand 1 was already saved." in r.content.decode()
    assert Hand.objects.count() == 1


# --- confirmations -----------------------------------------------------------------------------

@pytest.fixture
def entered(setup):
    """Table 1: N-S entered four hands; E-W's PIN is 4821."""
    Partnership.objects.filter(pk=setup.t1.ew_id).update(pin="4821")
    enter_hands(setup.t1)
    return setup


def confirm_url(table):
    return reverse("scoring:table-confirm", args=[table.token])


def test_a_queued_confirmation_sent_twice_confirms_once(client, entered):
    phone(client, entered.t1, "ew")  # E-W's PIN typed once, on the side page: confirming is a button
    first = client.post(confirm_url(entered.t1), {"client_id": ID_1}, **JSON)
    again = client.post(confirm_url(entered.t1), {"client_id": ID_1}, **JSON)
    assert (first.json()["status"], again.json()["status"]) == ("saved", "already")
    assert again.json()["result"]["confirmed_by"] == "E-W #2 on their phone"
    assert HandChange.objects.filter(table=entered.t1, action="confirm").count() == 1


def test_a_refused_queued_confirmation_leaves_the_id_free(client, entered):
    """N-S's phone entered all four hands and sends a kept confirmation: refused (the other side
    accepts them), nothing accepted, no receipt. The phone is handed to E-W, who prove themselves
    with their PIN (a wrong one first) and press Try again: the same id confirms."""
    phone(client, entered.t1, "ns")
    r = client.post(confirm_url(entered.t1), {"client_id": ID_1}, **JSON)
    assert r.status_code == 409
    assert r.json()["message"] == ("Not confirmed: Every hand was entered on this phone, so the other side confirms "
                                   "them on its own phone (or the organizer does).")
    assert not ClientSave.objects.exists() and not Hand.objects.filter(accepted_at__isnull=False).exists()
    side_url = reverse("scoring:table-side", args=[entered.t1.token])
    client.post(side_url, {"clear": "1"})
    wrong = client.post(side_url, {"side": "ew", "code": "1111"})
    assert wrong.status_code == 400 and "That is not the E-W PIN. Check your movement card." in wrong.content.decode()
    assert ConfirmFailure.objects.filter(table=entered.t1, side="ew").count() == 1
    phone(client, entered.t1, "ew")
    ok = client.post(confirm_url(entered.t1), {"client_id": ID_1}, **JSON)
    assert ok.status_code == 200 and ok.json()["status"] == "saved" and ok.json()["confirmed"] is True
    assert ok.json()["result"]["confirmed_by"] == "E-W #2 on their phone"
    assert list(ClientSave.objects.values_list("client_id", "kind")) == [(ID_1, "confirm")]


def test_a_confirmation_repeat_after_the_round_closed_answers_already(client, entered):
    table_confirm(table=entered.t1, actor=Actor(label="E-W #2 (table link)"), side="ew", code="4821", client_id=ID_1)
    round_close(rnd=entered.round, by="olga", force=True, reason="Hall closing")
    phone(client, entered.t1, "ew")
    r = client.post(confirm_url(entered.t1), {"client_id": ID_1}, **JSON)
    assert r.status_code == 200 and r.json()["status"] == "already"
    assert r.json()["message"] == "Table 1 was already confirmed."
    assert HandChange.objects.filter(table=entered.t1, action="confirm").count() == 1


# --- the service worker ------------------------------------------------------------------------

def test_the_service_worker_is_served_under_t_naming_the_static_files(client, db):
    r = client.get("/t/sw.js")
    body = r.content.decode()
    assert r.status_code == 200 and r["Content-Type"].startswith("text/javascript")
    assert r["Service-Worker-Allowed"] == "/t/"
    assert "no-cache" in r["Cache-Control"]
    assert '"/static/js/offline.js"' in body and '"/static/css/entry.css"' in body
    assert "{{" not in body and "{%" not in body


def test_the_table_page_loads_offline_js_with_its_data(client, setup):
    phone(client, setup.t1)
    page = client.get(entry_url(setup.t1)).content.decode()
    assert 'src="/static/js/offline.js"' in page and 'data-sw="/t/sw.js"' in page
    assert 'id="offline-data"' in page and '"hands": 4' in page and '"2": "Carl Diaz (E)"' in page


# --- a race ------------------------------------------------------------------------------------

@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="threads need a server database")
def test_ten_threads_sending_the_same_id_make_one_hand_and_one_receipt(setup):
    barrier = threading.Barrier(10)
    results, errors = [], []

    def post(i):
        try:
            barrier.wait()
            hand = hand_record(table=setup.t1, number=1, actor=Actor(label=f"phone {i}"), side="ns", client_id=ID_1,
                               declarer="ns", contract="7H", tricks=8)
            results.append(hand.pk)
        except Exception as exc:  # any database error fails the test below
            errors.append(repr(exc))
        finally:
            connections.close_all()

    threads = [threading.Thread(target=post, args=(i,)) for i in range(10)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    assert len(results) == 10 and len(set(results)) == 1
    assert ClientSave.objects.count() == 1 and HandChange.objects.filter(action="create").count() == 1
