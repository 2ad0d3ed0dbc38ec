"""event_standings() on real events built through the services, with hand-worked totals
(RULES.md section 5 values), sit-out credit, provisional marks and the query count."""

import pytest

from scoring.selectors import event_standings, partnership_record
from scoring.services import table_confirm, table_dispute
from scoring.tiebreaks import tiebreak_create
from tests.builders import SCORER, bulk_event, four_pair_event, make_event, make_partnerships, play
from tournaments.models import Tiebreak
from tournaments.services import round_create

pytestmark = pytest.mark.django_db


def test_hand_worked_totals_ranks_and_medals():
    event, _, _ = four_pair_event()
    standings = event_standings(event)
    got = [(r.number, r.rank, r.total, [c.points for c in r.rounds], r.hands_played, r.medal) for r in standings.rows]
    assert got == [
        (1, 1, 630, [230, 400], 4, "gold"),
        (3, 2, 520, [260, 260], 4, "silver"),
        (2, 3, 260, [-300, 560], 4, "bronze"),
        (4, 4, -120, [-180, 60], 4, None),
    ]
    assert standings.progress.complete and standings.progress.label == "All 2 rounds complete"
    assert standings.rows[0].players == ("Ana1 Peña", "Luis1 O'Brien")


def test_unconfirmed_tables_are_provisional_and_withhold_medals():
    event, _, t = four_pair_event(confirm=False)
    standings = event_standings(event)
    assert all(c.provisional for r in standings.rows for c in r.rounds)
    assert all(r.medal is None for r in standings.rows)
    assert standings.progress.label == "Round 2 of 2: 2 of 2 tables in"
    table_confirm(table=t[1, 1], actor=SCORER)
    row1 = {r.number: r for r in event_standings(event).rows}[1]
    assert [c.provisional for c in row1.rounds] == [False, True]


def test_without_confirmation_entered_tables_are_final():
    event, _, t = four_pair_event(confirm=False, confirmation_required=False)
    standings = event_standings(event)
    assert [r.medal for r in standings.rows] == ["gold", "silver", "bronze", None]
    table_dispute(table=t[2, 2], actor=SCORER, reason="hand 2 was 7C")
    standings = event_standings(event)
    assert standings.rows[0].medal is None and {r.number: r for r in standings.rows}[2].rounds[1].provisional


@pytest.mark.parametrize("policy,points,expected", [
    ("average", 0, {1: 345, 2: 405, 3: -480}),
    ("zero", 0, {1: 230, 2: 270, 3: -320}),
    ("fixed", 100, {1: 330, 2: 370, 3: -220}),
])
def test_sit_out_policies_on_a_three_pair_event(policy, points, expected):
    """One hand a round; each partnership sits out once.
    R1 1 v 2 (3 out): 7H by 1, 8 tricks: 1 +200, 2 +20.
    R2 1 v 3 (2 out): 8NT by 3, 7 tricks: 3 -320, 1 +30.
    R3 2 v 3 (1 out): 6S by 2, 10 tricks: 2 +250, 3 0.
    Averages: 1 (200+30)/2 = 115; 2 (20+250)/2 = 135; 3 (-320+0)/2 = -160."""
    event = make_event(rounds=3, hands_per_round=1, sit_out_policy=policy, sit_out_points=points)
    p = make_partnerships(event, 3)
    rounds = [
        round_create(event=event, number=1, tables=[(1, p[1], p[2])], byes=[p[3]]),
        round_create(event=event, number=2, tables=[(1, p[1], p[3])], byes=[p[2]]),
        round_create(event=event, number=3, tables=[(1, p[2], p[3])], byes=[p[1]]),
    ]
    hands = [("ns", "7H", 8), ("ew", "8NT", 7), ("ns", "6S", 10)]
    for rnd, hand in zip(rounds, hands):
        play(rnd.tables.get(), [hand])
    rows = {r.number: r for r in event_standings(event).rows}
    assert {n: r.total for n, r in rows.items()} == expected
    assert rows[1].rounds[2].sit_out and rows[1].rounds[2].credit == policy
    assert rows[3].hands_played == 2


def test_tiebreak_rounds_never_count_in_the_main_total():
    event = make_event(rounds=1, hands_per_round=1)
    p = make_partnerships(event, 4)
    r1 = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4])])
    t1, t2 = r1.tables.order_by("number")
    play(t1, [("ns", "7H", 8)])  # 1: +200, 2: +20
    play(t2, [("ns", "7H", 8)])  # 3: +200, 4: +20
    tb = tiebreak_create(event=event, partnerships=[p[1], p[3]])
    table = tb.rounds.get().tables.get()
    play(table, [("ew", "6C", 6)])  # E-W +60, N-S +40
    rows = {r.number: r for r in event_standings(event).rows}
    assert rows[1].total == rows[3].total == 200
    winner = table.ew.number
    loser = table.ns.number
    assert (rows[winner].rank, rows[winner].medal, rows[winner].tiebreak_total) == (1, "gold", 60)
    assert (rows[loser].rank, rows[loser].medal, rows[loser].tiebreak_total) == (2, "silver", 40)


def test_partnership_record_lists_hands_with_penalties():
    event, p, _ = four_pair_event()
    records = partnership_record(event, p[2])
    assert [(r.label, r.opponent.number, r.points, r.opponents_points) for r in records] == [
        ("Round 1", 1, -300, 230), ("Round 2", 4, 560, 60)]
    hand = records[1].hands[1]
    assert (hand.contract, hand.declarer_label, hand.penalty, hand.points, hand.opponents_points) == (
        "6C", "Them", "Bid out of turn by us", 40, 60)


@pytest.mark.parametrize("size,rounds", [(8, 3), (41, 5)])
def test_event_standings_query_count_is_fixed(size, rounds, django_assert_max_num_queries):
    event = bulk_event(f"q{size}", size, rounds)
    tb = Tiebreak.objects.create(event=event, sequence=1)
    tb.partnerships.set(event.partnerships.filter(number__in=[1, 2]))
    with django_assert_max_num_queries(5):
        standings = event_standings(event)
    assert len(standings.rows) == size
    assert sum(r.hands_played for r in standings.rows) == 2 * 4 * (size // 2) * rounds


@pytest.mark.parametrize("tiebreakers,expected", [
    ([], [(1, 4, True, "shared"), (4, 4, True, "shared")]),
    (["fewest_sets"], [(4, 4, False, "fewest_sets"), (1, 5, False, "fewest_sets")]),
    (["contracts_made"], [(1, 4, False, "contracts_made"), (4, 5, False, "contracts_made")]),
    (["head_to_head", "fewest_sets"], [(4, 4, False, "fewest_sets"), (1, 5, False, "fewest_sets")]),
])
def test_secondary_tiebreakers_read_made_and_set_contracts_from_the_database(tiebreakers, expected):
    """One round of three hands (RULES.md values: 6S 40, 7H 200, 9H 400, 10NT 520, all ten tricks
    at least 250; the defenders score 10 a trick):
    T1 1 v 2: by 1 (N-S): 6S 5 tricks: 1 -40, 2 +50; 7H 8: 1 +200, 2 +20; 6S 6: 1 +40, 2 +40. -> 1: 200, 2: 110
    T2 3 v 4: 7H by 4 (E-W), 8: 4 +200, 3 +20; by 3: 6S 10: +250; 9H 10: +400.            -> 3: 670, 4: 200
    T3 5 v 6: by 5: 10NT 10: +520; 9H 10: +400; 6S 10: +250.                               -> 5: 1170, 6: 0
    T4 7 v 8: by 7: 10NT 10: +520; 9H 10: +400; 7H 8: +200, 8 +20.                          -> 7: 1120, 8: 20
    1 and 4 tie for 4th (no medal). 1 made two contracts and went set once; 4 made one and never
    went set: fewest sets puts 4 fourth, most contracts made puts 1 fourth, head to head cannot
    (they never met)."""
    event = make_event(rounds=1, hands_per_round=3, secondary_tiebreakers=tiebreakers)
    p = make_partnerships(event, 8)
    rnd = round_create(event=event, number=1, tables=[(1, p[1], p[2]), (2, p[3], p[4]), (3, p[5], p[6]),
                                                      (4, p[7], p[8])])
    t = {tb.number: tb for tb in rnd.tables.all()}
    play(t[1], [("ns", "6S", 5), ("ns", "7H", 8), ("ns", "6S", 6)])
    play(t[2], [("ew", "7H", 8), ("ns", "6S", 10), ("ns", "9H", 10)])
    play(t[3], [("ns", "10NT", 10), ("ns", "9H", 10), ("ns", "6S", 10)])
    play(t[4], [("ns", "10NT", 10), ("ns", "9H", 10), ("ns", "7H", 8)])
    rows = event_standings(event).rows
    assert [(r.number, r.total) for r in rows][:3] == [(5, 1170), (7, 1120), (3, 670)]
    assert [(r.number, r.total) for r in rows[3:5]] == [(n, 200) for n, *_ in expected]
    assert [(r.number, r.rank, r.tied, r.decided_by) for r in rows[3:5]] == expected
    assert [(r.number, r.rank, r.total) for r in rows[5:]] == [(2, 6, 110), (8, 7, 20), (6, 8, 0)]
