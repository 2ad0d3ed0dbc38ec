"""A CSV of entrants may start with a heading line in any language (issue 24): a first line with no
number where the number goes is skipped, and the import page says what it skipped; a first line
that is data is imported, never skipped."""

import pytest
from django.contrib.messages import get_messages
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.engine import registration
from tests.events.test_individuals_organizer import individuals_event
from tournaments import services
from tournaments.models import Partnership

HEADINGS = ["Number,Player 1,Player 2,Division", "Número,Jugador 1,Jugador 2,División",
            "Numéro;Joueur 1;Joueur 2;Division", "Nº,Jugador 1,Jugador 2", "#,p1,p2", "Pareja,Jugador 1,Jugador 2"]


@pytest.mark.django_db
@pytest.mark.parametrize("heading", HEADINGS)
def test_a_heading_line_in_any_language_is_skipped_and_the_page_says_so(organizer_client, event, heading):
    sep = ";" if ";" in heading else ","
    division = ["70-74"] if heading.count(sep) == 3 else []  # as many columns as the heading
    lines = "\n".join([heading, sep.join(["1", "Ana Ruiz", "Bea Cruz", *division]),
                       sep.join(["2", "Carl Díaz", "Dora Vega", *division])])
    url = reverse("tournaments:partnership-import", args=[event.slug])
    response = organizer_client.post(url, {"text": lines}, HTTP_ACCEPT_LANGUAGE="en")
    assert response.status_code == 302
    assert list(Partnership.objects.filter(event=event).order_by("number").values_list("number", "division")) == [
        (1, "".join(division)), (2, "".join(division))]
    shown = [str(m) for m in get_messages(response.wsgi_request)]
    words = ", ".join(cell for cell in heading.split(sep) if cell)
    assert f"The first line, “{words}”, was read as a heading and skipped." in shown


@pytest.mark.django_db
def test_a_first_line_of_data_is_imported_and_nothing_is_said_skipped(organizer_client, event):
    url = reverse("tournaments:partnership-import", args=[event.slug])
    response = organizer_client.post(url, {"text": "7,Ana Ruiz,Bea Cruz\n8,Carl Díaz,Dora Vega"})
    assert response.status_code == 302
    assert list(Partnership.objects.filter(event=event).values_list("number", flat=True).order_by("number")) == [7, 8]
    assert not any("heading" in str(m) for m in get_messages(response.wsgi_request))


@pytest.mark.django_db
def test_a_first_line_with_a_bad_number_is_data_and_refused(event):
    """ "1a" holds a number where the number goes: it is a mistyped line, not a heading."""
    with pytest.raises(ValidationError) as caught:
        services.partnerships_import(event=event, data="1a,Ana Ruiz,Bea Cruz\n2,Carl Díaz,Dora Vega\n")
    assert caught.value.message_dict == {"file": ["Line 1: the partnership number '1a' is not a whole number"]}
    assert not Partnership.objects.filter(event=event).exists()


@pytest.mark.parametrize("text, expected", [
    ("Número,Jugador 1,Jugador 2\n1,A,B\n", "Número, Jugador 1, Jugador 2"),
    ("\n\nNuméro;Joueur\n1;A\n", "Numéro, Joueur"), ("1,A,B\n", ""), ("12,A,B\n", ""), ("", ""),
    (b"\xef\xbb\xbfN\xc3\xbamero,Nombre\n1,Ana\n", "Número, Nombre"),
])
def test_the_heading_the_engine_reports(text, expected):
    assert registration.heading(text) == expected


@pytest.mark.django_db
@pytest.mark.parametrize("heading", ["Número,Nombre,División", "Numéro,Nom", "Number,Name", "Jugador,Nombre"])
def test_a_players_file_skips_a_heading_in_any_language(organizer, heading):
    event = individuals_event(0, organizer=organizer)
    made = services.players_import(event=event, data=f"{heading}\n1,Ana Ruiz\n2,Bea Cruz,70-74\n")
    assert [(p.number, p.players_label, p.division) for p in made] == [(1, "Ana Ruiz", ""), (2, "Bea Cruz", "70-74")]
    with pytest.raises(ValidationError, match="Line 1: the partnership number"):
        services.players_import(event=event, data="x1,Carl Díaz\n3,Dora Vega\n")


@pytest.mark.django_db
def test_a_file_that_is_only_a_heading_says_so(organizer, event):
    with pytest.raises(ValidationError) as caught:
        services.partnerships_import(event=event, data="Número,Jugador 1,Jugador 2\n")
    assert caught.value.message_dict == {"file": [
        "Line 1: “Número, Jugador 1, Jugador 2” has no number where the number goes, so it was read as a heading; "
        "the file has no other line"]}
    players = individuals_event(0, organizer=organizer)
    with pytest.raises(ValidationError) as caught:
        services.players_import(event=players, data="Numéro;Nom\n")
    assert caught.value.message_dict == {"file": [
        "Line 1: “Numéro, Nom” has no number where the number goes, so it was read as a heading; "
        "the file has no other line"]}
