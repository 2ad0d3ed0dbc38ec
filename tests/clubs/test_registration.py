"""Registration in an event of a club (docs/clubs.md, "Registration"): a name box takes a member
number or a name; the same forms for every kind of table (the form's person_fields)."""

import pytest
from django.urls import reverse

from clubs.models import Club, Member
from tests import builders
from tournaments.models import Partnership

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    club = Club.objects.create(slug="pittsworth-500", name="Pittsworth 500")
    for number, name in ((1, "Ana Garza"), (2, "Bea Ruiz"), (3, "José Peña"), (4, "Jose Pena")):
        Member.objects.create(club=club, number=number, name=name)
    return club


def organizer_of(club):
    user = builders.make_user("olga")
    club.roles.create(user=user, role="organizer")
    return builders.login(user)


def test_a_number_or_a_members_name_registers_that_member_and_a_new_name_a_new_member(club):
    event = builders.make_event(club=club)
    client = organizer_of(club)
    page = client.get(reverse("tournaments:partnerships", args=[event.slug]))
    assert 'data-member-search="/clubs/pittsworth-500/members/search.json"' in page.content.decode()
    response = client.post(reverse("tournaments:partnerships", args=[event.slug]),
                           {"player_one": "1 · Ana Garza", "player_two": "bea RUIZ"})
    assert response.status_code == 302
    p = Partnership.objects.get(event=event, number=1)
    assert (p.player_one.name, p.player_one.member.number) == ("Ana Garza", 1)
    assert (p.player_two.name, p.player_two.member.number) == ("Bea Ruiz", 2)
    client.post(reverse("tournaments:partnerships", args=[event.slug]), {"player_one": "Zoe Quintana", "player_two": "2"})
    # Bea (2) again in one event is the organizer's to see; Zoe is new: the club's next number, 5.
    p2 = Partnership.objects.get(event=event, number=2)
    assert (p2.player_one.member.number, p2.player_one.member.name) == (5, "Zoe Quintana")


def test_a_number_the_club_lacks_and_a_name_two_members_have_are_refused_beside_their_box(club):
    event = builders.make_event(club=club)
    client = organizer_of(club)
    response = client.post(reverse("tournaments:partnerships", args=[event.slug]),
                           {"player_one": "77", "player_two": "Jose Peña"})
    text = builders.page_text(response)
    assert "The club has no member 77." in text
    assert not Partnership.objects.filter(event=event).exists()
    response = client.post(reverse("tournaments:partnerships", args=[event.slug]),
                           {"player_one": "1", "player_two": "Jose Peña"})
    assert "Several members are called Jose Peña: type the member number (Nº 3, Nº 4)." in builders.page_text(response)
    assert not Partnership.objects.filter(event=event).exists() and Member.objects.count() == 4
    # Part of a name, not picked from the list: never a new member "gar" by mistake.
    response = client.post(reverse("tournaments:partnerships", args=[event.slug]),
                           {"player_one": "gar", "player_two": "Bea Ruiz"})
    assert ("Is it Nº 1 Ana Garza? Type the member number; or, for a new member, the name again with + in front "
            "(+gar).") in builders.page_text(response)
    assert Member.objects.count() == 4
    client.post(reverse("tournaments:partnerships", args=[event.slug]), {"player_one": "+ Ana", "player_two": "2"})
    assert Partnership.objects.get(event=event, number=1).player_one.member.name == "Ana"


def test_an_event_of_individuals_picks_members_with_its_own_form(club):
    event = builders.make_event(club=club, entrants="individuals")
    client = organizer_of(club)
    client.post(reverse("tournaments:partnerships", args=[event.slug]), {"name": "3"})
    assert Partnership.objects.get(event=event, number=1).player_one.member.name == "José Peña"


def test_the_edit_form_relinks_a_player(club):
    event = builders.make_event(club=club)
    client = organizer_of(club)
    client.post(reverse("tournaments:partnerships", args=[event.slug]), {"player_one": "1", "player_two": "2"})
    client.post(reverse("tournaments:partnership-edit", args=[event.slug, 1]), {"player_one": "1", "player_two": "3"})
    p = Partnership.objects.get(event=event, number=1)
    assert (p.player_two.name, p.player_two.member.number) == ("José Peña", 3)


def test_an_event_of_no_club_keeps_names_as_typed(club):
    event = builders.make_event()
    client = builders.login(builders.make_user("olga", event=event, role="organizer"))
    page = client.get(reverse("tournaments:partnerships", args=[event.slug]))
    assert "data-member-search" not in page.content.decode()
    client.post(reverse("tournaments:partnerships", args=[event.slug]), {"player_one": "1", "player_two": "Bea"})
    p = Partnership.objects.get(event=event, number=1)
    assert (p.player_one.name, p.player_one.member) == ("1", None)


def test_an_organizer_puts_one_of_his_events_into_the_club(club):
    event = builders.make_event(slug="spring-night")
    other = builders.make_event(slug="not-mine")
    user = builders.make_user("olga", event=event, role="organizer")
    club.roles.create(user=user, role="organizer")
    client = builders.login(user)
    page = client.get(reverse("clubs:event-add", args=[club.slug]))
    assert "spring-night" in page.content.decode() and "not-mine" not in page.content.decode()
    refused = client.post(reverse("clubs:event-add", args=[club.slug]), {"event": other.slug})
    assert "Choose one of your events that is in no club yet." in builders.page_text(refused)
    done = client.post(reverse("clubs:event-add", args=[club.slug]), {"event": event.slug})
    assert done.status_code == 302
    event.refresh_from_db()
    other.refresh_from_db()
    assert (event.club, other.club) == (club, None)
