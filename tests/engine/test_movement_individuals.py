"""Movements for individuals (scoring.engine.movement_individuals.plan): the guarantees docs/rules.md's
Movements section publishes, checked for 3 to 120 players and 1 to 12 rounds (every size up to 24
players, hypothesis beyond), the re-plan after a withdrawal or a late arrival, and the text/grid
helpers."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from scoring.engine.layouts import layout
from scoring.engine.movement_individuals import SeatedRound, grid, opponents_of, partners_of, plan, schedule_text

SMALL = [(seats, n, r) for seats in (3, 4) for n in range(seats, 25) for r in range(1, 13)]
OTHER = [(seats, n, r) for seats in (2, 5, 6) for n in range(seats, 41) for r in (1, 2, 3, 5, 8, 12)]


def key(a, b):
    return (min(a, b), max(a, b))


def check_plan(plans, players, seats, rounds, first_round=1, byes_before=None):
    """Every published guarantee that holds for any plan (fresh or re-planned); returns the tallies."""
    players = sorted(players)
    assert [p.number for p in plans] == list(range(first_round, first_round + rounds))
    byes = Counter({p: 0 for p in players})
    byes.update(byes_before or {})
    for rnd in plans:
        seated = [p for _, s in rnd.tables for p in s]
        assert sorted(seated + rnd.byes) == players, (len(players), rnd.number)
        assert all(len(s) == seats for _, s in rnd.tables) and not rnd.mixed
        assert [t for t, _ in rnd.tables] == list(range(1, len(players) // seats + 1))
        assert len(rnd.byes) == len(players) % seats
        # Fair sit-outs: whoever sits out has sat out no more often than anyone playing.
        for bye in rnd.byes:
            assert byes[bye] <= min(byes[p] for p in seated), (len(players), rnd.number, bye)
        byes.update(rnd.byes)
    partners, opponents, diff = Counter(), Counter(), Counter()
    for rnd in plans:
        for _, s in rnd.tables:
            partners.update(partners_of(s))
            opponents.update(opponents_of(s))
            if seats == 4:
                diff.update({s[0]: 1, s[2]: 1, s[1]: -1, s[3]: -1})
    return partners, opponents, diff, byes


def check_fresh(n, rounds, seats):
    players = list(range(1, n + 1))
    plans = plan(players, rounds, seats=seats)
    partners, opponents, diff, byes = check_plan(plans, players, seats, rounds)
    pairs = [key(a, b) for a, b in combinations(players, 2)]
    met = [opponents[k] for k in pairs]
    # Sit-outs: nobody twice before everyone once.
    assert max(byes.values()) - min(byes.values()) <= 1
    if seats == 4:
        partnered = [partners[k] for k in pairs]
        if rounds <= n - 1:
            assert max(partnered) <= 1, (n, rounds, "partner twice")
        assert max(partnered) - min(partnered) <= (2 if n in (6, 7) else 1), (n, rounds)
        if rounds <= n // 5:
            assert max(met) <= 1, (n, rounds, "opponents twice")
        assert max(met) - min(met) <= (2 if n >= 21 else 4), (n, rounds, Counter(met))
        assert max(abs(diff[p]) for p in players) <= (2 if n >= 16 else 3), (n, rounds)
    elif seats == 3:
        assert not partners and not diff
        if rounds <= n // 4:
            assert max(met) <= 1, (n, rounds, "shared a table twice")
        assert max(met) - min(met) <= (2 if n >= 7 else 3), (n, rounds, Counter(met))
    else:
        check_other_sizes(plans, players, seats, rounds, partners, diff, met)
    return plans


# What the plans at two, five and six keep, as measured for 2 to 120 players and 1 to 12 rounds.
SPREAD = {2: (2, 2, 1), 5: (5, 4, 3), 6: (4, 5, 4)}  # below 12 players, below 24, from 24


def check_other_sizes(plans, players, seats, rounds, partners, diff, met):
    n = len(players)
    assert not partners and not diff  # each for himself (two), a partner hand by hand (five), teams by seat (six)
    band = 0 if n < 12 else 1 if n < 24 else 2
    assert max(met) - min(met) <= SPREAD[seats][band], (n, rounds, Counter(met))
    if seats == 2 and rounds <= n - 1:
        assert max(met) <= 1, (n, rounds, "met twice")  # a round robin: the circle method
    if seats > 2 and n >= seats * seats and rounds <= 2:
        assert max(met) <= 1, (n, rounds, "shared a table twice")  # room for a new table for everyone
    # The first seat (who deals first, RULES.md section 3) goes round: counts differ by at most one
    # at a table that everyone plays at (one table, nobody sitting out).
    if n == seats:
        firsts = Counter(s[0] for r in plans for _, s in r.tables)
        counts = [firsts[p] for p in players]
        assert max(counts) - min(counts) <= 1, (n, rounds)


@pytest.mark.parametrize("seats, n, rounds", SMALL)
def test_guarantees_for_every_size_up_to_24_players(seats, n, rounds):
    check_fresh(n, rounds, seats)


@settings(max_examples=40, deadline=None)
@given(n=st.integers(min_value=25, max_value=120), rounds=st.integers(min_value=1, max_value=12),
       seats=st.sampled_from([3, 4]))
def test_guarantees_from_25_to_120_players(n, rounds, seats):
    check_fresh(n, rounds, seats)


@pytest.mark.parametrize("seats, n, rounds", OTHER)
def test_tables_of_two_five_and_six_up_to_40_players(seats, n, rounds):
    check_fresh(n, rounds, seats)


@settings(max_examples=30, deadline=None)
@given(n=st.integers(min_value=41, max_value=120), rounds=st.integers(min_value=1, max_value=12),
       seats=st.sampled_from([2, 5, 6]))
def test_tables_of_two_five_and_six_from_41_to_120_players(n, rounds, seats):
    check_fresh(n, rounds, seats)


def test_tables_of_two_five_and_six_hand_worked():
    # Two players: one table of two every round, the first seat alternating.
    assert [r.as_dict()["tables"] for r in plan([1, 2], 3, seats=2)] == [
        [{"table": 1, "seats": [1, 2]}], [{"table": 1, "seats": [2, 1]}], [{"table": 1, "seats": [1, 2]}]]
    # Six players at tables of two, five rounds: a round robin, every pair exactly once.
    plans = plan(list(range(1, 7)), 5, seats=2)
    together = Counter(k for r in plans for _, s in r.tables for k in opponents_of(s))
    assert len(together) == 15 and set(together.values()) == {1}
    # Seven players at tables of two: one sits out each round, seven rounds give everyone one.
    plans = plan(list(range(1, 8)), 7, seats=2)
    assert sorted(b for r in plans for b in r.byes) == list(range(1, 8))
    # Five players, one table of five: everybody plays, the first seat goes 1, 2, 3, 4, 5.
    plans = plan([1, 2, 3, 4, 5], 5, seats=5)
    assert [r.tables[0][1][0] for r in plans] == [1, 2, 3, 4, 5] and all(not r.byes for r in plans)
    # Seven players at a table of five: two sit out a round; seven rounds, 14 sit-outs, two each.
    plans = plan(list(range(1, 8)), 7, seats=5)
    assert Counter(b for r in plans for b in r.byes) == {p: 2 for p in range(1, 8)}
    # Twelve players at tables of six: two tables, nobody sits out, written as lists of six seats.
    data = plan(list(range(1, 13)), 1, seats=6)[0].as_dict()
    assert [len(t["seats"]) for t in data["tables"]] == [6, 6] and data["byes"] == []
    # Twenty-five players at tables of five: round 2 seats nobody with anyone from his round 1 table.
    plans = plan(list(range(1, 26)), 2, seats=5)
    first = {p: t for t, s in plans[0].tables for p in s}
    assert all(len({first[p] for p in s}) == 5 for _, s in plans[1].tables)


@pytest.mark.parametrize("seats", [3, 4])
def test_the_largest_preview_size_keeps_the_guarantees(seats):
    check_fresh(120, 12, seats)


def test_four_handed_hand_worked_small_fields():
    # Four players: one table, the three ways to split them into partners in turn.
    plans = plan([1, 2, 3, 4], 3, seats=4)
    splits = [frozenset(partners_of(s)) for rnd in plans for _, s in rnd.tables]
    assert len(set(splits)) == 3
    # Ten players: two tables and two sit-outs a round; five rounds give everyone one sit-out.
    plans = plan(list(range(1, 11)), 5, seats=4)
    assert [len(r.tables) for r in plans] == [2] * 5
    assert sorted(b for r in plans for b in r.byes) == list(range(1, 11))
    # Five players: the circle's sit-out rotates, nobody partners anyone twice in five rounds.
    plans = plan([1, 2, 3, 4, 5], 5, seats=4)
    assert sorted(b for r in plans for b in r.byes) == [1, 2, 3, 4, 5]
    partners = Counter(k for r in plans for _, s in r.tables for k in partners_of(s))
    assert set(partners.values()) == {1} and len(partners) == 10


def test_three_handed_hand_worked_small_fields():
    assert [r.as_dict() for r in plan([1, 2, 3], 2, seats=3)] == [
        {"number": 1, "tables": [{"table": 1, "seats": [1, 2, 3]}], "byes": []},
        {"number": 2, "tables": [{"table": 1, "seats": [2, 3, 1]}], "byes": []},  # a new first seat
    ]
    # Nine players, four rounds: every pair shares a table exactly once (a Kirkman schedule).
    plans = plan(list(range(1, 10)), 4, seats=3)
    together = Counter(k for r in plans for _, s in r.tables for k in opponents_of(s))
    assert len(together) == 36 and set(together.values()) == {1}


def test_plan_is_deterministic_and_independent_of_input_order():
    for seats in (2, 3, 4, 5, 6):
        a = [p.as_dict() for p in plan(list(range(1, 24)), 9, seats=seats)]
        b = [p.as_dict() for p in plan(list(reversed(range(1, 24))), 9, seats=seats)]
        assert a == b


def test_as_dict_has_the_event_file_shape_and_from_dict_reads_it_back():
    four = plan(list(range(1, 11)), 2, seats=4)
    data = four[0].as_dict()
    assert set(data) == {"number", "tables", "byes"}
    assert set(data["tables"][0]) == {"table", "n", "e", "s", "w"}
    three = plan(list(range(1, 8)), 2, seats=3)
    assert set(three[0].as_dict()["tables"][0]) == {"table", "seats"}
    for rnd in four + three:
        assert SeatedRound.from_dict(rnd.as_dict()) == rnd


@pytest.mark.parametrize("players, rounds, seats, message", [
    ([1, 2], 3, 3, "at least 3 players"),
    ([1, 2, 3], 3, 4, "at least 4 players"),
    ([1, 1, 2, 3], 3, 3, "appears twice"),
    ([0, 2, 3], 2, 3, "whole numbers from 1"),
    ([1, 2, 3], 0, 3, "between 1 and 60"),
    ([1, 2, 3], 61, 3, "between 1 and 60"),
    (list(range(1, 8)), 2, 7, "seats must be 2, 3, 4"),
    ([1, 2, 3, 4, 5], 2, True, "seats must be 2, 3, 4"),
    ([1], 2, 2, "at least 2 players"),
    ([1, 2, 3, 4], 2, 5, "at least 5 players"),
    ([1, 2, 3, 4, 5], 2, 6, "at least 6 players"),
    (list(range(1, 502)), 2, 4, "at most 500 players"),
])
def test_bad_input_is_refused(players, rounds, seats, message):
    with pytest.raises(ValueError, match=message):
        plan(players, rounds, seats=seats)


def test_current_must_cover_the_rounds():
    full = plan(list(range(1, 9)), 4, seats=4)
    with pytest.raises(ValueError, match="cover the rounds"):
        plan(list(range(1, 9)), 2, seats=4, first_round=3, history=full[:2], current=full[2:3])


# ---------------------------------------------------------------- re-plans


@settings(max_examples=50, deadline=None)
@given(
    seats=st.sampled_from([2, 3, 4, 5, 6]),
    n=st.integers(min_value=4, max_value=40),
    rounds=st.integers(min_value=2, max_value=10),
    played=st.integers(min_value=1, max_value=9),
    change=st.sampled_from(["withdraw", "late", "both"]),
    who=st.integers(min_value=1, max_value=40),
)
def test_replan_keeps_played_rounds_and_stays_fair(seats, n, rounds, played, change, who):
    assume(n >= seats)
    played = min(played, rounds - 1)
    full = plan(list(range(1, n + 1)), rounds, seats=seats)
    history, current = full[:played], full[played:]
    players = list(range(1, n + 1))
    if change in ("withdraw", "both"):
        players.remove((who - 1) % n + 1)
    if change in ("late", "both"):
        players.append(n + 1)
    assume(len(players) >= seats)
    byes_before = Counter(b for rnd in history for b in rnd.byes if b in players)
    rest = plan(players, rounds - played, seats=seats, first_round=played + 1, history=history, current=current)
    check_plan(rest, players, seats, rounds - played, first_round=played + 1, byes_before=byes_before)
    again = plan(players, rounds - played, seats=seats, first_round=played + 1, history=history, current=current)
    assert [p.as_dict() for p in again] == [p.as_dict() for p in rest]


@pytest.mark.parametrize("seats", [3, 4])
@pytest.mark.parametrize("change", ["withdraw", "late"])
def test_replan_repeats_no_played_partner_or_meeting_when_there_is_room(seats, change):
    # 40 players, 8 rounds, 3 played: plenty of fresh partners and table-mates are left.
    full = plan(list(range(1, 41)), 8, seats=seats)
    history = full[:3]
    players = [p for p in range(1, 41) if p != 7] if change == "withdraw" else list(range(1, 42))
    rest = plan(players, 5, seats=seats, first_round=4, history=history, current=full[3:])
    check_plan(rest, players, seats, 5, first_round=4, byes_before=Counter(b for r in history for b in r.byes))
    partners = Counter(k for r in history + rest for _, s in r.tables for k in partners_of(s))
    meetings = Counter(k for r in history + rest for _, s in r.tables for k in opponents_of(s))
    assert max(partners.values(), default=0) <= 1
    assert max(meetings.values()) <= 1


def test_replan_after_a_withdrawal_changes_only_the_broken_tables():
    # Three-handed, 24 players (8 tables), player 5 leaves after round 3 of 8: 23 players make 7
    # tables and 2 sit-outs; the tables without player 5 and without a new sit-out stay as printed.
    full = plan(list(range(1, 25)), 8, seats=3)
    history, current = full[:3], full[3:]
    players = [p for p in range(1, 25) if p != 5]
    rest = plan(players, 5, seats=3, first_round=4, history=history, current=current)
    for old, new in zip(current, rest):
        untouched = [s for _, s in old.tables if 5 not in s and not set(s) & set(new.byes)]
        assert len(untouched) >= 6
        assert set(untouched) <= {s for _, s in new.tables}


def test_late_arrival_in_a_full_four_handed_field_sits_out_first_then_the_sit_out_rotates():
    full = plan(list(range(1, 21)), 8, seats=4)
    history, current = full[:3], full[3:]
    rest = plan(list(range(1, 22)), 5, seats=4, first_round=4, history=history, current=current)
    assert [r.byes for r in rest][0] == [21]
    assert len({b for r in rest for b in r.byes}) == 5
    # The newcomer takes the sit-out's seat, or a seat freed by moving one player there: at most
    # two of the five tables change each round; the first round none.
    kept = [len({s for _, s in old.tables} & {s for _, s in new.tables}) for old, new in zip(current, rest)]
    assert kept[0] == 5 and min(kept) >= 3


# ---------------------------------------------------------------- text and grid


def test_schedule_text_and_grid_cells():
    plans = [SeatedRound(1, [(1, (1, 2, 3, 4))], [5]), SeatedRound(2, [(1, (5, 1, 3, 2))], [4])]
    assert schedule_text(plans) == ("Round  1  T1: 1&3 v 2&4  sit out: 5\n"
                                    "Round  2  T1: 5&3 v 1&2  sit out: 4")
    assert grid(plans, [1, 4, 5]) == {
        1: ["T1 N with 3 v 2 & 4", "T1 E with 2 v 3 & 5"],
        4: ["T1 W with 2 v 1 & 3", "sits out"],
        5: ["sits out", "T1 N with 3 v 1 & 2"],
    }
    three = [SeatedRound(1, [(2, (4, 9, 2))], [7])]
    assert schedule_text(three) == "Round  1  T2: 4 9 2  sit out: 7"
    assert grid(three, [9, 7]) == {9: ["T2 seat 2 with 4 & 2"], 7: ["sits out"]}


def test_large_fields_plan_in_blocks_and_stay_valid():
    # Beyond 128 players the matchings run on blocks drawn afresh each round (docs/rules.md, Movements).
    players = list(range(1, 262))
    plans = plan(players, 6, seats=4)
    partners, opponents, _, byes = check_plan(plans, players, 4, 6)
    assert max(partners.values()) == 1 and max(opponents.values()) == 1
    assert max(byes.values()) - min(byes.values()) <= 1


# ---------------------------------------------------------------- six-handed teams


def test_six_handed_teams_follow_the_seats():
    seats = (1, 2, 3, 4, 5, 6)
    assert partners_of(seats, "three-pairs") == [(1, 4), (2, 5), (3, 6)]
    assert sorted(partners_of(seats, "two-threes")) == [(1, 3), (1, 5), (2, 4), (2, 6), (3, 5), (4, 6)]
    assert len(opponents_of(seats, "three-pairs")) == 12 and (1, 4) not in opponents_of(seats, "three-pairs")
    assert len(opponents_of(seats, "two-threes")) == 9 and (1, 2) in opponents_of(seats, "two-threes")
    assert partners_of(seats) == [] and len(opponents_of(seats)) == 15  # teams unknown: all table-mates


def test_six_players_in_three_pairs_partner_everyone_once_in_five_rounds():
    # 15 pairs, three partnerships a round: five rounds can give every pair exactly one (a 1-factorization).
    plans = plan(list(range(1, 7)), 5, seats=6, six_handed="three-pairs")
    partnered = Counter(k for r in plans for _, s in r.tables for k in partners_of(s, "three-pairs"))
    assert len(partnered) == 15 and set(partnered.values()) == {1}


@pytest.mark.parametrize("six_handed", ["three-pairs", "two-threes"])
def test_six_handed_teams_spread_partners_in_a_larger_field(six_handed):
    # 36 players, six tables of six, 3 rounds: nobody partners anyone twice (measured: two-threes
    # first repeats in round 7, three pairs not within 10 rounds).
    plans = plan(list(range(1, 37)), 3, seats=6, six_handed=six_handed)
    check_plan(plans, list(range(1, 37)), 6, 3)
    partnered = Counter(k for r in plans for _, s in r.tables for k in partners_of(s, six_handed))
    assert max(partnered.values()) == 1
    # Deterministic, whatever the order of the numbers.
    again = plan(list(reversed(range(1, 37))), 3, seats=6, six_handed=six_handed)
    assert [r.as_dict() for r in again] == [r.as_dict() for r in plans]


@pytest.mark.parametrize("seats, six_handed, message", [
    (6, "pairs", "six_handed must be one of three-pairs, two-threes"),
    (5, "three-pairs", "six_handed goes with tables of six"),
    (4, "two-threes", "six_handed goes with tables of six"),
])
def test_six_handed_bad_input_is_refused(seats, six_handed, message):
    with pytest.raises(ValueError, match=message):
        plan(list(range(1, 13)), 2, seats=seats, six_handed=six_handed)


@pytest.mark.parametrize("layout_name, six_handed", [("six-pairs", "three-pairs"), ("six-threes", "two-threes")])
def test_a_six_handed_events_rounds_are_planned_for_its_teams(layout_name, six_handed):
    # The event plans its rounds through its layout (Layout.plan): six players in three pairs then
    # partner everyone exactly once in five rounds, as the movement command's --six-handed plans them.
    plans = layout(layout_name).plan(list(range(1, 7)), 5)
    assert [r.as_dict() for r in plans] == [r.as_dict() for r in plan(list(range(1, 7)), 5, seats=6,
                                                                         six_handed=six_handed)]
    if six_handed == "three-pairs":
        partnered = Counter(k for r in plans for _, s in r.tables for k in partners_of(s, six_handed))
        assert len(partnered) == 15 and set(partnered.values()) == {1}
