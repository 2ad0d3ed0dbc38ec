"""Fixtures for the score-entry tests (h3b): an event with four partnerships at two tables,
staff users of this event and of another one, and helpers to post hands."""

import datetime

import pytest
from django.contrib.auth import get_user_model

from tournaments.models import Event, EventStaff, Partnership, Player
from tournaments.services import round_create

NAMES = [("Ana Ruiz", "Bea Cruz"), ("Carl Diaz", "Dora Vega"), ("Eli Soto", "Fay Luna"), ("Gus Mora", "Hal Rios")]


def make_event(slug, **extra):
    event = Event.objects.create(name=f"Event {slug}", slug=slug, date=datetime.date(2026, 5, 14), **extra)
    pships = []
    for number, (one, two) in enumerate(NAMES, 1):
        pships.append(Partnership.objects.create(
            event=event, number=number,
            player_one=Player.objects.create(event=event, name=one),
            player_two=Player.objects.create(event=event, name=two),
        ))
    rnd = round_create(event=event, number=1, tables=[(1, pships[0], pships[1]), (2, pships[2], pships[3])],
                       status="open")
    return event, rnd


@pytest.fixture
def setup(db):
    event, rnd = make_event("spring")
    other_event, _ = make_event("autumn")
    User = get_user_model()
    organizer = User.objects.create_user("olga")  # no password: hashing is slow; tests use force_login
    scorer = User.objects.create_user("sam")
    outsider = User.objects.create_user("otto")
    EventStaff.objects.create(event=event, user=organizer, role="organizer")
    EventStaff.objects.create(event=event, user=scorer, role="scorer")
    EventStaff.objects.create(event=other_event, user=outsider, role="scorer")
    t1, t2 = rnd.tables.order_by("number")
    return type("Setup", (), dict(event=event, round=rnd, t1=t1, t2=t2, organizer=organizer, scorer=scorer,
                                  outsider=outsider, other_event=other_event))


HAND = {"declarer": "ns", "contract": "7H", "tricks": "8", "penalty_kind": "", "note": ""}


def hand_post(table, number, **values):
    data = dict(HAND, number=str(number), round=str(table.round_id))
    data.update({k: str(v) for k, v in values.items()})
    return data
