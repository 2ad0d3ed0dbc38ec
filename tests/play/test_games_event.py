"""An event played as games, through the database: import and export of "500-event/2", the
standings command, and the property that a games event's standings equal a replay of its hands."""

import json

import pytest
from django.db import transaction
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scoring.engine import games as games_engine
from scoring.event_io import event_export, event_import
from scoring.models import Hand
from scoring.selectors import event_standings
from tests.builders import GAMES_WORKED_HANDS, games_event_file, run

# Round 1, table 1 (1 v 2), Wikipedia rules, hand limit 4, worked by hand:
#  1: 10H by N-S, 10 tricks: N-S +500, made: 500-0, N-S win game 1 (a made bid to 500).
#  2: NOBID, N-S 6 tricks: 60-40.
#  3: 7S by E-W, 7 tricks: E-W +140, N-S peg 30: 90-180.
#  4: 6C by N-S, 5 tricks: N-S -60, E-W peg 50: 30-230.
#  5: 6S by E-W, 6 tricks: E-W +40, N-S peg 40: 70-270, game 2's fourth hand (the hand limit):
#     E-W ahead, E-W win game 2.
# Round 1, table 2 (3 v 4): NOBID, E-W all ten: 0-250 (Wikipedia: 250); then the bell: E-W win.
WORKED = GAMES_WORKED_HANDS  # tests/builders.py, worked hand by hand above


@pytest.mark.django_db
def test_import_scores_nobid_hands_and_standings_count_games():
    event = event_import(games_event_file(WORKED, rounds=1))
    assert (event.format, event.hands_per_round, event.hand_limit, event.rank_by) == ("games", None, 4,
                                                                                     ["games", "points"])
    nobid = Hand.objects.get(table__number=1, number=2)
    assert (nobid.contract, nobid.declarer, nobid.ns_tricks, nobid.ns_points, nobid.ew_points) == (
        "NOBID", "", 6, 60, 40)
    assert Hand.objects.get(table__number=2, number=1).ew_points == 250
    rows = {r.number: r for r in event_standings(event).rows}
    # 1: won game 1 (500-0), lost game 2 (70-270): points 570, difference 570 - 270 = 300.
    assert (rows[1].games_won, rows[1].games_lost, rows[1].total, rows[1].difference) == (1, 1, 570, 300)
    assert (rows[2].games_won, rows[2].games_lost, rows[2].total, rows[2].difference) == (1, 1, 270, -300)
    assert (rows[4].games_won, rows[4].total, rows[4].difference) == (1, 250, 250)
    # games: 1, 2 and 4 one win each (3 none); then points: 1 (570), 2 (270), 4 (250), 3 (0).
    assert [(r.number, r.rank) for r in event_standings(event).rows] == [(1, 1), (2, 2), (4, 3), (3, 4)]


@pytest.mark.django_db
def test_standings_command_json_csv_text_for_a_games_event():
    event_import(games_event_file(WORKED, rounds=1))
    out, _ = run("standings", "club-games", "--format", "json")
    first = json.loads(out)["standings"][0]
    assert {k: first[k] for k in ("rank", "partnership", "total", "games_won", "games_lost", "games_drawn",
                                  "matches_won", "difference")} == {
        "rank": 1, "partnership": 1, "total": 570, "games_won": 1, "games_lost": 1, "games_drawn": 0,
        "matches_won": 0, "difference": 300}
    csv, _ = run("standings", "club-games", "--format", "csv")
    assert csv.splitlines()[1].startswith("1,no,1,Player 1a,Player 1b,,570,1,1,0,0,300,")
    text, _ = run("standings", "club-games", "--format", "text")
    assert "Played as games" in text


@pytest.mark.django_db
def test_v2_round_trip_export_import_export_is_identical():
    first = event_export(event_import(games_event_file(WORKED)))
    assert first["format"] == "500-event/2" and first["event"]["hands_per_round"] is None
    again = dict(first, event=dict(first["event"], slug="club-games-2"))
    second = event_export(event_import(again))
    assert json.dumps(second["rounds"]) == json.dumps(first["rounds"])
    assert dict(second["event"], slug="club-games") == first["event"]


@pytest.mark.django_db
def test_a_session_event_still_exports_version_1():
    data = games_event_file({}, rules="mcallen", rounds=1, hands_per_round=4)
    data["format"] = "500-event/1"
    for key in ("format", "games", "rule_overrides"):
        data["event"].pop(key)
    data["rounds"] = []
    exported = event_export(event_import(data))
    assert exported["format"] == "500-event/1" and "format" not in exported["event"]


# --- property: standings equal a replay of the hands --------------------------------------------

CONTRACTS = ["6S", "7H", "8NT", "10H", "MIS", "NOBID"]
hand_st = st.tuples(st.sampled_from(CONTRACTS), st.sampled_from(["ns", "ew"]), st.integers(0, 10))
table_st = st.lists(hand_st, max_size=9)


def _hand(number, contract, declarer, tricks):
    if contract == "NOBID":
        return {"hand": number, "contract": "NOBID", "ns_tricks": tricks}
    return {"hand": number, "contract": contract, "declarer": declarer, "tricks": tricks}


@pytest.mark.django_db(transaction=False)
@settings(max_examples=12, deadline=None, suppress_health_check=list(HealthCheck))
@given(tables=st.lists(table_st, min_size=4, max_size=4), hand_limit=st.sampled_from([None, 2, 3]),
       rank_by=st.permutations(["games", "points", "difference"]))
def test_property_games_standings_equal_a_replay_of_the_hands(tables, hand_limit, rank_by):
    keys = [(1, 1), (1, 2), (2, 1), (2, 2)]
    file_hands = {k: [_hand(i, *h) for i, h in enumerate(t, start=1)] for k, t in zip(keys, tables)}
    games = {"hand_limit": hand_limit, "games_per_round": None, "wins_per_round": None, "rank_by": rank_by}
    with transaction.atomic():
        event = event_import(games_event_file(file_hands, games=games))
        rules = event.rules
        setup = games_engine.GamesSetup(hand_limit, None, None, tuple(rank_by))
        seats = {(1, 1): (1, 2), (1, 2): (3, 4), (2, 1): (1, 3), (2, 2): (2, 4)}
        expected = {n: [0, 0, 0, 0, 0] for n in range(1, 5)}  # won, lost, drawn, points, difference
        for key, hands in file_hands.items():
            played = []
            for h in hands:
                ns, ew, made = games_engine.hand_points(
                    rules, contract=h["contract"], declarer=h.get("declarer", ""), tricks=h.get("tricks", 0),
                    ns_tricks=h.get("ns_tricks"))
                played.append(games_engine.played(h["hand"], h.get("declarer", ""), ns, ew, made))
            result = games_engine.replay(rules, setup, played, round_over=True)
            for side, number in enumerate(seats[key]):
                row = expected[number]
                row[0] += result.wins[side]
                row[1] += result.wins[1 - side]
                row[2] += result.draws
                row[3] += result.points[side]
                row[4] += result.points[side] - result.points[1 - side]
        rows = event_standings(event).rows
        got = {r.number: [r.games_won, r.games_lost, r.games_drawn, r.total, r.difference] for r in rows}
        assert got == expected
        key = {n: games_engine.rank_key(rank_by, won=v[0], drawn=v[2], matches=0, points=v[3], difference=v[4])
               for n, v in expected.items()}
        for a in rows:
            for b in rows:
                if key[a.number] > key[b.number]:
                    assert a.rank < b.rank
                elif key[a.number] == key[b.number]:
                    assert a.rank == b.rank
        transaction.set_rollback(True)
