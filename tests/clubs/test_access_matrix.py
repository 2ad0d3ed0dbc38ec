"""Who opens which page across two clubs (docs/clubs.md, "Who may do what"): the public, club A's
organizer, club A's scorer and club B's organizer, on every club page of both clubs and on club A's
event pages. A club's organizer runs the club's events as their own organizer; its scorer scores
them; a club's staff see and change only their club."""

import pytest
from django.test import Client
from django.urls import reverse

from clubs.models import Club, ClubRole, Member, Season
from tests import builders
from tests.play.season_club import worked_club

pytestmark = pytest.mark.django_db

ANON, A_ORG, A_SCORER, B_ORG = "anonymous", "a-organizer", "a-scorer", "b-organizer"
# What each kind of page answers each viewer of the page's own club (A) ...
OWN = {
    "public": {ANON: 200, A_ORG: 200, A_SCORER: 200, B_ORG: 200},
    "hidden": {ANON: 404, A_ORG: 200, A_SCORER: 200, B_ORG: 404},  # a hidden member's record
    "staff": {ANON: 302, A_ORG: 200, A_SCORER: 200, B_ORG: 403},
    "organizer": {ANON: 302, A_ORG: 200, A_SCORER: 403, B_ORG: 403},
}
# ... and the same pages of club B, whose organizer is B_ORG.
OTHER = {
    "public": {ANON: 200, A_ORG: 200, A_SCORER: 200, B_ORG: 200},
    "hidden": {ANON: 404, A_ORG: 404, A_SCORER: 404, B_ORG: 200},
    "staff": {ANON: 302, A_ORG: 403, A_SCORER: 403, B_ORG: 200},
    "organizer": {ANON: 302, A_ORG: 403, A_SCORER: 403, B_ORG: 200},
}


def club_pages(club, season, member, hidden):
    c = club.slug
    return [
        ("clubs:club-list", [], "public"),
        ("clubs:club", [c], "public"),
        ("clubs:players", [c], "public"),
        ("clubs:member", [c, member.number], "public"),
        ("clubs:member", [c, hidden.number], "hidden"),
        ("clubs:members", [c], "staff"),
        ("clubs:member-search", [c], "staff"),
        ("clubs:member-new", [c], "organizer"),
        ("clubs:member-edit", [c, member.number], "organizer"),
        ("clubs:member-merge", [c], "organizer"),
        ("clubs:event-import", [c], "organizer"),
        ("clubs:event-add", [c], "organizer"),
        ("clubs:season", [c, season.slug], "public"),
        ("clubs:season-projector", [c, season.slug], "public"),
        ("clubs:season-json", [c, season.slug], "public"),
        ("clubs:season-csv", [c, season.slug], "public"),
        ("clubs:season-pdf", [c, season.slug], "public"),
        ("clubs:season-create", [c], "organizer"),
    ]


def event_pages(event):
    s = event.slug
    return [
        ("tournaments:event-detail", [s], "public"),
        ("scoring:standings", [s], "public"),
        ("tournaments:event-edit", [s], "organizer"),
        ("tournaments:staff", [s], "organizer"),
        ("tournaments:partnerships", [s], "organizer"),
        ("tournaments:check-in", [s], "organizer"),
        ("tournaments:dashboard", [s], "staff"),
    ]


@pytest.fixture
def world():
    club_a, members, a, _b = worked_club()
    club_b = Club.objects.create(slug="toowoomba-500", name="Toowoomba 500")
    b_event = builders.make_event(slug="b-night", name="B night", club=club_b)
    Member.objects.create(club=club_b, number=1, name="Bruno Díaz")
    for club, events in ((club_a, [a]), (club_b, [b_event])):
        season = Season.objects.create(club=club, slug="2026", name="2026", placement_points=[10, 8, 6, 5])
        season.events.set(events)
    viewers = {ANON: Client()}
    for name, club, role in ((A_ORG, club_a, "organizer"), (A_SCORER, club_a, "scorer"), (B_ORG, club_b, "organizer")):
        user = builders.make_user(name)
        ClubRole.objects.create(club=club, user=user, role=role)
        viewers[name] = builders.login(user)
    for club in (club_a, club_b):
        Member.objects.create(club=club, number=50, name="Quiet Person", hidden=True)
    return {"a": club_a, "b": club_b, "event_a": a, "viewers": viewers}


def answers(viewers, pages, expected):
    found, wanted = {}, {}
    for name, args, kind in pages:
        url = reverse(name, args=args)
        for viewer, client in viewers.items():
            found[url, viewer] = client.get(url).status_code
            wanted[url, viewer] = expected[kind][viewer]
    return found, wanted


def test_every_club_page_across_two_clubs(world):
    pages_of = {}
    for key in ("a", "b"):
        club = world[key]
        pages_of[key] = club_pages(club, club.seasons.get(), club.members.get(number=1),
                                   club.members.get(number=50))
    found, wanted = answers(world["viewers"], pages_of["a"], OWN)
    found_b, wanted_b = answers(world["viewers"], pages_of["b"], OTHER)
    assert {**found, **found_b} == {**wanted, **wanted_b}


def test_a_clubs_staff_run_its_events_and_only_its(world):
    found, wanted = answers(world["viewers"], event_pages(world["event_a"]), OWN)
    assert found == wanted


def test_an_event_of_no_club_works_as_before(world):
    plain = builders.make_event(slug="no-club")
    found, wanted = answers(world["viewers"], event_pages(plain), {
        "public": OWN["public"], "staff": {ANON: 302, A_ORG: 403, A_SCORER: 403, B_ORG: 403},
        "organizer": {ANON: 302, A_ORG: 403, A_SCORER: 403, B_ORG: 403}})
    assert found == wanted


@pytest.mark.parametrize("language", ["en", "es", "fr"])
def test_every_club_page_answers_a_post_of_nothing_and_each_language_without_a_500(world, language):
    """What the site's crawl does for every other page (tests/play/test_page_crawl.py): GET in each
    language, and POST with nothing, as the club's organizer."""
    club = world["a"]
    client = world["viewers"][A_ORG]
    client.cookies["fh_language"] = language
    for name, args, _kind in club_pages(club, club.seasons.get(), club.members.get(number=1),
                                        club.members.get(number=50)):
        url = reverse(name, args=args)
        assert client.get(url).status_code == 200, url
        assert client.post(url, {}).status_code in (200, 302, 405), url
