"""The organizer's paper-sheet grid at a table of three in Chromium on a laptop (docs/event-file.md, "Events of
individuals"): typing a row shows each player's points from the server's three-handed table, the round
totals add up, and Save stores the hands.

Hands (worked in tests/play/test_individuals_grid.py): 1: 8H by Ana, 8 tricks, first defender Luis 1:
Ana +300, Luis +10, Marie +10; 2: 7S by Luis, 5 tricks, first defender Ana 4: Luis -140, Ana +40,
Marie +10; 3: MIS by Marie, no trick, first defender Ana 6: Marie +250. Totals 340, -130, 270.
"""

import pytest
from django.conf import settings
from django.test import Client

from scoring.models import Hand

pytestmark = [pytest.mark.browser]


def test_the_three_handed_grid_previews_each_players_points(three_table, live_server, launch, shot,
                                                            django_user_model):
    table = three_table
    event = table.round.event
    olga = django_user_model.objects.create_superuser("olga", "olga@example.com", "pw")
    client = Client()
    client.force_login(olga, backend="django.contrib.auth.backends.ModelBackend")
    context = launch().new_context(viewport={"width": 1280, "height": 900})
    context.add_cookies([{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
                          "url": live_server.url}, {"name": "fh_language", "value": "en", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/events/{event.slug}/score/tables/{table.pk}/sheet/")
    for row, (bidder, contract, tricks, first) in enumerate([("1", "8h", "8", "1"), ("2", "7s", "5", "4"),
                                                             ("3", "mis", "0", "6")]):
        page.select_option(f"select[name='hand-{row}-declarer_seat']", bidder)
        page.fill(f"input[name='hand-{row}-contract']", contract)
        page.fill(f"input[name='hand-{row}-tricks']", tricks)
        page.fill(f"input[name='hand-{row}-defender_tricks']", first)
    cells = page.locator("tr[data-row]").nth(0).locator("[data-row-seat]")
    assert cells.all_inner_texts() == ["+300", "+10", "+10"]
    assert page.locator("tr[data-row]").nth(1).locator("[data-row-seat]").all_inner_texts() == ["+40", "-140", "+10"]
    assert page.locator("[data-grid-seat]").all_inner_texts() == ["340", "-130", "270"]
    shot(page, "individuals-grid-three")
    page.get_by_role("button", name="Save the sheet").click()
    page.wait_for_url(f"**/score/tables/{table.pk}/")
    assert {h.number: h.seat_points for h in Hand.objects.filter(table=table)} == {
        1: {"1": 300, "2": 10, "3": 10}, 2: {"1": 40, "2": -140, "3": 10}, 3: {"1": 0, "2": 0, "3": 250}}
