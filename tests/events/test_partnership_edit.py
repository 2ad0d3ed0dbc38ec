"""Fixing a partnership's names or division after registration: the number stays, the live pages
see the change, and bad input is refused with nothing stored."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests.builders import BACKEND
from tournaments import services
from tournaments.models import Partnership


@pytest.fixture
def registered(event, organizer):
    """Partnership 7 of the conftest's event, registered with two misspelled names."""
    pair = services.partnership_register(event=event, number=7, player_one="Ana Garsa", player_two="Luis Pena",
                                         division="70-74")
    return event, pair, organizer


def names(pair):
    pair = Partnership.objects.select_related("player_one", "player_two").get(pk=pair.pk)
    return pair.player_one.name, pair.player_two.name, pair.division, pair.number


def test_names_and_division_are_fixed_and_the_number_stays(registered):
    event, pair, _ = registered
    before = event.version
    services.partnership_update(partnership=pair, player_one=" Ana Garza ", player_two="Luis Peña",
                                division="75+")
    assert names(pair) == ("Ana Garza", "Luis Peña", "75+", 7)
    event.refresh_from_db()
    assert event.version > before  # the live standings show names and divisions


@pytest.mark.parametrize("field, value, message", [
    ("player_one", "   ", "empty"),
    ("player_two", "x" * 10_000, "10000 characters long (at most 120)"),
    ("division", "d" * 10_000, "longer than"),
])
def test_bad_names_are_refused_and_nothing_changes(registered, field, value, message):
    event, pair, _ = registered
    values = {"player_one": "Ana Garza", "player_two": "Luis Peña", "division": "70-74", field: value}
    with pytest.raises(ValidationError) as caught:
        services.partnership_update(partnership=pair, **values)
    assert message in " ".join(caught.value.message_dict[field])
    assert names(pair) == ("Ana Garsa", "Luis Pena", "70-74", 7)


def test_the_organizer_edits_from_the_page_and_html_stays_text(client, registered):
    event, pair, organizer = registered
    client.force_login(organizer, backend=BACKEND)
    page = reverse("tournaments:partnership-edit", args=[event.slug, 7])
    assert "Ana Garsa" in client.get(page).content.decode()
    response = client.post(page, {"player_one": "<b>Ana</b> O'Brien", "player_two": "Luis Peña", "division": ""})
    assert response.status_code == 302
    assert names(pair)[0] == "<b>Ana</b> O'Brien"
    listing = client.get(reverse("tournaments:partnerships", args=[event.slug])).content.decode()
    assert "&lt;b&gt;Ana&lt;/b&gt; O&#x27;Brien" in listing and "<b>Ana</b>" not in listing


def test_an_empty_name_on_the_page_shows_the_error_beside_the_field(client, registered):
    event, pair, organizer = registered
    client.force_login(organizer, backend=BACKEND)
    response = client.post(reverse("tournaments:partnership-edit", args=[event.slug, 7]),
                           {"player_one": "  ", "player_two": "Luis Peña", "division": ""})
    assert response.status_code == 200
    assert "This field is required" in response.content.decode()  # the form strips the spaces
    assert names(pair)[0] == "Ana Garsa"
