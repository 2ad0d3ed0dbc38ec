"""A table's phone when the hall's wifi drops (docs/organizer-guide.md, "When the wifi drops"), in headless Chromium
at 360x740: hands saved offline are kept on the phone and shown as not sent yet, a reload with no
network shows the table from the service worker's copy, and when the phone comes back (even after
the page was closed) each hand is stored exactly once with its history. A hand the server refuses
(the organizer closed the round meanwhile) stays on the phone, with the reason and what was typed,
until the person decides."""

import pytest

from scoring.models import ClientSave, Hand, HandChange
from tests.builders import make_event, round_in_play
from tests.e2e.conftest import lines, phone_context, prove, queued, wait_kept, wait_until, wifi
from tournaments.services import round_close

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def pick(page, declarer, contract, tricks):
    page.locator(f"label.pick:has(input[name=declarer][value={declarer}])").click()
    page.locator(f"label.pick:has(input[name=contract][value='{contract}'])").click()
    page.locator(f"label.pick:has(input[name=tricks][value='{tricks}'])").click()


def stored(table):
    return [(h.number, h.declarer, h.contract, h.tricks, h.ns_points, h.ew_points)
            for h in Hand.objects.filter(table=table).order_by("number")]


def test_hands_saved_offline_are_kept_shown_and_sent_once(live_server, transactional_db, launch, shot):
    rnd = round_in_play(make_event(slug="offline"))
    table = rnd.tables.get(number=1)
    context = phone_context(launch())
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(page, "ns", table.ns.pin)
    url = page.url  # the table's own address, after proving the side

    # Hand 1 online. RULES.md section 5: 7H by N-S making 8: N-S +200, E-W +20.
    pick(page, "ns", "7H", 8)
    page.get_by_role("button", name="Save hand 1").click()
    page.get_by_role("button", name="Save hand 2").wait_for()
    wait_kept(page)

    # The wifi drops in the middle of the table.
    wifi(context, False)
    # 8NT by E-W taking 7: E-W -320, N-S +30.
    pick(page, "ew", "8NT", 7)
    page.get_by_role("button", name="Save hand 2").click()
    page.get_by_role("button", name="Save hand 3").wait_for()
    # 6S by N-S taking all ten: N-S +250, E-W 0.
    pick(page, "ns", "6S", 10)
    page.get_by_role("button", name="Save hand 3").click()
    page.get_by_role("button", name="Save hand 4").wait_for()
    kept = page.locator(".offline-item")
    assert kept.count() == 2
    assert lines(kept.nth(0)) == ["Hand 2: 8NT by E-W, 7 tricks", "Saved on this phone, not sent yet."]
    assert lines(kept.nth(1)) == ["Hand 3: 6♠ by N-S, 10 tricks", "Saved on this phone, not sent yet."]
    assert "No connection." in page.locator("#offline-queue").inner_text()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    assert [(q["number"], q["state"]) for q in queued(page)] == [(2, "waiting"), (3, "waiting")]
    assert stored(table) == [(1, "ns", "7H", 8, 200, 20)]
    shot(page, "offline-01-two-hands-kept")

    # A reload with no network shows the table (the last copy) and the two kept hands.
    page.reload()
    assert page.locator("h1").inner_text() == "Round 1 · Table 1"
    assert page.locator("table.hand-list tbody tr").count() == 1
    assert page.locator(".offline-item").count() == 2
    page.get_by_role("button", name="Save hand 4").wait_for()
    shot(page, "offline-02-reloaded-offline")
    assert stored(table) == [(1, "ns", "7H", 8, 200, 20)]

    # The page is closed; the wifi returns; the phone opens the table again.
    page.close()
    wifi(context, True)
    page = context.new_page()
    page.goto(url)
    wait_until(page, lambda: len(stored(table)) == 3 and queued(page) == [], "the two kept hands to be sent")
    page.get_by_role("button", name="Save hand 4").wait_for()
    page.wait_for_load_state()
    assert page.locator("table.hand-list tbody tr").count() == 3
    assert page.locator(".offline-item").count() == 0
    shot(page, "offline-03-sent")
    assert stored(table) == [(1, "ns", "7H", 8, 200, 20), (2, "ew", "8NT", 7, 30, -320), (3, "ns", "6S", 10, 250, 0)]
    history = list(HandChange.objects.filter(table=table).values_list("action", "hand_number", "by"))
    assert history == [("create", n, "N-S #1 on their phone") for n in (1, 2, 3)]
    assert HandChange.objects.get(table=table, hand_number=2).new["ew_points"] == -320
    assert sorted(ClientSave.objects.filter(table=table).values_list("hand_number", flat=True)) == [1, 2, 3]

    # Hand 4 is kept offline; meanwhile the organizer closes the round.
    wifi(context, False)
    pick(page, "ew", "9H", 10)
    page.get_by_role("button", name="Save hand 4").click()
    page.locator(".offline-item").wait_for()
    round_close(rnd=rnd, by="olga", force=True, reason="Hall closing at six")
    wifi(context, True)
    refused = page.locator(".offline-item[role=alert]")
    refused.wait_for(timeout=20000)
    assert lines(refused)[:2] == [
        "Hand 4: 9♥ by E-W, 10 tricks",
        "The organizer closed Round 1, so this was not saved. Show it to the organizer.",
    ]
    assert refused.get_by_role("button", name="Try again").is_visible()
    assert refused.get_by_role("button", name="Discard").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "offline-04-refused")
    assert len(stored(table)) == 3

    # Kept (with what was typed) until the person decides, across a reload.
    page.reload()
    refused = page.locator(".offline-item[role=alert]")
    assert lines(refused)[0] == "Hand 4: 9♥ by E-W, 10 tricks"
    assert [(q["number"], q["state"], dict(q["fields"])["contract"]) for q in queued(page)] == [(4, "refused", "9H")]
    refused.get_by_role("button", name="Try again").click()
    page.locator(".offline-item[role=alert]").wait_for()  # refused again: the round is still closed
    page.locator(".offline-item").get_by_role("button", name="Discard").click()
    assert page.locator(".offline-item").count() == 0 and queued(page) == []
    assert len(stored(table)) == 3 and HandChange.objects.filter(table=table, action="create").count() == 3
