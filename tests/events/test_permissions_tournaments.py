"""Every tournaments view against every role: anonymous, scorer of this event, scorer of another
event, organizer of this event, superuser. Denied writes must leave the data unchanged."""

import datetime

import pytest
from django.urls import reverse

from tests.builders import BACKEND, make_event, make_user, register, start
from tournaments import services
from tournaments.models import Event, EventStaff, Partnership, Round, Table

ROLES = ["anonymous", "scorer", "other_scorer", "organizer", "superuser"]


@pytest.fixture
def event(db):
    """Spring 500, three rounds (the conftest's people are its staff)."""
    return make_event(slug="spring-500-2026", name="Spring 500", date=datetime.date(2026, 3, 1), rounds=3)


@pytest.fixture
def world(event, organizer, scorer, outsider, superuser):
    """An event with 5 partnerships checked in, the movement generated and round 1 in play."""
    users = {"scorer": scorer, "other_scorer": outsider, "organizer": organizer, "superuser": superuser}
    register(event, range(1, 6))
    services.partnership_register(event=event, number=6, player_one="Late", player_two="Comer")
    start(event)
    return {"event": event, "users": users}


def client_for(client, world, role):
    if role != "anonymous":
        client.force_login(world["users"][role], backend=BACKEND)
    return client


def url(world, name, *extra):
    event = world["event"]
    if name in ("event-list", "event-create"):
        return reverse(f"tournaments:{name}")
    if name in ("table-revoke",):
        table = Table.objects.filter(round__event=event, round__number=1).first()
        return reverse(f"tournaments:{name}", args=[event.slug, table.pk])
    if name == "staff-remove":
        staff = EventStaff.objects.get(event=event, user=world["users"]["scorer"])
        return reverse(f"tournaments:{name}", args=[event.slug, staff.pk])
    return reverse(f"tournaments:{name}", args=[event.slug, *extra])


PUBLIC = [("event-list", ()), ("event-detail", ()), ("movement", ())]
ORGANIZER_PAGES = [("event-edit", ()), ("staff", ()), ("partnerships", ()), ("partnership-import", ()),
                   ("partnership-edit", (3,)), ("check-in", ())]
SCORER_PAGES = [("dashboard", ()), ("round", (1,)), ("round", (2,))]


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name, extra", PUBLIC)
def test_public_pages_are_open_to_everyone(client, world, role, name, extra):
    response = client_for(client, world, role).get(url(world, name, *extra))
    assert response.status_code == 200
    assert "Spring 500" in response.content.decode()


@pytest.mark.parametrize("role", ROLES)
def test_event_create_needs_a_login_and_the_permission(client, world, role):
    # Any account could publish an event on the home page; now only holders of
    # tournaments.add_event may (docs/organizer-guide.md, "Who may create events"): here only the superuser.
    response = client_for(client, world, role).get(url(world, "event-create"))
    if role == "anonymous":
        assert response.status_code == 302 and "/accounts/login/" in response["Location"]
    else:
        assert response.status_code == (200 if role == "superuser" else 403)


EXPECTED_PAGE = {
    "organizer_page": {"anonymous": 302, "scorer": 403, "other_scorer": 403, "organizer": 200, "superuser": 200},
    "scorer_page": {"anonymous": 302, "scorer": 200, "other_scorer": 403, "organizer": 200, "superuser": 200},
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name, extra", ORGANIZER_PAGES)
def test_organizer_pages(client, world, role, name, extra):
    response = client_for(client, world, role).get(url(world, name, *extra))
    assert response.status_code == EXPECTED_PAGE["organizer_page"][role]
    if role == "anonymous":
        assert response["Location"].startswith("/accounts/login/?next=")


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("name, extra", SCORER_PAGES)
def test_dashboard_is_for_staff_of_this_event(client, world, role, name, extra):
    response = client_for(client, world, role).get(url(world, name, *extra))
    assert response.status_code == EXPECTED_PAGE["scorer_page"][role]
    if response.status_code == 200:
        body = response.content.decode()
        assert "Table 1" in body
        # Only organizers see the buttons that change the round or a table's link.
        assert ("Revoke link" in body) == (role in ("organizer", "superuser"))


def _state(world):
    event = world["event"]
    return {
        "tokens": sorted(Table.objects.filter(round__event=event).values_list("token", flat=True)),
        "rounds": list(Round.objects.filter(event=event).order_by("number").values_list("number", "status")),
        "partnerships": list(Partnership.objects.filter(event=event).order_by("number").values_list(
            "number", "checked_in", "withdrawn", "division", "player_one__name", "player_two__name")),
        "staff": sorted(EventStaff.objects.filter(event=event).values_list("user__username", "role")),
    }


WRITES = [
    ("partnership-check-in", (6,), {"checked_in": "1"}),
    ("partnership-withdraw", (2,), {"withdrawn": "1"}),
    ("movement-generate", (), {}),
    ("round-open", (2,), {}),
    ("round-close", (1,), {"force": "on", "reason": "test"}),
    ("round-next", (), {}),
    ("round-reopen", (1,), {}),
    ("table-revoke", (), {}),
    ("staff-remove", (), {}),
    ("staff", (), {"username": "otto", "role": "organizer"}),
    ("partnerships", (), {"player_one": "X", "player_two": "Y"}),
    ("event-edit", (), {"name": "Renamed"}),
    ("partnership-edit", (3,), {"player_one": "Renamed", "player_two": "Too", "division": "75+"}),
]


@pytest.mark.parametrize("role", ["anonymous", "scorer", "other_scorer"])
@pytest.mark.parametrize("name, extra, data", WRITES)
def test_writes_are_refused_and_change_nothing(client, world, role, name, extra, data):
    before = _state(world)
    response = client_for(client, world, role).post(url(world, name, *extra), data)
    assert response.status_code == (302 if role == "anonymous" else 403)
    if role == "anonymous":
        assert "/accounts/login/" in response["Location"]
    assert _state(world) == before
    assert Event.objects.get(pk=world["event"].pk).name == "Spring 500"


@pytest.mark.parametrize("role", ["organizer", "superuser"])
@pytest.mark.parametrize("name, extra, data", [w for w in WRITES if w[0] not in ("event-edit", "movement-generate",
                                                                                 "round-open", "round-next",
                                                                                 "round-reopen")])
def test_organizers_can_write(client, world, role, name, extra, data):
    before = _state(world)
    response = client_for(client, world, role).post(url(world, name, *extra), data)
    assert response.status_code == 302
    assert _state(world) != before


@pytest.mark.parametrize("role", ["organizer", "superuser"])
def test_organizers_open_the_next_round_once_this_one_is_closed(client, world, role):
    c = client_for(client, world, role)
    assert c.post(url(world, "round-open", 2)).status_code == 302
    assert Round.objects.get(event=world["event"], number=2).status == "planned"  # round 1 still in play
    c.post(url(world, "round-close", 1), {"force": "on", "reason": "nobody came"})
    assert c.post(url(world, "round-next")).status_code == 302
    assert list(Round.objects.filter(event=world["event"]).values_list("status", flat=True)) == ["closed", "open", "planned"]


@pytest.mark.parametrize("name, extra, data", WRITES[:9])
def test_action_urls_refuse_get(client, world, name, extra, data):
    response = client_for(client, world, "organizer").get(url(world, name, *extra))
    assert response.status_code == 405


def test_scorer_of_another_event_cannot_reach_this_events_table_revoke_by_id(client, world, other_event):
    # Revoking a link is for organizers only (organizer_required): a scorer of the other event is
    # refused through either event's URL, before the table is even looked up, and the link stays.
    table = Table.objects.filter(round__event=world["event"]).first()
    token = table.token
    client.force_login(world["users"]["other_scorer"], backend=BACKEND)
    for slug in (other_event.slug, world["event"].slug):
        response = client.post(reverse("tournaments:table-revoke", args=[slug, table.pk]))
        assert response.status_code == 403
    assert Table.objects.get(pk=table.pk).token == token


def test_organizer_of_another_event_cannot_revoke_this_events_table_by_id(client, world, other_event):
    # The table id belongs to this event; the other event's organizer URL cannot act on it.
    other_org = make_user("olive", event=other_event, role="organizer")
    table = Table.objects.filter(round__event=world["event"]).first()
    token = table.token
    client.force_login(other_org, backend=BACKEND)
    response = client.post(reverse("tournaments:table-revoke", args=[other_event.slug, table.pk]))
    assert response.status_code == 404
    assert Table.objects.get(pk=table.pk).token == token
