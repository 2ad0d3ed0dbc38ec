"""A club night of mixed table sizes (issue 25, RULES.md section 7) on phones, in Spanish: seven
players sit 4 + 3 (tests/engine/test_eventfile_mixed.py's four_and_three, round 1 open, no hand yet).
At the three, the first player proves his seat with his PIN and types a hand; another player's phone
shows it and confirms with one button. At the four, a phone asks which side bid, as at any table of
four. Hand-worked (RULES.md sections 1, 2 and 7, under Wikipedia's four-handed rules): 10NT (520) by
seat 1 with all ten tricks, +520, past 500, so the game is over; the other two 0.
"""

import pytest

from scoring.event_io import event_import
from scoring.models import Hand
from tests.e2e.conftest import PHONE, no_wider_than_phone, pick, prove
from tests.engine.test_eventfile_mixed import before_play, four_and_three
from tournaments.models import Partnership, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def seven(transactional_db):
    data = before_play(four_and_three())
    data["event"]["language"] = "es"
    event = event_import(data, slug="mixed-phones")
    for number in range(1, 8):
        Partnership.objects.filter(event=event, number=number).update(pin=str(number) * 4)
    return Table.objects.filter(round__event=event).order_by("number")


def test_a_table_of_three_and_one_of_four_in_one_mixed_round(live_server, seven, launch, shot):
    four, three = seven
    browser = launch()
    phone = {seat: browser.new_context(viewport=PHONE, locale="es-US").new_page() for seat in ("1", "2")}
    link = f"{live_server.url}/t/{three.token.lower()}/"
    for seat, page in phone.items():  # seat 1 holds player 5 (Rosa Díaz), seat 2 player 6 (Jean Petit)
        page.goto(link)
        prove(page, seat, str(4 + int(seat)) * 4)
        page.locator("#hand-form").wait_for()
        assert no_wider_than_phone(page)
    rosa = phone["1"]
    pick(rosa, "declarer_seat", "1")
    pick(rosa, "contract", "10NT")
    pick(rosa, "tricks", "10")
    pick(rosa, "seat_2", "0")
    assert rosa.locator("input[name=seat_3][value='0']").is_checked()  # the last one's, worked out
    rosa.locator("details.three-note summary").click()
    assert rosa.locator("fieldset.penalty-side legend").inner_text() == "¿Quién renunció (renuncio establecido)?"
    assert no_wider_than_phone(rosa)
    shot(rosa, "mixed-phones-es-01-three-hand-typed")
    rosa.get_by_role("button", name="Guardar la mano 1").click()
    rosa.locator("#saved").wait_for()
    hand = Hand.objects.get(table=three)
    assert (hand.seat_points, hand.made, hand.entered_side) == ({"1": 520, "2": 0, "3": 0}, True, "1")

    jean = phone["2"]
    jean.reload()
    jean.locator(".confirm-form button[type=submit]").click()
    jean.wait_for_load_state()
    three.refresh_from_db()
    assert three.confirmed_at is not None and three.confirmed_by == "Jean Petit en su teléfono"
    shot(jean, "mixed-phones-es-02-three-confirmed")

    # The four's phone asks which side bid (N-S or E-W), as at any progressive table.
    north = browser.new_context(viewport=PHONE, locale="es-US").new_page()
    north.goto(f"{live_server.url}/t/{four.token.lower()}/")
    prove(north, "ns", "1111")  # N-S: seat N holds player 1 (Ana Garza), who proves it with her PIN
    north.locator("#hand-form").wait_for()
    assert north.locator("input[name=declarer][value='ns']").count() == 1
    assert north.locator("input[name=partner_seat]").count() == 0
    assert no_wider_than_phone(north)
    shot(north, "mixed-phones-es-03-four")
