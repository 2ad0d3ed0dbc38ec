"""The event form for an event played as games (docs/rules.md, "Games"): the format, the games settings
and the rules that end a game, shown only for games; sessions keep working as before."""

import datetime

import pytest
from django.urls import reverse

from scoring.services import Actor, hand_record
from tests.builders import register
from tournaments import services
from tournaments.models import Event, Table

ORGANIZER = Actor("olga", is_organizer=True)


def create_data(**extra):
    data = {"name": "Club games night", "date": "2026-06-01", "venue": "Hall", "rules_preset": "wikipedia-2006",
            "rounds": "3", "hands_per_round": "", "sit_out_policy": "average", "sit_out_points": "0",
            "confirmation_required": "on", "medal_scope": "overall", "page_size": "letter", "format": "games",
            "hand_limit": "4", "games_per_round": "", "wins_per_round": "2", "rank_by": "games, points"}
    data.update(extra)
    return data


def page(response) -> str:
    return response.content.decode()


@pytest.mark.django_db
def test_create_a_games_event_through_the_form(newcomer_client):
    response = newcomer_client.post(reverse("tournaments:event-create"),
                                    create_data(rank_by="matches, games, difference", rule_no_bid="play_no_trump",
                                                rule_pegging_cap="490"))
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.format, event.hands_per_round, event.hand_limit, event.games_per_round, event.wins_per_round) == (
        "games", None, 4, None, 2)
    assert event.rank_by == ["matches", "games", "difference"]
    assert event.rule_overrides == {"no_bid": "play_no_trump", "pegging_cap": 490}
    assert event.plays_games and event.games_setup.rank_by == ("matches", "games", "difference")


@pytest.mark.django_db
def test_the_form_shows_the_games_fieldset_hidden_by_its_script_for_a_session(newcomer_client):
    body = page(newcomer_client.get(reverse("tournaments:event-create")))
    assert 'name="format"' in body and 'id="games-settings"' in body and "data-games-only" in body
    games = body[body.index('id="games-settings"'):body.index('class="panel rules"')]
    for name in ("hand_limit", "games_per_round", "wins_per_round", "rank_by", "rule_target", "rule_must_bid_to_win",
                 "rule_pegging_cap", "rule_lose_at", "rule_lose_at_inclusive", "rule_win_outright_at",
                 "rule_bidder_wins_crossing"):
        assert f'name="{name}"' in games
    assert "A session never ends a game: there these settings are not used." in games
    assert 'name="rule_no_bid"' not in games  # hands nobody bid are a rule of every format
    assert 'value="session" selected' in body
    assert "js/organizer" in body  # its script hides the fieldset while the format is "session"


@pytest.mark.django_db
def test_games_settings_posted_for_a_session_are_not_used(newcomer_client):
    response = newcomer_client.post(reverse("tournaments:event-create"),
                                    create_data(format="session", hands_per_round="4", hand_limit="4",
                                                wins_per_round="not a number", rank_by="nonsense"))
    assert response.status_code == 302
    event = Event.objects.get()
    assert (event.format, event.hands_per_round, event.hand_limit, event.wins_per_round) == ("session", 4, None, None)
    assert event.rank_by == ["games", "points"] and event.games_setup is None


@pytest.mark.django_db
def test_a_session_still_needs_its_hands_per_round(newcomer_client):
    response = newcomer_client.post(reverse("tournaments:event-create"),
                                    create_data(format="session", hands_per_round=""))
    assert response.status_code == 200
    assert "A session needs the number of hands in a round." in page(response)
    assert not Event.objects.exists()


@pytest.mark.django_db
@pytest.mark.parametrize("rank_by, message", [
    ("games, wins", "“wins” is not one of games, matches, points, difference."),
    ("games, points, games", "Each key may be given once; games, points, games repeats one."),
    ("games,,points", "Separate the keys with commas, e.g. games, points."),
])
def test_a_bad_rank_by_is_refused_naming_the_field(newcomer_client, rank_by, message):
    response = newcomer_client.post(reverse("tournaments:event-create"), create_data(rank_by=rank_by))
    assert response.status_code == 200
    body = page(response)
    assert f'<a href="#id_rank_by">Rank by</a>: {message}' in body
    assert not Event.objects.exists()


@pytest.mark.django_db
def test_games_numbers_are_limited_on_their_field(newcomer_client):
    response = newcomer_client.post(reverse("tournaments:event-create"), create_data(hand_limit="0"))
    assert response.status_code == 200
    assert '<a href="#id_hand_limit">Hands in one game, at most</a>' in page(response)


@pytest.mark.django_db
def test_edit_a_games_event_and_the_format_locks_once_hands_exist(newcomer_client, newcomer):
    newcomer_client.post(reverse("tournaments:event-create"), create_data(rule_no_bid="play_no_trump"))
    event = Event.objects.get()
    url = reverse("tournaments:event-edit", args=[event.slug])
    body = page(newcomer_client.get(url))
    assert 'value="games" selected' in body and 'value="games, points"' in body
    response = newcomer_client.post(url, create_data(rule_no_bid="play_no_trump", hand_limit="", games_per_round="3",
                                                     rank_by="points"))
    assert response.status_code == 302
    event.refresh_from_db()
    assert (event.hand_limit, event.games_per_round, event.rank_by) == (None, 3, ["points"])
    register(event, (1, 2))
    services.movement_generate(event=event)
    services.round_start_next(event=event)
    hand_record(table=Table.objects.get(round__event=event, round__number=1), number=1, actor=ORGANIZER,
                declarer="ns", contract="7S", tricks=7)
    response = newcomer_client.post(url, create_data(format="session", hands_per_round="4",
                                                     rule_no_bid="play_no_trump"))
    assert response.status_code == 200
    assert "cannot change: scores have already been entered" in page(response)
    assert Event.objects.get(pk=event.pk).format == "games"
    # The ranking order may still change.
    response = newcomer_client.post(url, create_data(rule_no_bid="play_no_trump", hand_limit="", games_per_round="3",
                                                     rank_by="difference, games"))
    assert response.status_code == 302
    assert Event.objects.get(pk=event.pk).rank_by == ["difference", "games"]


@pytest.mark.django_db
def test_the_service_refuses_bad_games_settings_on_their_field(newcomer):
    with pytest.raises(Exception) as caught:
        services.event_create(by=newcomer, name="Bad", date=datetime.date(2026, 1, 1), format="games",
                              hands_per_round=None, rank_by=["games", "goals"])
    assert "rank_by" in caught.value.message_dict
    with pytest.raises(Exception) as caught:
        services.event_create(by=newcomer, name="Bad", date=datetime.date(2026, 1, 1), hands_per_round=None)
    assert "hands_per_round" in caught.value.message_dict
