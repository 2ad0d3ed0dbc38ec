"""A table of five on five phones (issue 25, RULES.md section 7; docs/trust.md), in Spanish: each a
separate 360x740 Chromium holding the same table link. Each player says who holds the phone and
proves it with his own PIN; the first player types the round's two hands (the bidder, the partner
he called or nobody, the contract, the side's tricks, the others' own); the other phones show them;
the phone that typed them has nothing to confirm; another player confirms with one button.

The table is round 2's table 1 of the conformance sample (tests/conformance/samples.py FIVE_HANDED):
seats 1 to 5 hold players 1 (Ana Garza), 6 (Joe Smith), 2 (Luis Peña), 7 (Élise Côté), 3 (Nélida
Zúñiga). Hands (McAllen; RULES.md sections 1 and 7, worked by hand):
  1: 7H (200) by seat 1 calling seat 2, 4 + 4 = 8 tricks, made: seats 1 and 2 +200 each; seats 3
     and 4 one trick each +10; seat 5 none, 0;
  2: 9S (340) by seat 3 alone, taking 6: set, -340; seats 1, 2, 4 and 5 one trick each, +10.
  Totals: seat 1 210, seat 2 210, seat 3 -330, seat 4 20, seat 5 10.
"""

import pytest

from scoring.event_io import event_import
from scoring.models import Hand
from tests.conformance.samples import FIVE_HANDED
from tests.e2e.conftest import PHONE, cells_overflowing, no_wider_than_phone, pick, prove
from tournaments.models import Partnership, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PINS = {1: "1111", 6: "6666", 2: "2222", 7: "7777", 3: "3333"}  # by player number
SEATS = {"1": 1, "2": 6, "3": 2, "4": 7, "5": 3}  # seat -> player number


def five_handed_table(slug: str) -> Table:
    """Round 2's table 1 of the conformance sample's table of five, imported as `slug`, its players' PINS set."""
    event = event_import(FIVE_HANDED.event_file("session", slug))
    for number, pin in PINS.items():
        Partnership.objects.filter(event=event, number=number).update(pin=pin)
    return Table.objects.get(round__event=event, round__number=2, number=1)


@pytest.fixture
def five_table(transactional_db):
    return five_handed_table("five-phones")


def enter(page, *, bidder, partner, contract, tricks, others):
    """Type a hand on a table of five's form (by the controls' values, in any language) and save it."""
    pick(page, "declarer_seat", bidder)
    pick(page, "partner_seat", partner)
    pick(page, "contract", contract)
    pick(page, "tricks", tricks)
    for seat, count in others.items():  # the others' tricks: a number box each between [-] and [+], tapped
        step = page.locator(f"[data-place='{seat}'] button[data-step='{-1 if count == '0' else 1}']")
        for _ in range(max(1, int(count))):  # an empty box: [+] gives 1, [-] gives 0
            step.click()


def totals(page):
    return [page.locator(f"#total-{seat}").inner_text() for seat in "12345"]


def test_five_phones_enter_and_another_player_confirms(live_server, five_table, launch, shot):
    table = five_table
    link = f"{live_server.url}/t/{table.token.lower()}/"
    browser = launch()
    phones = {seat: browser.new_context(viewport=PHONE, locale="es-US").new_page() for seat in SEATS}

    for seat, page in phones.items():
        page.goto(link)
        assert page.locator("label.side-player").count() == 5
        if seat == "1":
            shot(page, "five-phones-es-01-who-holds-this-phone")
        prove(page, seat, PINS[SEATS[seat]])
        page.locator("#hand-form").wait_for()
        assert no_wider_than_phone(page)

    ana = phones["1"]
    # Hand 1: 7H by seat 1 calling seat 2; the side took 8, seat 2 four of them himself; seats 3 and 4 one each
    # (seat 5's none is filled in by the page).
    enter(ana, bidder="1", partner="2", contract="7H", tricks="8", others={"2": "4", "3": "1", "4": "1"})
    assert ana.locator("input[name=seat_5]").input_value() == "0"  # the last one's tricks, worked out
    assert ana.locator("[data-place='1']").is_hidden()  # the bidder's own row: his side's tricks are above
    assert ana.locator("[data-partner-seat='1']").is_hidden()  # he cannot call himself
    assert no_wider_than_phone(ana)
    shot(ana, "five-phones-es-02-hand-1-typed")
    ana.locator("button[name=save]").click()
    ana.locator("#saved").wait_for()
    assert totals(ana) == ["200", "200", "10", "10", "0"]

    # Hand 2: 9S by seat 3 alone, 6 tricks; every other player one.
    enter(ana, bidder="3", partner="alone", contract="9S", tricks="6", others={"1": "1", "2": "1", "4": "1"})
    assert ana.locator("input[name=seat_5]").input_value() == "1"
    ana.locator("button[name=save]").click()
    ana.locator("#confirm").wait_for()
    assert no_wider_than_phone(ana)
    assert totals(ana) == ["210", "210", "-330", "20", "10"]
    # Ana typed every hand: her phone accepts none of them, another player does.
    assert ana.locator(".confirm-form").count() == 0
    shot(ana, "five-phones-es-03-waiting-on-ana")

    stored = [(h.number, h.declarer_seat, h.partner_seat, h.contract, h.seat_tricks, h.seat_points, h.entered_side)
              for h in Hand.objects.filter(table=table).order_by("number")]
    assert stored == [
        (1, "1", "2", "7H", {"1": 4, "2": 4, "3": 1, "4": 1, "5": 0}, {"1": 200, "2": 200, "3": 10, "4": 10, "5": 0},
         "1"),
        (2, "3", "", "9S", {"1": 1, "2": 1, "3": 6, "4": 1, "5": 1}, {"1": 10, "2": 10, "3": -340, "4": 10, "5": 10},
         "1"),
    ]

    for seat in ("2", "3", "5"):
        phones[seat].reload()
        assert totals(phones[seat]) == ["210", "210", "-330", "20", "10"]
        assert no_wider_than_phone(phones[seat])
        assert cells_overflowing(phones[seat]) == []  # "-340", "6 bazas" each in its player's column
    shot(phones["3"], "five-phones-es-04-hands-on-seat-3")

    # Seat 4 (Élise Côté), proven with her own PIN, confirms with one button.
    other = phones["4"]
    other.reload()
    other.locator(".confirm-form button[type=submit]").click()
    other.wait_for_load_state()
    table.refresh_from_db()
    assert table.confirmed_at is not None and table.confirmed_by == "Élise Côté en su teléfono"  # said in the phone's language
    assert set(Hand.objects.filter(table=table).values_list("accepted_side", flat=True)) == {"4"}
    assert other.locator("#hand-form, .confirm-form").count() == 0
    shot(other, "five-phones-es-05-confirmed-on-seat-4")
