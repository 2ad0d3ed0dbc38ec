"""The "Import an event file" page and the event's "Download the event file" link.

An organizer who may create events uploads a file: the event is created as `manage.py import_event`
creates it, or nothing is written and every problem is listed in the reader's language.
"""

import json
import pathlib

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from scoring.event_io import event_export
from scoring.models import Hand
from scoring.views import importing
from tests.builders import run
from tournaments.models import Event, EventStaff, Partnership

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"
URL = reverse("scoring:event-import")


def small() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def upload(data, name="event.json") -> SimpleUploadedFile:
    raw = data if isinstance(data, bytes) else json.dumps(data, ensure_ascii=False).encode()
    return SimpleUploadedFile(name, raw, content_type="application/json")


def broken() -> dict:
    data = small()
    data["rounds"][0]["tables"][0]["hands"][0]["tricks"] = 11
    data["rounds"][0]["tables"][0]["hands"][1]["declarer"] = "north"
    del data["event"]["date"]
    return data


def page(response) -> str:
    return response.content.decode()


def test_the_event_list_offers_the_import_to_those_who_may_create_events(creator_client):
    assert "Import an event file" in page(creator_client.get(reverse("tournaments:event-list")))


def test_an_organizer_imports_the_file_and_lands_on_the_new_event(creator_client, organizer):
    response = creator_client.post(URL, {"file": upload(small())}, follow=True)
    event = Event.objects.get(slug="trio")
    assert response.redirect_chain[-1][0] == event.get_absolute_url()
    assert "Hand-worked trio was imported from the event file." in page(response)
    assert Partnership.objects.filter(event=event).count() == 3
    assert Hand.objects.filter(table__round__event=event).count() == 6
    # The importer organizes the event it brought in.
    assert EventStaff.objects.get(event=event, user=organizer).role == "organizer"
    assert "Download the event file" in page(response)


def test_the_slug_can_be_given_like_the_commands_slug_option(creator_client):
    creator_client.post(URL, {"file": upload(small()), "slug": "trio-copy"})
    assert Event.objects.filter(slug="trio-copy").exists() and not Event.objects.filter(slug="trio").exists()
    response = creator_client.post(URL, {"file": upload(small()), "slug": "trio-copy"})
    assert "slug: an event with slug &#x27;trio-copy&#x27; exists already" in page(response)
    assert Event.objects.filter(name="Hand-worked trio").count() == 1


def test_a_file_with_problems_writes_nothing_and_lists_every_problem_in_english(creator_client):
    before = Event.objects.count()
    response = creator_client.post(URL, {"file": upload(broken())})
    text = page(response)
    assert response.status_code == 200 and Event.objects.count() == before
    assert "Nothing was imported." in text
    assert "event.date: missing" in text
    assert "rounds[0].tables[0].hands[0].tricks: 11 is not between 0 and 10" in text
    assert "rounds[0].tables[0].hands[1].declarer: &quot;north&quot; is not a side (ns, ew)" in text


def test_the_problems_read_in_spanish_for_a_spanish_reader(creator_client):
    response = creator_client.post(URL, {"file": upload(broken())}, HTTP_ACCEPT_LANGUAGE="es")
    text = page(response)
    assert Event.objects.filter(slug="trio").count() == 0
    assert "No se importó nada." in text
    assert "event.date: falta" in text
    assert "rounds[0].tables[0].hands[0].tricks: 11 no está entre 0 y 10" in text
    assert "rounds[0].tables[0].hands[1].declarer: &quot;north&quot; no es un lado (ns, ew)" in text


def test_the_problems_read_in_french_with_french_typography(creator_client):
    text = page(creator_client.post(URL, {"file": upload(broken())}, HTTP_ACCEPT_LANGUAGE="fr"))
    assert "event.date\u00a0: manquant" in text


def test_a_file_that_is_not_json_says_so(creator_client):
    text = page(creator_client.post(URL, {"file": upload(b"number,player 1\n1,Ana", "partners.csv")}))
    assert "partners.csv: not valid JSON: line 1 column 1: Expecting value" in text
    assert not Event.objects.filter(name="Hand-worked trio").exists()


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(creator_client, monkeypatch):
    monkeypatch.setattr(importing, "MAX_EVENT_FILE_BYTES", 100)
    text = page(creator_client.post(URL, {"file": upload(small(), "huge.json")}))
    assert "huge.json: " in text and "bytes is more than an event file may be (20 MB): is it the right file?" in text
    assert not Event.objects.filter(slug="trio").exists()


def test_no_file_is_a_form_error(creator_client):
    text = page(creator_client.post(URL, {}))
    assert "Nothing was imported." in text and "This field is required." in text


def test_an_anonymous_visitor_is_sent_to_log_in(anonymous):
    response = anonymous.post(URL, {"file": upload(small())})
    assert response.status_code == 302 and reverse("login") in response["Location"]
    assert not Event.objects.filter(slug="trio").exists()


def test_an_account_that_may_not_create_events_is_refused(organizer_client):
    assert organizer_client.get(URL).status_code == 403
    response = organizer_client.post(URL, {"file": upload(small())})
    assert response.status_code == 403 and "may not create events" in page(response)
    assert not Event.objects.filter(slug="trio").exists()
    assert "Import an event file" not in page(organizer_client.get(reverse("tournaments:event-list")))


@pytest.mark.django_db
def test_the_download_is_the_export_commands_file(creator_client, event):
    creator_client.post(URL, {"file": upload(small())})
    trio = Event.objects.get(slug="trio")
    response = creator_client.get(reverse("scoring:event-file", args=[trio.slug]))
    assert response.status_code == 200 and response["Content-Type"].startswith("application/json")
    assert 'filename="trio.json"' in response["Content-Disposition"]
    out, _ = run("export_event", "trio")
    assert response.content.decode() == out
    assert json.loads(response.content) == event_export(trio)


def test_only_the_events_organizers_download_its_file(scorer_client, anonymous, event, organizer_client):
    url = reverse("scoring:event-file", args=[event.slug])
    assert organizer_client.get(url).status_code == 200
    assert scorer_client.get(url).status_code == 403
    assert anonymous.get(url).status_code == 302
    assert "Download the event file" not in page(scorer_client.get(event.get_absolute_url()))
