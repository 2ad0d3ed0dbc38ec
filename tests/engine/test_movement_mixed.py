"""Mixed table sizes, nobody sits out (scoring.engine.movement_mixed, RULES.md section 7): the
sizes of a round (fours preferred, then fives, then sixes, a three only when nothing else fits,
a two only for two players), everyone seated every round, who plays away from the fours rotating
fairly (nobody at a five or six twice before everyone who can has been once), the spread of
meetings, determinism, re-plans, and the event-file shape (every table a list of seats)."""

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.movement_individuals import SeatedRound, opponents_of, partners_of, schedule_text
from scoring.engine.movement_mixed import plan_mixed, sizes_text, table_sizes

# Worked by hand from the rule: fewest twos, then threes, then sixes, then fives; fours for the rest.
HAND_SIZES = {
    2: [2], 3: [3], 4: [4], 5: [5], 6: [6], 7: [4, 3], 8: [4, 4], 9: [4, 5], 10: [5, 5], 11: [5, 6],
    12: [4, 4, 4], 13: [4, 4, 5], 14: [4, 5, 5], 15: [5, 5, 5], 16: [4, 4, 4, 4], 17: [4, 4, 4, 5],
    18: [4, 4, 5, 5], 19: [4, 5, 5, 5], 23: [4, 4, 5, 5, 5], 30: [4, 4, 4, 4, 4, 5, 5],
}


@pytest.mark.parametrize("count, sizes", sorted(HAND_SIZES.items()))
def test_table_sizes_worked_by_hand(count, sizes):
    assert table_sizes(count) == sizes


def _all_splits(count, sizes=(6, 5, 4, 3, 2)):
    """Every multiset of table sizes adding up to `count` (brute force, small counts only)."""
    if count == 0:
        yield []
        return
    for i, size in enumerate(sizes):
        if size <= count:
            for rest in _all_splits(count - size, sizes[i:]):
                yield [size, *rest]


@pytest.mark.parametrize("count", range(2, 41))
def test_table_sizes_is_the_preferred_split(count):
    sizes = table_sizes(count)
    assert sum(sizes) == count and sizes == sorted(sizes, key=[4, 5, 6, 3, 2].index)

    def rank(split):
        return (split.count(2), split.count(3), split.count(6), split.count(5))

    assert rank(sizes) == min(rank(split) for split in _all_splits(count))
    # What that means in words: a two only for two players, a three only for 3 and 7, a six only
    # for 6 and 11, and from 8 players at most three tables are not fours.
    assert (2 in sizes) == (count == 2)
    assert (3 in sizes) == (count in (3, 7))
    assert (6 in sizes) == (count in (6, 11))
    if count >= 8:
        assert sum(1 for s in sizes if s != 4) <= 3


def test_too_few_players_and_bad_input_are_refused():
    with pytest.raises(ValueError, match="at least 2 players"):
        table_sizes(1)
    with pytest.raises(ValueError, match="at least 2 players"):
        plan_mixed([7], 3)
    with pytest.raises(ValueError, match="appears twice"):
        plan_mixed([1, 2, 2, 3], 3)
    with pytest.raises(ValueError, match="between 1 and 60"):
        plan_mixed([1, 2, 3, 4], 0)
    with pytest.raises(ValueError, match="cover the rounds"):
        plan_mixed([1, 2, 3, 4, 5], 2, current=plan_mixed([1, 2, 3, 4, 5], 1))


def check_mixed(plans, players, rounds, first_round=1, before=None):
    """Everything a mixed plan promises for any input; returns the meeting and partner counts."""
    players = sorted(players)
    assert [p.number for p in plans] == list(range(first_round, first_round + rounds))
    order = [4, 5, 6, 3, 2]
    at_size = Counter(before or {})
    for rnd in plans:
        assert rnd.mixed and rnd.byes == []
        seated = [p for _, s in rnd.tables for p in s]
        assert sorted(seated) == players  # nobody sits out, nobody twice
        sizes = [len(s) for _, s in rnd.tables]
        assert all(3 <= size <= 6 for size in sizes) or sizes == [2] == [len(players)]
        assert sizes == table_sizes(len(players))
        assert sizes == sorted(sizes, key=order.index)  # fours numbered first, then fives, sixes, a three
        assert [t for t, _ in rnd.tables] == list(range(1, len(sizes) + 1))
        away = [p for _, s in rnd.tables if len(s) != 4 for p in s]
        at_four = [p for _, s in rnd.tables if len(s) == 4 for p in s]
        # Nobody away from the fours (at a five, six or three) twice before everyone who can has been once:
        # whoever goes away has been away no more often than anyone who stays at a four.
        if at_four:
            least = min(at_size[("away", p)] for p in at_four)
            assert all(at_size[("away", p)] <= least for p in away), (len(players), rnd.number)
        for _, s in rnd.tables:
            for p in s:
                at_size[(len(s), p)] += 1
                if len(s) != 4:
                    at_size[("away", p)] += 1
    met, partnered = Counter(), Counter()
    for rnd in plans:
        for _, s in rnd.tables:
            met.update(opponents_of(s))
            partnered.update(partners_of(s))
    return met, partnered, at_size


def check_fresh(n, rounds):
    players = list(range(1, n + 1))
    plans = plan_mixed(players, rounds)
    met, partnered, at_size = check_mixed(plans, players, rounds)
    # Over the session every size's counts differ by at most one between players (a fresh plan).
    for size in set(table_sizes(n)) | {"away"}:
        counts = [at_size[(size, p)] for p in players]
        assert max(counts) - min(counts) <= 1, (n, rounds, size)
    # Partners (at the fours, seats 1 and 3, 2 and 4): nobody partners anyone twice in the first N - 1 rounds.
    if rounds <= n - 1:
        assert max(partnered.values(), default=0) <= 1, (n, rounds)
    # Sharing a table (as partners or opponents): spread evenly, as measured for 2 to 120 players.
    shared = [met[(a, b)] + partnered[(a, b)] for a, b in combinations(players, 2)]
    assert max(shared) - min(shared) <= (6 if n < 12 else 4), (n, rounds, Counter(shared))
    return plans


@pytest.mark.parametrize("n", range(2, 25))
def test_guarantees_for_every_size_up_to_24_players(n):
    for rounds in (1, 2, 3, 5, 8, 12):
        check_fresh(n, rounds)


@settings(max_examples=25, deadline=None)
@given(n=st.integers(min_value=25, max_value=120), rounds=st.integers(min_value=1, max_value=12))
def test_guarantees_from_25_to_120_players(n, rounds):
    check_fresh(n, rounds)


def test_ten_players_sit_at_two_tables_of_five_every_round():
    plans = plan_mixed(list(range(1, 11)), 4)
    assert [[len(s) for _, s in r.tables] for r in plans] == [[5, 5]] * 4
    first = plans[0].as_dict()
    assert first == {"number": 1, "byes": [],
                     "tables": [{"table": 1, "seats": [1, 2, 3, 4, 5]}, {"table": 2, "seats": [6, 7, 8, 9, 10]}]}


def test_seven_players_sit_at_a_four_and_a_three_and_the_three_rotates():
    plans = plan_mixed(list(range(1, 8)), 7)
    assert all([len(s) for _, s in r.tables] == [4, 3] for r in plans)
    # Seven rounds, three places at the three each round: 21 = 7 x 3, so each player exactly three times.
    at_three = Counter(p for r in plans for _, s in r.tables if len(s) == 3 for p in s)
    assert at_three == {p: 3 for p in range(1, 8)}
    # Round 1: the three highest numbers at the three; round 2: three of the four who were at the four.
    assert set(plans[0].tables[1][1]) == {5, 6, 7}
    assert set(plans[1].tables[1][1]) < {1, 2, 3, 4}


def test_nine_players_take_turns_at_the_five():
    plans = plan_mixed(list(range(1, 10)), 9)
    assert all([len(s) for _, s in r.tables] == [4, 5] for r in plans)
    at_five = Counter(p for r in plans for _, s in r.tables if len(s) == 5 for p in s)
    assert at_five == {p: 5 for p in range(1, 10)}  # 9 rounds x 5 places = 45 = 9 x 5
    # After round 1 (5, 6, 7, 8, 9 at the five) the four who missed it all go in round 2.
    assert {1, 2, 3, 4} < set(plans[1].tables[1][1])


def test_eleven_players_sit_at_a_five_and_a_six_and_the_six_rotates():
    plans = plan_mixed(list(range(1, 12)), 11)
    assert all([len(s) for _, s in r.tables] == [5, 6] for r in plans)
    at_six = Counter(p for r in plans for _, s in r.tables if len(s) == 6 for p in s)
    assert at_six == {p: 6 for p in range(1, 12)}  # 11 rounds x 6 places = 66 = 11 x 6


def test_plan_is_deterministic_and_independent_of_input_order():
    a = [r.as_dict() for r in plan_mixed(list(range(1, 24)), 9)]
    b = [r.as_dict() for r in plan_mixed(list(reversed(range(1, 24))), 9)]
    assert a == b


def test_every_table_is_written_as_its_seats_and_read_back():
    plans = plan_mixed(list(range(1, 14)), 2)
    data = plans[0].as_dict()
    assert [len(t["seats"]) for t in data["tables"]] == [4, 4, 5]
    assert all(set(t) == {"table", "seats"} for t in data["tables"])
    for rnd in plans:
        back = SeatedRound.from_dict(rnd.as_dict())
        assert back == rnd and back.mixed and back.as_dict() == rnd.as_dict()
    # A table of four keeps its partners opposite: seats 1 and 3, 2 and 4 (N, E, S, W).
    seats = plans[0].tables[0][1]
    assert data["tables"][0]["seats"] == list(seats)
    assert schedule_text(plans[:1]).startswith(f"Round  1  T1: {seats[0]}&{seats[2]} v {seats[1]}&{seats[3]}")


def test_sizes_text():
    assert sizes_text(9) == "4 + 5" and sizes_text(11) == "5 + 6" and sizes_text(7) == "4 + 3"


# ---------------------------------------------------------------- re-plans


@settings(max_examples=30, deadline=None)
@given(n=st.integers(min_value=3, max_value=30), rounds=st.integers(min_value=2, max_value=8),
       played=st.integers(min_value=1, max_value=7), change=st.sampled_from(["withdraw", "late", "both"]),
       who=st.integers(min_value=1, max_value=30))
def test_replan_seats_everyone_and_keeps_the_rotation_fair(n, rounds, played, change, who):
    played = min(played, rounds - 1)
    full = plan_mixed(list(range(1, n + 1)), rounds)
    history, current = full[:played], full[played:]
    players = list(range(1, n + 1))
    if change in ("withdraw", "both"):
        players.remove((who - 1) % n + 1)
    if change in ("late", "both"):
        players.append(n + 1)
    before = Counter()
    for rnd in history:
        for _, s in rnd.tables:
            for p in s:
                before[(len(s), p)] += 1
                if len(s) != 4:
                    before[("away", p)] += 1
    rest = plan_mixed(players, rounds - played, first_round=played + 1, history=history, current=current)
    check_mixed(rest, players, rounds - played, first_round=played + 1, before=before)
    again = plan_mixed(players, rounds - played, first_round=played + 1, history=history, current=current)
    assert [r.as_dict() for r in again] == [r.as_dict() for r in rest]


def test_replan_with_the_same_players_keeps_the_printed_rounds():
    full = plan_mixed(list(range(1, 14)), 6)
    rest = plan_mixed(list(range(1, 14)), 4, first_round=3, history=full[:2], current=full[2:])
    assert [r.as_dict() for r in rest] == [r.as_dict() for r in full[2:]]


def test_eleven_players_with_teams_at_the_six():
    plans = plan_mixed(list(range(1, 12)), 5, six_handed="three-pairs")
    check_mixed(plans, list(range(1, 12)), 5)
    partnered = Counter(k for r in plans for _, s in r.tables for k in partners_of(s, "three-pairs"))
    assert sum(partnered.values()) == 15 and max(partnered.values()) == 1  # 3 pairs a round, none twice
    with pytest.raises(ValueError, match="six_handed must be one of"):
        plan_mixed(list(range(1, 12)), 2, six_handed="threes")
