"""The live standings in a real browser (headless Chromium through Playwright): a new score shows
without a reload within 10 seconds, and the page says so when the connection drops and recovers."""

import time

import pytest

from scoring.services import hand_record
from tests.builders import SCORER, make_event, make_partnerships
from tests.e2e.conftest import phone_context, wifi
from tournaments.services import round_create

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def browser_page(launch):
    context = phone_context(launch(), viewport={"width": 390, "height": 844})
    return context, context.new_page()


def test_new_score_appears_within_ten_seconds_and_survives_going_offline(live_server, transactional_db, browser_page):
    context, page = browser_page
    event = make_event(rounds=1, hands_per_round=2)
    p = make_partnerships(event, 2)
    table = round_create(event=event, number=1, tables=[(1, p[1], p[2])]).tables.get()
    page.goto(f"{live_server.url}/events/{event.slug}/standings/")
    assert "Not started yet" in page.inner_text("#standings-live")
    page.evaluate("window.sameDocument = true")

    hand_record(table=table, number=1, actor=SCORER, declarer="ns", contract="7H", tricks=8)  # +200 / +20
    started = time.monotonic()
    page.locator("#standings-live td.total", has_text="200").wait_for(timeout=10_000)
    assert time.monotonic() - started < 10
    assert "Round 1 of 1: 0 of 1 tables in" in page.inner_text("#standings-live")

    wifi(context, False)
    page.locator("[data-live-status][data-state=offline]").wait_for(timeout=12_000)
    assert "Offline, retrying" in page.inner_text("[data-live-status]")
    hand_record(table=table, number=2, actor=SCORER, declarer="ew", contract="8NT", tricks=7)  # E-W -320, N-S +30
    wifi(context, True)
    page.locator("#standings-live td.total", has_text="230").wait_for(timeout=25_000)
    page.locator("[data-live-status][data-state=ok]").wait_for(timeout=5_000)
    assert page.evaluate("window.sameDocument === true")  # no reload: the same document swapped its table
