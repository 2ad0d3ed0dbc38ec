"""A three-handed table on a 360x740 phone in headless Chromium (docs/event-file.md, "Events of individuals"):
Ana (seat 1) holds the phone, enters three hands by player, the live preview shows each player's
points from the server's table; Ana hands the phone to Marie ("not you?"), who proves herself with her
own PIN on the side screen and confirms (docs/trust.md).

Hands (three-handed preset; worked in tests/play/test_individuals_entry.py):
  1: 8H by Ana, 8 tricks, Luis 1, Marie 1: Ana +300, Luis +10, Marie +10
  2: 7S by Luis, 5 tricks, Ana 4, Marie 1: Luis -140, Ana +40, Marie +10
  3: MIS by Marie, no trick (Ana 6, Luis 4): Marie +250
"""

import pytest

from scoring.models import Hand
from tests.e2e.conftest import THREE_PINS, no_wider_than_phone, pick, prove

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_table_of_three_on_the_phone(live_server, three_table, phone, shot):
    table = three_table
    phone.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(phone, "1", THREE_PINS[1])  # Ana, with her own PIN
    phone.get_by_role("button", name="Save hand 1").wait_for()
    pick(phone, "declarer_seat", "1")
    assert phone.locator("[data-three-seat='1']").is_hidden()
    pick(phone, "contract", "8H")
    pick(phone, "tricks", "8")
    pick(phone, "seat_2", "1")
    assert phone.locator("input[name=seat_3][value='1']").is_checked()  # what is left of the 10
    assert phone.locator("[data-preview-seat='1']").inner_text() == "Ana Garza: 8 tricks, +300 → 300"
    assert phone.locator("[data-preview-seat='3']").inner_text() == "Marie Tremblay: 1 tricks, +10 → 10"
    assert no_wider_than_phone(phone)
    shot(phone, "three-01-preview")
    phone.get_by_role("button", name="Save hand 1").click()
    phone.get_by_role("button", name="Save hand 2").wait_for()
    assert phone.locator("#total-1").inner_text() == "300"

    pick(phone, "declarer_seat", "2")
    pick(phone, "contract", "7S")
    pick(phone, "tricks", "5")
    pick(phone, "seat_1", "4")
    phone.get_by_role("button", name="Save hand 2").click()
    phone.get_by_role("button", name="Save hand 3").wait_for()
    pick(phone, "declarer_seat", "3")
    pick(phone, "contract", "MIS")
    pick(phone, "tricks", "0")
    pick(phone, "seat_1", "6")
    phone.get_by_role("button", name="Save hand 3").click()
    phone.get_by_text("Now another player checks").wait_for()  # Ana's own hands: not hers to accept
    assert phone.get_by_role("button", name="Confirm the scores").count() == 0
    assert [phone.locator(f"#total-{s}").inner_text() for s in "123"] == ["340", "-130", "270"]
    assert Hand.objects.filter(table=table).count() == 3

    phone.get_by_role("button", name="not you?").click()
    phone.get_by_text("Who is holding this phone?").wait_for()
    prove(phone, "3", THREE_PINS[3])  # Marie, with hers
    phone.get_by_role("button", name="Confirm the scores").click()
    phone.get_by_text("Confirmed by Marie Tremblay").wait_for()
    shot(phone, "three-02-confirmed")
    table.refresh_from_db()
    assert table.confirmed_at is not None
