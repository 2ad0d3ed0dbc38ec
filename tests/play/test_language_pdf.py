"""Printed documents in English, Spanish and French (issue 13): every kind, in every language, through
the PDF view (?language=) and through `manage.py pdf --language`, read back with pypdf.

The event: four partnerships, one round of one hand a table, no confirmation asked, so the medals
are decided at once.

  Table 1: 1 (N-S: José Peña, Hélène Côté) v 2 (Françoise Lemaître, Zoë Ñúñez): 7H by N-S, 8 tricks
           (+200 / +20); the table is confirmed by Hélène Côté.
  Table 2: 3 (Ana Li, Bob Smith) v 4 (Raúl Ibáñez, Carmen Sáenz): 6S by N-S, 10 tricks (+250 / 0).
  Totals: 3: 250 (gold), 1: 200 (silver), 2: 20 (bronze), 4: 0.

The printed words come from the catalogs, never from the reader's own choice of language for the
site: a document is in the event's language unless the print asks for another.
"""

from __future__ import annotations

import datetime
import io
import re

import pdfplumber
import pytest
from django.conf import settings
from django.core.management import CommandError, call_command
from django.urls import reverse
from pypdf import PdfReader

from scoring.printing import BUILDERS, KINDS
from scoring.printing.data import cards_doc, medals_doc, sheets_doc, standings_doc
from scoring.services import Actor
from tests.builders import make_event, make_partnerships, play
from tournaments.language import in_language
from tournaments.models import Event
from tournaments.services import round_create

ORGANIZER = Actor("Organizer Ana", is_organizer=True)
NAMES = [("José Peña", "Hélène Côté"), ("Françoise Lemaître", "Zoë Ñúñez"), ("Ana Li", "Bob Smith"),
         ("Raúl Ibáñez", "Carmen Sáenz")]
LANGUAGES = ("en", "es", "fr")

# What each kind must say in each language: its title or headings, and words drawn from the data.
EXPECTED = {
    "sheets": {
        "en": ["SCORE SHEET", "Round 1 · Table 1", "Dealer", "Declarer", "Contract values", "♥ Hearts",
               "N-S · Partnership 1", "Enter scores: scan the QR code", "Round total"],
        "es": ["HOJA DE ANOTACIÓN", "Ronda 1 · Mesa 1", "Repartidor", "Declarante", "Valores de los contratos",
               "♥ Corazones", "Sin triunfo", "N-S · Pareja 1", "E-O · Pareja 2", "Para anotar: escanee el código QR",
               "Total de la ronda", "Bazas", "jueves, 14 de mayo de 2026"],
        "fr": ["FEUILLE DE POINTAGE", "Ronde 1 · Table 1", "Donneur", "Déclarant", "Valeur des contrats",
               "♥ Cœurs", "Sans-atout", "N-S · Équipe 1", "E-O · Équipe 2", "balayez le code QR",
               "Total de la ronde", "Levées", "jeudi 14 mai 2026"],
    },
    "results": {
        "en": ["RESULT SHEET", "Round 1 · Table 1", "Confirmed by Hélène Côté at", "Filled from the entered hands"],
        "es": ["HOJA DE RESULTADOS", "Ronda 1 · Mesa 1", "Confirmado por Hélène Côté a las",
               "Llenada con las manos anotadas"],
        "fr": ["FEUILLE DE RÉSULTATS", "Ronde 1 · Table 1", "Confirmé par Hélène Côté à",
               "Remplie d'après les donnes saisies"],
    },
    "cards": {
        "en": ["Partnership 1", "Round", "Opponents", "the first named sits North"],
        "es": ["Pareja 1", "Ronda", "Mesa", "Oponentes", "el primer nombre se sienta al Norte"],
        "fr": ["Équipe 1", "Ronde", "Adversaires", "le premier nommé est au Nord"],
    },
    "standings": {
        "en": ["Standings", "Rank", "Players", "Hands", "All 1 round complete", "Page 1"],
        "es": ["Clasificación", "Puesto", "Jugadores", "Manos", "1 ronda completa", "Página 1"],
        "fr": ["Classement", "Rang", "Joueurs", "Donnes", "1 ronde terminée", "Page 1"],
    },
    "wall": {
        "en": ["Standings", "Rank", "Players", "a shared rank"],
        "es": ["Clasificación", "Puesto", "Jugadores", "puesto compartido"],
        "fr": ["Classement", "Rang", "Joueurs", "rang partagé"],
    },
    "medals": {
        "en": ["Medal standings", "Overall", "Place", "Medal", "1st Gold", "2nd Silver", "3rd Bronze"],
        "es": ["Clasificación de medallas", "General", "Puesto", "Medalla", "1.º Oro", "2.º Plata", "3.º Bronce"],
        "fr": ["Classement des médailles", "Général", "Rang", "Médaille", "1er Or", "2e Argent", "3e Bronze"],
    },
    "certificates": {
        "en": ["Gold medal", "1st place", "awarded to", "Overall, all divisions", "Total 250 points", "Organizer"],
        "es": ["Medalla de oro", "1.º puesto", "otorgada a", "General, todas las divisiones", "Total: 250 puntos",
               "Organizador"],
        "fr": ["Médaille d'or", "1er rang", "décernée à", "Général, toutes les divisions", "Total : 250 points",
               "Organisateur"],
    },
}
# An accented name each kind prints (the certificates: one page a player, Hélène's is the third).
NAME = {"sheets": "Hélène Côté", "results": "Hélène Côté", "cards": "José Peña & Hélène Côté",
        "standings": "José Peña & Hélène Côté", "wall": "José Peña & Hélène Côté",
        "medals": "José Peña & Hélène Côté", "certificates": "Hélène Côté"}
# English words that must not be left on a Spanish or French document.
ENGLISH_ONLY = {"sheets": ["Dealer", "Declarer", "Round total"], "results": ["Confirmed by", "RESULT SHEET"],
                "cards": ["Opponents", "Partnership"], "standings": ["Players", "Standings"],
                "wall": ["Players", "Standings"], "medals": ["Medal standings", "Gold"],
                "certificates": ["awarded to", "Gold medal"]}


def text(data: bytes) -> str:
    """Every page's text, whitespace squashed, with the French no-break spaces as plain ones."""
    pages = [page.extract_text() for page in PdfReader(io.BytesIO(data)).pages]
    return re.sub(r"\s+", " ", " ".join(pages).replace("\u00a0", " "))


@pytest.fixture
def event(db):
    """The event of the module docstring (the conftest's organizer attaches to it)."""
    return make_event(name="Olimpiadas de Oro: Quinientos", venue="Lark Community Center, McAllen", rounds=1,
                      hands_per_round=1, confirmation_required=False)


@pytest.fixture
def played(event):
    p = make_partnerships(event, len(NAMES), names=NAMES)
    one = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])], status="open")
    t1, t2 = one.tables.order_by("number")
    play(t1, [("ns", "7H", 8)], confirm=False, actor=ORGANIZER)
    play(t2, [("ns", "6S", 10)], confirm=False, actor=ORGANIZER)
    confirmed = datetime.datetime(2026, 5, 14, 21, 4, tzinfo=datetime.UTC)
    type(t1).objects.filter(pk=t1.pk).update(confirmed_at=confirmed, confirmed_by="Hélène Côté")
    event.refresh_from_db()
    return event


def through_view(client, event: Event, kind: str, language: str | None) -> bytes:
    url = reverse("scoring:pdf", args=[event.slug, kind]) + (f"?language={language}" if language else "")
    response = client.get(url)
    assert response.status_code == 200, response.content[:300]
    assert response["Content-Type"] == "application/pdf"
    return response.content


def through_command(event: Event, kind: str, language: str | None, tmp_path) -> bytes:
    out = tmp_path / f"{kind}-{language}.pdf"
    extra = ["--language", language] if language else []
    call_command("pdf", event.slug, "--kind", kind, *extra, "-o", str(out), stdout=io.StringIO(),
                 stderr=io.StringIO())
    return out.read_bytes()


def assert_in(kind: str, language: str, found: str) -> None:
    for words in EXPECTED[kind][language]:
        assert words in found, (kind, language, words, found[:1500])
    assert NAME[kind] in found, (kind, language)
    if language != "en":
        for words in ENGLISH_ONLY[kind]:
            assert words not in found, (kind, language, words)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_prints_in_every_language_through_the_view(client, played, organizer, kind, language):
    client.force_login(organizer)
    assert_in(kind, language, text(through_view(client, played, kind, language)))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("kind", KINDS)
def test_every_kind_prints_in_every_language_through_the_command(played, tmp_path, kind, language):
    assert_in(kind, language, text(through_command(played, kind, language, tmp_path)))


def test_english_is_the_default(client, played, organizer):
    client.force_login(organizer)
    for kind in KINDS:
        assert_in(kind, "en", text(through_view(client, played, kind, None)))


def test_the_events_language_decides_a_print_without_a_language(client, played, organizer, tmp_path):
    Event.objects.filter(pk=played.pk).update(language="es")
    played.refresh_from_db()
    client.force_login(organizer)
    for kind in KINDS:
        assert_in(kind, "es", text(through_view(client, played, kind, None)))
        assert_in(kind, "es", text(through_command(played, kind, None, tmp_path)))
    # ... and a print can still ask for another
    assert_in("sheets", "fr", text(through_view(client, played, "sheets", "fr")))


def test_the_readers_own_language_does_not_change_the_print(client, played, organizer):
    """Someone reading the site in French prints the event's (English) documents unless they ask."""
    client.force_login(organizer)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    assert_in("standings", "en", text(through_view(client, played, "standings", None)))
    assert_in("standings", "fr", text(through_view(client, played, "standings", "fr")))


def test_the_cached_public_standings_keep_each_language_apart(client, played):
    url = reverse("scoring:pdf", args=[played.slug, "wall"])
    assert "Classement" in text(client.get(url + "?language=fr").content)
    assert "Clasificación" in text(client.get(url + "?language=es").content)
    english = text(client.get(url).content)
    assert "Standings" in english and "Classement" not in english


def test_a_language_the_site_does_not_have_is_refused(client, played, organizer, tmp_path):
    client.force_login(organizer)
    for kind in ("sheets", "wall"):
        bad = client.get(reverse("scoring:pdf", args=[played.slug, kind]) + "?language=de")
        assert bad.status_code == 400
        assert bad.content.decode() == "language: 'de' is not a language of this site (one of en, es, fr)"
    with pytest.raises(CommandError, match=r"--language: invalid choice: 'de' \(choose from '?en'?, '?es'?, '?fr'?\)"):
        call_command("pdf", played.slug, "--kind", "sheets", "--language", "de", "-o", str(tmp_path / "x.pdf"))


def test_the_command_says_so_in_its_help(capsys):
    with pytest.raises(SystemExit):
        call_command("pdf", "--help")
    assert "--language {en,es,fr}" in capsys.readouterr().out


def test_the_print_page_offers_each_language_and_passes_it_on(client, played, organizer):
    client.force_login(organizer)
    url = reverse("scoring:print", args=[played.slug])
    page = client.get(url).content.decode()
    assert 'href="?language=es"' in page and 'href="?language=fr"' in page
    assert 'aria-current="true">English</strong>' in page
    # the event's language: plain links, no ?language=
    assert f'href="{reverse("scoring:pdf", args=[played.slug, "cards"])}"' in page
    french = client.get(url + "?language=fr").content.decode()
    for kind in KINDS:
        assert reverse("scoring:pdf", args=[played.slug, kind]) + "?" in french
    assert reverse("scoring:pdf", args=[played.slug, "sheets"]) + "?round=1&amp;language=fr" in french
    assert reverse("scoring:pdf", args=[played.slug, "cards"]) + "?language=fr" in french
    assert 'aria-current="true">Français</strong>' in french
    # an unknown language falls back to the event's
    assert 'aria-current="true">English</strong>' in client.get(url + "?language=de").content.decode()


def test_the_print_page_reads_in_the_readers_language(client, played, organizer):
    client.force_login(organizer)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    page = client.get(reverse("scoring:print", args=[played.slug])).content.decode()
    for words in ("Imprimir los documentos en:", "Hojas de anotación", "Tarjetas de movimiento",
                  "Clasificación para la pared", "Certificados", "Antes del juego"):
        assert words in page, words


# ------------------------------------------------------------------ layout in Spanish and French


def layout_problems(data: bytes, min_size: float = 0) -> list[str]:
    """Overlapping word boxes, words off the page and words below min_size points (as
    tests/play/test_pdf_layout.py checks in English)."""
    found = []
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for number, page in enumerate(pdf.pages, start=1):
            boxes = page.extract_words(x_tolerance=1.5, y_tolerance=1, use_text_flow=True, extra_attrs=["size"])
            for w in boxes:
                if w["x0"] < 0 or w["top"] < 0 or w["x1"] > page.width or w["bottom"] > page.height:
                    found.append(f"page {number}: {w['text']!r} leaves the page")
            boxes.sort(key=lambda w: w["x0"])
            for i, a in enumerate(boxes):
                for b in boxes[i + 1:]:
                    if b["x0"] >= a["x1"] - 0.5:
                        break
                    dx = min(a["x1"], b["x1"]) - max(a["x0"], b["x0"])
                    dy = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
                    if dx > 0.5 and dy > 0.5:
                        found.append(f"page {number}: {a['text']!r} overlaps {b['text']!r}")
            found += [f"page {number}: {w['text']!r} at {w['size']:.1f} pt" for w in boxes if w["size"] < min_size]
    return found


@pytest.mark.parametrize("language", ["es", "fr"])
@pytest.mark.parametrize("paper", ["letter", "a4"])
def test_spanish_and_french_words_stay_in_their_boxes(played, language, paper):
    Event.objects.filter(pk=played.pk).update(page_size=paper)
    event = Event.objects.get(pk=played.pk)
    with in_language(language):
        docs = {"sheets": sheets_doc(event), "results": sheets_doc(event, filled=True), "cards": cards_doc(event),
                "standings": standings_doc(event), "wall": standings_doc(event), "medals": medals_doc(event),
                "certificates": medals_doc(event)}
        for kind in KINDS:
            smallest = 10 if kind in ("sheets", "results") else 0  # players read the sheets at the table
            assert layout_problems(BUILDERS[kind](docs[kind]), smallest) == [], (kind, language, paper)
