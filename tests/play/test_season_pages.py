"""A club season's pages (issue 26): the public ladder in three languages, its JSON, CSV and PDF
against the hand-worked club (tests/play/season_club.py), hidden members, and the season form for
club organizers only (two clubs), bad input refused by its field with nothing written."""

import io
import json

import pytest
from django.test import Client
from django.urls import reverse
from pypdf import PdfReader

from clubs.models import Club, ClubRole, Season
from clubs.seasons import season_create
from tests.builders import login, make_user, page_text
from tests.play.season_club import worked_club

pytestmark = pytest.mark.django_db


@pytest.fixture
def season(db):
    club, members, a, b = worked_club()
    return season_create(club=club, slug="winter", name="Winter ladder", events=[a.slug, b.slug],
                         by="placement_points", placement_points=(10, 8, 6, 5))


def url(name, season, *extra):
    return reverse(f"clubs:{name}", args=[season.club.slug, season.slug, *extra])


def test_the_ladder_page_shows_ranks_names_points_and_awards(season):
    response = Client().get(url("season", season))
    assert response.status_code == 200
    text = page_text(response)
    assert text.index("Ana Garza") < text.index("Cruz Lee") < text.index("Félix Mora") < text.index("Dora Paz")
    assert ">2=<" in text.replace(" ", "")  # Cruz, Félix and Gil share 2nd
    assert "Most slams" in text and "Ana Garza (1), Félix Mora (6)" in text
    assert "Ranked by placement points (10, 8, 6, 5)." in text


@pytest.mark.parametrize("code, words", [("es", ["Puesto", "Premios", "Más slams"]),
                                         ("fr", ["Rang", "Récompenses"])])
def test_the_ladder_page_in_spanish_and_french(season, code, words):
    text = page_text(Client().get(url("season", season), HTTP_ACCEPT_LANGUAGE=code))
    for word in words:
        assert word in text


def test_a_hidden_member_shows_no_name_and_an_initial_public_name_is_shortened(season):
    club = season.club
    club.members.filter(number=1).update(hidden=True)
    club.members.filter(number=6).update(public_name="initial")
    text = page_text(Client().get(url("season", season)))
    assert "Ana Garza" not in text and "Member no. 1" in text
    assert "Félix M." in text and "Félix Mora" not in text
    data = json.loads(Client().get(url("season-json", season)).content)
    assert data["standings"][0]["name"] == "Member no. 1"


def test_the_json_and_csv_downloads(season):
    data = json.loads(Client().get(url("season-json", season)).content)
    assert data["season"] == {"slug": "winter", "name": "Winter ladder",
                              "ranking": {"by": "placement_points", "placement_points": [10, 8, 6, 5],
                                          "best_of": None, "min_events": 0}}
    assert [(r["rank"], r["member"], r["points"]) for r in data["standings"]][:4] == [
        (1, 1, 20), (2, 3, 16), (2, 6, 16), (2, 7, 16)]
    assert data["awards"]["most_slams"] == [1, 6]
    response = Client().get(url("season-csv", season))
    assert response["Content-Type"].startswith("text/csv")
    lines = response.content.decode().splitlines()
    assert lines[0] == "rank,member,name,events,counted,points,games_won,slams,misere_made,tied,ranked"
    assert lines[1] == "1,1,Ana Garza,2,2,20,0,2,0,False,True"


def test_the_pdf_prints_the_ladder_and_the_awards(season):
    response = Client().get(url("season-pdf", season))
    assert response["Content-Type"] == "application/pdf"
    text = " ".join(" ".join(p.extract_text() for p in PdfReader(io.BytesIO(response.content)).pages).split())
    assert "Winter ladder" in text and "Pittsworth 500" in text
    assert "1 1 Ana Garza 2 20 0 2 0" in text
    assert "2= 3 Cruz Lee 2 16 0 1 0" in text
    assert "Most slams (2): Ana Garza (1), Félix Mora (6)" in text
    assert "Most games won: nobody yet" in text


def test_the_projector_view(season):
    response = Client().get(url("season-projector", season))
    assert response.status_code == 200
    assert "Ana Garza" in page_text(response)


def test_a_season_of_another_club_is_not_found(season):
    Club.objects.create(slug="toowoomba", name="Toowoomba")
    assert Client().get(reverse("clubs:season", args=["toowoomba", "winter"])).status_code == 404


# ---------------------------------------------------------------- the form


def form_data(**changes):
    data = {"name": "Spring ladder", "slug": "", "events": ["club-night-1", "club-night-2"], "by": "placement_points",
            "placement_points": "10,8,6,5", "best_of": "", "min_events": "0"}
    data.update(changes)
    return data


def test_a_club_organizer_creates_a_season_from_the_club_pages(season):
    olga = make_user("olga")
    ClubRole.objects.create(club=season.club, user=olga, role="organizer")
    client = login(olga)
    new = reverse("clubs:season-create", args=[season.club.slug])
    assert client.get(new).status_code == 200
    response = client.post(new, form_data(best_of="1"))
    created = Season.objects.get(slug="spring-ladder")
    assert response.status_code == 302 and response["Location"] == url("season", created)
    assert (created.by, created.placement_points, created.best_of, created.min_events) == (
        "placement_points", [10, 8, 6, 5], 1, 0)
    assert set(created.events.values_list("slug", flat=True)) == {"club-night-1", "club-night-2"}


@pytest.mark.parametrize("changes, field, words", [
    ({"placement_points": "10,x"}, "placement_points", "'x' is not a whole number"),
    ({"placement_points": "5,8"}, "placement_points", "a lower place cannot give more points"),
    ({"placement_points": ""}, "placement_points", "give the points for 1st"),
    ({"events": []}, "events", "This field is required"),
    ({"slug": "winter"}, "slug", "the club already has a season winter"),
    ({"name": ""}, "name", "This field is required"),
])
def test_bad_input_on_the_form_is_named_beside_its_field(season, changes, field, words):
    olga = make_user("olga")
    ClubRole.objects.create(club=season.club, user=olga, role="organizer")
    response = login(olga).post(reverse("clubs:season-create", args=[season.club.slug]), form_data(**changes))
    assert response.status_code == 400
    assert words in response.context["form"].errors[field][0]
    assert Season.objects.count() == 1


def test_only_the_clubs_organizers_create_its_seasons(season):
    new = reverse("clubs:season-create", args=[season.club.slug])
    assert Client().get(new).status_code == 302  # to the log-in page
    other = Club.objects.create(slug="toowoomba", name="Toowoomba")
    otto = make_user("otto")
    ClubRole.objects.create(club=other, user=otto, role="organizer")
    sam = make_user("sam")
    ClubRole.objects.create(club=season.club, user=sam, role="scorer")
    for user in (otto, sam, make_user("nobody")):
        assert login(user).post(new, form_data()).status_code == 403
    assert Season.objects.count() == 1
    assert login(make_user("root", superuser=True)).post(new, form_data()).status_code == 302
