"""Every kind of table's list of hands fits a 360 px phone in Spanish and in French: no cell's words run out of it
into the next (conftest.cells_overflowing: "10 bazas0 bazas" was what a player at a three saw), and the page is no
wider than the phone. The conformance samples' events (tests/conformance/samples.py), each as the organizer sees a
table with hands on the score page, its list open. At six the list has a column per team (TableSheet.side_columns):
six players' columns do not fit."""

import pytest

from scoring.event_io import event_import
from scoring.models import Hand
from tests.builders import make_user
from tests.conformance.samples import SAMPLES
from tests.e2e.conftest import PHONE, cells_overflowing, no_wider_than_phone
from tournaments.models import Table

pytestmark = [pytest.mark.browser]

PASSWORD = "pw-secret-123"


def test_every_kinds_list_of_hands_fits_a_phone_in_spanish_and_french(live_server, transactional_db, launch, shot):
    browser = launch()
    problems, heads = {}, {}
    for name, sample in SAMPLES.items():
        for language in ("es", "fr"):
            slug = f"list-{name}-{language}"
            event = event_import(sample.event_file("session", slug))
            user = make_user(f"olga-{name}-{language}", event=event, role="organizer", password=PASSWORD)
            table = (Table.objects.filter(pk__in=Hand.objects.filter(table__round__event=event).values("table"))
                     .order_by("round__number", "number").last())
            context = browser.new_context(viewport=PHONE, locale=f"{language}-ES")
            page = context.new_page()
            page.goto(f"{live_server.url}/accounts/login/")
            page.fill("input[name=username]", user.username)
            page.fill("input[name=password]", PASSWORD)
            page.locator("form button[type=submit]").last.click()
            page.wait_for_load_state()
            page.goto(f"{live_server.url}/events/{slug}/score/tables/{table.pk}/")
            page.evaluate("document.querySelectorAll('details.hands').forEach(d => d.open = true)")
            assert page.locator("#hands").count() == 1, (name, language)
            overflowing = cells_overflowing(page)
            if overflowing or not no_wider_than_phone(page):
                problems[(name, language)] = overflowing
            heads[(name, language)] = page.locator("#hands thead th.num").all_inner_texts()
            if language == "es":
                shot(page, f"hand-list-{name}-es")
            context.close()
    assert problems == {}
    # At six a column per team, its players by number; at five a column per player.
    assert heads[("six-pairs", "es")] == ["#7 #10", "#8 #11", "#9 #12"]
    assert len(heads[("six-threes", "fr")]) == 2 and len(heads[("five-handed", "es")]) == 5
