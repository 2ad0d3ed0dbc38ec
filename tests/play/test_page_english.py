"""No English left on a Spanish or French page (issue 24, item 8: "English left on Spanish pages").

The crawl's pages (tests/play/test_page_crawl.py: every URL of every kind of event in every state,
the pages' own links with a query, as the organizer and as a phone holding the table's first side
or seat), read in Spanish and then in French, are searched for the English catalog's own strings:
every msgid of locale/<language>/LC_MESSAGES/django.po whose translation differs from it, cut at
its placeholders and tags, each piece of two words or more and 12 characters or more that the
translation does not itself contain. A piece found in a page's text (or its title, aria-label and
placeholder attributes) fails the test, listed with the page and the language. One test per
language over every page; the documents (PDFs, CSV, JSON, the event file) are not pages.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.play.test_page_crawl import KINDS, LAST, Crawl, site_urls, states_of, viewer, worlds  # noqa: F401

ROOT = Path(__file__).resolve().parents[2]
# Not pages: documents, the service worker, the catalog of the scripts.
NOT_PAGES = {"scoring:pdf", "scoring:event-file", "scoring:standings-csv", "scoring:standings-json",
             "scoring:table-sw", "javascript-catalog", "favicon", *LAST}
# English pieces that may stand on a Spanish or French page, each with its reason.
ALLOWED = {
    "Quinientos · Five Hundred": "the site's name, in both languages on purpose",
}
# English the catalog cannot hold: words a page writes from stored data or from code, found before
# (issue 24): a round named by Round.__str__, a staff member's role, the event file as a hand's writer,
# a rule's choice offered by its code ("must bid", "per trick").
FROM_CODE = re.compile(r"\bRound \d+\b|\bTiebreak \d+, round\b|\((?:organizer|scorer)\)|\bevent file\b"
                       r"|\b(?:must bid|play no trump|per trick|own tricks)\b")
PLACEHOLDER = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\{.*?\}\}|\{\w*\}|<[^>]+>|&\w+;")
WORDS = re.compile(r"[^\W\d_]+(?:['’-][^\W\d_]+)*")
TEXT_ATTRIBUTES = re.compile(r'\s(?:title|aria-label|placeholder|alt)="([^"]*)"')


def _unquote(line: str) -> str:
    return line[line.index('"') + 1:line.rindex('"')].replace('\\"', '"').replace("\\n", "\n")


def catalog(language: str) -> list[tuple[str, str]]:
    """(msgid, msgstr) of each translated entry (plural entries: singular and plural English, each
    against every translated form)."""
    out = []
    text = (ROOT / "locale" / language / "LC_MESSAGES" / "django.po").read_text(encoding="utf-8")
    for block in text.split("\n\n"):
        fields, current = {}, None
        for line in block.splitlines():
            if line.startswith("#"):
                continue
            head = line.split(" ", 1)[0]
            if head in ("msgid", "msgstr", "msgctxt", "msgid_plural") or head.startswith("msgstr["):
                current = head
                fields[current] = _unquote(line)
            elif line.startswith('"') and current:
                fields[current] += _unquote(line)
        english = [fields[k] for k in ("msgid", "msgid_plural") if fields.get(k)]
        translated = " ".join(v for k, v in fields.items() if k.startswith("msgstr"))
        out += [(msgid, translated) for msgid in english if translated]
    return out


def english_pieces(language: str) -> dict[str, str]:
    """{piece: its msgid}: the English pieces to look for on a page in `language`."""
    pieces = {}
    for msgid, msgstr in catalog(language):
        if msgid == msgstr:
            continue
        for piece in PLACEHOLDER.split(msgid):
            piece = " ".join(piece.split()).strip(" .,:;·()\"'–-—‹›↓=?!")
            if len(piece) < 12 or len(WORDS.findall(piece)) < 2 or piece in msgstr or piece in ALLOWED:
                continue
            pieces.setdefault(piece, msgid)
    return pieces


def page_text(page: str) -> str:
    """What a reader meets: the text, and the words of titles, labels and placeholders."""
    page = re.sub(r"<(script|style|template)\b.*?</\1>", " ", page, flags=re.S | re.I)
    attributes = " | ".join(TEXT_ATTRIBUTES.findall(page))
    text = re.sub(r"<[^>]+>", " ", page) + " | " + attributes
    return " ".join(html.unescape(text).split())


def finder(pieces: dict[str, str]) -> re.Pattern:
    longest_first = sorted(pieces, key=len, reverse=True)
    return re.compile(r"(?<![\w])(?:" + "|".join(re.escape(p) for p in longest_first) + r")(?![\w])")


def pages_of(built: dict, language: str) -> dict[str, str]:
    """{what: page} of every page of the crawl in `language`: organizer and the table's phone."""
    pages = {}
    first = built[KINDS[0].name, "in-play"]
    for world, whos in [(None, ["organizer", "public"])] + [
            (built[kind.name, state], ["organizer", f"phone-{kind.holders[0]}"])
            for kind in KINDS for state in states_of(kind)]:
        for who in whos:
            crawl = Crawl(viewer(world or first, who, language), who, world or first)
            crawl.get_all([(name, url) for name, url in site_urls(world, who) if name not in NOT_PAGES])
            crawl.get_links()
            where = f"{world.kind.name} {world.state}" if world else "no event"
            pages.update({f"{where} {who} {url}": page for url, page in crawl.pages.items()})
    return pages


@pytest.mark.pages  # the pages' words, not the database's work: once, in the SQLite pass (bin/test)
@pytest.mark.django_db
@pytest.mark.parametrize("language", ["es", "fr"])
def test_no_english_left_on_the_pages(worlds, language):  # noqa: F811 (the crawl's fixture)
    pieces = english_pieces(language)
    assert len(pieces) > 300, "the catalog was not read"
    find = finder(pieces)
    found = {}
    for where, page in pages_of(worlds, language).items():
        text = page_text(page)
        for piece in sorted(set(find.findall(text)) | set(FROM_CODE.findall(text))):
            found.setdefault(piece, []).append(where)
    report = [f"{language}: {piece!r} (msgid {pieces.get(piece, 'none: written in code')!r}) on {len(places)} pages, e.g. {places[0]}"
              for piece, places in sorted(found.items())]
    assert not report, "\n".join(report)


# --- what the pages' walk found, pinned where it is made ------------------------------------------

@pytest.mark.django_db
@pytest.mark.parametrize("language, typed, wrong", [
    ("es", "partidas, puntos", "«ganadas» no es una de estas: partidas, encuentros, puntos, diferencia."),
    ("fr", "parties, points", "« gagnées » n'est pas l'une de celles-ci : parties, matchs, points, écart."),
])
def test_the_rank_by_keys_are_typed_in_the_readers_words(newcomer_client, language, typed, wrong):
    """The games event form's "Rank by" was typed in English ("games, points") on a Spanish page: it
    is shown and taken in the reader's words, and the English keys (the event file's) still work."""
    from tests.events.test_games_event_form import create_data
    from tournaments.models import Event

    newcomer_client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    form = newcomer_client.get(reverse("tournaments:event-create")).content.decode()
    assert f'name="rank_by" value="{typed}"' in form
    unknown = {"es": "ganadas", "fr": "gagnées"}[language]
    refused = newcomer_client.post(reverse("tournaments:event-create"),
                                   create_data(rank_by=f"{typed.split(',')[0]}, {unknown}"))
    assert wrong in html.unescape(refused.content.decode())
    reversed_typed = ", ".join(reversed(typed.split(", ")))
    assert newcomer_client.post(reverse("tournaments:event-create"), create_data(rank_by=reversed_typed)).status_code == 302
    assert Event.objects.get(name="Club games night").rank_by == ["points", "games"]


@pytest.mark.django_db
def test_a_round_and_a_writer_are_named_in_the_readers_language(event):
    """The history named a round by Round.__str__ in English ("Round 1, mesa 2") and its writers by their
    stored English labels ("event file", "olga (organizer)")."""
    from tournaments.language import writer_label
    from tournaments.models import Round, Table

    rnd = Round(event=event, number=3)
    with translation.override("es"):
        assert (str(rnd), writer_label("olga (organizer)"), writer_label("event file")) == (
            "Ronda 3", "olga (organizador)", "archivo del evento")
        assert str(Table(round=rnd, number=2)) == "Ronda 3, mesa 2"
    with translation.override("fr"):
        assert (str(rnd), writer_label("sam (scorer)"), writer_label("N-S #1")) == ("Ronde 3", "sam (marqueur)", "N-S #1")
    assert str(rnd) == "Round 3"


@pytest.mark.parametrize("language, clubs", [("es", "8 tréboles"), ("fr", "8 trèfles")])
def test_the_suit_of_clubs_is_not_the_clubs_of_the_site(language, clubs):
    """The paper grid said "8 Clubes" in Spanish: the clubs of the site (clubs/apps.py, their list page)
    and the suit shared the msgid "Clubs", and the clubs' translation replaced the suit's. The clubs
    have their own context ("the clubs of the site"); the suit keeps its word."""
    from tournaments.language import contract_label

    with translation.override(language):
        assert contract_label("8C").lower() == clubs
        assert translation.pgettext("the clubs of the site", "Clubs") == {"es": "Clubes", "fr": "Clubs"}[language]
