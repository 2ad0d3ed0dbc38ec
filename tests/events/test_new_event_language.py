"""A new event's language starts as the organizer's (issue 24): the event form offers the language
the organizer is working in, so the sheets print in it unless the organizer chooses another."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.events.test_organizer import create_data
from tournaments.models import Event


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    translation.activate("en")


@pytest.mark.django_db
@pytest.mark.parametrize("cookie, header, expected", [
    ("es", "", "es"), ("fr", "", "fr"), ("en", "es", "en"), ("", "es-MX,es;q=0.9", "es"), ("", "fr-CA", "fr"),
    ("", "de", "en"),
])
def test_the_form_offers_the_organizers_language(newcomer_client, cookie, header, expected):
    if cookie:
        newcomer_client.cookies["fh_language"] = cookie
    form = newcomer_client.get(reverse("tournaments:event-create"), HTTP_ACCEPT_LANGUAGE=header).context["form"]
    assert form["language"].value() == expected
    assert f'<option value="{expected}" selected>' in str(form["language"])


@pytest.mark.django_db
def test_an_event_created_in_spanish_prints_in_spanish(newcomer_client):
    newcomer_client.cookies["fh_language"] = "es"
    response = newcomer_client.post(reverse("tournaments:event-create"), create_data(language="es"))
    assert response.status_code == 302
    assert Event.objects.get().language == "es"


@pytest.mark.django_db
def test_a_post_without_the_language_box_takes_the_organizers(newcomer_client):
    """A form sent without the language (an old page, a script) still starts in the organizer's language."""
    newcomer_client.cookies["fh_language"] = "fr"
    assert newcomer_client.post(reverse("tournaments:event-create"), create_data()).status_code == 302
    assert Event.objects.get().language == "fr"


@pytest.mark.django_db
def test_the_organizer_may_still_choose_another(newcomer_client):
    newcomer_client.cookies["fh_language"] = "es"
    newcomer_client.post(reverse("tournaments:event-create"), create_data(language="en"))
    assert Event.objects.get().language == "en"
