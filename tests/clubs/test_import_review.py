"""Importing an event into a club through its page (docs/clubs.md, "Importing an event"): the review
page lists each name as matched, unsure or new, and nothing is written until the organizer confirms;
his choices are what the import links."""

import copy
import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from clubs.models import Member
from scoring.event_io import event_export
from tests import builders
from tests.play.season_club import worked_club
from tournaments.models import Event

pytestmark = pytest.mark.django_db


def test_review_then_import_with_the_organizers_choices():
    club, members, a, _b = worked_club()
    data = copy.deepcopy(event_export(a))
    del data["event"]["club"]  # a file from elsewhere: plain names
    data["event"]["slug"] = "from-elsewhere"
    data["partnerships"][0]["players"] = ["ana garza", "Eva Sol"]
    data["partnerships"][1]["players"] = ["B. Ruiz", "Zoe Quintana"]
    data["partnerships"][2]["players"] = ["Cruz Lee", "Gil Vidal"]
    data["partnerships"][3]["players"] = ["Dora Paz", "Hugo Cano"]
    organizer = builders.make_user("olga")
    club.roles.create(user=organizer, role="organizer")
    client = builders.login(organizer)
    url = reverse("clubs:event-import", args=[club.slug])
    upload = SimpleUploadedFile("night.json", json.dumps(data).encode(), content_type="application/json")
    review = client.post(url, {"file": upload})
    assert review.status_code == 200 and not Event.objects.filter(slug="from-elsewhere").exists()
    rows = review.context["review"]
    assert [(r["place"], r["status"], r["default"]) for r in rows[:4]] == [
        ("partnerships[0].players[0]", "matched", "1"), ("partnerships[0].players[1]", "matched", "5"),
        ("partnerships[1].players[0]", "unsure", ""), ("partnerships[1].players[1]", "new", "new")]
    text = review.context["form"].initial["text"]
    choices = {f"member:{r['place']}": r["default"] for r in rows}
    choices["member:partnerships[1].players[0]"] = "2"  # B. Ruiz is Bea Ruiz
    done = client.post(url, {"text": text, "confirm": "1", **choices})
    event = Event.objects.get(slug="from-elsewhere")
    assert done.status_code == 302 and event.club == club
    p2 = event.partnerships.get(number=2)
    assert p2.player_one.member == members[2]
    assert (p2.player_two.member.number, p2.player_two.member.name) == (9, "Zoe Quintana")
    assert Member.objects.filter(club=club).count() == 9


def test_a_file_of_another_club_is_refused():
    club, _members, a, _b = worked_club()
    data = copy.deepcopy(event_export(a))
    data["event"].update(club="elsewhere", slug="x")
    organizer = builders.make_user("olga")
    club.roles.create(user=organizer, role="organizer")
    client = builders.login(organizer)
    upload = SimpleUploadedFile("night.json", json.dumps(data).encode(), content_type="application/json")
    response = client.post(reverse("clubs:event-import", args=[club.slug]), {"file": upload})
    assert "event.club: the file is an event of the club elsewhere, not of this one" in builders.page_text(response)
    assert not Event.objects.filter(slug="x").exists()


def test_a_posted_choice_of_a_member_the_club_lacks_writes_nothing():
    club, _members, a, _b = worked_club()
    data = copy.deepcopy(event_export(a))
    del data["event"]["club"]
    data["event"]["slug"] = "from-elsewhere"
    data["partnerships"][0]["players"] = ["Ana Garza", "Eva Sol"]
    organizer = builders.make_user("olga")
    club.roles.create(user=organizer, role="organizer")
    client = builders.login(organizer)
    response = client.post(reverse("clubs:event-import", args=[club.slug]),
                           {"text": json.dumps(data), "confirm": "1", "member:partnerships[0].players[0]": "77"})
    assert "partnerships[0].players[0]: the club Pittsworth 500 has no member 77" in builders.page_text(response)
    assert not Event.objects.filter(slug="from-elsewhere").exists()


@pytest.mark.parametrize("text", ['{"event": 5}', "[1, 2]", '{"format": "500-event/1", "event": {"club": 7}}'])
def test_a_file_of_the_wrong_shape_is_told_not_crashed(text):
    club, _members, _a, _b = worked_club()
    organizer = builders.make_user("olga")
    club.roles.create(user=organizer, role="organizer")
    client = builders.login(organizer)
    response = client.post(reverse("clubs:event-import", args=[club.slug]), {"text": text})
    assert response.status_code == 200 and "Nothing was imported" in builders.page_text(response)
