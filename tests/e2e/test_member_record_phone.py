"""A member's record on a phone in Spanish (issue 26, docs/clubs.md): headless Chromium at 360x740
reads the club's public pages in Spanish, opens the players list, then Ana Garza's record (two
events of tests/play/season_club.py: 1st with Eva Sol, 630 points, one slam; 1st with Félix Mora,
290 points, one slam), nothing wider than the phone; a screenshot is kept (artifacts/e2e/)."""

import pytest

from tests.e2e.conftest import PHONE, no_wider_than_phone
from tests.play.season_club import worked_club

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_members_record_on_a_phone_in_spanish(launch, live_server, transactional_db, shot):
    club, members, _a, _b = worked_club()
    members[5].public_name = "initial"  # Eva Sol shows as "Eva S."
    members[5].save()
    browser = launch()
    context = browser.new_context(viewport=PHONE, locale="es-MX", extra_http_headers={"Accept-Language": "es-MX,es;q=0.9"})
    context.add_cookies([{"name": "fh_language", "value": "es", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    assert page.get_by_role("heading", name="Temporadas").is_visible()
    page.get_by_role("link", name="El historial de cada jugador").click()
    page.get_by_role("link", name="Ana Garza").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Ana Garza"
    rows = page.locator(".record-row")
    assert rows.count() == 2
    text = page.locator(".record").inner_text()
    assert "con Eva S." in text and "con Félix Mora" in text and "Eva Sol" not in text
    assert "Puesto" in text and "630" in text and "290" in text and "Bazas" not in text
    totals = page.locator(".record-totals").inner_text()
    assert "Victorias\n2" in totals
    assert no_wider_than_phone(page)
    shot(page, "clubs-member-record-es")
    context.close()
