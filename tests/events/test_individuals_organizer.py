"""The organizer's pages for an event of individuals (docs/event-file.md, "Events of individuals"; RULES.md
section 6): the event form's "Who plays", registering and importing players, the movement of
three-handed and progressive tables (TableSeat rows), a re-plan after a withdrawal, the dashboard."""

import datetime
from collections import Counter

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from tests import builders
from tournaments import services
from tournaments.models import Event, Partnership, Seating, SitOut, Table, TableSeat


def create_data(**extra):
    data = {"name": "Club individuals", "date": "2026-06-01", "venue": "Hall", "entrants": "individuals",
            "rules_preset": "three-handed", "rounds": "7", "hands_per_round": "3", "sit_out_policy": "average",
            "sit_out_points": "0", "confirmation_required": "on", "medal_scope": "overall", "page_size": "letter",
            "format": "session"}
    data.update(extra)
    return data


def page(response) -> str:
    return response.content.decode()


def individuals_event(count: int, *, organizer, preset="three-handed", rounds=7) -> Event:
    event = services.event_create(by=organizer, name="Individuals", date=datetime.date(2026, 6, 1),
                                  entrants="individuals", rules_preset=preset, rounds=rounds, hands_per_round=3)
    for n in range(1, count + 1):
        services.player_register(event=event, name=f"Player {n}", number=n, checked_in=True)
    return event


@pytest.fixture
def olga(db):
    user = builders.make_user("olga")
    services.grant_event_creation(user)
    return user


def test_create_an_event_of_individuals_through_the_form(olga):
    client = builders.login(olga)
    assert 'name="entrants"' in page(client.get(reverse("tournaments:event-create")))
    response = client.post(reverse("tournaments:event-create"), create_data())
    assert response.status_code == 302
    event = Event.objects.get()
    assert event.individuals and event.rules_preset == "three-handed"
    assert response.url == reverse("tournaments:partnerships", args=[event.slug])


def test_the_form_makes_a_games_event_of_individuals(olga):
    client = builders.login(olga)
    response = client.post(reverse("tournaments:event-create"),
                           create_data(format="games", hands_per_round="", hand_limit="4", games_per_round="2",
                                       rank_by="games, points"))
    assert response.status_code == 302, page(response)[:3000]
    event = Event.objects.get()
    assert (event.individuals, event.rules_preset, event.format, event.hands_per_round, event.hand_limit,
            event.games_per_round, event.rank_by) == (True, "three-handed", "games", None, 4, 2, ["games", "points"])
    # A progressive event of individuals (four-handed rules) may be played as games too.
    response = client.post(reverse("tournaments:event-create"),
                           create_data(name="Progressive games", rules_preset="mcallen", format="games",
                                       hands_per_round="", wins_per_round="2", rank_by="games, points"))
    assert response.status_code == 302
    assert Event.objects.get(name="Progressive games").wins_per_round == 2


def test_the_form_refuses_three_handed_for_partnerships(olga):
    client = builders.login(olga)
    body = page(client.post(reverse("tournaments:event-create"), create_data(entrants="partnerships")))
    assert "for three players" in body
    assert not Event.objects.exists()


def test_who_plays_is_locked_once_anyone_is_registered(olga):
    event = individuals_event(3, organizer=olga)
    with pytest.raises(ValidationError) as refused:
        services.event_update(event=event, entrants="partnerships", rules_preset="mcallen")
    assert "entrants" in refused.value.message_dict
    body = page(builders.login(olga).get(reverse("tournaments:event-edit", args=[event.slug])))
    assert 'name="entrants"' in body and "disabled" in body.split('name="entrants"', 1)[1].split(">", 1)[0]


def test_add_edit_and_import_players(olga):
    event = individuals_event(0, organizer=olga)
    client = builders.login(olga)
    url = reverse("tournaments:partnerships", args=[event.slug])
    body = page(client.get(url))
    assert "<h1>Players</h1>" in body and "Register a player" in body
    response = client.post(url, {"number": "", "name": "  Ana   Garza ", "division": "70-74"})
    assert response.status_code == 302
    ana = Partnership.objects.get(event=event, number=1)
    assert ana.is_individual and ana.player_one.name == "Ana Garza" and ana.division == "70-74"
    response = client.post(reverse("tournaments:partnership-edit", args=[event.slug, 1]),
                           {"name": "Ana García", "division": "75+"})
    assert response.status_code == 302
    ana.refresh_from_db()
    ana.player_one.refresh_from_db()
    assert (ana.player_one.name, ana.division) == ("Ana García", "75+")
    bad = client.post(reverse("tournaments:partnership-import", args=[event.slug]),
                      {"text": "number,name,division\n2,Bob Smith\n3,,70-74\n2,Carla Ruiz"})
    body = page(bad)
    assert "Line 3: the name is empty" in body and "Line 4: player 2 is already on line 2" in body
    body = page(client.post(reverse("tournaments:partnership-import", args=[event.slug]), {"text": "1,Carla Ruiz"}))
    assert "Line 1: player 1 is already registered" in body
    assert event.partnerships.count() == 1
    response = client.post(reverse("tournaments:partnership-import", args=[event.slug]),
                           {"text": "number,name,division\n2,Bob Smith\n3,Carla Ruiz,70-74\n"})
    assert response.status_code == 302
    assert [(p.number, p.players_label, p.division, p.player_two_id) for p in event.partnerships.all()] == [
        (1, "Ana García", "75+", None), (2, "Bob Smith", "", None), (3, "Carla Ruiz", "70-74", None)]
    # Check in and withdraw through the same pages as partnerships.
    client.post(reverse("tournaments:partnership-check-in", args=[event.slug, 2]), {"checked_in": "1"})
    assert event.partnerships.get(number=2).checked_in
    response = client.post(reverse("tournaments:partnership-withdraw", args=[event.slug, 3]), {"withdrawn": "1"},
                           follow=True)
    assert "Player 3 withdrawn." in page(response)


def _rounds(event):
    return services.seated_plans(services.main_rounds(event))


def test_three_handed_movement_for_seven_players(olga):
    event = individuals_event(7, organizer=olga)
    rounds = services.movement_generate(event=event)
    assert len(rounds) == 7
    byes = Counter()
    for index, rnd in enumerate(rounds):
        tables = list(rnd.tables.order_by("number"))
        assert len(tables) == 2 and all(t.ns_id is None and t.ew_id is None for t in tables)
        for table in tables:
            assert sorted(table.seats.values_list("seat", flat=True)) == ["1", "2", "3"]
        sitters = list(SitOut.objects.filter(round=rnd).values_list("partnership__number", flat=True))
        assert len(sitters) == 1
        assert all(byes[s] == 0 for s in sitters)  # nobody twice before everyone once (7 rounds, 7 players)
        byes.update(sitters)
        assert Seating.objects.filter(round=rnd).count() == 7
        seated = list(TableSeat.objects.filter(table__round=rnd).values_list("entrant__number", flat=True))
        assert sorted(seated + sitters) == list(range(1, 8))
        assert index + 1 == rnd.number
    assert set(byes.values()) == {1}
    body = page(builders.login(olga).get(reverse("tournaments:movement", args=[event.slug])))
    assert "seat 1 with" in body and "sits out" in body


def test_progressive_movement_for_ten_players_and_a_withdrawal(olga):
    event = individuals_event(10, preset="mcallen", rounds=5, organizer=olga)
    services.movement_generate(event=event)
    for plan in _rounds(event):
        assert len(plan.tables) == 2 and len(plan.byes) == 2
        assert all(len(seats) == 4 for _number, seats in plan.tables)
    assert set(TableSeat.objects.filter(table__round__event=event).values_list("seat", flat=True)) == {
        "N", "E", "S", "W"}
    round_one = services.main_rounds(event).first()
    services.round_open(rnd=round_one)
    leaving = TableSeat.objects.filter(table__round__number=2, table__round__event=event).first().entrant
    replanned = services.partnership_withdraw(partnership=leaving, withdrawn=True)
    assert replanned == [2, 3, 4, 5]
    plans = _rounds(event)
    for plan in plans[1:]:
        numbers = [n for _t, seats in plan.tables for n in seats] + plan.byes
        assert leaving.number not in numbers and sorted(numbers) == sorted(set(range(1, 11)) - {leaving.number})
        assert len(plan.tables) == 2 and len(plan.byes) == 1
    assert leaving.number in [n for _t, seats in plans[0].tables for n in seats] + plans[0].byes


def test_dashboard_lists_the_seats(olga):
    event = individuals_event(8, preset="mcallen", rounds=3, organizer=olga)
    services.movement_generate(event=event)
    client = builders.login(olga)
    body = page(client.get(reverse("tournaments:round", args=[event.slug, 1])))
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    north = table.seats.get(seat="N").entrant
    assert f'data-player="{north.number}"' in body and north.players_label in body
    assert body.count('class="seat"') == 8
    services.round_open(rnd=table.round)
    body = page(client.get(reverse("tournaments:round", args=[event.slug, 1])))
    assert "not ready" in body and "&amp;" in body  # "Table 1 (3 & 7 v 2 & 9): 0 of 3 hands entered"


def test_three_handed_dashboard_and_spanish_headings(olga):
    event = individuals_event(6, organizer=olga, rounds=2)
    services.movement_generate(event=event)
    client = builders.login(olga)
    client.cookies["fh_language"] = "es"
    body = page(client.get(reverse("tournaments:partnerships", args=[event.slug])))
    assert "<h1>Jugadores</h1>" in body and "Registrar un jugador" not in body
    body = page(client.get(reverse("tournaments:round", args=[event.slug, 1])))
    assert body.count('class="seat"') == 6
    body = page(client.get(reverse("tournaments:movement", args=[event.slug])))
    assert "las filas son jugadores" in body and "Mesa 1 · asiento" in body


def test_a_late_arrival_is_seated_in_the_rounds_not_yet_played(olga):
    event = individuals_event(7, organizer=olga, rounds=4)
    services.movement_generate(event=event)
    services.round_open(rnd=services.main_rounds(event).first())
    services.player_register(event=event, name="Late Lucy", number=8, checked_in=True)
    plans = _rounds(event)
    assert 8 not in [n for _t, seats in plans[0].tables for n in seats] + plans[0].byes
    for plan in plans[1:]:
        seated = [n for _t, seats in plan.tables for n in seats]
        assert sorted(seated + plan.byes) == list(range(1, 9)) and len(plan.byes) == 2
    with pytest.raises(ValidationError):
        services.partnership_register(event=event, player_one="A", player_two="B")
