"""A correction to a games hand that ends its game earlier (issue 22 item 7): the hands played after
it in that game must go, and the organizer removes them in the same step as the correction.

Wikipedia rules (2006), games to 500, two games a round (games_per_round), a side wins only by
making its bid; contract values are Avondale's (6♠ 40, 7♥ 200, 8NT 320, 9♥ 400), the defenders
score 10 a trick. Table 1, N-S v E-W, running game score after each hand, worked by hand:

  Game 1  hand 1  N-S 9♥ make 9     N-S +400, E-W +10     400 - 10
          hand 2  N-S 6♠ take 5     N-S -40,  E-W +50     360 - 60
          hand 3  N-S 7♥ take 6     N-S -200, E-W +40     160 - 100
          hand 4  E-W 6♠ make 6     E-W +40,  N-S +40     200 - 140
          hand 5  N-S 8NT make 8    N-S +320, E-W +20     520 - 160   N-S win game 1
  Game 2  hand 6  E-W 9♥ make 9     E-W +400, N-S +10     10 - 400
          hand 7  E-W 7♥ make 8     E-W +200, N-S +20     30 - 600    E-W win game 2: the round is done

The sheet was wrong about hand 3: N-S took 7 tricks, making 7♥: N-S +200, E-W +30, so 560 - 90
after it, and N-S won game 1 at hand 3. Hands 4 and 5 should never have been played; they go, and
hands 6 and 7 (game 2, as played) become hands 4 and 5. After: N-S won game 1 560-90, E-W game 2
600-30; N-S points 560 + 30 = 590, E-W 90 + 600 = 690; table totals N-S 400 - 40 + 200 + 10 + 20 =
590, E-W 10 + 50 + 30 + 400 + 200 = 690 over 5 hands.

Run for a partnership event and for a progressive event of individuals (four players, two sides).
A table of three has its own worked game below.
"""

import json
from pathlib import Path

import pytest
from django.core.exceptions import ValidationError

from scoring import corrections, services
from scoring.entry_data import history_rows
from scoring.event_io import event_import
from scoring.integrity import event_check
from scoring.models import Hand, HandChange
from scoring.selectors import event_standings
from tests import builders
from tournaments.models import Event, Table

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"
GAMES = {"hand_limit": None, "games_per_round": 2, "wins_per_round": None, "rank_by": ["games", "points"]}
PLAYED = [
    {"hand": 1, "contract": "9H", "declarer": "ns", "tricks": 9},
    {"hand": 2, "contract": "6S", "declarer": "ns", "tricks": 5},
    {"hand": 3, "contract": "7H", "declarer": "ns", "tricks": 6},
    {"hand": 4, "contract": "6S", "declarer": "ew", "tricks": 6},
    {"hand": 5, "contract": "8NT", "declarer": "ns", "tricks": 8},
    {"hand": 6, "contract": "9H", "declarer": "ew", "tricks": 9},
    {"hand": 7, "contract": "7H", "declarer": "ew", "tricks": 8},
]
ORGANIZER = services.Actor(label="olga (organizer)", is_organizer=True)


def partnership_event() -> Event:
    data = builders.games_event_file({(1, 1): PLAYED}, games=GAMES, rounds=1)
    data["rounds"][0]["status"] = "open"
    return event_import(data)


def progressive_event() -> Event:
    data = json.loads((FIXTURES / "progressive_games_event.json").read_text(encoding="utf-8"))
    data["event"]["games"] = GAMES
    data["rounds"][0]["status"] = "open"
    data["rounds"][0]["tables"][0]["hands"] = PLAYED
    return event_import(data)


@pytest.fixture(params=[partnership_event, progressive_event], ids=["partnerships", "progressive"])
def table(request, db):
    event = request.param()
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    assert table.confirmed_at is not None  # the imported sheet was signed
    assert (table.n_hands, table.ns_points, table.ew_points) == (7, 550, 760)
    return table


def points(table) -> list[tuple]:
    return [(h.number, h.contract, h.declarer, h.tricks, h.ns_points, h.ew_points)
            for h in Hand.objects.filter(table=table).order_by("number")]


BEFORE = [(1, "9H", "ns", 9, 400, 10), (2, "6S", "ns", 5, -40, 50), (3, "7H", "ns", 6, -200, 40),
          (4, "6S", "ew", 6, 40, 40), (5, "8NT", "ns", 8, 320, 20), (6, "9H", "ew", 9, 10, 400),
          (7, "7H", "ew", 8, 20, 200)]
AFTER = [(1, "9H", "ns", 9, 400, 10), (2, "6S", "ns", 5, -40, 50), (3, "7H", "ns", 7, 200, 30),
         (4, "9H", "ew", 9, 10, 400), (5, "7H", "ew", 8, 20, 200)]
MADE = {"declarer": "ns", "contract": "7H", "tricks": 7}


def hand(table, number):
    return Hand.objects.get(table=table, number=number)


def test_the_correction_alone_is_refused_naming_the_hands_that_must_go(table):
    assert points(table) == BEFORE
    with pytest.raises(corrections.CutNeeded) as caught:
        services.hand_correct(hand=hand(table, 3), expected_version=1, actor=ORGANIZER, reason="7 tricks", **MADE)
    assert [h.number for h in caught.value.hands] == [4, 5] and (caught.value.game, caught.value.number) == (1, 3)
    assert caught.value.message_dict == {"__all__": [
        "This correction ends game 1 at hand 3, but hands 4 and 5 were played after it. To save it, an organizer "
        "removes those hands on hand 3's correction page."]}
    assert points(table) == BEFORE  # nothing written


def test_a_scorer_and_a_table_link_are_refused(table):
    scorer = services.Actor(label="sam (scorer)", user=builders.make_user("sam", event=table.round.event,
                                                                         role="scorer"))
    for actor in (scorer, services.Actor(label="N-S #1 on their phone")):
        with pytest.raises(ValidationError) as caught:
            corrections.hand_correct(hand=hand(table, 3), expected_version=1, actor=actor, reason="7 tricks",
                                     remove=[4, 5], **MADE)
        assert caught.value.messages == ["Only an organizer can remove hands. Ask the organizer."]
    with pytest.raises(ValidationError, match="only an organizer may correct this one"):
        services.hand_correct(hand=hand(table, 3), expected_version=1, actor=scorer, reason="7 tricks", **MADE)
    assert points(table) == BEFORE


def standing(event) -> dict[int, tuple]:
    return {r.number: (r.games_won, r.games_lost, r.total) for r in event_standings(Event.objects.get(pk=event.pk)).rows}


def test_the_organizer_saves_the_correction_and_removes_hands_4_and_5_together(table):
    event = table.round.event
    version = Event.objects.get(pk=event.pk).version
    before = standing(event)
    corrections.hand_correct(hand=hand(table, 3), expected_version=1, actor=ORGANIZER, reason="N-S took 7 tricks",
                             remove=[4, 5], **MADE)
    assert points(table) == AFTER
    table.refresh_from_db()
    assert (table.n_hands, table.ns_points, table.ew_points) == (5, 590, 690)
    assert table.confirmed_at is None and table.confirmed_by == ""  # to be signed again
    assert Event.objects.get(pk=event.pk).version > version
    # Dealers follow the rotation for the new numbers; the moved hands' versions moved on.
    assert [(h.number, h.dealer, h.version) for h in Hand.objects.filter(table=table).order_by("number")] == [
        (1, "N", 1), (2, "E", 1), (3, "S", 2), (4, "W", 2), (5, "N", 2)]
    changes = list(HandChange.objects.filter(table=table, action__in=["delete", "update"]).order_by("pk"))
    assert [(c.action, c.hand_number, c.reason) for c in changes] == [
        ("delete", 4, "N-S took 7 tricks"), ("delete", 5, "N-S took 7 tricks"),
        ("update", 4, "Hands 4 and 5 were removed: the later hands moved up."),
        ("update", 5, "Hands 4 and 5 were removed: the later hands moved up."),
        ("update", 3, "N-S took 7 tricks")]
    assert changes[0].old["contract"] == "6S" and (changes[0].old["ns_points"], changes[0].old["ew_points"]) == (40, 40)
    assert changes[1].old["contract"] == "8NT" and changes[1].old["ns_points"] == 320
    rows = {(r["change"].action, r["change"].hand_number): r for r in history_rows(changes)}
    assert rows["delete", 4]["summary"] == "6♠ by E-W, 6 tricks · N-S +40, E-W +40"
    assert rows["delete", 5]["summary"] == "8NT by N-S, 8 tricks · N-S +320, E-W +20"
    assert ("hand number", "6", "4") in rows["update", 4]["diffs"]
    assert ("N-S points", "−200", "+200") in rows["update", 3]["diffs"] or (
        ("N-S points", "-200", "+200") in rows["update", 3]["diffs"])
    # The games and the standings: N-S won game 1 560-90, E-W game 2 600-30.
    result = services.table_games(table, list(Hand.objects.filter(table=table)))
    assert [(g.first_hand, g.last_hand, g.scores, g.winner) for g in result.games] == [
        (1, 3, (560, 90), 0), (4, 5, (30, 600), 1)]
    assert event_check(Event.objects.get(pk=event.pk)) == []
    after = standing(event)
    if event.individuals:
        # The progressive fixture's table 1 seats players 1 (N), 2 (E), 3 (S), 4 (W), who also play round 2:
        # their round 1 was 1 win each, N-S 550 and E-W 760 points; now still 1 win each, N-S 590, E-W 690.
        for number, change in ((1, 40), (3, 40), (2, -70), (4, -70)):
            won, lost, total = before[number]
            assert after[number] == (won, lost, total + change)
    else:
        # Partnerships 1 (N-S) and 2 (E-W) played only this table: each won a game; points 590 and 690.
        assert (before[1], before[2]) == ((1, 1, 550), (1, 1, 760))
        assert (after[1], after[2]) == ((1, 1, 590), (1, 1, 690))
        rows = {r.number: r for r in event_standings(Event.objects.get(pk=event.pk)).rows}
        assert (rows[1].difference, rows[2].difference) == (-100, 100)


def test_the_removal_and_the_correction_are_one_transaction(table, monkeypatch):
    def fail(**kwargs):
        raise ValidationError({"__all__": "the correction failed"})

    monkeypatch.setattr(services, "hand_correct", fail)
    with pytest.raises(ValidationError, match="the correction failed"):
        corrections.hand_correct(hand=hand(table, 3), expected_version=1, actor=ORGANIZER, reason="7 tricks",
                                 remove=[4, 5], **MADE)
    assert points(table) == BEFORE
    assert not HandChange.objects.filter(table=table, action="delete").exists()
    table.refresh_from_db()
    assert (table.n_hands, table.confirmed_at is not None) == (7, True)


def test_other_hands_than_the_ones_shown_are_refused(table):
    with pytest.raises(ValidationError, match="not the ones you confirmed"):
        corrections.hand_correct(hand=hand(table, 3), expected_version=1, actor=ORGANIZER, reason="7 tricks",
                                 remove=[4], **MADE)
    with pytest.raises(ValidationError) as caught:
        corrections.hand_correct(hand=hand(table, 3), expected_version=1, actor=ORGANIZER, reason=" ",
                                 remove=[4, 5], **MADE)
    assert list(caught.value.message_dict) == ["reason"]
    assert points(table) == BEFORE


def test_a_correction_that_does_not_end_the_game_removes_nothing(table):
    # 7♥ set by one more trick: still game 1 going on; every hand stays.
    corrections.hand_correct(hand=hand(table, 3), expected_version=1, actor=ORGANIZER, reason="5 tricks",
                             declarer="ns", contract="7H", tricks=5)
    assert [row[0] for row in points(table)] == [1, 2, 3, 4, 5, 6, 7]
    assert hand(table, 3).ns_points == -200 and hand(table, 3).ew_points == 50


# --- the organizer's page -----------------------------------------------------------------------

def test_the_organizers_page_lists_the_hands_and_saves_with_them(client, table):
    event = table.round.event
    staff = builders.login(builders.make_user("olga", event=event, role="organizer"))
    url = f"/events/{event.slug}/score/tables/{table.pk}/hands/3/"
    data = {"number": 3, "round": table.round_id, "version": 1, "declarer": "ns", "contract": "7H", "tricks": 7,
            "penalty_kind": "", "note": "", "reason": "N-S took 7 tricks", "save": "1"}
    response = staff.post(url, data)
    page = builders.page_text(response)
    assert response.status_code == 400 and points(table) == BEFORE
    assert "This correction ends game 1 at hand 3, but hands 4 and 5 were played after it." in page
    assert "Hand 4 · 6♠ by E-W, 6 tricks · N-S +40, E-W +40" in page
    assert "Hand 5 · 8NT by N-S, 8 tricks · N-S +320, E-W +20" in page
    assert "Hands 6 and 7 then become hands 4 and 5." in page
    assert 'name="remove_later" value="4,5"' in page and "Save and remove hands 4 and 5" in page
    response = staff.post(url, data | {"remove_later": "4,5"})
    assert response.status_code == 302, builders.page_text(response)
    assert points(table) == AFTER
    history = builders.page_text(staff.get(f"/events/{event.slug}/score/tables/{table.pk}/history/"))
    assert "Deleted</strong> hand 4" in history and "6♠ by E-W, 6 tricks · N-S +40, E-W +40" in history


def test_a_scorers_page_is_refused(client, table):
    event = table.round.event
    staff = builders.login(builders.make_user("sam", event=event, role="scorer"))
    url = f"/events/{event.slug}/score/tables/{table.pk}/hands/3/"
    data = {"number": 3, "round": table.round_id, "version": 1, "declarer": "ns", "contract": "7H", "tricks": 7,
            "penalty_kind": "", "note": "", "reason": "N-S took 7 tricks", "save": "1", "remove_later": "4,5"}
    response = staff.post(url, data)
    assert response.status_code in (400, 403)
    assert points(table) == BEFORE


# --- a table of three ------------------------------------------------------------------------------
# Three-handed rules, games to 500, no hand limit. Seats 1 (Ana Garza), 2 (Luis Peña), 3 (Marie
# Tremblay); each player for himself, the defenders 10 a trick.
#   hand 1  Ana 10NT, takes 9, Luis 1:   Ana -520, Luis +10, Marie 0     -520, 10, 0
#   hand 2  Marie 9NT, takes 9, Luis 1:  Marie +420, Luis +10            -520, 20, 420
#   hand 3  Luis 7♠, takes 7, Ana 2, Marie 1: Luis +140, Ana +20, Marie +10   -500, 160, 430
# Hand 1 was really all ten tricks to Ana: +520, and she won game 1 at hand 1. Hands 2 and 3 go.

THREE_PLAYED = [
    {"hand": 1, "contract": "10NT", "declarer": 1, "tricks": {"1": 9, "2": 1, "3": 0}},
    {"hand": 2, "contract": "9NT", "declarer": 3, "tricks": {"1": 0, "2": 1, "3": 9}},
    {"hand": 3, "contract": "7S", "declarer": 2, "tricks": {"1": 2, "2": 7, "3": 1}},
]


@pytest.mark.django_db
def test_a_table_of_three_removes_the_hands_after_the_game_it_ends():
    data = json.loads((FIXTURES / "three_handed_games_event.json").read_text(encoding="utf-8"))
    data["event"]["games"] = {"hand_limit": None, "games_per_round": None, "wins_per_round": None,
                              "rank_by": ["games", "points"]}
    data["rounds"][0]["tables"][0]["hands"] = THREE_PLAYED
    event = event_import(data)
    table = Table.objects.get(round__event=event, round__number=1, number=1)
    assert [h.seat_points for h in Hand.objects.filter(table=table).order_by("number")] == [
        {"1": -520, "2": 10, "3": 0}, {"1": 0, "2": 10, "3": 420}, {"1": 20, "2": 140, "3": 10}]
    values = {"declarer_seat": "1", "contract": "10NT", "seat_tricks": {"1": 10, "2": 0, "3": 0}}
    with pytest.raises(corrections.CutNeeded) as caught:
        services.hand_correct(hand=hand(table, 1), expected_version=1, actor=ORGANIZER, reason="all ten", **values)
    assert [h.number for h in caught.value.hands] == [2, 3]
    corrections.hand_correct(hand=hand(table, 1), expected_version=1, actor=ORGANIZER, reason="all ten",
                             remove=[2, 3], **values)
    assert [(h.number, h.seat_points) for h in Hand.objects.filter(table=table)] == [(1, {"1": 520, "2": 0, "3": 0})]
    table.refresh_from_db()
    assert (table.n_hands, table.seat_totals) == (1, {"1": 520, "2": 0, "3": 0})
    assert [c.hand_number for c in HandChange.objects.filter(table=table, action="delete")] == [2, 3]
    assert event_check(Event.objects.get(pk=event.pk)) == []
