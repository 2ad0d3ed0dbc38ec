"""A table of three's phone at 360x740 in Spanish (headless Chromium): the hand's form is about one
screen, as the four-handed form is (tests/e2e/test_entry_one_screen.py): the three players by name as
big buttons, the contracts in the four-handed form's grid, the tricks as big buttons, the page opened
at the form, and nothing cut or scrolling sideways.

Screenshots of the screen (not the whole page) go to artifacts/e2e/three-one-screen-*.png.
"""

import pytest

from tests.builders import ARTIFACTS
from tests.e2e.conftest import THREE_PINS, pick, prove, snap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

WIDTH, HEIGHT = 360, 740
SMALLEST_TARGET = 44  # px, each way

MEASURE = """() => {
    const form = document.getElementById('hand-form');
    const box = sel => { const e = document.querySelector(sel); if (!e) return null;
                         const r = e.getBoundingClientRect(); return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; };
    const save = document.querySelector('#hand-form button[name=save]');
    const f = form.getBoundingClientRect(), s = save.getBoundingClientRect();
    return {form: f.height / innerHeight, toSave: (s.bottom - f.top) / innerHeight, scrollY: scrollY,
            bidder: box('[data-three-bidder]'), grid: box('#hand-form .contract-grid'), save: box('#hand-form button[name=save]'),
            scrollWidth: document.documentElement.scrollWidth,
            wide: Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > innerWidth + 1)
                       .slice(0, 5).map(e => e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 30))};
}"""


def measure(page):
    """The form's height in screens, the Save button's bottom from the form's top in screens, and the boxes."""
    return page.evaluate(MEASURE)


def screen(page, name, full_page=False):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    snap(page, ARTIFACTS / f"three-one-screen-{name}.png", full_page=full_page)


def cut_or_small(page):
    """The form's buttons under 44x44 px, or sticking out of the 360 px screen."""
    return page.evaluate("""([target, width]) => {
        const bad = [];
        for (const e of document.querySelectorAll('#hand-form label.pick span, #hand-form button:not(.nojs-only)')) {
            if (e.offsetParent === null) continue;  // the bidder's own tricks row, hidden
            const r = e.getBoundingClientRect();
            if (r.width < target || r.height < target) bad.push(['small', e.textContent.trim(), r.width, r.height]);
            if (r.left < 0 || r.right > width) bad.push(['cut', e.textContent.trim(), r.left, r.right]);
            if (e.scrollWidth > e.clientWidth + 1) bad.push(['overflow', e.textContent.trim(), e.scrollWidth, e.clientWidth]);
        }
        return bad; }""", [SMALLEST_TARGET, WIDTH])


def test_a_table_of_three_hand_fits_about_one_phone_screen_in_spanish(live_server, three_table, launch):
    table = three_table
    event = table.round.event
    event.language = "es"
    event.save(update_fields=["language"])
    browser = launch()
    page = browser.new_context(viewport={"width": WIDTH, "height": HEIGHT}, locale="es-ES").new_page()
    page.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(page, "2", THREE_PINS[2])  # Luis Peña
    page.get_by_role("button", name="Guardar la mano 1").wait_for()
    assert page.locator("html").get_attribute("lang") == "es"

    # Opened at the form: the heading and the bidder's buttons on the first screen, not the page's top.
    landed = measure(page)
    screen(page, "01-landed")
    assert landed["scrollY"] > 0
    assert landed["bidder"]["top"] >= 0 and landed["bidder"]["bottom"] <= HEIGHT, landed
    # The three players by name as big buttons, the contracts in the grid (5 a row), the tricks as buttons.
    assert page.locator("[data-three-bidder] label.pick").all_inner_texts() == [
        "Ana Garza", "Luis Peña", "Marie Tremblay"]
    grid = page.locator("#hand-form .contract-grid label.pick")
    assert grid.count() == 25
    tops = {round(b["y"]) for b in (grid.nth(i).bounding_box() for i in range(5))}
    assert len(tops) == 1  # the first row: 6 of each suit and no trump side by side
    assert page.locator("#hand-form .specials label.pick").count() >= 1  # misère
    # Bidder buttons, contract grid and Save within about 1.5 screens; nothing cut, small or sideways.
    assert landed["toSave"] <= 1.5, landed
    assert landed["grid"]["top"] >= landed["bidder"]["bottom"]
    assert landed["scrollWidth"] <= WIDTH, landed
    assert cut_or_small(page) == []

    # A hand typed on the big buttons, the other defender's tricks filled in, saved.
    pick(page, "declarer_seat", "1")
    pick(page, "contract", "8H")
    pick(page, "tricks", "8")
    pick(page, "seat_2", "1")
    assert page.locator("input[name=seat_3][value='1']").is_checked()
    assert page.locator("input[name=contract][value='8H']").is_checked()
    screen(page, "02-picked")
    screen(page, "02-picked-page", full_page=True)
    assert cut_or_small(page) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= WIDTH
    page.get_by_role("button", name="Guardar la mano 1").click()
    page.get_by_role("button", name="Guardar la mano 2").wait_for()
    assert page.locator("#total-1").inner_text() == "300"
    # The list's "Corregir" button inside its table, and nothing sticking out of its cells.
    fix, table = page.locator("a.fix").first.bounding_box(), page.locator(".hand-list-three").bounding_box()
    assert fix["x"] + fix["width"] <= table["x"] + table["width"] + 0.5, (fix, table)
    assert page.evaluate("""() => Array.from(document.querySelectorAll('.hand-list-three th, .hand-list-three td'))
        .filter(cell => cell.scrollWidth > cell.clientWidth).map(cell => [cell.textContent.trim(), cell.scrollWidth, cell.clientWidth])""") == []
    after = measure(page)
    screen(page, "03-next-hand")
    screen(page, "03-next-hand-page", full_page=True)
    assert after["bidder"]["top"] >= 0 and after["bidder"]["bottom"] <= HEIGHT, after
    assert after["toSave"] <= 1.5 and after["scrollWidth"] <= WIDTH, after
