"""A whole table in Spanish on two 360x740 phones (issue 13): proving the side with its PIN, four hands
(one with a penalty), a hand refused for a missing box, the opponents' wrong PIN on their side screen,
then their PIN and their confirmation (docs/trust.md). On every page the visible text holds no English phrase of the catalogs: the words
list is every msgid of locale/es (django.po and djangojs.po) that is a phrase of two words or more,
or a word of five letters or more, and that Spanish says differently."""

import ast
import re
from pathlib import Path

import pytest
from django.conf import settings

from scoring.models import Hand
from tests.builders import ARTIFACTS, make_event, round_in_play
from tests.e2e.conftest import phone_context, prove, snap, wait_kept, wifi

pytestmark = [pytest.mark.browser, pytest.mark.slow]

LOCALE = Path(settings.BASE_DIR) / "locale"
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|<[^>]+>")


def po_entries(path: Path) -> list[tuple[str, str]]:
    """(msgid, msgstr) pairs of a .po file; a plural entry gives its singular and its plural."""
    entries, current, key = [], {}, None
    for line in path.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip() or line.startswith("#"):
            if current.get("msgid"):
                translated = current.get("msgstr") or current.get("msgstr[1]") or current.get("msgstr[0]", "")
                entries.append((current["msgid"], translated))
                if current.get("msgid_plural"):
                    entries.append((current["msgid_plural"], current.get("msgstr[1]", translated)))
            current, key = ({}, None) if not line.strip() else (current, key)
            continue
        if line.startswith('"'):
            current[key] += ast.literal_eval(line)
            continue
        key, _, text = line.partition(" ")
        current[key] = ast.literal_eval(text)
    return entries


def english_phrases(language: str = "es") -> set[str]:
    """The catalogs' English that must not show on a Spanish page: whole msgids, and for a msgid
    with placeholders its literal pieces, kept when a phrase (2+ words) or a word of 5+ letters."""
    phrases = set()
    for path in (LOCALE / language / "LC_MESSAGES" / f"{name}.po" for name in ("django", "djangojs")):
        for msgid, msgstr in po_entries(path):
            if not msgstr or msgstr == msgid:
                continue
            for piece in PLACEHOLDER.split(msgid):
                piece = piece.strip(" ·:,;“”\"#–-")
                words = re.findall(r"[A-Za-z][A-Za-z'’-]*", piece)
                if not words or piece.lower() in msgstr.lower():
                    continue
                if len(words) >= 2 or (len(words) == 1 and len(words[0]) >= 5 and words[0] == piece):
                    phrases.add(piece)
    return phrases


ENGLISH = english_phrases()


def english_on(page, phrases=ENGLISH) -> list[str]:
    text = page.evaluate("document.body.innerText")
    return sorted(p for p in phrases if re.search(r"(?<![A-Za-z])" + re.escape(p) + r"(?![A-Za-z])", text))


@pytest.fixture
def phones(launch):
    browser = launch()

    def new(locale="es-US"):
        return phone_context(browser, locale=locale).new_page()

    return new


def check(page, seen: list, name: str):
    """No English on this page, and nothing wider than the phone."""
    found = english_on(page)
    assert found == [], f"{name}: English on a Spanish page: {found}"
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > 360:
        snap(page, ARTIFACTS / "es-too-wide.png")
    assert width <= 360, f"{name}: {width} px wide"
    seen.append(name)


def test_a_whole_table_in_spanish(live_server, transactional_db, phones, shot):
    assert len(ENGLISH) > 100 and "Saved on this phone, not sent yet." in ENGLISH and "Who won the bid?" in ENGLISH
    rnd = round_in_play(make_event(slug="mesa-es", name="Torneo McAllen", language="es"))
    table = rnd.tables.get(number=1)
    link = f"{live_server.url}/t/{table.token.lower()}/"
    seen = []

    ns = phones()
    ns.goto(link)
    ns.get_by_text("¿Qué pareja tiene este teléfono?").wait_for()
    check(ns, seen, "side choice")
    prove(ns, "ns", table.ns.pin)
    ns.get_by_role("button", name="Guardar la mano 1").wait_for()
    assert ns.locator("html").get_attribute("lang") == "es"
    check(ns, seen, "hand 1")
    shot(ns, "es-01-hand-entry")

    # Hand 1: 8♣ by E-W, 5 tricks, an established revoke by N-S: E-W +260, N-S 0.
    ns.locator("label.pick:has(input[name=declarer][value=ew])").click()
    ns.locator("label.pick:has(input[name=contract][value='8C'])").click()
    ns.locator("label.pick:has(input[name=tricks][value='5'])").click()
    ns.locator("details.penalty summary").click()
    ns.locator("select[name=penalty_kind]").select_option("revoke")
    assert "Diga qué pareja renunció" in ns.locator("[data-preview-hint]").inner_text()
    check(ns, seen, "hand 1, penalty open")
    ns.locator("label.pick:has(input[name=penalty_side][value=ns])").click()
    assert ns.locator("[data-preview-ew]").inner_text() == "+260"
    shot(ns, "es-02-hand-with-penalty")
    ns.get_by_role("button", name="Guardar la mano 1").click()
    ns.get_by_role("button", name="Guardar la mano 2").wait_for()
    assert ns.locator("#saved").inner_text().startswith("✓ Mano 1 anotada: 8♣ de E-O, 5 bazas")
    check(ns, seen, "hand 2")

    # Hand 2 without its tricks: refused, in Spanish, and nothing saved.
    ns.locator("label.pick:has(input[name=declarer][value=ns])").click()
    ns.locator("label.pick:has(input[name=contract][value='7H'])").click()
    ns.get_by_role("button", name="Guardar la mano 2").click()
    ns.get_by_text("No se guardó nada. Corrija lo marcado en rojo abajo, por favor.").wait_for()
    assert "Elija cuántas bazas hizo la pareja que apostó" in ns.evaluate("document.body.innerText")
    check(ns, seen, "hand 2 refused")
    shot(ns, "es-03-hand-refused")
    ns.locator("label.pick:has(input[name=tricks][value='8'])").click()
    ns.get_by_role("button", name="Guardar la mano 2").click()
    ns.get_by_role("button", name="Guardar la mano 3").wait_for()

    for number in (3, 4):  # 7♥ by N-S making 8: +200 / +20
        ns.locator("label.pick:has(input[name=declarer][value=ns])").click()
        ns.locator("label.pick:has(input[name=contract][value='7H'])").click()
        ns.locator("label.pick:has(input[name=tricks][value='8'])").click()
        ns.get_by_role("button", name=f"Guardar la mano {number}").click()
        if number == 3:
            ns.get_by_role("button", name="Guardar la mano 4").wait_for()
    ns.get_by_text("Ahora revisa la otra pareja").wait_for()
    ns.locator("#hands").evaluate("list => { list.open = true; }")  # penalties and dealers in words
    assert "Renuncio establecido de N-S" in ns.evaluate("document.body.innerText")
    check(ns, seen, "hands in, the other side checks")
    shot(ns, "es-04-other-side-checks")
    assert Hand.objects.filter(table=table).count() == 4

    # The opponents, on their own phone: a wrong PIN on the side screen, then theirs; then one button.
    ew = phones()
    ew.goto(link)
    prove(ew, "ew", "0000" if table.ew.pin != "0000" else "1111", then=False)
    ew.get_by_text("Ese no es el PIN de E-O. Revise su tarjeta de movimiento.").wait_for()
    check(ew, seen, "wrong PIN")
    prove(ew, "ew", table.ew.pin)
    ew.get_by_text("Revise y confirme").wait_for()
    check(ew, seen, "check and confirm")
    ew.locator("details.dispute summary").click()
    check(ew, seen, "check and confirm, dispute open")
    ew.get_by_role("button", name="Confirmar los puntos").click()
    ew.get_by_text("Mesa 1 confirmada. ¡Gracias!").wait_for()
    check(ew, seen, "confirmed")
    shot(ew, "es-05-confirmed")

    ns.reload()
    ns.get_by_text("Estos puntos están confirmados", exact=False).first.wait_for()
    check(ns, seen, "confirmed, first phone")
    assert len(seen) == 11
    assert (ARTIFACTS / "es-01-hand-entry.png").exists()


def test_an_offline_reload_keeps_its_spanish_words(live_server, transactional_db, phones, shot):
    """The service worker keeps the page's JavaScript catalog (/jsi18n/?v=es) as it keeps the page,
    so with no network the kept hands still say what they are in Spanish."""
    rnd = round_in_play(make_event(slug="mesa-es-offline", name="Torneo McAllen", language="es"))
    table = rnd.tables.get(number=1)
    page = phones()
    page.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(page, "ns", table.ns.pin)
    page.get_by_role("button", name="Guardar la mano 1").wait_for()
    wait_kept(page, also="/jsi18n/?v=es")  # the page and its words

    wifi(page.context, False)
    for number, (declarer, contract, tricks) in enumerate([("ns", "7H", "8"), ("ew", "8NT", "7")], 1):
        page.locator(f"label.pick:has(input[name=declarer][value={declarer}])").click()
        page.locator(f"label.pick:has(input[name=contract][value='{contract}'])").click()
        page.locator(f"label.pick:has(input[name=tricks][value='{tricks}'])").click()
        page.get_by_role("button", name=f"Guardar la mano {number}").click()
        page.get_by_role("button", name=f"Guardar la mano {number + 1}").wait_for()
    kept = page.locator(".offline-item")
    assert kept.count() == 2
    assert "Mano 2: 8ST de E-O, 7 bazas" in kept.nth(1).inner_text()

    page.reload()  # no network: the page and its words come from the phone's copies
    page.locator(".offline-item").nth(1).wait_for()
    queue = page.locator("#offline-queue").inner_text()
    assert "Sin conexión." in queue and queue.count("Guardado en este teléfono, aún sin enviar.") == 2
    page.get_by_role("button", name="Guardar la mano 3").wait_for()
    assert english_on(page) == []
    shot(page, "es-06-offline-reload")
    assert Hand.objects.filter(table=table).count() == 0


def test_the_list_of_hands_fits_the_phone_in_french(live_server, transactional_db, phones, shot):
    rnd = round_in_play(make_event(slug="table-fr", name="Tournoi de Québec", language="fr"))
    table = rnd.tables.get(number=1)
    page = phones("fr-CA")
    page.goto(f"{live_server.url}/t/{table.token.lower()}/")
    prove(page, "ns", table.ns.pin)
    for number in (1, 2):
        page.locator("label.pick:has(input[name=declarer][value=ew])").click()
        page.locator("label.pick:has(input[name=contract][value='8C'])").click()
        page.locator("label.pick:has(input[name=tricks][value='5'])").click()
        page.get_by_role("button", name=f"Enregistrer la donne {number}").click()
        page.get_by_role("button", name=f"Enregistrer la donne {number + 1}").wait_for()
    page.locator("#hands").evaluate("list => { list.open = true; }")
    text = page.evaluate("document.body.innerText")
    assert "Donne 2 notée\xa0: 8♣ par E-O, 5 levées" in text and "Corriger" in text and "Donne 3" in text
    assert english_on(page, english_phrases("fr")) == []
    assert page.evaluate("document.documentElement.scrollWidth") <= 360
    shot(page, "fr-01-hands-and-next-hand")
