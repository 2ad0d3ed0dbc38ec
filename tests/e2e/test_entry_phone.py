"""The entry page in headless Chromium on a 360x740 phone: no sideways scrolling, every control at
least 44 px, the live preview shows the server's points, and the keyboard shortcuts work."""

import pytest

from scoring.models import Hand
from tests.builders import make_event, round_in_play
from tests.e2e.conftest import prove

pytestmark = [pytest.mark.browser, pytest.mark.slow]

TOUCH_TARGETS = "label.pick span, button:not(.link), a.fix, a.button, select, input[type=text], summary"


@pytest.fixture
def phone(launch):
    return launch().new_context(viewport={"width": 360, "height": 740}).new_page()


def small_targets(page):
    return page.evaluate(
        """sel => Array.from(document.querySelectorAll(sel)).filter(e => e.offsetParent !== null)
             .map(e => [e.tagName + '.' + e.className + ' ' + e.textContent.trim().slice(0, 12),
                        Math.round(e.getBoundingClientRect().width), Math.round(e.getBoundingClientRect().height)])
             .filter(([, w, h]) => w < 44 || h < 44)""",
        TOUCH_TARGETS,
    )


def test_phone_entry_preview_keyboard_and_touch_targets(live_server, transactional_db, phone):
    rnd = round_in_play(make_event(slug="browser"))
    table = rnd.tables.get(number=1)
    phone.goto(f"{live_server.url}/t/{table.token.lower()}/")
    phone.get_by_text("Which partnership is holding this phone?").wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    assert small_targets(phone) == []  # the side screen's Continue
    prove(phone, "ns", table.ns.pin)  # N-S's PIN proves the phone's side (docs/trust.md)
    phone.get_by_role("button", name="Save hand 1").wait_for()
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
    phone.locator("details.penalty summary").click()
    assert small_targets(phone) == []

    # RULES.md: 8C by E-W, 5 tricks, established revoke by N-S -> E-W +260, N-S 0.
    phone.locator("label.pick:has(input[name=declarer][value=ew])").click()
    phone.locator("input[name=contract][value='6S']").focus()
    phone.keyboard.type("8c")  # typing a contract picks it
    assert phone.locator("input[name=contract]:checked").get_attribute("value") == "8C"
    phone.locator("label.pick:has(input[name=tricks][value='5'])").click()
    # Without the penalty the bid is set: E-W -260, N-S 10 a trick for their 5.
    assert phone.locator("[data-preview-ew]").inner_text() == "-260"
    assert phone.locator("[data-preview-ns]").inner_text() == "+50"
    phone.locator("select[name=penalty_kind]").select_option("revoke")
    assert "Say which side revoked" in phone.locator("[data-preview-hint]").inner_text()
    assert phone.locator("select[name=penalty_seat]").is_hidden()
    phone.locator("label.pick:has(input[name=penalty_side][value=ns])").click()
    assert (phone.locator("[data-preview-ns]").inner_text(), phone.locator("[data-preview-ew]").inner_text()) == ("0", "+260")
    phone.get_by_role("button", name="Save hand 1").click()
    phone.get_by_role("button", name="Save hand 2").wait_for()
    assert [(h.ns_points, h.ew_points, h.penalty_side) for h in Hand.objects.filter(table=table)] == [(0, 260, "ns")]

    # 7H by N-S, 8 tricks: +200 / +20, and the round totals add the stored hand.
    phone.locator("label.pick:has(input[name=declarer][value=ns])").click()
    phone.locator("label.pick:has(input[name=contract][value='7H'])").click()
    phone.locator("input[name=tricks][value='0']").focus()
    phone.keyboard.type("8")
    assert phone.locator("[data-preview-ns]").inner_text() == "+200"
    assert phone.locator("[data-preview-ns-total]").inner_text() == "200"
    assert phone.locator("[data-preview-ew-total]").inner_text() == "280"
    assert phone.evaluate("document.documentElement.scrollWidth") <= 360
