"""The public standings pages in French in a real browser (headless Chromium through Playwright):
the standings, projector and medals pages of an event with scores and medals show no English
left from the public pages' catalog entries, the live status line speaks French with a French
clock, and screenshots of the phone standings (360x740) and the projector (1280x720) are kept
for a person to look at (artifacts/e2e/)."""

import re
from pathlib import Path

import pytest

from tests.builders import ARTIFACTS, four_pair_event
from tests.e2e.conftest import snap

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
# The files whose words this test owns (the public standings pages, their tables and live scripts).
PUBLIC_FILES = {
    "templates/scoring/_projector_rows.html", "templates/scoring/_standings_live.html",
    "templates/scoring/_standings_pager.html", "templates/scoring/_standings_table.html",
    "templates/scoring/_standings_ties.html", "templates/scoring/_tiebreak_call.html",
    "templates/scoring/history_event.html", "templates/scoring/medals_page.html",
    "templates/scoring/partnership_page.html", "templates/scoring/projector_page.html",
    "templates/scoring/standings_page.html", "templates/scoring/tiebreak_page.html",
    "scoring/views/standings.py", "scoring/selectors.py", "scoring/tiebreaks.py", "scoring/tables.py",
    "scoring/standings_forms.py", "scoring/engine/standings.py", "static/js/live.js", "static/js/projector.js",
}
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|<[^>]+>")
WORD = re.compile(r"[A-Za-z]+")


def _unquote(line: str) -> str:
    return line[line.index('"') + 1:line.rindex('"')].replace('\\"', '"').replace("\\n", "\n")


def _entries(path: Path):
    """(locations, msgid, msgstr) of each entry of a .po file (plural entries: the singular forms)."""
    for block in path.read_text(encoding="utf-8").split("\n\n"):
        places, fields, current = [], {}, None
        for line in block.splitlines():
            if line.startswith("#:"):
                places += line[2:].split()
            elif line.startswith(("msgid ", "msgstr ", "msgstr[0] ", "msgctxt ", "msgid_plural ")):
                current = line.split(" ", 1)[0]
                fields[current] = _unquote(line)
            elif line.startswith('"') and current:
                fields[current] += _unquote(line)
        msgid = fields.get("msgid")
        msgstr = fields.get("msgstr", fields.get("msgstr[0]"))
        if msgid:
            yield places, msgid, msgstr or ""


def english_left(data: str) -> list[str]:
    """English phrases to look for on a French page: from this catalog's own entries, the pieces
    between placeholders that are 2+ words or a single word of 5+ letters, and that the French
    translation does not itself contain (names in `data` and notation are left out)."""
    phrases = set()
    # A single English word that French also uses ("place", "total", "division") is no leftover.
    french_words = {word.lower() for name in ("django.po", "djangojs.po")
                    for _places, _msgid, msgstr in _entries(ROOT / "locale" / "fr" / "LC_MESSAGES" / name)
                    for word in WORD.findall(PLACEHOLDER.sub(" ", msgstr))}
    for name in ("django.po", "djangojs.po"):
        for places, msgid, msgstr in _entries(ROOT / "locale" / "fr" / "LC_MESSAGES" / name):
            if not any(place.split(":")[0] in PUBLIC_FILES for place in places) or msgid == msgstr:
                continue
            for piece in PLACEHOLDER.split(msgid):
                piece = piece.strip(" .,:;·()\"–‹›↓=")
                words = WORD.findall(piece)
                if not words or "_" in piece or piece in msgstr or piece in data:
                    continue
                if len(words) == 1 and piece.lower() in french_words:
                    continue
                if len(words) >= 2 and " " in piece or len(words) == 1 and len(piece) >= 5 and piece.isalpha():
                    phrases.add(piece)
    return sorted(phrases)


def leftovers(text: str, phrases: list[str]) -> list[str]:
    """The phrases still on the page; any case, as the stylesheet writes some headings in capitals."""
    return [p for p in phrases if re.search(rf"(?<![A-Za-zÀ-ÿ]){re.escape(p)}(?![A-Za-zÀ-ÿ])", text, re.IGNORECASE)]


@pytest.fixture
def french(launch, live_server, transactional_db):
    event, p, _ = four_pair_event()
    data = " ".join([event.name, event.venue, *(n for pair in p.values() for n in (pair.player_one.name,
                                                                                  pair.player_two.name))])
    browser = launch()

    def open_page(path: str, width: int, height: int):
        context = browser.new_context(viewport={"width": width, "height": height}, locale="fr-CA",
                                      extra_http_headers={"Accept-Language": "fr-CA,fr;q=0.9"})
        context.add_cookies([{"name": "fh_language", "value": "fr", "url": live_server.url}])
        page = context.new_page()
        page.goto(f"{live_server.url}/events/{event.slug}/{path}")
        return page

    return open_page, english_left(data)


def test_the_word_list_is_built_from_the_catalog():
    phrases = english_left("")
    for expected in ("Download the standings", "shared place", "Medal", "Projector"):
        assert expected in phrases
    assert "Total" not in phrases  # the same word in French


def test_standings_page_in_french_has_no_english_left(french):
    open_page, phrases = french
    page = open_page("standings/", 360, 740)
    assert page.evaluate("document.documentElement.lang") == "fr"
    # The live line is rewritten by live.js after its first poll: in French, with a French clock.
    page.locator("[data-live-status][data-state=ok]").wait_for(timeout=15_000)
    status = page.inner_text("[data-live-status]")
    assert re.fullmatch(r"À jour à \d{1,2} h \d\d\. Se met à jour toute seule\.", status), status
    text = page.evaluate("document.body.innerText")
    assert ": classement" in text and "Or" in text and "Télécharger le classement" in text
    assert leftovers(text, phrases) == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    snap(page, ARTIFACTS / "fr-standings-360.png")


def test_projector_in_french_has_no_english_left(french):
    open_page, phrases = french
    page = open_page("projector/", 1280, 720)
    page.locator("[data-live-status][data-state=ok]").wait_for(timeout=15_000)
    text = page.evaluate("document.body.innerText")
    assert "Les 2 rondes sont terminées" in text and "JOUEURS" in text.upper()
    assert leftovers(text, phrases) == []
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    snap(page, ARTIFACTS / "fr-projector-1280.png", full_page=False)


def test_medals_page_in_french_has_no_english_left(french):
    open_page, phrases = french
    page = open_page("medals/", 1024, 768)
    text = page.evaluate("document.body.innerText")
    assert "MÉDAILLE" in text.upper() and "Argent" in text and "Bronze" in text
    assert leftovers(text, phrases) == []
