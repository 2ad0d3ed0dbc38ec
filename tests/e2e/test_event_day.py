"""An event day in real browsers (Debian's Chromium through Playwright), start to paper.

An organizer logs in, creates an event, registers four partnerships and generates the movement;
a scorer's phone (360 x 740) opens a table link and enters the four hands of RULES.md's worked
examples; the opponents confirm on their own phone; a second browser that has the public
standings open sees the new total arrive without a reload; the organizer downloads the round's
score sheets and result sheets and the PDFs' text holds the names and the points.

Every page visited is saved as a screenshot under artifacts/e2e/, numbered in visiting order.
"""

import datetime
import io
import re

import pytest
from pypdf import PdfReader

from tests.builders import ARTIFACTS
from tests.e2e.conftest import prove
from tournaments.models import Event, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

PASSWORD = "a-long-organizer-password-26"
PLAYERS = [("Ana Garza", "Luis Peña"), ("Nélida Zúñiga", "Pat O'Brien"), ("María Treviño", "Joe Smith"),
           ("Rosa Cantú", "Bill Hughes")]
# RULES.md section 5: (declarer, contract, tricks, revoke by, N-S points, E-W points).
HANDS = [("ns", "7H", 8, "", 200, 20), ("ew", "8NT", 7, "", 30, -320), ("ns", "6S", 10, "", 250, 0),
         ("ns", "7D", 9, "ns", -180, 10)]
NS_TOTAL, EW_TOTAL = 300, -290
PHONE = {"width": 360, "height": 740}
LIVE_WAIT_MS = 15_000


def _number(text: str) -> int | None:
    digits = re.sub(r"[^0-9-]", "", text.replace("\u2212", "-"))
    return int(digits) if re.fullmatch(r"-?\d+", digits) else None


def _preview_shows(page, ns: int, ew: int) -> None:
    """The page's own preview (computed in the browser) shows both sides' points before saving."""
    for _ in range(50):
        shown = (_number(page.locator("[data-preview-ns]").inner_text()),
                 _number(page.locator("[data-preview-ew]").inner_text()))
        if shown == (ns, ew):
            return
        page.wait_for_timeout(100)
    raise AssertionError(f"the preview shows {shown}, not {(ns, ew)}")


def test_an_event_day_in_real_browsers(transactional_db, live_server, launch, shot, django_user_model):
    django_user_model.objects.create_superuser("organizer", "organizer@example.com", PASSWORD)
    hall = launch()  # the organizer's laptop and the players' phones
    projector = launch()  # someone else's browser, showing the public standings
    base = live_server.url

    # --- The organizer logs in and creates the event.
    laptop = hall.new_context(viewport={"width": 1280, "height": 900})
    org = laptop.new_page()
    org.goto(f"{base}/accounts/login/")
    shot(org, "01-login")
    org.get_by_label("Username").fill("organizer")
    org.get_by_label("Password").fill(PASSWORD)
    org.get_by_role("button", name="Log in").click()
    org.goto(f"{base}/events/new/")
    org.locator("input[name=name]").fill("Hall Test Open")
    org.locator("input[name=date]").fill("2026-05-14")
    org.locator("input[name=venue]").fill("McAllen Senior Center")
    shot(org, "02-event-form")
    org.get_by_role("button", name="Create event").click()
    org.wait_for_url(re.compile(r"/partnerships/$"))
    event = Event.objects.get(name="Hall Test Open")
    assert (event.date, event.rounds, event.hands_per_round) == (datetime.date(2026, 5, 14), 10, 4)

    # --- Four partnerships, registered and checked in from the form.
    for one, two in PLAYERS:
        org.locator("input[name=player_one]").fill(one)
        org.locator("input[name=player_two]").fill(two)
        org.locator("input[name=checked_in]").check()
        org.get_by_role("button", name="Register").click()
        org.get_by_text(f"{one} & {two}", exact=True).wait_for()
    shot(org, "03-partnerships")
    assert event.partnerships.filter(checked_in=True).count() == 4

    # --- The movement, then round 1 in play.
    org.goto(f"{base}/events/{event.slug}/check-in/")
    shot(org, "04-check-in")
    org.get_by_role("button", name="Generate movement").click()
    org.wait_for_url(re.compile(r"/movement/$"))
    shot(org, "05-movement")
    assert event.round_set.filter(tiebreak__isnull=True).count() == 10
    org.goto(f"{base}/events/{event.slug}/rounds/")
    org.get_by_role("button", name="Start round 1").click()
    org.get_by_text("Round 1 is in play").wait_for()
    shot(org, "06-round-1-dashboard")
    table = Table.objects.select_related("ns__player_one", "ns__player_two", "ew__player_one", "ew__player_two").get(
        round__event=event, round__number=1, number=1)
    link = org.get_by_role("link", name="Table link").first.get_attribute("href")
    assert link == f"/t/{table.token}/"

    # --- The public standings, open in another browser before any score.
    viewer = projector.new_context(viewport={"width": 1280, "height": 800}).new_page()
    viewer.goto(f"{base}/events/{event.slug}/standings/")
    viewer.locator("#standings-live").wait_for()
    viewer.evaluate("window.sameDocument = true")
    shot(viewer, "07-standings-before")

    # --- The N-S scorer's phone enters the four hands.
    scorer = hall.new_context(viewport=PHONE).new_page()
    scorer.goto(base + link)
    shot(scorer, "08-phone-choose-side")
    prove(scorer, "ns", table.ns.pin)  # N-S's PIN, from the movement card (docs/trust.md)
    for number, (declarer, contract, tricks, revoke, ns, ew) in enumerate(HANDS, start=1):
        scorer.get_by_role("button", name=f"Save hand {number}").wait_for()
        scorer.locator(f"label.pick:has(input[name=declarer][value={declarer}])").click()
        scorer.locator(f"label.pick:has(input[name=contract][value='{contract}'])").click()
        scorer.locator(f"label.pick:has(input[name=tricks][value='{tricks}'])").click()
        if revoke:
            scorer.locator("details.penalty summary").click()
            scorer.locator("select[name=penalty_kind]").select_option("revoke")
            scorer.locator(f"label.pick:has(input[name=penalty_side][value={revoke}])").click()
        _preview_shows(scorer, ns, ew)
        shot(scorer, f"09-phone-hand-{number}")
        scorer.get_by_role("button", name=f"Save hand {number}").click()
        scorer.wait_for_load_state()
    scorer.get_by_text("Now the other side checks").wait_for()
    shot(scorer, "10-phone-all-entered")
    stored = {h.number: (h.ns_points, h.ew_points) for h in table.hands.all()}
    assert stored == {n: (ns, ew) for n, (*_, ns, ew) in enumerate(HANDS, start=1)}

    # --- The opponents confirm on their own phone.
    opponents = hall.new_context(viewport=PHONE).new_page()
    opponents.goto(base + link)
    prove(opponents, "ew", table.ew.pin)  # the event's default check: E-W's PIN, once, on the side screen
    opponents.get_by_text("Check and confirm").wait_for()
    confirm_text = opponents.locator("#confirm").inner_text()
    assert f"N-S {NS_TOTAL}" in confirm_text and f"E-W {EW_TOTAL}" in confirm_text.replace("−", "-"), confirm_text
    assert opponents.locator("#confirm input[name=pin]").count() == 0  # confirming is one button
    shot(opponents, "11-opponents-confirm")
    opponents.get_by_role("button", name="Confirm the scores").click()
    opponents.get_by_text(re.compile(r"confirmed\. Thank you!")).wait_for()
    shot(opponents, "12-opponents-confirmed")
    table.refresh_from_db()
    assert table.confirmed_at is not None

    # --- The standings browser shows the new totals by itself.
    ns_row = viewer.locator("#standings-live tr", has_text=table.ns.players_label)
    ns_row.locator("td.total", has_text=str(NS_TOTAL)).wait_for(timeout=LIVE_WAIT_MS)
    ew_row = viewer.locator("#standings-live tr", has_text=table.ew.players_label)
    ew_row.locator("td.total", has_text=str(abs(EW_TOTAL))).wait_for(timeout=LIVE_WAIT_MS)
    # Confirmation makes the table final: its provisional marks go away on a later poll.
    ns_row.locator(".tag.provisional").first.wait_for(state="detached", timeout=LIVE_WAIT_MS)
    assert viewer.evaluate("window.sameDocument === true"), "the standings page reloaded instead of updating"
    shot(viewer, "13-standings-after")

    # --- The organizer downloads the round's score sheets and result sheets.
    org.goto(f"{base}/events/{event.slug}/rounds/1/")
    shot(org, "14-round-1-entered")
    names = [name for pair in PLAYERS for name in pair]
    for label, wanted in (("Score sheets, round 1 (PDF)", names), ("Result sheet, round 1 (PDF)", names + ["+300", "-290"])):
        # The link opens the PDF inline in the browser's viewer; fetch its address with the
        # organizer's own session (cookies) to read the same bytes.
        href = org.get_by_role("link", name=label).get_attribute("href")
        response = laptop.request.get(base + href)
        assert response.status == 200 and response.headers["content-type"] == "application/pdf", label
        body = response.body()
        _save_pdf(body, "15-" + re.sub(r"\W+", "-", label.lower()).strip("-"))
        text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(body)).pages)
        missing = [w for w in wanted if w not in text]
        assert not missing, f"{label}: {missing} not in the PDF text"


def _save_pdf(body: bytes, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    (ARTIFACTS / f"{name}.pdf").write_bytes(body)


def test_two_phones_fixing_the_same_hand_the_second_is_told_who_changed_it(transactional_db, live_server, launch, shot):
    """The optimistic version check seen from the table: both phones open hand 2's correction
    form, the first saves, and the second gets "This hand was changed by ... at HH:MM" with the
    stored values shown, never a silent overwrite."""
    from scoring.models import Hand, HandChange
    from scoring.services import Actor, hand_record
    from tests.builders import build_event, tables_of

    event = build_event(slug="two-phones", partnerships=2, rounds=1)
    table = tables_of(event, 1)[0]
    for number, (declarer, contract, tricks, _revoke, _ns, _ew) in enumerate(HANDS[:2], start=1):
        hand_record(table=table, number=number, actor=Actor("Table 1 N-S"), side="ns", declarer=declarer,
                    contract=contract, tricks=tricks)
    hall = launch()
    phones = []
    for _ in ("first", "second"):
        phone = hall.new_context(viewport=PHONE).new_page()
        phone.goto(f"{live_server.url}/t/{table.token}/")
        prove(phone, "ns", table.ns.pin)  # both are N-S's phones, each proven with its PIN
        phone.locator("details.hands > summary").click()  # the hands so far are folded above the form
        phone.get_by_role("link", name="Fix hand 2").click()
        phone.get_by_role("button", name="Save the correction").wait_for()
        phones.append(phone)
    first, second = phones
    shot(second, "20-two-phones-correction-form")

    # Hand 2 is 8NT by E-W. The first phone fixes it to 8 tricks (made: E-W +320, N-S +20).
    first.locator("label.pick:has(input[name=tricks][value='8'])").click()
    first.get_by_role("button", name="Save the correction").click()
    first.get_by_text("Hand 2 corrected").or_(first.get_by_text("saved")).first.wait_for()
    # The second phone, still showing version 1, tries 6 tricks.
    second.locator("label.pick:has(input[name=tricks][value='6'])").click()
    second.get_by_role("button", name="Save the correction").click()
    warning = second.get_by_text(re.compile(r"This hand was changed by .+ at \d{1,2}:\d{2}"))
    warning.wait_for()
    shot(second, "21-two-phones-stale-edit-refused")
    hand = Hand.objects.get(table=table, number=2)
    assert (hand.tricks, hand.ns_points, hand.ew_points, hand.version) == (8, 20, 320, 2)
    assert HandChange.objects.filter(table=table, action="update").count() == 1


def test_a_double_tap_on_save_makes_one_hand(transactional_db, live_server, launch, shot):
    """A volunteer taps "Save" twice on a slow connection: one hand, one history row."""
    from scoring.models import Hand, HandChange
    from tests.builders import build_event, tables_of

    event = build_event(slug="double-tap", partnerships=2, rounds=1)
    table = tables_of(event, 1)[0]
    phone = launch().new_context(viewport=PHONE).new_page()
    phone.goto(f"{live_server.url}/t/{table.token}/")
    prove(phone, "ns", table.ns.pin)
    phone.locator("label.pick:has(input[name=declarer][value=ns])").click()
    phone.locator("label.pick:has(input[name=contract][value='7H'])").click()
    phone.locator("label.pick:has(input[name=tricks][value='8'])").click()
    phone.get_by_role("button", name="Save hand 1").dblclick()
    phone.get_by_role("button", name="Save hand 2").wait_for()
    shot(phone, "30-double-tap-saved-once")
    assert list(Hand.objects.filter(table=table).values_list("number", "ns_points", "ew_points")) == [(1, 200, 20)]
    assert HandChange.objects.filter(table=table, action="create").count() == 1
