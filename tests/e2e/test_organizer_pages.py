"""The organizer's check-in, dashboard and paper grid in a real browser, on a phone (360 x 740) and a
laptop (1280 wide): the menu wraps instead of hiding Rounds and Print, "pena" finds Peña as you
type, a checked-in partnership asks before checking out, the disabled button looks disabled, a
tied last round calls for a tiebreak, and grid errors wrap under their row.

Screenshots go to artifacts/e2e/organizer-*.png for a person to look at.
"""

import pytest
from django.conf import settings
from django.test import Client

from scoring.services import Actor, hand_record, table_confirm
from tests.builders import make_event, round_in_play
from tournaments import services
from tournaments.models import Event, EventStaff

pytestmark = [pytest.mark.browser]

PHONE = {"width": 360, "height": 740}
LAPTOP = {"width": 1280, "height": 900}
ORGANIZER = Actor("olga (organizer)", is_organizer=True)


def logged_in(browser, user, base, viewport):
    """A browser context carrying the user's session cookie (no log-in page to walk through)."""
    client = Client()
    client.force_login(user, backend="django.contrib.auth.backends.ModelBackend")
    context = browser.new_context(viewport=viewport)
    cookie = client.cookies[settings.SESSION_COOKIE_NAME].value
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": cookie, "url": base}])
    return context


def no_sideways_scroll(page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def test_organizer_pages_on_a_phone_and_a_laptop(transactional_db, live_server, launch, shot, django_user_model):
    olga = django_user_model.objects.create_user("olga")
    event = Event.objects.create(name="Spring 500", slug="spring-500", date="2026-05-14")
    EventStaff.objects.create(event=event, user=olga, role="organizer")
    for one, two in [("María Peña", "Rosa Garza"), ("Luis Zúñiga", "Ana O'Brien"), ("Tom Smith", "Jo Lee")]:
        services.partnership_register(event=event, player_one=one, player_two=two)
    tied = make_event("tied", rounds=1, hands_per_round=1)
    rnd = round_in_play(tied)
    EventStaff.objects.create(event=tied, user=olga, role="organizer")
    for table in rnd.tables.all():
        hand_record(table=table, number=1, actor=ORGANIZER, declarer="ns", contract="7H", tricks=8)
        table_confirm(table=table, actor=ORGANIZER)
    services.round_close(rnd=rnd, by="olga")
    base = live_server.url
    browser = launch()

    for name, viewport in (("phone", PHONE), ("laptop", LAPTOP)):
        page = logged_in(browser, olga, base, viewport).new_page()
        page.goto(f"{base}/events/spring-500/check-in/")
        assert no_sideways_scroll(page), name
        for link in ("Rounds", "Print", "Tiebreaks"):
            box = page.locator(".manage-nav").get_by_role("link", name=link, exact=True).bounding_box()
            assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport["width"], (name, link)
        generate = page.get_by_role("button", name="Generate movement")
        assert generate.is_disabled()
        assert generate.evaluate("b => getComputedStyle(b).cursor") == "not-allowed"
        assert generate.evaluate("b => getComputedStyle(b).backgroundColor") == "rgb(230, 233, 237)"
        shot(page, f"organizer-check-in-{name}")

        page.fill("#checkin-filter", "pena")
        visible = page.locator(".checkin-list li[data-text]:visible")
        assert visible.count() == 1 and "María Peña" in visible.inner_text()
        page.fill("#checkin-filter", "obrien")
        assert "Ana O'Brien" in page.locator(".checkin-list li[data-text]:visible").inner_text()
        page.fill("#checkin-filter", "")

        if name == "phone":
            page.locator("button.checkin").first.click()
            page.wait_for_url("**changed=1")
            assert "is checked in." in page.locator("#last-change").inner_text()
            shot(page, "organizer-check-in-undo-phone")
            asked = []

            def answer(dialog, asked=asked):
                asked.append(dialog.message)
                dialog.dismiss()

            page.once("dialog", answer)
            page.locator("button.checkin.here").click()
            page.wait_for_timeout(300)
            assert asked and "is already here. Check them out?" in asked[0]
            assert page.locator("button.checkin.here").count() == 1  # dismissed: still here

        page.goto(f"{base}/events/tied/rounds/")
        assert no_sideways_scroll(page), name
        assert page.get_by_role("link", name="Go to tiebreaks").is_visible()
        assert page.evaluate("""() => {
            const main = document.querySelector('main').getBoundingClientRect();
            return [...document.querySelectorAll('.dash-table')]
                .every(c => c.getBoundingClientRect().right <= main.right + 1); }""")
        shot(page, f"organizer-dashboard-tied-{name}")
        page.get_by_role("link", name="Go to tiebreaks").click()
        page.wait_for_load_state()
        assert page.locator(".manage-nav [aria-current=page]").inner_text() == "Tiebreaks"
        assert no_sideways_scroll(page), name
        shot(page, f"organizer-tiebreaks-{name}")

        table = rnd.tables.get(number=1)
        page.goto(f"{base}/events/tied/score/tables/{table.pk}/sheet/")
        page.locator("input[name='hand-0-contract']").fill("11h")
        page.locator("input[name='hand-0-tricks']").fill("11")
        page.get_by_role("button", name="Save the sheet").click()
        page.wait_for_load_state()
        errors = page.locator("#hand-1-errors")
        assert "Tricks must be 0 to 10. You typed 11." in errors.inner_text()
        assert no_sideways_scroll(page), name
        scroll = page.locator(".sheet-scroll")
        assert scroll.evaluate("s => s.scrollWidth <= s.clientWidth + 1"), name  # no column pushed off screen
        shot(page, f"organizer-paper-grid-errors-{name}")
