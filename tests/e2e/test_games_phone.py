"""A whole game to 500 on a 360x740 phone in headless Chromium (docs/rules.md, "Games"): hands until
"Game over", with a hand nobody bid played at no trump, then the next game's first hand.

Wikipedia rules (2006), no_bid = play_no_trump; worked by hand (running game score N-S - E-W):
  hand 1  E-W 9♥ make 9       E-W +400, N-S +10      10 - 400
  hand 2  nobody bid, N-S 6   N-S +60, E-W +40       70 - 440
  hand 3  E-W 7♥ make 7       E-W +200, N-S +30      100 - 640: E-W made their bid past 500
  -> "Game over: E-W win 640 to 100"; hand 4 starts game 2 at 0 - 0.
"""

import pytest

from scoring.models import Hand
from tests.builders import make_event, round_in_play
from tests.e2e.conftest import prove

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def phone(launch):
    return launch().new_context(viewport={"width": 360, "height": 740}).new_page()


def pick(page, name, value):
    page.locator(f"label.pick:has(input[name={name}][value='{value}'])").click()


def test_a_whole_game_on_the_phone(live_server, transactional_db, phone, shot):
    event = make_event(slug="games-phone", name="Club games night", rules_preset="wikipedia-2006",
                       rule_overrides={"no_bid": "play_no_trump"}, format="games", hands_per_round=None)
    table = round_in_play(event).tables.get(number=1)
    phone.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(phone, "ns", table.ns.pin)  # the side screen: N-S and its PIN (docs/trust.md)
    phone.get_by_role("button", name="Save hand 1").wait_for()
    assert "game 1" in phone.locator("#enter").inner_text()
    assert phone.locator("[data-nobid-only]").is_hidden()

    pick(phone, "declarer", "ew")
    pick(phone, "contract", "9H")
    pick(phone, "tricks", "9")
    assert (phone.locator("[data-preview-ns]").inner_text(), phone.locator("[data-preview-ew]").inner_text()) == (
        "+10", "+400")
    phone.get_by_role("button", name="Save hand 1").click()
    phone.get_by_role("button", name="Save hand 2").wait_for()
    assert (phone.locator("#total-ns").inner_text(), phone.locator("#total-ew").inner_text()) == ("10", "400")

    # Nobody bid: the contract and the bidders' tricks give way to the tricks N-S took.
    phone.locator("label.nobid-pick").click()
    assert phone.locator("[data-nobid-only]").is_visible()
    assert phone.locator(".contract-group").is_hidden()
    pick(phone, "ns_tricks", "6")
    assert (phone.locator("[data-preview-ns]").inner_text(), phone.locator("[data-preview-ew]").inner_text()) == (
        "+60", "+40")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    shot(phone, "games-01-nobody-bid")
    phone.get_by_role("button", name="Save hand 2").click()
    phone.get_by_role("button", name="Save hand 3").wait_for()
    assert (phone.locator("#total-ns").inner_text(), phone.locator("#total-ew").inner_text()) == ("70", "440")

    pick(phone, "declarer", "ew")
    pick(phone, "contract", "7H")
    pick(phone, "tricks", "7")
    phone.get_by_role("button", name="Save hand 3").click()
    phone.get_by_role("button", name="Save hand 4").wait_for()
    assert "Game over: E-W win 640 to 100" in phone.locator("[data-game-over]").inner_text()
    assert "game 2" in phone.locator("#enter").inner_text()
    assert (phone.locator("#total-ns").inner_text(), phone.locator("#total-ew").inner_text()) == ("0", "0")
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.evaluate("window.scrollTo(0, 0)")
    shot(phone, "games-02-game-over")

    # The next game's first hand.
    pick(phone, "declarer", "ns")
    pick(phone, "contract", "8NT")
    pick(phone, "tricks", "8")
    phone.get_by_role("button", name="Save hand 4").click()
    phone.get_by_role("button", name="Save hand 5").wait_for()
    assert (phone.locator("#total-ns").inner_text(), phone.locator("#total-ew").inner_text()) == ("320", "20")
    phone.locator("details.hands summary").click()
    assert "Nobody bid · N-S 6 tricks" in phone.locator("table.hand-list").inner_text()
    assert "Game over: E-W win 640 to 100" in phone.locator("table.hand-list").inner_text()
    shot(phone, "games-03-next-game")
    assert [(h.number, h.contract, h.ns_points, h.ew_points) for h in Hand.objects.filter(table=table)] == [
        (1, "9H", 10, 400), (2, "NOBID", 60, 40), (3, "7H", 30, 200), (4, "8NT", 320, 20)]
