"""A table of three's phone when the hall's wifi drops (docs/organizer-guide.md, "When the wifi drops" and "Events of
individuals"), in headless Chromium at 360x740, with static/js/offline.js as at a partnership table:
Ana Garza saves hand 1 online, hands 2 and 3 with no connection (kept on the phone, shown as not sent
yet, the form going on to the next hand by itself), reloads with no network (the service worker's
copy, the two kept hands still there), and when the wifi returns each hand is stored exactly once,
even when the phone sends the same two saves a second time. Ana's phone cannot accept her own hands;
she hands it to Luis Peña, who proves himself with his PIN while the wifi is up (docs/trust.md), and
his confirmation, pressed with no connection, is kept and sent the same way.

Hands (three-handed preset with misère 250; worked in tests/play/test_individuals_entry.py):
  1: 8H by Ana, 8 tricks, Luis 1, Marie 1: Ana +300, Luis +10, Marie +10
  2: 7S by Luis, 5 tricks, Ana 4, Marie 1: Luis -140, Ana +40, Marie +10
  3: MIS by Marie, no trick (Ana 6, Luis 4): Marie +250, Ana 0, Luis 0
  totals: Ana 340, Luis -130, Marie 270
Dealers: seat 1, 2, 3 in turn, so Marie Tremblay deals hand 3.
"""

import json

import pytest

from scoring.models import ClientSave, Hand, HandChange
from tests.e2e.conftest import (
    QUEUE,
    THREE_PINS,
    enter_three,
    lines,
    no_wider_than_phone,
    pick,
    prove,
    queued,
    wait_kept,
    wait_until,
    wifi,
)

pytestmark = [pytest.mark.browser, pytest.mark.slow]

HANDS = [
    (1, "1", "8H", {"1": 8, "2": 1, "3": 1}, {"1": 300, "2": 10, "3": 10}),
    (2, "2", "7S", {"1": 4, "2": 5, "3": 1}, {"1": 40, "2": -140, "3": 10}),
    (3, "3", "MIS", {"1": 6, "2": 4, "3": 0}, {"1": 0, "2": 0, "3": 250}),
]


def stored(table):
    return [(h.number, h.declarer_seat, h.contract, h.seat_tricks, h.seat_points)
            for h in Hand.objects.filter(table=table).order_by("number")]


def totals(page):
    return [page.locator(f"#total-{seat}").inner_text() for seat in "123"]


def test_a_table_of_three_keeps_hands_offline_and_sends_each_once(live_server, three_table, phone, shot):
    table = three_table
    phone.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(phone, "1", THREE_PINS[1])  # Ana, with her own PIN
    url = phone.url

    enter_three(phone, 1, "1", "8H", "8", "2", "1")
    phone.get_by_role("button", name="Save hand 2").wait_for()
    wait_kept(phone)
    assert stored(table) == HANDS[:1]

    # The wifi drops.
    wifi(phone.context, False)
    enter_three(phone, 2, "2", "7S", "5", "1", "4")
    phone.get_by_role("button", name="Save hand 3").wait_for()
    assert phone.locator("#enter").inner_text() == "Hand 3 of 3 · Marie Tremblay deals"
    assert phone.locator("input[type=radio]:checked").count() == 0  # a clean form for hand 3
    assert phone.locator("#three-preview").inner_text() == ""
    # The preview gives each player's points, not a total: the page's totals lack the kept hand 2.
    pick(phone, "declarer_seat", "3")
    pick(phone, "contract", "MIS")
    pick(phone, "tricks", "0")
    pick(phone, "seat_1", "6")
    assert phone.locator("[data-preview-seat='3']").inner_text() == "Marie Tremblay: 0 tricks, +250"
    assert phone.locator("[data-preview-seat='2']").inner_text() == "Luis Peña: 4 tricks, 0"
    phone.get_by_role("button", name="Save hand 3").click()
    kept = phone.locator(".offline-item")
    kept.nth(1).wait_for()
    assert lines(kept.nth(0)) == ["Hand 2: 7♠ by Luis Peña, 5 tricks", "Saved on this phone, not sent yet."]
    assert lines(kept.nth(1)) == ["Hand 3: Misère by Marie Tremblay, 0 tricks", "Saved on this phone, not sent yet."]
    assert phone.locator("#hand-form").is_hidden()  # all three hands are in (two of them here)
    assert "No connection." in phone.locator("#offline-queue").inner_text()
    assert totals(phone) == ["300", "10", "10"]
    assert no_wider_than_phone(phone)
    assert [(q["number"], q["state"]) for q in queued(phone)] == [(2, "waiting"), (3, "waiting")]
    assert dict(queued(phone)[0]["fields"])["declarer_seat"] == "2"
    assert stored(table) == HANDS[:1]
    shot(phone, "offline-three-01-two-hands-kept")

    # A reload with no network: the last copy of the table and the two kept hands.
    phone.reload()
    assert phone.locator("h1").inner_text() == "Round 1 · Table 1"
    assert phone.locator("table.hand-list tbody tr[data-hand]").count() == 1
    assert phone.locator(".offline-item").count() == 2
    assert phone.locator("#hand-form").is_hidden()
    assert no_wider_than_phone(phone)
    shot(phone, "offline-three-02-reloaded-offline")
    sent_twice = phone.evaluate(QUEUE)  # the same two saves, ids and all, to send again later
    assert stored(table) == HANDS[:1]

    # The wifi returns: the phone sends the two hands and shows the server's table.
    wifi(phone.context, True)
    wait_until(phone, lambda: len(stored(table)) == 3 and queued(phone) == [], "the two kept hands to be sent")
    phone.get_by_text("Now another player checks").wait_for()  # Ana wrote every hand: not hers to accept
    phone.wait_for_load_state()
    assert phone.get_by_role("button", name="Confirm the scores").count() == 0
    assert phone.locator("table.hand-list tbody tr[data-hand]").count() == 3
    assert phone.locator(".offline-item").count() == 0
    assert totals(phone) == ["340", "-130", "270"]
    shot(phone, "offline-three-03-sent")
    assert stored(table) == HANDS

    # A second sending of the same saves (a phone that did not hear the answer) stores nothing twice.
    phone.evaluate(f"localStorage.setItem('fh-entry-queue-v1', {json.dumps(json.dumps(sent_twice))})")
    phone.goto(url)
    wait_until(phone, lambda: queued(phone) == [], "the repeated saves to be answered")
    assert stored(table) == HANDS
    assert list(HandChange.objects.filter(table=table).values_list("action", "hand_number", "by")) == [
        ("create", n, "Ana Garza on their phone") for n in (1, 2, 3)]
    assert sorted(ClientSave.objects.filter(table=table).values_list("hand_number", flat=True)) == [1, 2, 3]

    # Ana hands the phone to Luis, who proves himself with his own PIN; then the wifi drops again and his
    # confirmation is kept, then sent when the wifi returns.
    phone.get_by_role("button", name="not you?").click()
    prove(phone, "2", THREE_PINS[2])
    phone.get_by_role("button", name="Confirm the scores").wait_for()
    phone.wait_for_load_state()
    wifi(phone.context, False)
    phone.get_by_role("button", name="Confirm the scores").click()
    kept = phone.locator(".offline-item")
    kept.wait_for()
    assert lines(kept) == ["Confirmation of the scores", "Saved on this phone, not sent yet."]
    assert phone.locator(".confirm-form").is_hidden()
    assert [(q["kind"], q["state"]) for q in queued(phone)] == [("confirm", "waiting")]
    table.refresh_from_db()
    assert table.confirmed_at is None
    shot(phone, "offline-three-04-confirmation-kept")
    wifi(phone.context, True)
    wait_until(phone, lambda: queued(phone) == [], "the kept confirmation to be sent")
    phone.get_by_text("Confirmed by Luis Peña on their phone at").wait_for()
    table.refresh_from_db()
    assert table.confirmed_at is not None and table.confirmed_by == "Luis Peña on their phone"
    assert set(Hand.objects.filter(table=table).values_list("entered_side", "accepted_side")) == {("1", "2")}
    assert phone.locator("#hand-form, .confirm-form").count() == 0
    assert stored(table) == HANDS
