"""Issue 24.5, "An offline conflict cannot be settled on the phone": two phones on the same table at 360x740,
the first with no wifi enters hand 2, the other enters hand 2 differently; when the first comes back
online it shows both versions side by side in words with their points, and two big buttons. Keep theirs
drops the kept hand and the list and totals are the server's at once (no reload); keep mine sends it as a
correction of the stored hand (docs/trust.md: the other side then accepts it).

Hands, worked by hand from RULES.md (default rules; the three-handed preset at the table of three):
  partnerships (Spanish; keep mine at a table of two hands a round, so E-W may then confirm it):
    1  7♥ by N-S making 8: N-S +200, E-W +20 (online)
    2  mine:   8♥ by N-S making 9: N-S +300, E-W +10
       theirs: 8♥ by N-S making 8: N-S +300, E-W +20
    totals with theirs: N-S 500, E-W 40; with mine: N-S 500, E-W 30
  table of three (French):
    1  8♥ by Ana, 8 tricks, Luis 1, Marie 1: Ana +300, Luis +10, Marie +10 (online)
    2  mine:   7♠ by Luis, 5 tricks (set), Ana 4, Marie 1: Luis -140, Ana +40, Marie +10
       theirs: 7♠ by Luis, 7 tricks (made), Ana 2, Marie 1: Luis +140, Ana +20, Marie +10
    totals with theirs: Ana 320, Luis 150, Marie 20
"""

import json

import pytest

from scoring.event_io import event_import
from scoring.models import Hand
from tests.builders import make_event, round_in_play
from tests.e2e.conftest import (
    FIXTURES,
    PHONE,
    lines,
    no_wider_than_phone,
    phone_context,
    prove,
    queued,
    snap,
    wait_kept,
    wait_until,
    wifi,
)
from tournaments.models import Partnership, Round, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def tap(page, name, value):
    page.locator(f"label:has(> input[name={name}][value='{value}'])").click()


def save(page, number, then=None, **values):
    """Type hand `number` (the form's radio buttons, in order) and press Save; wait for the next hand's form
    (or `then`)."""
    for name, value in values.items():
        tap(page, name, value)
    page.locator("#hand-form button[name=save]").click()
    page.locator(then or f"#hand-form input[name=number][value='{number + 1}']").wait_for(state="attached")


def three_table(language) -> Table:
    data = json.loads((FIXTURES / "three_handed_event.json").read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["hands"] = []
    data["event"]["language"] = language
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    for number, pin in {1: "1111", 2: "2222", 3: "3333"}.items():
        Partnership.objects.filter(event=event, number=number).update(pin=pin)
    return Table.objects.get(round__event=event, round__number=1, number=1)


WALKS = {
    "partnerships": dict(
        language="es",
        table=lambda: round_in_play(make_event(slug="conflicto", language="es")).tables.get(number=1),
        mine_phone=lambda t: ("ns", t.ns.pin), other_phone=lambda t: ("ew", t.ew.pin),
        first=dict(declarer="ns", contract="7H", tricks="8"),
        mine=dict(declarer="ns", contract="8H", tricks="9"), theirs=dict(declarer="ns", contract="8H", tricks="8"),
        words=("Este teléfono", "8♥ de N-S, 9 bazas · N-S +300, E-O +10",
               "El otro teléfono", "8♥ de N-S, 8 bazas · N-S +300, E-O +20"),
        totals={"ns": "200", "ew": "20"}, theirs_totals={"ns": "500", "ew": "40"},
        kept_theirs="Mano 2: se conserva la del otro teléfono."),
    "three": dict(
        language="fr", table=lambda: three_table("fr"),
        mine_phone=lambda t: ("1", "1111"), other_phone=lambda t: ("2", "2222"),
        first=dict(declarer_seat="1", contract="8H", tricks="8", seat_2="1"),
        mine=dict(declarer_seat="2", contract="7S", tricks="5", seat_1="4"),
        theirs=dict(declarer_seat="2", contract="7S", tricks="7", seat_1="2"),
        words=("Ce téléphone", "7♠ par Luis Peña, 5 levées", "Luis Peña\xa0: -140", "Ana Garza\xa0: +40",
               "L'autre téléphone", "7♠ par Luis Peña, 7 levées", "Luis Peña\xa0: +140", "Ana Garza\xa0: +20"),
        totals={"1": "300", "2": "10", "3": "10"}, theirs_totals={"1": "320", "2": "150", "3": "20"},
        kept_theirs="Donne 2\xa0: la version de l'autre téléphone est gardée."),
}


def totals(page, seats):
    return {seat: page.locator(f"#total-{seat}").inner_text() for seat in seats}


def two_phones_one_hand(walk, live_server, launch):
    """Both phones proven; hand 1 saved online; the first phone keeps hand 2 with no wifi while the other
    saves hand 2 differently; the first phone's wifi comes back: the conflict is on its screen."""
    table = walk["table"]()
    browser = launch()
    link = f"{live_server.url}/t/{table.token.lower()}/"
    mine = phone_context(browser, locale=walk["language"]).new_page()
    mine.goto(link)
    prove(mine, *walk["mine_phone"](table))
    save(mine, 1, **walk["first"])
    wait_kept(mine)
    wifi(mine.context, False)
    save(mine, 2, then=".offline-item", **walk["mine"])
    assert [q["number"] for q in queued(mine)] == [2]

    other = browser.new_context(viewport=PHONE, locale=walk["language"]).new_page()
    other.goto(link)
    prove(other, *walk["other_phone"](table))
    other.locator("#hand-form input[name=number][value='2']").wait_for(state="attached")
    for name, value in walk["theirs"].items():
        tap(other, name, value)
    other.locator("#hand-form button[name=save]").click()
    other.locator("#saved .saved-line").wait_for()
    assert Hand.objects.filter(table=table).count() == 2

    seats = list(walk["totals"])
    assert totals(mine, seats) == walk["totals"]
    mine.evaluate("window.notReloaded = true")
    wifi(mine.context, True)
    conflict = mine.locator(".offline-conflict")
    conflict.wait_for(timeout=30000)
    return table, mine, other, conflict, seats


@pytest.mark.parametrize("layout", list(WALKS))
def test_keep_theirs_shows_both_versions_then_the_servers_totals(layout, live_server, transactional_db, launch, shot):
    walk = WALKS[layout]
    table, mine, other, conflict, seats = two_phones_one_hand(walk, live_server, launch)
    text = conflict.inner_text()
    for words in walk["words"]:
        assert words in text, (words, text)
    mine_box, theirs_box = conflict.locator(".version-mine"), conflict.locator(".version-theirs")
    assert lines(mine_box)[0] == walk["words"][0]
    left, right = mine_box.bounding_box(), theirs_box.bounding_box()
    assert left["x"] + left["width"] <= right["x"] and abs(left["y"] - right["y"]) < 2  # side by side
    assert conflict.locator("[data-offline-mine]").is_visible() and conflict.locator("[data-offline-theirs]").is_visible()
    assert conflict.locator("[data-offline-retry]").count() == 0  # trying again could only fail again
    box = conflict.locator("[data-offline-theirs]").bounding_box()
    assert box["height"] >= 48
    assert no_wider_than_phone(mine)
    # The other phone's hand 2 is already in the list and the totals (no reload): what "theirs" would leave.
    wait_until(mine, lambda: totals(mine, seats) == walk["theirs_totals"], "the server's totals")
    shot(mine, f"conflict-{layout}-01-both-versions")
    snap(mine, str(shot(mine, f"conflict-{layout}-01-both")).replace(".png", "-screen.png"), full_page=False)

    conflict.locator("[data-offline-theirs]").click()
    mine.locator(".offline-conflict").wait_for(state="detached")
    assert queued(mine) == []
    assert walk["kept_theirs"] in mine.locator("#saved").inner_text()
    assert mine.evaluate("window.notReloaded") is True
    assert totals(mine, seats) == walk["theirs_totals"]
    mine.locator("details.hands > summary, #hands").first.wait_for()
    assert mine.locator("[data-hand='2'], .hand-list tbody tr").count() >= 2
    assert Hand.objects.filter(table=table).count() == 2
    snap(mine, str(shot(mine, f"conflict-{layout}-02-theirs-kept")).replace(".png", "-screen.png"), full_page=False)


def test_keep_mine_is_a_correction_the_other_phone_accepts(live_server, transactional_db, launch, shot):
    walk = dict(WALKS["partnerships"], table=lambda: round_in_play(
        make_event(slug="conflicto-mio", language="es", hands_per_round=2)).tables.get(number=1))
    table, mine, other, conflict, seats = two_phones_one_hand(walk, live_server, launch)
    conflict.locator("[data-offline-mine]").click()
    mine.locator(".offline-conflict").wait_for(state="detached")
    assert queued(mine) == []
    hand = Hand.objects.get(table=table, number=2)
    assert (hand.tricks, hand.ns_points, hand.ew_points, hand.version) == (9, 300, 10, 2)
    assert (hand.entered_side, hand.changed_side, hand.accepted_side) == ("ew", "ns", "")
    # The round is in: the page comes again (nothing typed, nothing kept) with "the other side checks", and
    # says what was done.
    wait_until(mine, lambda: totals(mine, seats) == {"ns": "500", "ew": "30"}, "the corrected totals")
    wait_until(mine, lambda: "✓ Mano 2 corregida." in mine.locator("#saved").inner_text(), "what was done")
    wait_until(mine, lambda: mine.locator("#saved").evaluate("e => e.getBoundingClientRect().bottom <= window.innerHeight"),
               "the saved line in view (the page lands on it after the reload)")
    snap(mine, str(shot(mine, "conflict-03-mine-kept")).replace(".png", "-screen.png"), full_page=False)

    # The change goes back to the other side (docs/trust.md): E-W's phone sees it changed, and accepts it.
    other.reload()
    assert "Cambiada por N-S" in other.locator(".trust-row").inner_text()
    other.locator(".confirm-form button[type=submit]").click()
    other.locator(".confirm-form").wait_for(state="detached")
    hand.refresh_from_db()
    assert hand.accepted_side == "ew"
