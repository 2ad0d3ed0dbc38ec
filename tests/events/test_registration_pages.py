"""Registering partnerships through the site: the all-or-nothing import, the form, and names that
look like HTML. (The CSV reader itself: tests/engine/test_registration.py.)"""

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournaments import services
from tournaments.models import Partnership, Player


@pytest.mark.django_db
def test_import_is_all_or_nothing(event):
    services.partnership_register(event=event, number=3, player_one="Existing", player_two="Pair")
    with pytest.raises(ValidationError) as caught:
        services.partnerships_import(event=event, data="1,Ana,Bob\n2,Cy,Di\n3,Ed,Flo\n")
    assert caught.value.message_dict == {"file": ["Line 3: partnership 3 is already registered"]}
    assert list(Partnership.objects.filter(event=event).values_list("number", flat=True)) == [3]
    assert Player.objects.filter(event=event).count() == 2
    made = services.partnerships_import(event=event, data="1,Ana,Bob,70-74\n2,Cy,Di\n")
    assert [(p.number, p.players_label, p.division, p.checked_in) for p in made] == [
        (1, "Ana & Bob", "70-74", False), (2, "Cy & Di", "", False)]


@pytest.mark.django_db
def test_register_validates_each_field(event):
    with pytest.raises(ValidationError) as caught:
        services.partnership_register(event=event, number=0, player_one="  ", player_two="x" * 121)
    assert caught.value.message_dict == {
        "number": ["the partnership number 0 is not between 1 and 9999"],
        "player_one": ["player 1 is empty"],
        "player_two": ["player 2 is 121 characters long (at most 120)"],
    }
    first = services.partnership_register(event=event, player_one="Ana", player_two="Bob")
    second = services.partnership_register(event=event, player_one="Cy", player_two="Di")
    assert (first.number, second.number) == (1, 2)  # the next free number
    with pytest.raises(ValidationError, match="partnership 2 is already registered"):
        services.partnership_register(event=event, number=2, player_one="Ed", player_two="Flo")


@pytest.mark.django_db
def test_import_page_shows_every_bad_line_and_imports_nothing(organizer_client, event):
    upload = SimpleUploadedFile("pairs.csv", b"number,p1,p2\n1,Ana,Bob\n2,,Di\nthree,Ed,Flo\n", content_type="text/csv")
    response = organizer_client.post(reverse("tournaments:partnership-import", args=[event.slug]), {"file": upload})
    body = response.content.decode()
    assert response.status_code == 200
    assert "Nothing was imported" in body
    assert "Line 3: player 1 is empty" in body
    assert "Line 4: the partnership number &#x27;three&#x27; is not a whole number" in body
    assert not Partnership.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_import_page_accepts_pasted_lines(organizer_client, event):
    response = organizer_client.post(reverse("tournaments:partnership-import", args=[event.slug]),
                                     {"text": "1,Ana,Bob\n2,Cy,Di"})
    assert response.status_code == 302
    assert Partnership.objects.filter(event=event).count() == 2


@pytest.mark.django_db
def test_html_in_names_is_stored_as_text_and_escaped_on_every_page(organizer_client, event):
    services.partnerships_import(event=event, data='1,<script>alert(1)</script>,<b>Bob</b>\n')
    assert Player.objects.filter(name="<script>alert(1)</script>").exists()
    services.partnership_check_in(partnership=Partnership.objects.get(event=event, number=1))
    services.partnership_register(event=event, player_one="Cy", player_two="Di", checked_in=True)
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    for name in ("event-detail", "partnerships", "check-in", "movement", "dashboard"):
        body = organizer_client.get(reverse(f"tournaments:{name}", args=[event.slug])).content.decode()
        assert "<script>alert(1)</script>" not in body, name
        assert "<b>Bob</b>" not in body, name
    body = organizer_client.get(reverse("tournaments:event-detail", args=[event.slug])).content.decode()
    assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp; &lt;b&gt;Bob&lt;/b&gt;" in body


@pytest.mark.django_db
def test_register_form_shows_field_messages(organizer_client, event):
    url = reverse("tournaments:partnerships", args=[event.slug])
    response = organizer_client.post(url, {"number": "1", "player_one": "   ", "player_two": "Bob"})
    assert response.status_code == 200
    assert "This field is required." in response.content.decode()  # the form strips the spaces
    assert not Partnership.objects.filter(event=event).exists()
    response = organizer_client.post(url, {"player_one": "Ana", "player_two": "Bob", "division": "70-74",
                                           "checked_in": "on"})
    assert response.status_code == 302
    assert Partnership.objects.get(event=event).checked_in is True
