"""The organizer's pages end to end: create an event with rule changes, edit it, add staff, check
in, generate the movement, run rounds from the dashboard."""

import datetime

import pytest
from django.contrib.auth.models import User
from django.db.models import Q
from django.urls import reverse

from scoring.services import Actor, hand_record
from tests.builders import register
from tournaments import services
from tournaments.models import Event, EventStaff, Partnership, Round, Table

ORGANIZER = Actor("olga", is_organizer=True)


def create_data(**extra):
    data = {"name": "McAllen 500", "date": "2026-05-14", "venue": "Hall", "rules_preset": "mcallen", "rounds": "10",
            "hands_per_round": "4", "sit_out_policy": "average", "sit_out_points": "0", "confirmation_required": "on",
            "medal_scope": "overall", "page_size": "letter"}
    data.update(extra)
    return data


@pytest.mark.django_db
def test_create_event_makes_the_creator_its_organizer(newcomer_client, newcomer):
    response = newcomer_client.post(reverse("tournaments:event-create"), create_data(rule_allow_six_bids="no",
                                                                               rule_lose_at="-500"))
    event = Event.objects.get()
    assert response.status_code == 302 and response["Location"] == reverse("tournaments:partnerships", args=[event.slug])
    assert event.slug == "mcallen-500-2026"
    assert (event.rounds, event.hands_per_round, event.confirmation_required) == (10, 4, True)
    assert event.rule_overrides == {"allow_six_bids": False, "lose_at": -500}
    assert event.rules.allow_six_bids is False
    assert EventStaff.objects.get(event=event).user == newcomer
    assert EventStaff.objects.get(event=event).role == "organizer"


@pytest.mark.django_db
def test_create_form_shows_every_overridable_rule_with_its_sentence(newcomer_client):
    from scoring.engine.rules import OVERRIDABLE_FIELDS

    body = newcomer_client.get(reverse("tournaments:event-create")).content.decode()
    for name, sentence in OVERRIDABLE_FIELDS.items():
        assert f'name="rule_{name}"' in body
        assert sentence.replace("'", "&#x27;").replace('"', "&quot;") in body


@pytest.mark.django_db
@pytest.mark.parametrize("field, value, message", [
    ("rule_specials", "MIS, FOO", "FOO is not a special contract"),
    ("rule_target", "five hundred", "&#x27;five hundred&#x27; is not a whole number"),
    ("rule_double_bar_nullo_points", "300", "Select a valid choice"),
])
def test_bad_rule_overrides_are_shown_on_the_form(newcomer_client, field, value, message):
    response = newcomer_client.post(reverse("tournaments:event-create"), create_data(**{field: value}))
    assert response.status_code == 200
    assert message in response.content.decode()
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_same_name_twice_gets_a_second_slug(newcomer_client):
    newcomer_client.post(reverse("tournaments:event-create"), create_data())
    newcomer_client.post(reverse("tournaments:event-create"), create_data())
    assert sorted(Event.objects.values_list("slug", flat=True)) == ["mcallen-500-2026", "mcallen-500-2026-2"]


@pytest.mark.django_db
def test_rules_cannot_change_once_hands_exist(newcomer_client, newcomer):
    event = services.event_create(by=newcomer, name="Locked", date=datetime.date(2026, 1, 1), rounds=1)
    register(event, (1, 2))
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    url = reverse("tournaments:event-edit", args=[event.slug])
    assert newcomer_client.post(url, create_data(name="Locked", rounds="1", rule_allow_six_bids="no")).status_code == 302
    hand_record(table=Table.objects.get(round__event=event), number=1, actor=ORGANIZER, declarer="ns",
                contract="7S", tricks=7)
    page = newcomer_client.get(url).content.decode()
    assert "the rules and hands per round can no longer change" in page
    response = newcomer_client.post(url, create_data(name="Locked", rounds="1", rule_allow_six_bids="yes"))
    assert response.status_code == 200
    assert "cannot change: scores have already been entered" in response.content.decode()
    assert Event.objects.get(pk=event.pk).rule_overrides == {"allow_six_bids": False}
    response = newcomer_client.post(url, create_data(name="Renamed", rounds="1", rule_allow_six_bids="no"))
    assert response.status_code == 302 and Event.objects.get(pk=event.pk).name == "Renamed"


@pytest.mark.django_db
def test_rounds_cannot_change_once_the_movement_exists(newcomer):
    event = services.event_create(by=newcomer, name="Fixed", date=datetime.date(2026, 1, 1), rounds=3)
    register(event, (1, 2))
    services.movement_generate(event=event)
    with pytest.raises(Exception, match="movement has been generated"):
        services.event_update(event=event, rounds=5)


@pytest.mark.django_db
def test_staff_added_by_username(newcomer_client, newcomer):
    event = services.event_create(by=newcomer, name="Staffed", date=datetime.date(2026, 1, 1))
    User.objects.create_user("Sally")
    url = reverse("tournaments:staff", args=[event.slug])
    response = newcomer_client.post(url, {"username": "nobody", "role": "scorer"})
    assert "there is no user called &#x27;nobody&#x27;: give a password to create the account" in response.content.decode()
    response = newcomer_client.post(url, {"username": "nobody", "role": "scorer", "password": "short"})
    assert "This password is too short" in response.content.decode()
    assert not User.objects.filter(username="nobody").exists()
    assert newcomer_client.post(url, {"username": "newbie", "role": "scorer", "password": "tables-and-trumps"}).status_code == 302
    newbie = User.objects.get(username="newbie")
    assert newbie.check_password("tables-and-trumps") and not newbie.is_staff and not newbie.is_superuser
    assert EventStaff.objects.get(event=event, user=newbie).role == "scorer"
    response = newcomer_client.post(url, {"username": "newbie", "role": "scorer", "password": "another-secret-1"})
    assert "already has an account" in response.content.decode()
    assert User.objects.get(username="newbie").check_password("tables-and-trumps")
    assert newcomer_client.post(url, {"username": "sally", "role": "scorer"}).status_code == 302
    assert EventStaff.objects.get(event=event, user__username="Sally").role == "scorer"
    newcomer_client.post(url, {"username": "Sally", "role": "organizer"})
    assert EventStaff.objects.get(event=event, user__username="Sally").role == "organizer"
    mine = EventStaff.objects.get(event=event, user=newcomer)
    newcomer_client.post(reverse("tournaments:staff-remove", args=[event.slug, mine.pk]))
    assert EventStaff.objects.filter(pk=mine.pk).exists()  # nobody removes themselves by accident


@pytest.mark.django_db
def test_a_whole_day_from_the_browser(newcomer_client, newcomer):
    """Register 12 by CSV, check them in by tapping, generate, play round 1, close it, start round 2."""
    newcomer_client.post(reverse("tournaments:event-create"), create_data(name="Day", rounds="3"))
    event = Event.objects.get()
    lines = "\n".join(f"{n},A{n},B{n}" for n in range(1, 13))
    newcomer_client.post(reverse("tournaments:partnership-import", args=[event.slug]), {"text": lines})
    for n in range(1, 13):
        newcomer_client.post(reverse("tournaments:partnership-check-in", args=[event.slug, n]), {"checked_in": "1"})
    assert Partnership.objects.filter(event=event, checked_in=True).count() == 12
    response = newcomer_client.post(reverse("tournaments:movement-generate", args=[event.slug]))
    assert response["Location"] == reverse("tournaments:movement", args=[event.slug])
    grid = newcomer_client.get(response["Location"]).content.decode()
    round1 = Round.objects.get(event=event, number=1)
    first = round1.tables.get(number=1)
    assert f"T1 NS v {first.ew.number}" in grid and f"T1 EW v {first.ns.number}" in grid
    newcomer_client.post(reverse("tournaments:round-next", args=[event.slug]))
    dashboard = newcomer_client.get(reverse("tournaments:dashboard", args=[event.slug])).content.decode()
    assert "Round 1" in dashboard and "In play" in dashboard and dashboard.count("Not started</span>") == 6
    assert reverse("scoring:table-entry", args=[first.token]) in dashboard
    assert reverse("scoring:table-manage", args=[event.slug, first.pk]) in dashboard
    assert reverse("scoring:pdf", args=[event.slug, "sheets"]) + "?round=1" in dashboard
    # Closing with nothing entered is refused, with the list.
    newcomer_client.post(reverse("tournaments:round-close", args=[event.slug, 1]))
    assert Round.objects.get(pk=round1.pk).status == "open"
    page = newcomer_client.get(reverse("tournaments:round", args=[event.slug, 1])).content.decode()
    assert "Table 1 (" in page and "0 of 4 hands entered" in page
    newcomer_client.post(reverse("tournaments:round-close", args=[event.slug, 1]), {"force": "on", "reason": "demo"})
    assert Round.objects.get(pk=round1.pk).status == "closed"
    newcomer_client.post(reverse("tournaments:round-next", args=[event.slug]))
    assert Round.objects.get(event=event, number=2).status == "open"
    # Round 1 was closed by mistake: it can come back once round 2 is closed too.
    newcomer_client.post(reverse("tournaments:round-close", args=[event.slug, 2]), {"force": "on", "reason": "lunch"})
    page = newcomer_client.get(reverse("tournaments:round", args=[event.slug, 1])).content.decode()
    assert "Reopen round 1" in page and "Note: demo; Table 1 (" in page
    newcomer_client.post(reverse("tournaments:round-reopen", args=[event.slug, 1]))
    assert Round.objects.get(pk=round1.pk).status == "open"


@pytest.mark.django_db
def test_withdraw_from_the_partnerships_page_replans(newcomer_client, newcomer):
    event = services.event_create(by=newcomer, name="Small", date=datetime.date(2026, 1, 1), rounds=3)
    register(event, range(1, 5))
    services.movement_generate(event=event)
    response = newcomer_client.post(reverse("tournaments:partnership-withdraw", args=[event.slug, 4]),
                                    {"withdrawn": "1"}, follow=True)
    assert "Rounds 1–3 were planned again." in response.content.decode()
    assert [r.sit_outs.count() for r in Round.objects.filter(event=event).order_by("number")] == [1] * 3
    assert not Table.objects.filter(round__event=event, ns__number=4).exists()
    assert not Table.objects.filter(round__event=event, ew__number=4).exists()


@pytest.mark.django_db
def test_withdrawing_during_a_round_in_play_says_that_round_keeps_them(newcomer_client, newcomer):
    event = services.event_create(by=newcomer, name="Small", date=datetime.date(2026, 1, 1), rounds=3)
    register(event, range(1, 5))
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    table = Table.objects.get(Q(ns__number=4) | Q(ew__number=4), round__event=event, round__number=1)
    response = newcomer_client.post(reverse("tournaments:partnership-withdraw", args=[event.slug, 4]),
                                    {"withdrawn": "1"}, follow=True)
    body = response.content.decode()
    assert "Rounds 2–3 were planned again." in body
    assert f"Round 1 is already in play and keeps partnership 4 at table {table.number}" in body


@pytest.mark.django_db
def test_event_page_and_dashboard_queries_do_not_grow_with_the_field(newcomer_client, newcomer, django_assert_max_num_queries):
    event = services.event_create(by=newcomer, name="Big", date=datetime.date(2026, 1, 1), rounds=10)
    services.partnerships_import(event=event, data="\n".join(f"{n},A{n},B{n}" for n in range(1, 41)))
    for p in Partnership.objects.filter(event=event):
        services.partnership_check_in(partnership=p)
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    with django_assert_max_num_queries(15):
        assert newcomer_client.get(reverse("tournaments:event-detail", args=[event.slug])).status_code == 200
    with django_assert_max_num_queries(15):
        assert newcomer_client.get(reverse("tournaments:dashboard", args=[event.slug])).status_code == 200
    with django_assert_max_num_queries(15):
        assert newcomer_client.get(reverse("tournaments:movement", args=[event.slug])).status_code == 200
