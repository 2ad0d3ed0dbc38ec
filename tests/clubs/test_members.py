"""Members (docs/clubs.md): the accent-blind search, a member's record worked by hand from the two
events of tests/play/season_club.py, the public name, and merging two members (their records follow)."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from clubs import matching, services
from clubs.models import Member
from clubs.records import member_record
from tests import builders
from tests.play.season_club import worked_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def club():
    return worked_club()


def test_search_by_number_or_part_of_a_name_without_accents(club):
    c, members, _a, _b = club
    assert list(matching.search(c, "felix")) == [members[6]]  # Félix Mora
    assert list(matching.search(c, "MORA féli")) == [members[6]]
    assert list(matching.search(c, "6")) == [members[6]]
    assert list(matching.search(c, "a")) == sorted(
        [m for m in members.values() if "a" in m.name.lower()], key=lambda m: (m.name, m.number))
    assert list(matching.search(c, "  ")) == []


def test_matching_a_name_matched_unsure_new(club):
    c, members, _a, _b = club
    m = matching.Matcher.for_club(c)
    assert (m.match("ana  garza").status, m.match("ana  garza").member) == ("matched", members[1])
    assert m.match("Felix MORA").member == members[6]
    unsure = m.match("A. Garza")  # "a" says too little; "garza" is in Ana Garza only
    assert (unsure.status, unsure.candidates) == ("unsure", (members[1],))
    assert m.match("Zoe Quintana").status == "new"


def record_by_event(member):
    return {r.event.slug: (r.partner, r.place, r.points, r.games_won, r.slams, r.misere_made)
            for r in member_record(member).rows}


def test_a_members_record_worked_by_hand(club):
    _c, members, _a, _b = club
    # Event A (club-night-1): 1 = Ana & Eva 630 (1st; the 9H slam), 3 = Cruz & Gil 520 (2nd; the 6S slam).
    # Event B (club-night-2): 1 = Ana & Félix 290 (1st; the 6S slam), 3 = Cruz & Hugo 240 (tied 2nd),
    # 4 = Dora & Eva 40 (4th).
    assert record_by_event(members[1]) == {"club-night-1": ("Eva Sol", 1, 630, 0, 1, 0),
                                           "club-night-2": ("Félix Mora", 1, 290, 0, 1, 0)}
    assert record_by_event(members[3]) == {"club-night-1": ("Gil Vidal", 2, 520, 0, 1, 0),
                                           "club-night-2": ("Hugo Cano", 2, 240, 0, 0, 0)}
    assert record_by_event(members[5]) == {"club-night-1": ("Ana Garza", 1, 630, 0, 1, 0),
                                           "club-night-2": ("Dora Paz", 4, 40, 0, 0, 0)}
    assert member_record(members[1]).totals == {"events": 2, "games_won": 0, "slams": 2, "misere_made": 0, "wins": 2}


def test_the_public_sees_the_name_each_member_chose(club, client):
    c, members, _a, _b = club
    members[5].public_name = Member.PublicName.INITIAL
    members[5].save()
    members[6].hidden = True
    members[6].save()
    text = builders.page_text(client.get(reverse("clubs:member", args=[c.slug, 1])))
    assert "with Eva S." in text and "Eva Sol" not in text and "Félix" not in text and "with —" in text
    assert client.get(reverse("clubs:member", args=[c.slug, 6])).status_code == 404
    players = builders.page_text(client.get(reverse("clubs:players", args=[c.slug])))
    assert "Eva S." in players and "Félix" not in players


def test_merging_two_members_moves_every_event_of_the_one_merged(club):
    c, members, _a, b = club
    twin = Member.objects.create(club=c, number=9, name="Ana Garza Ruiz")
    player = b.partnerships.get(number=1).player_one
    services.link_player(player, twin)
    assert set(record_by_event(members[1])) == {"club-night-1"}
    kept = services.members_merge(c, 1, 9)
    assert kept == members[1] and not Member.objects.filter(pk=twin.pk).exists()
    assert set(record_by_event(members[1])) == {"club-night-1", "club-night-2"}


def test_a_merge_naming_a_number_the_club_lacks_changes_nothing(club):
    c, members, _a, _b = club
    with pytest.raises(ValidationError) as exc:
        services.members_merge(c, 1, 77)
    assert exc.value.message_dict == {"gone": ["The club has no member 77."]}
    with pytest.raises(ValidationError):
        services.members_merge(c, 3, 3)
    assert Member.objects.filter(club=c).count() == 8


def test_merge_through_the_page(club):
    c, members, _a, b = club
    organizer = builders.make_user("olga")
    c.roles.create(user=organizer, role="organizer")
    client = builders.login(organizer)
    twin = Member.objects.create(club=c, number=9, name="Ana Garza Ruiz")
    services.link_player(b.partnerships.get(number=1).player_one, twin)
    response = client.post(reverse("clubs:member-merge", args=[c.slug]), {"keep": 1, "gone": 9})
    assert response.status_code == 302 and response["Location"] == reverse("clubs:member", args=[c.slug, 1])
    assert not Member.objects.filter(number=9).exists()


def test_a_new_member_gets_the_clubs_next_number(club):
    c, _members, _a, _b = club
    organizer = builders.make_user("olga")
    c.roles.create(user=organizer, role="organizer")
    client = builders.login(organizer)
    response = client.post(reverse("clubs:member-new", args=[c.slug]),
                           {"name": "Zoe Quintana", "language": "es", "public_name": "full"})
    assert response.status_code == 302
    assert Member.objects.get(club=c, number=9).name == "Zoe Quintana"
    again = client.post(reverse("clubs:member-new", args=[c.slug]),
                        {"number": 9, "name": "Someone", "language": "es", "public_name": "full"})
    assert again.status_code == 200 and "Number 9 is Zoe Quintana" in builders.page_text(again)


def test_a_record_page_reads_its_events_summaries_in_one_go(club, client, django_assert_max_num_queries):
    """Once each event's summary is kept (scoring.event_summary, under the event's version), the
    record page's queries do not grow with the member's events."""
    c, members, _a, _b = club
    url = reverse("clubs:member", args=[c.slug, 1])
    client.get(url)  # the summaries computed and kept
    with django_assert_max_num_queries(3):  # the club, the member, his entrants with their events
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("language, words", [
    ("en", ["with Eva Sol", "Wins", "Games won", "Misères made", "Place"]),
    ("es", ["con Eva Sol", "Victorias", "Partidas ganadas", "Puesto"]),
    ("fr", ["avec Eva Sol", "Victoires"]),
])
def test_the_record_in_each_language(club, client, language, words):
    c, _members, _a, _b = club
    client.cookies["fh_language"] = language
    text = builders.page_text(client.get(reverse("clubs:member", args=[c.slug, 1])))
    assert [w for w in words if w not in text] == []


def test_a_clubs_staff_see_its_unlisted_events_on_the_home_page(club):
    c, _members, a, _b = club
    a.listed = False
    a.save()
    scorer = builders.make_user("sam")
    c.roles.create(user=scorer, role="scorer")
    assert a.name in builders.page_text(builders.login(scorer).get(reverse("tournaments:event-list")))
    assert a.name not in builders.page_text(builders.login(builders.make_user("otto")).get(
        reverse("tournaments:event-list")))
