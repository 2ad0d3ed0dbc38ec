"""Tiebreak sessions: the service (who plays whom, what it refuses) and the organizer's pages,
from a tie for second through a tiebreak session to the final medal standings."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from scoring.selectors import event_standings
from scoring.tiebreaks import tiebreak_create, tiebreak_delete
from tests.builders import make_event, make_partnerships, play, tie_for_second
from tournaments.models import Event, Round, Tiebreak
from tournaments.services import event_medal_settings_update, round_create

pytestmark = pytest.mark.django_db


def three_way_tie():
    """One round of one hand, six partnerships; at every table N-S bid 7H and take 8 tricks
    (+200, defenders +20). So 1, 3 and 5 tie for first on 200; 2, 4 and 6 tie for fourth on 20."""
    event = make_event(slug="three-way", rounds=1, hands_per_round=1)
    p = make_partnerships(event, 6)
    rnd = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4]), (3, p[5], p[6])])
    for table in rnd.tables.all():
        play(table, [("ns", "7H", 8)])
    return event, p


def test_tie_for_second_is_listed_and_no_silver_or_bronze_yet():
    event, p = tie_for_second()
    standings = event_standings(event)
    assert [(r.number, r.rank, r.total, r.medal) for r in standings.rows] == [
        (1, 1, 290, "gold"), (2, 2, 240, None), (3, 2, 240, None), (4, 4, 40, None)]
    ((_, tie),) = standings.medal_ties
    assert tie.places == (2, 3) and tie.partnerships == (2, 3)


def test_two_tied_partnerships_play_each_other_for_one_round_by_default():
    event, p = tie_for_second()
    version = Event.objects.get(pk=event.pk).version
    tb = tiebreak_create(event=event, partnerships=[p[3], p[2]])
    assert tb.sequence == 1 and set(tb.partnerships.values_list("number", flat=True)) == {2, 3}
    (rnd,) = tb.rounds.all()
    assert rnd.number == 1 and rnd.status == Round.Status.OPEN
    (table,) = rnd.tables.all()
    assert {table.ns.number, table.ew.number} == {2, 3}
    assert Event.objects.get(pk=event.pk).version > version
    assert event.round_set.filter(tiebreak__isnull=True).count() == 2  # the main rounds are untouched


def test_two_rounds_swap_directions():
    event, p = tie_for_second()
    tb = tiebreak_create(event=event, partnerships=[2, 3], hands=2)
    tables = [r.tables.get() for r in tb.rounds.order_by("number")]
    assert [(t.ns.number, t.ew.number) for t in tables] == [(2, 3), (3, 2)]


def test_three_tied_play_a_round_robin():
    event = make_event(rounds=1, hands_per_round=1)
    p = make_partnerships(event, 4)
    rnd = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    t1, t2 = rnd.tables.order_by("number")
    play(t1, [("ns", "6S", 6)])  # 1: +40, 2: +40
    play(t2, [("ew", "8NT", 6)])  # 4: -320, 3: +40
    tb = tiebreak_create(event=event, partnerships=[1, 2, 3])
    rounds = list(tb.rounds.order_by("number"))
    assert len(rounds) == 3
    meetings = set()
    for r in rounds:
        (table,) = r.tables.all()
        meetings.add(frozenset({table.ns.number, table.ew.number}))
        assert r.sit_outs.count() == 1
    assert meetings == {frozenset({1, 2}), frozenset({1, 3}), frozenset({2, 3})}


def test_organizer_sets_the_tables():
    event = make_event(rounds=1, hands_per_round=1)
    p = make_partnerships(event, 4)
    rnd = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    for table in rnd.tables.all():
        play(table, [("ns", "6S", 6)])  # everyone +40: a four-way tie for first
    with pytest.raises(ValidationError, match="partnerships 2 and 4 have no table"):
        tiebreak_create(event=event, partnerships=[1, 2, 3, 4], tables=[(1, 1, 3)])
    with pytest.raises(ValidationError, match="partnership 1 is seated twice"):
        tiebreak_create(event=event, partnerships=[1, 2, 3, 4], tables=[(1, 1, 3), (2, 1, 4)])
    tb = tiebreak_create(event=event, partnerships=[1, 2, 3, 4], tables=[(1, 1, 3), (2, 4, 2)])
    (r,) = tb.rounds.all()
    assert sorted((t.number, t.ns.number, t.ew.number) for t in r.tables.all()) == [(1, 1, 3), (2, 4, 2)]


def test_refuses_partnerships_that_are_not_tied():
    event, p = three_way_tie()
    with pytest.raises(ValidationError) as err:
        tiebreak_create(event=event, partnerships=[2, 1])
    assert "not tied with each other (1 is 1st on 200; 2 is 4th on 20)" in str(err.value)
    with pytest.raises(ValidationError, match="at least two"):
        tiebreak_create(event=event, partnerships=[2])
    with pytest.raises(ValidationError, match="No partnership 9"):
        tiebreak_create(event=event, partnerships=[1, 9])
    assert Tiebreak.objects.count() == 0


def test_all_of_a_tie_must_play():
    event, p = three_way_tie()
    with pytest.raises(ValidationError, match="Partnership 5 is tied on that place too and must play as well"):
        tiebreak_create(event=event, partnerships=[1, 3])
    tb = tiebreak_create(event=event, partnerships=[5, 3, 1])
    assert tb.rounds.count() == 3
    # A tie for 4th (no medal) may have a tiebreak too, if the organizer wants one.
    assert tiebreak_create(event=event, partnerships=[2, 4, 6]).sequence == 2


def test_hands_must_be_whole_rounds():
    event = make_event(rounds=1, hands_per_round=4)
    p = make_partnerships(event, 2)
    round_create(event=event, number=1, tables=[(1, p[1], p[2])])  # nothing played: 1 and 2 tie on 0
    with pytest.raises(ValidationError, match="6 is not a whole number of rounds of 4 hands"):
        tiebreak_create(event=event, partnerships=[1, 2], hands=6)
    tb = tiebreak_create(event=event, partnerships=[1, 2], hands=8)
    assert tb.rounds.count() == 2


def test_repeated_sessions_until_the_tie_is_broken():
    event, p = tie_for_second()
    tb1 = tiebreak_create(event=event, partnerships=[2, 3])
    table1 = tb1.rounds.get().tables.get()
    with pytest.raises(ValidationError, match="Tiebreak 1 is still being played"):
        tiebreak_create(event=event, partnerships=[2, 3])
    play(table1, [("ns", "6S", 6)])  # +40 each: still tied
    rows = {r.number: r for r in event_standings(event).rows}
    assert rows[2].rank == rows[3].rank == 2 and rows[2].tiebreak_total == rows[3].tiebreak_total == 40
    tb2 = tiebreak_create(event=event, partnerships=[2, 3])
    assert tb2.sequence == 2
    table2 = tb2.rounds.get().tables.get()
    play(table2, [("ew", "7H", 8)])  # E-W +200, N-S +20
    rows = {r.number: r for r in event_standings(event).rows}
    winner, loser = table2.ew.number, table2.ns.number
    assert (rows[winner].rank, rows[winner].medal, rows[winner].decided_by) == (2, "silver", "tiebreak 2")
    assert (rows[loser].rank, rows[loser].medal, rows[loser].total) == (3, "bronze", 240)
    with pytest.raises(ValidationError, match="has hands entered"):
        tiebreak_delete(tiebreak=tb2)


def test_medal_settings_service_validates():
    event = make_event()
    with pytest.raises(ValidationError) as err:
        event_medal_settings_update(event=event, medal_scope="county", secondary_tiebreakers=["coin"])
    assert set(err.value.message_dict) == {"medal_scope", "secondary_tiebreakers"}
    event_medal_settings_update(event=event, medal_scope="both", secondary_tiebreakers=["fewest_sets", "head_to_head"])
    event.refresh_from_db()
    assert (event.medal_scope, event.secondary_tiebreakers, event.version) == ("both", ["fewest_sets", "head_to_head"], 1)


# ---- pages


def test_organizer_takes_a_tie_for_second_to_final_medals(event, organizer_client):
    event, p = tie_for_second(event)
    client = organizer_client
    page = client.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert "2nd and 3rd" in page and "Set up a tiebreak for them" in page and "?p=2&amp;p=3" in page
    prefilled = client.get(reverse("scoring:tiebreaks", args=[event.slug]) + "?p=2&p=3").content.decode()
    assert prefilled.count("checked") >= 2
    response = client.post(reverse("scoring:tiebreak-create", args=[event.slug]),
                           {"partnerships": ["2", "3"], "hands": "1", "layout": "auto", "tables": ""})
    assert response.status_code == 302
    tb = Tiebreak.objects.get(event=event)
    table = tb.rounds.get().tables.get()
    page = client.get(reverse("scoring:tiebreaks", args=[event.slug])).content.decode()
    assert f"code {table.short_code}" in page and "In play" in page
    play(table, [("ew", "7H", 8)])  # the E-W partnership +200, N-S +20
    medals = client.get(reverse("scoring:medals", args=[event.slug])).content.decode()
    silver = medals.split('<tr class="medal-silver">')[1].split("</tr>")[0]
    bronze = medals.split('<tr class="medal-bronze">')[1].split("</tr>")[0]
    assert f">{table.ew.number}<" in silver and "Session 1: 200" in silver and ">240<" in silver
    assert f">{table.ns.number}<" in bronze and "Session 1: 20" in bronze
    assert "Tied for" not in medals


def test_create_form_errors_are_shown(event, organizer_client):
    event, p = tie_for_second(event)
    client = organizer_client
    response = client.post(reverse("scoring:tiebreak-create", args=[event.slug]),
                           {"partnerships": ["1", "2"], "hands": "1", "layout": "auto"})
    assert response.status_code == 400
    assert "1 is not one of the available choices" in response.content.decode()
    response = client.post(reverse("scoring:tiebreak-create", args=[event.slug]),
                           {"partnerships": ["2", "3"], "hands": "1", "layout": "tables", "tables": "1 2"})
    assert response.status_code == 400 and "Line 1: write three numbers" in response.content.decode()
    assert not Tiebreak.objects.exists()


def test_medal_settings_page(event, organizer_client):
    event, _ = tie_for_second(event)
    client = organizer_client
    response = client.post(reverse("scoring:medal-settings", args=[event.slug]),
                           {"medal_scope": "division", "tiebreaker_1": "contracts_made", "tiebreaker_2": "",
                            "tiebreaker_3": "head_to_head"})
    assert response.status_code == 302
    event.refresh_from_db()
    assert event.medal_scope == "division" and event.secondary_tiebreakers == ["contracts_made", "head_to_head"]


def test_only_organizers_reach_the_tiebreak_pages(client, event, scorer):
    event, _ = tie_for_second(event)
    page = reverse("scoring:tiebreaks", args=[event.slug])
    assert client.get(page).status_code == 302  # to the login page
    client.force_login(scorer)
    assert client.get(page).status_code == 403
    assert client.post(reverse("scoring:tiebreak-create", args=[event.slug]), {"partnerships": ["2", "3"]}).status_code == 403
    assert not Tiebreak.objects.exists()
