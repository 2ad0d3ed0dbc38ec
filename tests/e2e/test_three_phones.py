"""A table of three on three phones (docs/event-file.md, "Events of individuals"), each a separate 360x740
browser in headless Chromium holding the same table link: Ana Garza, Luis Peña and Marie Tremblay
each say who holds the phone and prove it with their own PIN (docs/trust.md; a PIN of nobody at the
table is refused and counted); Ana enters the three hands, the other two phones show them on
reloading; Ana's phone has nothing to confirm (she wrote every hand); Luis confirms with one button on
his phone, and then every phone shows the table confirmed and read-only.

Hands (three-handed preset with misère 250; worked in tests/play/test_individuals_entry.py):
  1: 8H by Ana, 8 tricks, Luis 1, Marie 1: Ana +300, Luis +10, Marie +10   totals 300, 10, 10
  2: 7S by Luis, 5 tricks, Ana 4, Marie 1: Luis -140, Ana +40, Marie +10   totals 340, -130, 20
  3: MIS by Marie, no trick (Ana 6, Luis 4): Marie +250, Ana 0, Luis 0     totals 340, -130, 270
"""

import pytest

from scoring.models import ConfirmFailure, Hand, HandChange
from tests.e2e.conftest import THREE_PINS, enter_three, no_wider_than_phone, prove

pytestmark = [pytest.mark.browser, pytest.mark.slow]

NAMES = {"1": "Ana Garza", "2": "Luis Peña", "3": "Marie Tremblay"}


def totals(page):
    return [page.locator(f"#total-{seat}").inner_text() for seat in "123"]


def hand_rows(page):
    """Each hand row of the list: its number, the contract and bidder, then each seat's points."""
    rows = page.locator("table.hand-list tbody tr[data-hand]")
    return [[cell.split("\n")[0] for cell in row.locator("td").all_inner_texts()[:5]]
            for row in (rows.nth(i) for i in range(rows.count()))]


def test_three_phones_enter_and_confirm_one_table_of_three(live_server, three_table, new_phone, shot):
    table = three_table
    link = f"{live_server.url}/t/{table.token.lower()}/"
    phones = {seat: new_phone() for seat in NAMES}
    ana, luis, marie = phones["1"], phones["2"], phones["3"]

    for seat, page in phones.items():
        page.goto(link)
        assert page.get_by_role("heading", name="Who is holding this phone?").is_visible()
        assert [" ".join(text.split()) for text in page.locator("label.side-player").all_inner_texts()] == [
            "Ana Garza #1", "Luis Peña #2", "Marie Tremblay #3"]
        if seat == "2":
            shot(page, "three-phones-01-who-holds-this-phone")
        if seat == "3":
            # A PIN of nobody at the table is refused, and counted; the phone stays unproven.
            prove(page, "3", "9999", then=False)
            error = page.locator("#code-error")
            error.wait_for()
            assert error.inner_text() == "That is not your PIN. Check your movement card."
            assert no_wider_than_phone(page)
            shot(page, "three-phones-03-wrong-pin")
            assert ConfirmFailure.objects.filter(table=table).count() == 1
        prove(page, seat, THREE_PINS[int(seat)])
        page.get_by_role("button", name="Save hand 1").wait_for()
        assert page.locator(".entry-you strong").inner_text() == NAMES[seat]
        assert page.get_by_text("No hands entered yet.").is_visible()
        assert no_wider_than_phone(page)

    # Ana enters hand 1; the other two phones show it when they reload.
    enter_three(ana, 1, "1", "8H", "8", "2", "1")
    ana.get_by_role("button", name="Save hand 2").wait_for()
    assert ana.locator("#saved").inner_text() == ("✓ Hand 1 saved: 8♥ by Ana Garza, 8 tricks · Ana Garza: +300 (8 tricks); "
                                               "Luis Peña: +10 (1 trick); Marie Tremblay: +10 (1 trick)")
    for page in (luis, marie):
        page.reload()
        assert hand_rows(page) == [["1", "8♥", "+300", "+10", "+10"]]
        assert totals(page) == ["300", "10", "10"]
        page.get_by_role("button", name="Save hand 2").wait_for()  # they too are on hand 2 now

    enter_three(ana, 2, "2", "7S", "5", "1", "4")
    ana.get_by_role("button", name="Save hand 3").wait_for()
    enter_three(ana, 3, "3", "MIS", "0", "1", "6")
    # Ana wrote every hand: her phone accepts none of them, another player does.
    ana.get_by_text("Now another player checks").wait_for()
    assert ana.get_by_text("Hands 1, 2 and 3 were entered or changed on your phone: another player accepts them "
                           "on his phone.").is_visible()
    assert ana.get_by_role("button", name="Confirm the scores").count() == 0
    assert totals(ana) == ["340", "-130", "270"]
    for page in (luis, marie):
        page.reload()
        assert hand_rows(page) == [["1", "8♥", "+300", "+10", "+10"],
                                   ["2", "7♠", "+40", "-140", "+10"],
                                   ["3", "MIS", "0", "0", "+250"]]
        assert totals(page) == ["340", "-130", "270"]
        assert page.get_by_text("All 3 hands are in.").is_visible()
        assert page.locator("#hand-form").count() == 0
        assert page.get_by_role("button", name="Confirm the scores").is_visible()
        assert no_wider_than_phone(page)
    shot(marie, "three-phones-02-hands-on-marie")
    assert [(h.number, h.declarer_seat, h.contract, h.seat_tricks, h.seat_points)
            for h in Hand.objects.filter(table=table).order_by("number")] == [
        (1, "1", "8H", {"1": 8, "2": 1, "3": 1}, {"1": 300, "2": 10, "3": 10}),
        (2, "2", "7S", {"1": 4, "2": 5, "3": 1}, {"1": 40, "2": -140, "3": 10}),
        (3, "3", "MIS", {"1": 6, "2": 4, "3": 0}, {"1": 0, "2": 0, "3": 250}),
    ]
    assert set(HandChange.objects.filter(table=table).values_list("by", flat=True)) == {"Ana Garza on their phone"}

    table.refresh_from_db()
    assert table.confirmed_at is None
    assert ConfirmFailure.objects.filter(table=table).count() == 1  # only Marie's wrong PIN

    # Luis confirms on his own phone, proven with his PIN: one button, no second PIN.
    assert luis.locator("#confirm input[name=pin]").count() == 0
    luis.get_by_role("button", name="Confirm the scores").click()
    luis.get_by_text("Table 1 confirmed. Thank you!").wait_for()  # once (the page showed each message twice)
    table.refresh_from_db()
    assert table.confirmed_at is not None and table.confirmed_by == "Luis Peña on their phone"
    assert set(Hand.objects.filter(table=table).values_list("accepted_side", flat=True)) == {"2"}

    # Every phone now shows the table confirmed and read-only: no form, no Fix link, nothing to confirm.
    for seat, page in phones.items():
        if seat != "2":  # the others open the table's link again
            page.goto(link)
            assert page.locator(".messages").count() == 0
        states = page.locator(".entry-state").all_inner_texts()
        assert len(states) == 2 and states[0].startswith("Confirmed by Luis Peña on their phone at ")
        assert states[1] == ("These scores are confirmed, so they can no longer be changed here. "
                             "To correct one, ask an organizer or scorer.")
        assert totals(page) == ["340", "-130", "270"]
        assert page.locator("#hand-form, .confirm-form, a.fix, details.dispute").count() == 0
        assert no_wider_than_phone(page)
    shot(ana, "three-phones-04-confirmed-on-ana")
    shot(luis, "three-phones-05-confirmed-on-luis")
    assert Hand.objects.filter(table=table).count() == 3
