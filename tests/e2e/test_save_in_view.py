"""Issue 24.1, "After Save the message is above the screen": on a 360x740 phone in Spanish, after every save
the eye lands on what was stored, the next hand's form under it, and a screen reader hears it (the
page's live region, role=status: table_entry.html #saved). One walk per table layout (partnerships,
progressive, three-handed) with an online save (JavaScript), a save kept on the phone with no wifi, and
for partnerships the same save with no JavaScript (the POST and its redirect); then, for each layout, a
game to 500 whose last hand says "Fin de la partida" (in French at the progressive table) in view.

Hands, worked by hand from RULES.md (the default rules; the three-handed preset for the table of three):
  partnerships and progressive: 1  7♥ by N-S making 8: N-S +200, E-W +20
                                2  8NT by E-W taking 7: E-W -320, N-S +30
  table of three: 1  8♥ by Ana, 8 tricks, Luis 1, Marie 1: Ana +300, Luis +10, Marie +10
                  2  7♠ by Luis, 5 tricks, Ana 4, Marie 1: Luis -140, Ana +40, Marie +10
  a game to 500 (wikipedia-2006, no_bid play_no_trump; tests/e2e/test_games_phone.py):
    E-W 9♥ make 9 (E-W +400, N-S +10), E-W 8♥ make 8 (E-W +300, N-S +20): 30 - 700, E-W win;
    at a progressive table N-S 10♥ make 10: 500 - 0; at a table of three Ana 10♥ make 10: Ana 500.
"""

import json

import pytest

from scoring.event_io import event_import
from scoring.models import Hand
from tests.builders import make_event, round_in_play
from tests.e2e.conftest import (
    FIXTURES,
    PHONE,
    cells_overflowing,
    no_wider_than_phone,
    phone_context,
    prove,
    snap,
    wait_kept,
    wait_until,
    wifi,
)
from tournaments.models import Partnership, Round, Table

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SAVED = "#saved"  # the live region the result of a save is said in


def in_view(page, selector) -> dict:
    """The element's box against the screen: inside it when top >= 0 and bottom <= window.innerHeight."""
    return page.evaluate("""sel => { const r = document.querySelector(sel).getBoundingClientRect();
        return {top: r.top, bottom: r.bottom, height: r.height, screen: window.innerHeight,
                inside: r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight}; }""", selector)


def landed_on_result(page, *words):
    """What the save stored is on screen, in the live region, with the next hand's heading under it."""
    region = page.locator(SAVED)
    assert region.get_attribute("role") == "status" and region.get_attribute("aria-live") == "polite"
    text = region.inner_text()
    for word in words:
        assert word in text, (word, text)
    assert in_view(page, SAVED)["inside"], in_view(page, SAVED)
    form = page.locator("#hand-form")
    if form.count() and form.is_visible():
        heading = in_view(page, "#enter")
        assert in_view(page, SAVED)["bottom"] <= heading["top"] < heading["screen"], heading  # the form below it
    assert no_wider_than_phone(page)


def open_individuals(name: str, language: str = "es") -> Table:
    data = json.loads((FIXTURES / name).read_text(encoding="utf-8"))
    data["rounds"][0]["tables"][0]["hands"] = []
    data["rounds"][0]["tables"][0].pop("confirmed", None)  # its hands are gone: nothing to have confirmed
    data["event"]["language"] = language
    event = event_import(data)
    Round.objects.filter(event=event, number=1).update(status="open")
    for number, pin in {1: "1111", 2: "2222", 3: "3333", 4: "4444"}.items():
        Partnership.objects.filter(event=event, number=number).update(pin=pin)
    return Table.objects.get(round__event=event, round__number=1, number=1)


def tap(page, name, value):
    page.locator(f"label:has(> input[name={name}][value='{value}'])").click()


def four(page, number, declarer, contract, tricks):
    tap(page, "declarer", declarer)
    tap(page, "contract", contract)
    tap(page, "tricks", tricks)
    page.get_by_role("button", name=f"Guardar la mano {number}").click()


def three(page, number, bidder, contract, tricks, defender, defender_tricks):
    tap(page, "declarer_seat", bidder)
    tap(page, "contract", contract)
    tap(page, "tricks", tricks)
    tap(page, f"seat_{defender}", defender_tricks)
    page.get_by_role("button", name=f"Guardar la mano {number}").click()


# (layout, the table's builder, who proves the phone and with what, hand 1 and 2 typed, the words of each)
WALKS = {
    "partnerships": (lambda: round_in_play(make_event(slug="en-vista", language="es")).tables.get(number=1),
                     lambda t: ("ns", t.ns.pin),
                     (four, (1, "ns", "7H", "8")), ["7♥ de N-S, 8 bazas", "N-S +200, E-O +20"],
                     (four, (2, "ew", "8NT", "7")), ["de E-O, 7 bazas", "N-S +30, E-O -320"]),
    "progressive": (lambda: open_individuals("progressive_event.json"), lambda t: ("ns", "1111"),
                    (four, (1, "ns", "7H", "8")), ["7♥ de N-S, 8 bazas", "N-S +200, E-O +20"],
                    (four, (2, "ew", "8NT", "7")), ["de E-O, 7 bazas", "N-S +30, E-O -320"]),
    "three": (lambda: open_individuals("three_handed_event.json"), lambda t: ("1", "1111"),
              (three, (1, "1", "8H", "8", "2", "1")), ["8♥", "Ana Garza", "+300", "Luis Peña: +10"],
              (three, (2, "2", "7S", "5", "1", "4")), ["7♠", "Luis Peña -140", "Ana Garza +40"]),
}


@pytest.mark.parametrize("layout", list(WALKS))
def test_after_a_save_the_result_is_where_the_eye_lands(layout, live_server, transactional_db, launch, shot):
    build, who, first, first_words, second, second_words = WALKS[layout]
    table = build()
    browser = launch()
    context = phone_context(browser, locale="es-ES")
    page = context.new_page()
    page.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(page, *who(table))
    page.get_by_role("button", name="Guardar la mano 1").wait_for()
    assert page.locator(SAVED).inner_text().strip() == ""  # nothing saved yet: nothing said
    sent = []  # each save's encoding: urlencoded, as an HTML form sends it (the server parses it cheaply)
    page.on("request", lambda r: sent.append(r.headers.get("content-type", "")) if r.method == "POST" else None)

    # Online, through entry.js: the next page lands on "✓ Mano 1 anotada: ..." with its points, the focus on it.
    first[0](page, *first[1])
    page.get_by_role("button", name="Guardar la mano 2").wait_for()
    page.wait_for_load_state()
    landed_on_result(page, "✓ Mano 1 anotada", *first_words)
    assert page.evaluate("document.activeElement.id") == "saved"
    snap(page, str(shot(page, f"saved-{layout}-01-online")).replace(".png", "-screen.png"), full_page=False)
    assert Hand.objects.filter(table=table).count() == 1

    # No wifi: the hand is kept on the phone, and that is what the screen says, with its points.
    wait_kept(page)
    wifi(context, False)
    page.evaluate("window.scrollTo(0, 0)")
    second[0](page, *second[1])
    page.locator(".offline-item").wait_for()
    landed_on_result(page, "Guardado en este teléfono, aún sin enviar.", "Mano 2", *second_words)
    snap(page, str(shot(page, f"saved-{layout}-02-kept")).replace(".png", "-screen.png"), full_page=False)
    assert Hand.objects.filter(table=table).count() == 1
    wifi(context, True)
    wait_until(page, lambda: Hand.objects.filter(table=table).count() == 2, "the kept hand to be sent")
    # The save through entry.js, then the kept one through offline.js.
    assert len(sent) >= 2 and {kind.split(";")[0] for kind in sent} == {"application/x-www-form-urlencoded"}, sent

    if layout == "partnerships":
        # No JavaScript: the ordinary POST and its redirect land on the same words (the address's #saved).
        plain = browser.new_context(viewport=PHONE, locale="es-ES", java_script_enabled=False).new_page()
        plain.goto(f"{live_server.url}/t/{table.token.lower()}/")
        prove(plain, "ew", table.ew.pin)
        four(plain, 3, "ns", "6S", "10")  # 6♠ by N-S taking all ten: N-S +250, E-W 0
        plain.get_by_role("button", name="Guardar la mano 4").wait_for()
        landed_on_result(plain, "✓ Mano 3 anotada", "6♠ de N-S, 10 bazas", "N-S +250, E-O 0")
        snap(plain, str(shot(plain, "saved-nojs-03")).replace(".png", "-screen.png"), full_page=False)


def games_table(layout, language) -> Table:
    if layout == "partnerships":
        event = make_event(slug=f"partida-{language}", language=language, rules_preset="wikipedia-2006",
                           rule_overrides={"no_bid": "play_no_trump"}, format="games", hands_per_round=None)
        return round_in_play(event).tables.get(number=1)
    return open_individuals(f"{layout}_games_event.json", language)


# (layout, language, who proves the phone, the hands to the game's end, what the screen says, the last hand's points)
GAME_OVER = [
    ("partnerships", "es", ("ns", None), [dict(declarer="ew", contract="9H", tricks="9"),
                                          dict(declarer="ew", contract="8H", tricks="8")],
     "Fin de la partida: gana E-O, 700 a 30", "N-S +20, E-O +300"),
    ("progressive", "fr", ("ns", "1111"), [dict(declarer="ns", contract="10H", tricks="10")],
     "Partie terminée\xa0: N-S l'emporte 500 à 0", "N-S +500, E-O 0"),
    ("three_handed", "es", ("1", "1111"), [dict(declarer_seat="1", contract="10H", tricks="10", seat_2="0")],
     "Fin de la partida: gana Ana Garza con 500", "Ana Garza: +500 (10 bazas)"),
]


@pytest.mark.parametrize("layout, language, who, hands, over, points", GAME_OVER)
def test_the_save_that_ends_a_game_says_so_in_view(layout, language, who, hands, over, points, live_server,
                                                   transactional_db, launch, shot):
    """10♥ made is 500 (RULES.md): a game to 500 ends with that hand at a progressive table and a table of three."""
    table = games_table(layout, language)
    page = launch().new_context(viewport=PHONE, locale=f"{language}-ES").new_page()
    page.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(page, who[0], who[1] or table.ns.pin)
    for number, values in enumerate(hands, start=1):
        for name, value in values.items():
            tap(page, name, value)
        page.locator("#hand-form button[name=save]").click()
        # The next hand's form, or the round done at this table (one game a round at the progressive table).
        page.locator(f"#hand-form input[name=number][value='{number + 1}'], [data-round-done]").first.wait_for(
            state="attached")
        page.wait_for_load_state()
    landed_on_result(page, over, points)
    assert page.locator("[data-game-over]").is_visible()
    assert cells_overflowing(page) == []  # "10 bazas" stays in its player's column
    snap(page, str(shot(page, f"saved-game-over-{layout}-{language}")).replace(".png", "-screen.png"), full_page=False)
