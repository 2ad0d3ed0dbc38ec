"""The pure standings module: ranks, ties, sit-out credit, tiebreak sessions, medals, divisions,
secondary tiebreakers and the JSON / CSV / text shapes. No database here."""

import json
from fractions import Fraction

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import standings as S


def entrant(number, division=""):
    return S.Entrant(id=number, number=number, players=(f"P{number}a", f"P{number}b"), division=division)


def table(rnd, ns, ew, ns_points, ew_points, *, hands=4, final=True, **made):
    return S.TableResult(rnd, ns, ew, ns_points, ew_points, hands, final, **made)


def one_round_event(totals: dict[int, int], *, rounds=1, divisions=None, **setup):
    """Each partnership's whole total in round 1, paired off in number order (even count)."""
    numbers = sorted(totals)
    tables = []
    for i in range(0, len(numbers), 2):
        a, b = numbers[i], numbers[i + 1]
        tables.append(table(1, a, b, totals[a], totals[b]))
    ents = [entrant(n, (divisions or {}).get(n, "")) for n in numbers]
    return S.compute(setup=S.Setup(rounds=rounds, **setup), entrants=ents, tables=tables, rounds_created=[1])


def by_number(standings):
    return {row.number: row for row in standings.rows}


@pytest.mark.parametrize(
    "numerator,denominator,expected",
    [(25, 2, 13), (-25, 2, -13), (24, 2, 12), (5, 2, 3), (-5, 2, -3), (1, 3, 0), (2, 3, 1), (-2, 3, -1),
     (130, 2, 65), (0, 5, 0), (749, 3, 250)],
)
def test_round_half_away_from_zero(numerator, denominator, expected):
    assert S.round_half_away(numerator, denominator) == expected


@given(st.integers(-10**6, 10**6), st.integers(1, 50))
def test_round_half_away_matches_exact_arithmetic(numerator, denominator):
    exact = Fraction(numerator, denominator)
    got = S.round_half_away(numerator, denominator)
    assert abs(exact - got) <= Fraction(1, 2)
    if abs(exact - got) == Fraction(1, 2):
        assert abs(got) > abs(exact)  # halves go away from zero


def test_competition_ranking_1_2_2_4():
    st_ = one_round_event({1: 500, 2: 400, 3: 400, 4: 300})
    rows = st_.rows
    assert [(r.number, r.rank, r.tied) for r in rows] == [(1, 1, False), (2, 2, True), (3, 2, True), (4, 4, False)]
    assert [r.decided_by for r in rows] == ["total", "shared", "shared", "total"]


def test_medals_for_distinct_totals_when_complete():
    st_ = one_round_event({1: 300, 2: 500, 3: 100, 4: 400, 5: 200, 6: 0})
    assert [(r.number, r.medal) for r in st_.rows][:4] == [(2, "gold"), (4, "silver"), (1, "bronze"), (5, None)]
    assert st_.progress.complete and st_.overall.ties == ()


def test_no_medals_until_every_main_round_is_in():
    st_ = one_round_event({1: 300, 2: 500, 3: 100, 4: 400}, rounds=2)  # round 2 never played
    assert not st_.progress.complete
    assert all(r.medal is None for r in st_.rows)


def test_no_medals_while_a_table_is_unconfirmed():
    tables = [table(1, 1, 2, 300, 20), table(1, 3, 4, 200, 40, final=False)]
    st_ = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(n) for n in (1, 2, 3, 4)], tables=tables)
    assert not st_.progress.complete
    assert [r.medal for r in st_.rows] == [None] * 4
    assert by_number(st_)[3].rounds[0].provisional and not by_number(st_)[1].rounds[0].provisional


def test_tie_for_third_and_fourth_withholds_bronze_and_says_so():
    st_ = one_round_event({1: 500, 2: 400, 3: 300, 4: 300, 5: 200, 6: 100})
    medals = {r.number: r.medal for r in st_.rows}
    assert medals == {1: "gold", 2: "silver", 3: None, 4: None, 5: None, 6: None}
    (tie,) = st_.overall.ties
    assert tie.places == (3, 4) and tie.partnerships == (3, 4) and tie.total == 300
    assert "Tied for 3rd and 4th on 300: 3 P3a & P3b; 4 P4a & P4b" in S.as_text(st_, "Event")


def test_tie_for_first_still_awards_an_undisputed_bronze():
    st_ = one_round_event({1: 500, 2: 500, 3: 300, 4: 100})
    assert {r.number: r.medal for r in st_.rows} == {1: None, 2: None, 3: "bronze", 4: None}
    assert st_.overall.ties[0].places == (1, 2)


def test_tie_below_the_medals_is_not_a_medal_tie():
    st_ = one_round_event({1: 500, 2: 400, 3: 300, 4: 200, 5: 200, 6: 0})
    assert st_.overall.ties == ()
    assert [r.medal for r in st_.rows[:3]] == ["gold", "silver", "bronze"]


def tiebreak(seq, members, results):
    """results: [(ns, ew, ns_points, ew_points)] one table each, in tiebreak round 1.."""
    tables = tuple(table(i + 1, ns, ew, a, b) for i, (ns, ew, a, b) in enumerate(results))
    return S.TiebreakSession(seq, frozenset(members), tables)


def test_tiebreak_session_orders_a_tie_for_second_and_keeps_totals():
    base = {1: 500, 2: 400, 3: 400, 4: 300, 5: 200, 6: 100}
    tables = [table(1, 1, 2, 500, 400), table(1, 3, 4, 400, 300), table(1, 5, 6, 200, 100)]
    # Tiebreak: 3 bids 7H and makes 8 tricks (+200, defenders +20), then 2 bids 6S, makes 6 (+40 / +40).
    tb = tiebreak(1, {2, 3}, [(3, 2, 200 + 40, 20 + 40)])
    st_ = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(n) for n in base], tables=tables, tiebreaks=[tb])
    rows = by_number(st_)
    assert (rows[3].rank, rows[3].medal, rows[3].total, rows[3].tiebreak_total) == (2, "silver", 400, 240)
    assert (rows[2].rank, rows[2].medal, rows[2].total, rows[2].tiebreak_total) == (3, "bronze", 400, 60)
    assert rows[3].decided_by == rows[2].decided_by == "tiebreak 1"
    assert rows[1].tiebreak_total is None and rows[1].medal == "gold"
    assert st_.overall.ties == ()


def test_unfinished_tiebreak_session_does_not_order_yet():
    tables = [table(1, 1, 2, 500, 400), table(1, 3, 4, 400, 300)]
    tb = S.TiebreakSession(1, frozenset({2, 3}), (table(1, 3, 2, 240, 60, hands=2, final=False),))
    st_ = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(n) for n in (1, 2, 3, 4)], tables=tables, tiebreaks=[tb])
    rows = by_number(st_)
    assert rows[2].rank == rows[3].rank == 2 and rows[2].medal is None and rows[3].medal is None
    assert rows[3].tiebreak_total == 240  # shown while it is played, but it orders nothing yet
    assert st_.overall.ties[0].places == (2, 3)


def test_repeated_tiebreak_sessions_order_those_still_tied():
    tables = [table(1, 1, 2, 500, 400), table(1, 3, 4, 400, 400), table(1, 5, 6, 100, 0)]
    ents = [entrant(n) for n in range(1, 7)]
    # Session 1, a round robin of 2, 3 and 4: 4 leads with 300, 2 and 3 tie on 200.
    s1 = tiebreak(1, {2, 3, 4}, [(2, 3, 100, 100), (2, 4, 100, 150), (3, 4, 100, 150)])
    st1 = S.compute(setup=S.Setup(rounds=1), entrants=ents, tables=tables, tiebreaks=[s1])
    r = by_number(st1)
    assert (r[4].rank, r[4].medal, r[4].decided_by) == (2, "silver", "tiebreak 1")
    assert r[2].rank == r[3].rank == 3 and r[2].tied and r[2].medal is None
    assert st1.overall.ties[0].places == (3, 4) and st1.overall.ties[0].partnerships == (2, 3)
    # Session 2: 2 against 3 only; 3 wins it. Totals never change.
    s2 = tiebreak(2, {2, 3}, [(2, 3, -100, 30)])
    st2 = S.compute(setup=S.Setup(rounds=1), entrants=ents, tables=tables, tiebreaks=[s1, s2])
    r = by_number(st2)
    assert [(n, r[n].rank, r[n].medal, r[n].total) for n in (1, 4, 3, 2)] == [
        (1, 1, "gold", 500), (4, 2, "silver", 400), (3, 3, "bronze", 400), (2, 4, None, 400)]
    assert r[3].decided_by == r[2].decided_by == "tiebreak 2"
    assert r[3].tiebreak_total == 30 and r[2].tiebreak_total == -100
    assert [t.total for t in r[2].tiebreaks] == [200, -100]
    assert st2.overall.ties == ()


def test_still_tied_after_a_tiebreak_keeps_sharing_the_rank():
    tables = [table(1, 1, 2, 400, 400)]
    tb = tiebreak(1, {1, 2}, [(1, 2, 60, 60)])
    st_ = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(1), entrant(2)], tables=tables, tiebreaks=[tb])
    assert [(r.rank, r.tied, r.medal, r.decided_by) for r in st_.rows] == [(1, True, None, "shared")] * 2


def test_session_for_a_subset_of_a_tie_does_not_split_it():
    tables = [table(1, 1, 2, 400, 400), table(1, 3, 4, 400, 0)]
    tb = tiebreak(1, {1, 2}, [(1, 2, 100, 0)])  # 3 was tied too but did not play
    st_ = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(n) for n in (1, 2, 3, 4)], tables=tables, tiebreaks=[tb])
    assert [r.rank for r in st_.rows] == [1, 1, 1, 4]


# ---- sit-outs: hand-worked credits


def sit_out_event(policy, points=0, rounds=(200, -175)):
    """Partnership 1 plays rounds 1 and 2 (scoring `rounds`) and sits out round 3."""
    r1, r2 = rounds
    tables = [table(1, 1, 2, r1, 0), table(2, 1, 3, r2, 0), table(3, 2, 3, 0, 0)]
    return S.compute(
        setup=S.Setup(rounds=3, sit_out_policy=policy, sit_out_points=points),
        entrants=[entrant(1), entrant(2), entrant(3)],
        tables=tables,
        sit_outs=[(3, 1), (2, 2), (1, 3)],
    )


@pytest.mark.parametrize(
    "policy,points,rounds,credit,total",
    [
        ("average", 0, (200, -175), 13, 38),  # (200 - 175) / 2 = 12.5 -> 13
        ("average", 0, (-200, 175), -13, -38),  # -12.5 -> -13, away from zero
        ("average", 0, (240, 260), 250, 750),
        ("average", 0, (240, 20), 130, 390),
        ("zero", 0, (200, -175), 0, 25),
        ("fixed", 150, (200, -175), 150, 175),
    ],
)
def test_sit_out_credit(policy, points, rounds, credit, total):
    row = by_number(sit_out_event(policy, points, rounds))[1]
    cell = row.rounds[2]
    assert (cell.sit_out, cell.points, cell.credit) == (True, credit, policy)
    assert row.total == total
    assert row.hands_played == 8


def test_average_ignores_unfinished_rounds_and_future_sit_outs():
    # Round 2 has only 2 of 4 hands in: it counts in the total but not in the average.
    tables = [table(1, 1, 2, 300, 20), table(2, 1, 3, 100, 0, hands=2, final=False)]
    st_ = S.compute(setup=S.Setup(rounds=4), entrants=[entrant(1), entrant(2), entrant(3)], tables=tables,
                    sit_outs=[(3, 1), (1, 3), (2, 2)], rounds_created=[1, 2, 3])
    row = by_number(st_)[1]
    # Round 3 is not reached (round 2 is the latest with hands): the sit-out is shown, not credited.
    assert row.rounds[2].sit_out and row.rounds[2].points is None
    assert row.total == 400
    third = by_number(st_)[3]
    assert third.rounds[0].points == 0 and third.rounds[0].provisional  # nothing completed to average yet
    assert st_.progress.label == "Round 2 of 4: 0 of 1 tables in"


def test_sit_out_policy_is_in_every_output():
    st_ = sit_out_event("fixed", 150)
    assert st_.sit_out_label == "Sit-outs: fixed 150 points"
    assert "Sit-outs: fixed 150 points" in S.as_text(st_, "T")
    assert S.as_csv(st_).splitlines()[1].endswith(",fixed 150")
    cell = S.as_json(st_, "e")["standings"][0]["rounds"][2]
    assert cell["credit"] == "fixed"


# ---- divisions and medal scope


DIVS = {1: "70-74", 2: "70-74", 3: "70-74", 4: "75-79", 5: "75-79", 6: "75-79"}
TOTALS = {1: 600, 2: 300, 3: 200, 4: 500, 5: 400, 6: 100}


@pytest.mark.parametrize("scope", ["division", "both"])
def test_medals_per_division(scope):
    st_ = one_round_event(TOTALS, divisions=DIVS, medal_scope=scope)
    divisions = {r.name: [(row.number, row.rank, row.medal) for row in r.rows] for r in st_.divisions}
    assert divisions == {
        "70-74": [(1, 1, "gold"), (2, 2, "silver"), (3, 3, "bronze")],
        "75-79": [(4, 1, "gold"), (5, 2, "silver"), (6, 3, "bronze")],
    }
    overall = by_number(st_)
    if scope == "division":
        assert [r.name for r in st_.medal_rankings] == ["70-74", "75-79"]
        assert overall[4].medal == "gold" and overall[4].rank == 2  # the division medal
    else:
        assert [r.name for r in st_.medal_rankings] == ["Overall", "70-74", "75-79"]
        assert overall[4].medal == "silver" and overall[4].division_medal == "gold"
    assert overall[5].division_rank == 2


def test_overall_scope_ignores_divisions_for_medals():
    st_ = one_round_event(TOTALS, divisions=DIVS, medal_scope="overall")
    assert [r.name for r in st_.medal_rankings] == ["Overall"]
    assert [(r.number, r.medal) for r in st_.rows[:4]] == [(1, "gold"), (4, "silver"), (5, "bronze"), (2, None)]


def test_division_scope_without_divisions_falls_back_to_overall():
    st_ = one_round_event({1: 300, 2: 200}, medal_scope="division")
    assert [r.name for r in st_.medal_rankings] == ["Overall"] and st_.rows[0].medal == "gold"


def test_division_tie_is_listed_under_its_division():
    totals = {1: 600, 2: 300, 3: 300, 4: 500, 5: 400, 6: 100}
    st_ = one_round_event(totals, divisions=DIVS, medal_scope="division")
    ((ranking, tie),) = st_.medal_ties
    assert ranking.name == "70-74" and tie.places == (2, 3) and tie.partnerships == (2, 3)


# ---- secondary tiebreakers (places without a medal)


def secondary_event(order):
    """2 and 3 tie on 100 for 4th; 2 beat 3 head to head; 3 made more contracts; 2 went set less."""
    tables = [
        table(1, 1, 4, 300, 200), table(1, 5, 6, 250, 0),
        table(2, 2, 3, 60, 40, ns_made=2, ns_set=0, ew_made=3, ew_set=1),
        table(2, 1, 5, 0, 0), table(2, 4, 6, 0, 0),
        table(3, 2, 6, 40, 0), table(3, 3, 1, 60, 0), table(3, 4, 5, 0, 0),
    ]
    return S.compute(setup=S.Setup(rounds=3, secondary_tiebreakers=tuple(order)),
                     entrants=[entrant(n) for n in range(1, 7)], tables=tables)


@pytest.mark.parametrize(
    "order,first,rule",
    [(["head_to_head"], 2, "head_to_head"), (["contracts_made"], 3, "contracts_made"),
     (["fewest_sets"], 2, "fewest_sets"), (["contracts_made", "head_to_head"], 3, "contracts_made")],
)
def test_secondary_tiebreakers_order_places_without_medals(order, first, rule):
    rows = secondary_event(order).rows
    assert [r.total for r in rows] == [300, 250, 200, 100, 100, 0]
    fourth, fifth = rows[3], rows[4]
    assert (fourth.number, fourth.rank, fourth.tied, fourth.decided_by) == (first, 4, False, rule)
    assert (fifth.rank, fifth.decided_by) == (5, rule)


def test_default_is_a_shared_rank():
    rows = secondary_event([]).rows
    assert (rows[3].rank, rows[4].rank, rows[3].decided_by) == (4, 4, "shared")


def test_secondary_tiebreakers_never_settle_a_medal_place():
    tables = [table(1, 1, 2, 300, 300, ns_made=4, ew_made=0), table(1, 3, 4, 100, 0)]
    st_ = S.compute(setup=S.Setup(rounds=1, secondary_tiebreakers=("contracts_made",)),
                    entrants=[entrant(n) for n in (1, 2, 3, 4)], tables=tables)
    assert [r.rank for r in st_.rows] == [1, 1, 3, 4] and st_.overall.ties[0].places == (1, 2)


def test_setup_rejects_unknown_choices():
    with pytest.raises(ValueError, match="secondary_tiebreakers: 'coin_toss'"):
        S.Setup(secondary_tiebreakers=("coin_toss",))
    with pytest.raises(ValueError, match="sit_out_policy"):
        S.Setup(sit_out_policy="half")


# ---- output shapes


def test_json_shape():
    data = S.as_json(sit_out_event("average"), "gao-2026")
    assert set(data) == {"event", "standings"} and data["event"] == "gao-2026"
    first = data["standings"][0]
    assert set(first) == {"rank", "tied", "partnership", "players", "division", "total", "rounds",
                          "tiebreak_total", "medal", "withdrawn"}
    assert first == {
        "rank": 1, "tied": False, "partnership": 1, "players": ["P1a", "P1b"], "division": None, "total": 38,
        "rounds": [
            {"round": 1, "points": 200, "sit_out": False, "provisional": False, "hands": 4, "credit": None},
            {"round": 2, "points": -175, "sit_out": False, "provisional": False, "hands": 4, "credit": None},
            {"round": 3, "points": 13, "sit_out": True, "provisional": False, "hands": 0, "credit": "average"},
        ],
        "tiebreak_total": None, "medal": "gold", "withdrawn": False,
    }
    json.dumps(data)  # plain JSON types only


def test_csv_and_text():
    st_ = one_round_event({1: 500, 2: 400, 3: 400, 4: 300})
    lines = S.as_csv(st_).splitlines()
    assert lines[0].startswith("rank,tied,partnership,player_1,player_2,division,total,R1,sit_out_rounds")
    assert lines[2].startswith("2,yes,2,P2a,P2b,,400,400,")
    text = S.as_text(st_, "Golden Age 500")
    assert text.splitlines()[0] == "Golden Age 500"
    assert "All 1 rounds complete" in text
    assert any(line.split()[:2] == ["2=", "2"] for line in text.splitlines())


# ---- properties


@settings(max_examples=60, deadline=None)
@given(st.lists(st.integers(-500, 2000), min_size=2, max_size=16).filter(lambda totals: len(totals) % 2 == 0),
       st.randoms(use_true_random=False))
def test_ranks_are_competition_ranks_and_ignore_input_order(totals_list, rnd):
    totals = {i + 1: t for i, t in enumerate(totals_list)}
    st_ = one_round_event(totals)
    for row in st_.rows:
        better = sum(1 for t in totals.values() if t > row.total)
        same = sum(1 for t in totals.values() if t == row.total)
        assert row.rank == better + 1
        assert row.tied == (same > 1)
        assert (row.medal is not None) == (row.rank <= 3 and same == 1)
    assert [r.total for r in st_.rows] == sorted(totals.values(), reverse=True)
    shuffled = list(st_.rows)
    rnd.shuffle(shuffled)
    tables = [table(1, r.number, 0, r.total, 0) for r in shuffled]
    again = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(r.number) for r in shuffled], tables=tables)
    assert [(r.number, r.rank) for r in again.rows] == [(r.number, r.rank) for r in st_.rows]


@settings(max_examples=40, deadline=None)
@given(st.lists(st.integers(0, 3), min_size=3, max_size=8), st.lists(st.integers(-50, 50), min_size=8, max_size=8))
def test_tiebreaks_never_change_totals_or_cross_main_totals(buckets, tb_points):
    totals = {i + 1: 100 * b for i, b in enumerate(buckets)}
    if len(totals) % 2:
        totals[len(totals) + 1] = -100
    plain = one_round_event(totals)
    members = [r.number for r in plain.rows if r.tied][:4]
    tables = tuple(
        table(1 + i, a, b, tb_points[i], tb_points[-1 - i]) for i, (a, b) in enumerate(zip(members, members[1:]))
    )
    session = S.TiebreakSession(1, frozenset(members), tables)
    numbers = sorted(totals)
    main = [table(1, numbers[i], numbers[i + 1], totals[numbers[i]], totals[numbers[i + 1]])
            for i in range(0, len(numbers), 2)]
    after = S.compute(setup=S.Setup(rounds=1), entrants=[entrant(n) for n in numbers], tables=main,
                      tiebreaks=[session])
    assert {r.number: r.total for r in after.rows} == {r.number: r.total for r in plain.rows}
    assert [r.total for r in after.rows] == sorted(totals.values(), reverse=True)
    for row in after.rows:  # nobody moves above a partnership with a higher main total
        assert row.rank >= 1 + sum(1 for t in totals.values() if t > row.total)
