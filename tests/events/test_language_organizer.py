"""The organizer's pages and the site-wide pages in Spanish and French (docs/languages.md, "Languages").

Which language a page is in (LanguageMiddleware): the person's own choice (the fh_language
cookie) beats the browser's Accept-Language, which beats the event's default language; a page of
no event falls back to English. Then the organizer's pages, their form errors, the partnership
import's problems, the log-in and 404 pages, and the dates, in each language.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests import builders
from tournaments.models import Event

NBSP = "\u00a0"


def lang_of(html: str) -> str:
    return re.search(r'<html lang="([^"]+)"', html).group(1)


def h1_of(html: str) -> str:
    return re.sub(r"<[^>]+>", "", re.search(r"<h1>(.*?)</h1>", html, re.S).group(1)).strip()


@pytest.fixture(autouse=True)
def english_afterwards():
    """The middleware leaves the last request's language active in this thread: put English back,
    so a later test rendering without a request (the 500 page) is not in this module's Spanish."""
    yield
    translation.activate("en")


@pytest.fixture
def french_event(event):
    Event.objects.filter(pk=event.pk).update(language="fr")
    event.refresh_from_db()
    return event


# --- which language: cookie > browser > event's default > English -----------------------------

@pytest.mark.django_db
def test_the_cookie_beats_the_browser(anonymous, french_event):
    anonymous.cookies["fh_language"] = "es"
    html = anonymous.get(reverse("tournaments:event-detail", args=[french_event.slug]),
                         HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert lang_of(html) == "es" and "Clasificación" in html


@pytest.mark.django_db
def test_the_browser_beats_the_events_default(anonymous, french_event):
    response = anonymous.get(reverse("tournaments:event-detail", args=[french_event.slug]),
                             HTTP_ACCEPT_LANGUAGE="es-US,es;q=0.9")
    html = response.content.decode()
    assert lang_of(html) == "es" and "Clasificación" in html
    assert response["Content-Language"] == "es"


@pytest.mark.django_db
def test_a_browser_asking_for_none_of_ours_gets_the_events_language_then_english(anonymous, french_event):
    html = anonymous.get(reverse("tournaments:event-detail", args=[french_event.slug]),
                         HTTP_ACCEPT_LANGUAGE="de-DE,de").content.decode()
    assert lang_of(html) == "fr" and "Classement" in html
    html = anonymous.get(reverse("tournaments:event-list"), HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert lang_of(html) == "en" and "<h1>Events</h1>" in html


@pytest.mark.django_db
@pytest.mark.parametrize("header, expected", [
    ("de, fr;q=0.5, es;q=0.9", "es"),
    ("de, es;q=0.2, fr;q=0.8", "fr"),
    ("es;q=0.1, en;q=0.7", "en"),
])
def test_q_weights_are_honoured(anonymous, event, header, expected):
    html = anonymous.get(reverse("tournaments:event-list"), HTTP_ACCEPT_LANGUAGE=header).content.decode()
    assert lang_of(html) == expected


@pytest.mark.django_db
def test_the_switcher_keeps_the_choice_and_goes_back(anonymous, french_event):
    page = reverse("tournaments:event-detail", args=[french_event.slug])
    response = anonymous.post("/i18n/setlang/", {"language": "es", "next": page})
    assert response.status_code == 302 and response["Location"] == page
    assert response.cookies["fh_language"].value == "es"
    html = anonymous.get(page, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert lang_of(html) == "es"
    assert 'value="es" lang="es" class="link" aria-current="true" disabled' in html


# --- the organizer's pages -----------------------------------------------------------------------

PAGES = [  # (url name, needs the slug, Spanish heading, French heading)
    ("tournaments:event-edit", True, "Ajustes", "Paramètres"),
    ("tournaments:partnerships", True, "Parejas", "Équipes"),
    ("tournaments:check-in", True, "Llegadas", "Arrivées"),
    ("tournaments:movement", True, "Movimiento", "Déplacement"),
    ("tournaments:dashboard", True, "Ronda 1 de 1", "Ronde 1 sur 1"),
    ("tournaments:staff", True, "Personal", "Personnel"),
    ("tournaments:event-list", False, "Eventos", "Événements"),
    ("tournaments:event-create", False, "Nuevo evento", "Nouvel événement"),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "slugged", "spanish", "french"), PAGES)
def test_organizer_pages_in_spanish_and_french(creator_client, round_one, event, name, slugged, spanish, french):
    url = reverse(name, args=[event.slug] if slugged else [])
    for code, heading in (("es", spanish), ("fr", french)):
        html = creator_client.get(url, HTTP_ACCEPT_LANGUAGE=code).content.decode()
        assert lang_of(html) == code
        assert h1_of(html) == heading
    assert h1_of(creator_client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()) not in (spanish, french)


@pytest.mark.django_db
def test_the_dashboard_speaks_spanish(organizer_client, round_one, event):
    html = organizer_client.get(reverse("tournaments:dashboard", args=[event.slug]),
                                HTTP_ACCEPT_LANGUAGE="es").content.decode()
    for words in ("Mesa 1", "Sin empezar", "Hojas de anotación, ronda 1 (PDF)", "Abrir la mesa", "Anular el enlace",
                  "Cerrar la ronda 1: 2 mesas no están listas", "0 de 4 manos", "Clasificación", "Llegadas"):
        assert words in html, words


@pytest.mark.django_db
def test_a_form_error_in_spanish(organizer_client, round_one, event):
    url = reverse("tournaments:partnerships", args=[event.slug])
    html = organizer_client.post(url, {"number": "1", "player_one": "Ana", "player_two": ""},
                                 HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "Este campo es obligatorio." in html  # Django's own message, in Spanish
    html = organizer_client.post(url, {"number": "1", "player_one": "Ana", "player_two": "Bob"},
                                 HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert "la pareja 1 ya está inscrita" in html  # the service's


@pytest.mark.django_db
def test_a_partnership_import_problem_in_french(organizer_client, event):
    url = reverse("tournaments:partnership-import", args=[event.slug])
    html = organizer_client.post(url, {"text": "1x,Ana,Bob\n2,,Cy\n"}, HTTP_ACCEPT_LANGUAGE="fr").content.decode()
    assert "Rien n&#x27;a été importé." in html or "Rien n'a été importé." in html
    assert f"Ligne 1{NBSP}: le numéro d&#x27;équipe &#x27;1x&#x27; n&#x27;est pas un nombre entier" in html
    assert f"Ligne 2{NBSP}: le nom du joueur 1 est vide" in html


@pytest.mark.django_db
def test_the_import_problems_stay_english_for_english(organizer_client, event):
    url = reverse("tournaments:partnership-import", args=[event.slug])
    html = organizer_client.post(url, {"text": "1x,Ana,Bob\n2,,Cy\n"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert "Line 1: the partnership number &#x27;1x&#x27; is not a whole number" in html
    assert "Line 2: player 1 is empty" in html


@pytest.mark.django_db
def test_a_success_message_in_french(organizer_client, event):
    url = reverse("tournaments:partnerships", args=[event.slug])
    response = organizer_client.post(url, {"number": "5", "player_one": "Ana", "player_two": "Bob"},
                                     HTTP_ACCEPT_LANGUAGE="fr", follow=True)
    assert f"Équipe 5 inscrite{NBSP}: Ana &amp; Bob." in response.content.decode()


@pytest.mark.django_db
def test_the_login_page_in_spanish(anonymous):
    html = anonymous.get(reverse("login"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert lang_of(html) == "es"
    assert h1_of(html) == "Entrada del organizador"
    assert "Nombre de usuario" in html and "Contraseña" in html


@pytest.mark.django_db
def test_the_404_page_in_spanish(anonymous):
    response = anonymous.get("/no-such-page/", HTTP_ACCEPT_LANGUAGE="es")
    html = response.content.decode()
    assert response.status_code == 404
    assert lang_of(html) == "es" and "Esta página no existe" in html and "Volver a los eventos" in html


@pytest.mark.django_db
def test_a_404_inside_an_event_speaks_its_language(organizer_client, french_event):
    response = organizer_client.get(reverse("tournaments:partnership-edit", args=[french_event.slug, 99]),
                                    HTTP_ACCEPT_LANGUAGE="de")
    html = response.content.decode()
    assert response.status_code == 404 and lang_of(html) == "fr" and "Cette page n'existe pas" in html


def test_the_500_page_in_the_requests_language():
    from django.template.loader import get_template
    from django.utils import translation

    with translation.override("fr"):
        html = get_template("500.html").render({})
    assert '<html lang="fr">' in html and "Votre donne n'a peut-être pas été enregistrée." in html


@pytest.mark.django_db
@pytest.mark.parametrize(("code", "date"), [("en", "May 14, 2026"), ("es", "14 de mayo de 2026"),
                                            ("fr", "14 mai 2026")])
def test_dates_on_the_event_list(anonymous, event, code, date):
    html = anonymous.get(reverse("tournaments:event-list"), HTTP_ACCEPT_LANGUAGE=code).content.decode()
    assert date in html


@pytest.mark.django_db
def test_events_created_and_edited_in_spanish(newcomer_client):
    data = {"name": "Torneo 500", "date": "2026-05-14", "venue": "McAllen", "rules_preset": "mcallen",
            "rounds": "10", "hands_per_round": "4", "sit_out_policy": "average", "sit_out_points": "0",
            "confirmation_required": "on", "confirmation_check": "pin", "medal_scope": "overall",
            "page_size": "letter", "language": "es"}
    form = newcomer_client.get(reverse("tournaments:event-create")).content.decode()
    assert 'name="language"' in form and "Español" in form and "printed sheets, cards and results" in form
    response = newcomer_client.post(reverse("tournaments:event-create"), data)
    event = Event.objects.get(name="Torneo 500")
    assert response.status_code == 302 and event.language == "es"
    # The event's own pages now speak Spanish to a browser asking for none of ours.
    html = newcomer_client.get(reverse("tournaments:event-edit", args=[event.slug]),
                               HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert h1_of(html) == "Ajustes" and 'value="es" selected' in html
    response = newcomer_client.post(reverse("tournaments:event-edit", args=[event.slug]),
                                    {**data, "language": "fr"}, HTTP_ACCEPT_LANGUAGE="de", follow=True)
    event.refresh_from_db()
    # The message was said while the page was still Spanish; the next page is the event's French.
    html = response.content.decode()
    assert event.language == "fr" and "Ajustes guardados." in html and lang_of(html) == "fr"


@pytest.mark.django_db
def test_english_stays_english(organizer_client, round_one, event):
    html = organizer_client.get(reverse("tournaments:dashboard", args=[event.slug])).content.decode()
    assert lang_of(html) == "en"
    assert "Close round 1: 2 tables not ready" in html and "Score sheets, round 1 (PDF)" in html
    builders.register(event, [9], checked_in=False)
    html = organizer_client.get(reverse("tournaments:partnerships", args=[event.slug])).content.decode()
    assert "registered · <strong>" in html and "not yet here" in html


@pytest.mark.django_db
def test_the_switcher_names_each_language_in_itself(anonymous):
    for code in ("en", "es", "fr"):
        html = anonymous.get(reverse("tournaments:event-list"), HTTP_ACCEPT_LANGUAGE=code).content.decode()
        for name in (">English<", ">Español<", ">Français<"):
            assert name in html, (code, name)
