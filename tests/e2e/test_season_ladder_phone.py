"""A club's season ladder on a phone in Spanish (issue 26, docs/clubs.md "Seasons"): headless
Chromium at 360x740 opens the club's home, follows its season to the ladder (the worked club of
tests/play/season_club.py, placement points 10, 8, 6, 5: Ana Garza 1st with 20, Cruz Lee, Félix Mora
and Gil Vidal sharing 2nd with 16), reads the slams under the names and the awards, nothing wider
than the phone; then the projector view. Screenshots are kept (artifacts/e2e/)."""

import pytest

from clubs.seasons import season_create
from tests.e2e.conftest import PHONE, no_wider_than_phone
from tests.play.season_club import worked_club

# The elements that stick out past the phone's width (for the failure message).
WIDEST = """[...document.querySelectorAll('body *')].filter(e => e.getBoundingClientRect().right > 361)
  .slice(0, 8).map(e => e.tagName + '.' + e.className + ' ' + Math.round(e.getBoundingClientRect().right))"""

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_the_season_ladder_on_a_phone_in_spanish(launch, live_server, transactional_db, shot):
    club, members, a, b = worked_club()
    season_create(club=club, slug="invierno", name="Liga de invierno 2026", events=[a.slug, b.slug],
                  by="placement_points", placement_points=(10, 8, 6, 5), best_of=2, min_events=1)
    browser = launch()
    context = browser.new_context(viewport=PHONE, locale="es-MX",
                                  extra_http_headers={"Accept-Language": "es-MX,es;q=0.9"})
    context.add_cookies([{"name": "fh_language", "value": "es", "url": live_server.url}])
    page = context.new_page()
    page.goto(f"{live_server.url}/clubs/{club.slug}/")
    page.get_by_role("link", name="Liga de invierno 2026").click()
    assert page.get_by_role("heading", level=1).inner_text() == "Liga de invierno 2026"
    assert "Clasificación por puntos por puesto (10, 8, 6, 5)" in page.locator(".rule").inner_text()
    rows = page.locator("table.season-ladder tbody tr")
    assert rows.count() == 8
    first = rows.nth(0).inner_text()
    assert first.split()[0] == "1" and "Ana Garza" in first and "20" in first and "2 slams" in first
    assert [rows.nth(i).inner_text().split()[0] for i in (1, 2, 3)] == ["2=", "2=", "2="]
    assert page.locator("th").first.inner_text().lower() == "puesto"
    # The games, slams and misères columns are hidden on a phone; the slams show under the name.
    assert not page.locator("th.extra").first.is_visible()
    awards = page.locator(".season-awards").inner_text()
    assert "Premios" in awards and "Más slams (2): Ana Garza (1), Félix Mora (6)" in awards
    assert "Más partidas ganadas: nadie todavía" in awards
    shot(page, "clubs-season-ladder-es")
    assert no_wider_than_phone(page), page.evaluate(WIDEST)
    page.get_by_role("link", name="Proyector").click()
    assert page.locator("table.season-ladder tbody tr").count() == 8
    assert no_wider_than_phone(page)
    shot(page, "clubs-season-projector-phone-es")
    context.close()
    # The projector itself: a hall's screen, the awards beside the ladder.
    screen = browser.new_context(viewport={"width": 1280, "height": 720}, locale="es-MX",
                                 extra_http_headers={"Accept-Language": "es-MX,es;q=0.9"})
    board = screen.new_page()
    board.goto(f"{live_server.url}/clubs/{club.slug}/seasons/invierno/projector/")
    assert board.locator(".season-awards").bounding_box()["x"] > 640
    shot(board, "clubs-season-projector-es")
    screen.close()
