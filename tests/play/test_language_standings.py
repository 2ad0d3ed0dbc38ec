"""The public standings pages in Spanish and French (issue 13, docs/languages.md "Languages"): the standings,
projector, medals, partnership and tiebreak pages show their headings in the reader's language;
the CSV's header line follows it while the JSON's keys never change; a live fragment has one
ETag per language, so a phone that switches language is not told "nothing changed"."""

import csv
import io
import json

import pytest
from django.core.cache import cache
from django.urls import reverse

from tests.builders import four_pair_event, tie_for_second

pytestmark = pytest.mark.django_db

ENGLISH_CSV_HEADER = ["rank", "tied", "partnership", "player_1", "player_2", "division", "total", "R1", "R2",
                      "sit_out_rounds", "provisional_rounds", "hands_played", "tiebreak_total", "medal", "decided_by",
                      "sit_out_policy"]


@pytest.fixture(autouse=True)
def clear_cache():
    cache.clear()
    yield
    cache.clear()


def url(name, event, *args):
    return reverse(f"scoring:{name}", args=[event.slug, *args])


def page(client, name, event, language, *args) -> str:
    response = client.get(url(name, event, *args), HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 200
    return response.content.decode()


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["Clasificación", "Las 2 rondas completas", "Puesto", "Jugadores", "Medallas", "Proyector",
            '<span class="medal gold">Oro</span>', '<span class="medal silver">Plata</span>',
            "puesto compartido", "Descargar la clasificación", '<html lang="es">']),
    ("fr", ["Classement", "Les 2 rondes sont terminées", "Rang", "Joueurs", "Médailles", "Projecteur",
            '<span class="medal gold">Or</span>', '<span class="medal silver">Argent</span>',
            "place partagée", "Télécharger le classement", '<html lang="fr">']),
])
def test_standings_page_in_the_readers_language(client, language, words):
    event, _, _ = four_pair_event()
    html = page(client, "standings", event, language)
    for word in words:
        assert word in html, word
    for english in ("All 2 rounds complete", ">Players<", "shared place", "Download the standings"):
        assert english not in html, english


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["Proyector", "Las 2 rondas completas", "Jugadores", ">Oro<", "Descansos: promedio de sus rondas"]),
    ("fr", ["Projecteur", "Les 2 rondes sont terminées", "Joueurs", ">Or<", "Repos\u00a0:"]),
])
def test_projector_and_its_fragment_in_the_readers_language(client, language, words):
    event, _, _ = four_pair_event()
    html = page(client, "projector", event, language) + page(client, "projector-fragment", event, language)
    for word in words:
        assert word in html, word
    assert ">Players<" not in html and "Sit-outs:" not in html


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["medallero", "General", "Medalla", '<span class="medal bronze">Bronce</span>', "Descansos:"]),
    ("fr", ["médailles", "Général", "Médaille", '<span class="medal bronze">Bronze</span>', "Repos\u00a0:"]),
])
def test_medals_page_in_the_readers_language(client, language, words):
    event, _, _ = four_pair_event()
    html = page(client, "medals", event, language)
    for word in words:
        assert word in html, word
    assert ">Overall<" not in html and "medal standings" not in html


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["Pareja 1:", "Ronda por ronda", "Mano por mano", "Oponentes", "Bazas", "Ronda 1: mesa 1",
            "sentados en N-S", "por nosotros", "cumplido"]),
    ("fr", ["Équipe 1\u00a0:", "Ronde par ronde", "Donne par donne", "Adversaires", "Levées",
            "Ronde 1\u00a0: table 1", "assis en N-S", "par nous", "réussi"]),
])
def test_partnership_page_in_the_readers_language(client, language, words):
    event, _, _ = four_pair_event()
    html = page(client, "partnership", event, language, 1)
    for word in words:
        assert word in html, word
    assert "Round by round" not in html and "Hand by hand" not in html and ">Opponents<" not in html


@pytest.mark.parametrize(("language", "words"), [
    ("es", ["empates y medallas", "Puestos de medalla empatados", "2.º y 3.º", "Preparar un desempate para ellas",
            "Nueva sesión de desempate", "Opciones de medallas", "Solo general"]),
    ("fr", ["égalités et médailles", "Places de médaille à égalité", "2e et 3e", "Préparer un bris d'égalité",
            "Nouvelle séance de bris d'égalité", "Réglages des médailles"]),
])
def test_tiebreak_page_in_the_readers_language(event, organizer_client, language, words):
    event, _ = tie_for_second(event)
    html = page(organizer_client, "tiebreaks", event, language)
    for word in words:
        assert word in html or word.replace("'", "&#x27;") in html, word
    assert "2nd and 3rd" not in html and "Set up a tiebreak for them" not in html


def test_tiebreak_page_is_unchanged_in_english(event, organizer_client):
    event, _ = tie_for_second(event)
    html = page(organizer_client, "tiebreaks", event, "en")
    assert "2nd and 3rd" in html and "Set up a tiebreak for them" in html and "Medal settings" in html


def test_the_csv_header_follows_the_readers_language(client):
    event, _, _ = four_pair_event()
    english = client.get(url("standings-csv", event)).content.decode()
    spanish = client.get(url("standings-csv", event), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    french = client.get(url("standings-csv", event), HTTP_ACCEPT_LANGUAGE="fr-CA").content.decode()
    header = next(csv.reader(io.StringIO(english)))
    assert header == ENGLISH_CSV_HEADER
    spanish_header = next(csv.reader(io.StringIO(spanish)))
    assert spanish_header[:3] == ["puesto", "empatado", "pareja"] and "manos_jugadas" in spanish_header
    assert "R1" in spanish_header and len(spanish_header) == len(header)
    assert next(csv.reader(io.StringIO(french)))[:3] == ["rang", "égalité", "équipe"]
    # Only the header changes: the rows are the same in every language.
    assert spanish.splitlines()[1:] == english.splitlines()[1:] == french.splitlines()[1:]


def test_json_keys_stay_english_in_every_language(client):
    event, _, _ = four_pair_event()
    answers = [json.loads(client.get(url("standings-json", event), HTTP_ACCEPT_LANGUAGE=code).content)
               for code in ("en", "es", "fr")]
    assert answers[0] == answers[1] == answers[2]
    row = answers[1]["standings"][0]
    assert set(row) == {"rank", "tied", "partnership", "players", "division", "total", "rounds", "tiebreak_total",
                        "medal", "withdrawn"}
    assert row["medal"] == "gold" and set(row["rounds"][0]) == {"round", "points", "sit_out", "provisional", "hands",
                                                               "credit"}


def test_a_live_fragment_has_one_etag_per_language(client):
    event, _, _ = four_pair_event()
    live = url("standings-fragment", event)
    english = client.get(live)
    spanish = client.get(live, HTTP_ACCEPT_LANGUAGE="es")
    assert english["ETag"] != spanish["ETag"]
    assert "Las 2 rondas completas" in spanish.content.decode()
    assert "All 2 rounds complete" in english.content.decode()
    # The Spanish reader is told 304 for its own ETag, but not for the English one.
    assert client.get(live, HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=spanish["ETag"]).status_code == 304
    again = client.get(live, HTTP_ACCEPT_LANGUAGE="es", HTTP_IF_NONE_MATCH=english["ETag"])
    assert again.status_code == 200 and "Las 2 rondas completas" in again.content.decode()


def test_the_language_cookie_wins_over_the_browser(client):
    event, _, _ = four_pair_event()
    client.cookies["fh_language"] = "fr"
    html = page(client, "standings", event, "es")
    assert "Classement" in html and "Clasificación" not in html
