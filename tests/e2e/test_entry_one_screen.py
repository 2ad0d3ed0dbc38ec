"""A table's phone at 360x740 in headless Chromium: each hand's whole form (who bid, contract,
tricks, the points, Save) is on the first screen when the page lands, saving lands on the next
hand, errors come into view with the focus on them, and a double tap on Save sends one request.

Screenshots of what the phone shows (the screen, not the whole page) go to artifacts/e2e/.
"""

import re

import pytest

from scoring.models import Hand
from tests.builders import ARTIFACTS, WORKED_EW_TOTAL, WORKED_HANDS, WORKED_NS_TOTAL, make_event, round_in_play
from tests.e2e.conftest import prove, snap, wait_until

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH, HEIGHT = 360, 740
SMALLEST_TARGET = 44  # px, each way
LARGE_TYPE = 18  # px: who bid, the contract and tricks buttons, the points, Save


def screen(page, name):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    snap(page, ARTIFACTS / f"one-screen-{name}.png", full_page=False)  # the viewport: what the player sees


def box(page, selector):
    """The element's box relative to the screen (after the page has landed)."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
                                     return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }""",
                         selector)


def on_screen(page, selector):
    b = box(page, selector)
    return b["top"] >= 0 and b["bottom"] <= HEIGHT and b["left"] >= 0 and b["right"] <= WIDTH


def focused(page):
    return page.evaluate("document.activeElement && (document.activeElement.id || document.activeElement.className)")


TAPPED = "#hand-form label.pick span, #hand-form button:not(.nojs-only), #hand-form summary"
IMPORTANT = ("#hand-form legend, .side-pick b, .contract-pick b, .tricks-grid span, .preview-points, "
             "#hand-form button.big, .hands-title")


def small_type_or_targets(page):
    """Buttons in the hand form under 44x44 px, and important text under 18 px."""
    return page.evaluate("""([target, type, tapped, important]) => {
        const bad = [];
        for (const e of document.querySelectorAll(tapped)) {
            const r = e.getBoundingClientRect();
            if (e.offsetParent === null) continue;  // inside the folded "Penalty or note"
            if (r.width < target || r.height < target) bad.push(['small', e.textContent.trim(), r.width, r.height]);
        }
        for (const e of document.querySelectorAll(important)) {
            const size = parseFloat(getComputedStyle(e).fontSize);
            if (size < type) bad.push(['type', e.textContent.trim().slice(0, 20), size]);
        }
        return bad; }""", [SMALLEST_TARGET, LARGE_TYPE, TAPPED, IMPORTANT])


def pick(page, name, value):
    page.locator(f"label.pick:has(input[name={name}][value='{value}'])").click()


def test_four_hands_each_on_one_screen_then_the_pin_error_in_view(live_server, transactional_db, launch):
    rnd = round_in_play(make_event(slug="one-screen"))
    table = rnd.tables.get(number=1)
    browser = launch()
    ns = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}).new_page()
    ns.goto(f"{live_server.url}/t/{table.token.lower()}/")
    assert ns.get_by_text("Organizer log in").count() == 0  # players do not log in at the table
    prove(ns, "ns", table.ns.pin)  # the side screen: N-S and its PIN (docs/trust.md)

    # Save with nothing picked: nothing is stored, and the message is on screen with the focus.
    ns.get_by_role("button", name="Save hand 1").click()
    ns.locator(".error-summary").wait_for()
    ns.wait_for_load_state()
    assert focused(ns) == "error-summary" and on_screen(ns, ".error-summary")
    assert "Nothing was saved" in ns.locator(".error-summary").inner_text()
    screen(ns, "1-empty-save-refused")
    assert not Hand.objects.filter(table=table).exists()
    ns.goto(f"{live_server.url}/t/{table.token.lower()}/")

    held = []

    def hold_the_first_save(route):
        if route.request.method == "POST" and not held:
            held.append(route)  # answered below, once the button has been looked at
        else:
            route.continue_()

    posts = []
    ns.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    for number, values, points_ns, points_ew in WORKED_HANDS:
        save = ns.get_by_role("button", name=f"Save hand {number}")
        save.wait_for()
        ns.wait_for_load_state()
        # Landed: the whole form and its Save button on the first screen; the focus on "Hand n", or after a
        # save on what it stored (issue 24.1), just above the form.
        assert on_screen(ns, "#hand-form"), (number, box(ns, "#hand-form"))
        assert on_screen(ns, "#hand-form button[name=save]")
        assert focused(ns) == ("enter" if number == 1 else "saved")
        assert ns.locator("#enter").inner_text().startswith(f"Hand {number} of 4")
        if number > 1:  # the earlier hands are one tap away, folded above the form
            assert ns.locator("details.hands > summary").inner_text().startswith(
                "Hand 1" if number == 2 else f"Hands 1–{number - 1}")
            assert not ns.locator("details.hands").get_attribute("open") and not ns.locator(".hand-list").is_visible()
            _, before, ns_points, ew_points = WORKED_HANDS[number - 2]
            assert ns.locator("#saved").inner_text().startswith(f"✓ Hand {number - 1} saved: ")
            assert f"N-S {ns_points:+d}".replace("+0", "0") in ns.locator("#saved").inner_text()
            # What was saved and the next hand's form are on the same first screen.
            assert on_screen(ns, "#saved"), (number, box(ns, "#saved"), box(ns, "#hand-form"))
        assert small_type_or_targets(ns) == []
        landed_at = ns.evaluate("window.scrollY")

        pick(ns, "declarer", values["declarer"])
        pick(ns, "contract", values["contract"])
        pick(ns, "tricks", values["tricks"])
        if values.get("penalty_kind"):
            ns.locator("details.penalty summary").click()
            ns.locator("select[name=penalty_kind]").select_option(values["penalty_kind"])
            pick(ns, "penalty_side", values["penalty_side"])
        assert ns.locator("[data-preview-ns]").inner_text() == (f"+{points_ns}" if points_ns > 0 else str(points_ns))
        assert ns.locator("[data-preview-ew]").inner_text() == (f"+{points_ew}" if points_ew > 0 else str(points_ew))
        if not values.get("penalty_kind"):
            # No tap needed any scrolling: the page is where it landed, Save still on screen.
            screen(ns, f"2-hand-{number}-filled")
            assert ns.evaluate("window.scrollY") == landed_at
            assert on_screen(ns, "#hand-form"), (number, box(ns, "#hand-form"))

        if number == 1:
            # Three quick taps while the server is slow: one request, and the button says so.
            ns.route("**/t/**", hold_the_first_save)
            ns.evaluate("() => { const b = document.querySelector('#hand-form button[name=save]'); "
                        "b.click(); b.click(); b.click(); }")
            # Polled from here: the page's CSP forbids the eval wait_for_function polls with (entry.js
            # disables the button a tick after the click, so a first check may find it enabled).
            wait_until(ns, lambda: ns.evaluate("document.querySelector('#hand-form button[name=save]').disabled"),
                       "the Save button to be disabled")
            assert ns.locator("#hand-form button[name=save]").inner_text() == "Saving hand 1…"
            screen(ns, "3-saving")
            assert len(held) == 1 and len(posts) == 1
            held[0].continue_()
        else:
            save.click()
        ns.get_by_text(f"Hand {number} saved:").wait_for()
    assert len(posts) == 4  # one request a hand
    assert [(h.number, h.ns_points, h.ew_points) for h in Hand.objects.filter(table=table).order_by("number")] == [
        (n, p_ns, p_ew) for n, _, p_ns, p_ew in WORKED_HANDS]

    # The round is in: the list is open for checking, and N-S hands over to E-W.
    ns.get_by_text("Now the other side checks").wait_for()
    ns.wait_for_load_state()
    assert ns.locator(".hand-list").is_visible() and on_screen(ns, "details.hands > summary")
    assert ns.locator("#saved").inner_text().startswith("✓ Hand 4 saved: ") and on_screen(ns, "#saved")
    screen(ns, "4-all-in")

    # E-W's phone proves its side with its PIN on the side screen; a wrong one, then an empty one, come
    # into view with focus. Proven, it confirms with one button (docs/trust.md).
    ew = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}).new_page()
    ew.goto(f"{live_server.url}/t/{table.token.lower()}/")
    wrong = "0000" if table.ew.pin != "0000" else "1111"
    for typed, message in ((wrong, "That is not the E-W PIN"), ("", "Type your PIN (E-W)")):
        prove(ew, "ew", typed, then=False)
        error = ew.locator("#code-error")
        error.wait_for()
        ew.wait_for_load_state()  # the page's script has run
        assert message in error.inner_text()
        assert focused(ew) == "code-error" and on_screen(ew, "#code-error")
        assert on_screen(ew, "input[name=code]")  # the box to type it again is right there
        assert ew.locator("input[name=side][value=ew]").is_checked()  # the side stays chosen
        screen(ew, f"5-pin-{'wrong' if typed else 'empty'}")
    prove(ew, "ew", table.ew.pin)
    ew.get_by_text("Check and confirm").wait_for()
    assert ew.locator("#confirm input[name=pin]").count() == 0  # no second PIN
    ew.get_by_role("button", name="Confirm the scores").click()
    ew.get_by_text("Table 1 confirmed. Thank you!").wait_for()
    assert on_screen(ew, ".messages")  # the thanks at the top of the page, in view
    table.refresh_from_db()
    assert table.confirmed_by == "E-W #2 on their phone"
    text = ew.locator("main").inner_text()
    assert "table link" not in text and "McAllen" not in text and "Organizer log in" not in ew.content()
    assert re.search(r"at \d{1,2}:\d\d [AP]M\.", text)  # the one clock style: 9:04 PM
    assert (table.hands.count(), WORKED_NS_TOTAL, WORKED_EW_TOTAL) == (4, 300, -290)
    screen(ew, "6-confirmed")


def test_a_save_that_gets_no_answer_says_so_next_to_save(live_server, transactional_db, launch):
    rnd = round_in_play(make_event(slug="no-answer"))
    table = rnd.tables.get(number=1)
    page = launch().new_context(viewport={"width": WIDTH, "height": HEIGHT}).new_page()
    page.goto(f"{live_server.url}/t/{table.token}/")
    prove(page, "ns", table.ns.pin)
    pick(page, "declarer", "ns")
    pick(page, "contract", "7H")
    pick(page, "tricks", "8")
    # A 500 (the server failed): not saved, say so. A 502-504 or no answer at all is a lost
    # connection instead, and the hand is kept on the phone (tests/e2e/test_offline_entry.py).
    page.route("**/t/**", lambda route: route.fulfill(status=500, body="down")
               if route.request.method == "POST" else route.continue_())
    page.get_by_role("button", name="Save hand 1").click()
    page.locator(".save-failed").wait_for()
    assert focused(page) == "message error save-failed" and on_screen(page, ".save-failed")
    save = page.locator("#hand-form button[name=save]")
    assert on_screen(page, "#hand-form button[name=save]") and save.is_enabled() and save.inner_text() == "Save hand 1"
    screen(page, "7-not-saved")
    page.unroute("**/t/**")
    save.click()
    page.get_by_role("button", name="Save hand 2").wait_for()
    assert list(Hand.objects.filter(table=table).values_list("number", "ns_points", "ew_points")) == [(1, 200, 20)]
