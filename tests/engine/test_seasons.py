"""The season ladder (scoring.engine.seasons): hand-worked seasons and properties (issue 26)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import seasons
from scoring.engine.seasons import EventResult, MemberResult, PlayedHand, Ranking, SeasonError

NAMES = {1: "Ana", 2: "Ben", 3: "Cy", 4: "Di", 5: "Ed", 6: "Flo", 7: "Gil", 8: "Hal"}


def pair(a: int, b: int, place, points=0, games=0, slams=0, miseres=0):
    return [MemberResult(m, NAMES[m], place, points, games, slams, miseres) for m in (a, b)]


def event(slug, *pairs):
    return EventResult(slug, tuple(r for p in pairs for r in p))


def by_member(standings):
    return {row.member: row for row in standings.rows}


def test_placement_points_with_ties_share_the_place_and_the_rank():
    ranking = Ranking("placement_points", (10, 8, 6, 5))
    # Event A: 1&2 first; 3&4 and 5&6 tied second (both get 2nd's 8); 7&8 fourth (5).
    a = event("a", pair(1, 2, 1), pair(3, 4, 2), pair(5, 6, 2), pair(7, 8, 4))
    # Event B: 3&5 first (10), 1&7 second (8), 2&8 third (6), 4&6 fourth (5).
    b = event("b", pair(3, 5, 1), pair(1, 7, 2), pair(2, 8, 3), pair(4, 6, 4))
    result = seasons.compute(ranking, [a, b])
    # Ana 10+8, Cy 8+10, Ed 8+10 = 18; Ben 10+6 = 16; Di 8+5, Flo 8+5, Gil 5+8 = 13; Hal 5+6 = 11.
    assert [(r.rank, r.name, r.points, r.tied) for r in result.rows] == [
        (1, "Ana", 18, True), (1, "Cy", 18, True), (1, "Ed", 18, True), (4, "Ben", 16, False),
        (5, "Di", 13, True), (5, "Flo", 13, True), (5, "Gil", 13, True), (8, "Hal", 11, False)]
    assert all(r.events == 2 and r.counted == 2 and r.ranked for r in result.rows)


def test_a_place_beyond_the_table_and_no_place_give_nothing_but_count_as_played():
    ranking = Ranking("placement_points", (3, 2))
    e = event("e", pair(1, 2, 1), pair(3, 4, 2), pair(5, 6, 3), pair(7, 8, None))
    rows = by_member(seasons.compute(ranking, [e]))
    assert [rows[m].points for m in (1, 3, 5, 7)] == [3, 2, 0, 0]
    assert rows[7].events == 1
    # 5, 6, 7, 8 all have 0: one shared rank 5.
    assert {rows[m].rank for m in (5, 6, 7, 8)} == {5}


def test_best_of_counts_only_the_best_events():
    ranking = Ranking("total_points", best_of=2)
    events = [
        EventResult("e1", (MemberResult(1, "Ana", 1, 300), MemberResult(2, "Ben", 2, 400))),
        EventResult("e2", (MemberResult(1, "Ana", 3, 100), MemberResult(2, "Ben", 4, 120),
                           MemberResult(3, "Cy", 1, 600))),
        EventResult("e3", (MemberResult(1, "Ana", 2, 250),)),
    ]
    result = seasons.compute(ranking, events)
    # Ana: best two of 300, 100, 250 = 550; Ben 400 + 120 = 520; Cy 600.
    assert [(r.rank, r.member, r.points, r.events, r.counted) for r in result.rows] == [
        (1, 3, 600, 1, 1), (2, 1, 550, 3, 2), (3, 2, 520, 2, 2)]
    ana = result.rows[1]
    assert ana.scores == (("e1", 300, True), ("e2", 100, False), ("e3", 250, True))


def test_minimum_events_lists_the_others_apart_unranked():
    ranking = Ranking("total_points", best_of=2, min_events=2)
    events = [
        EventResult("e1", (MemberResult(1, "Ana", 1, 300), MemberResult(2, "Ben", 2, 400))),
        EventResult("e2", (MemberResult(1, "Ana", 3, 100), MemberResult(2, "Ben", 4, 120),
                           MemberResult(3, "Cy", 1, 600), MemberResult(4, "Di", 2, 50))),
    ]
    result = seasons.compute(ranking, events)
    # Ben 520, Ana 400 ranked; Cy (600) and Di (50) played one event: after them, unranked.
    assert [(r.rank, r.member, r.points, r.ranked, r.tied) for r in result.rows] == [
        (1, 2, 520, True, False), (2, 1, 400, True, False), (None, 3, 600, False, False),
        (None, 4, 50, False, False)]
    assert seasons.as_json(result, "s", "S")["standings"][2]["rank"] is None


def test_games_won_ranking_and_the_awards():
    ranking = Ranking("games_won")
    events = [
        EventResult("e1", (MemberResult(1, "Ana", 1, 900, games_won=3, slams=1, misere_made=0),
                           MemberResult(2, "Ben", 1, 900, games_won=3, slams=1, misere_made=0),
                           MemberResult(3, "Cy", 2, 700, games_won=1, slams=0, misere_made=2))),
        EventResult("e2", (MemberResult(3, "Cy", 1, 800, games_won=2, slams=1, misere_made=0),
                           MemberResult(4, "Di", 2, 500, games_won=0, slams=0, misere_made=2))),
    ]
    result = seasons.compute(ranking, events)
    # Games: Ana 3, Ben 3, Cy 1+2 = 3, Di 0: three share the 1st rank.
    assert [(r.rank, r.member, r.points, r.games_won) for r in result.rows] == [
        (1, 1, 3, 3), (1, 2, 3, 3), (1, 3, 3, 3), (4, 4, 0, 0)]
    assert result.awards == {"most_games_won": (1, 2, 3), "most_slams": (1, 2, 3),
                             "most_misere_made": (3, 4), "most_events": (3,)}


def test_awards_are_empty_when_nobody_scored_one():
    ranking = Ranking("placement_points", (5, 3))
    result = seasons.compute(ranking, [EventResult("e", (MemberResult(1, "Ana", 1), MemberResult(2, "Ben", 2)))])
    assert result.awards == {"most_games_won": (), "most_slams": (), "most_misere_made": (),
                             "most_events": (1, 2)}
    empty = seasons.compute(ranking, [])
    assert empty.rows == () and all(members == () for members in empty.awards.values())


def test_slams_and_miseres_are_read_from_the_bidding_side():
    hands = [
        PlayedHand("ns", "7S", 10, True),     # slam
        PlayedHand("ns", "10NT", 9, False),   # not all ten
        PlayedHand("ew", "MIS", 0, True),     # misère made
        PlayedHand("ew", "OMIS", 1, False),   # open misère lost
        PlayedHand("ew", "6H", 10, True),     # slam
        PlayedHand("ns", "OMIS", 0, True),    # open misère made
        PlayedHand("", "NOBID", 10, False),   # nobody bid: nobody's slam
        PlayedHand("2", "8D", 10, True),      # a seat of three bidding for himself
    ]
    assert seasons.side_counts(hands) == {"ns": (1, 1), "ew": (1, 1), "2": (1, 0)}


def test_a_member_twice_in_one_event_keeps_his_better_result():
    ranking = Ranking("placement_points", (10, 8, 6))
    e = EventResult("e", (MemberResult(1, "Ana", 3), MemberResult(1, "Ana", 1)))
    (row,) = seasons.compute(ranking, [e]).rows
    assert (row.points, row.events) == (10, 1)


def test_the_json_has_the_documented_keys():
    ranking = Ranking("placement_points", (10, 8), best_of=3, min_events=1)
    result = seasons.compute(ranking, [EventResult("e", (MemberResult(7, "Ana", 1, 500, 2, 1, 0),))])
    assert seasons.as_json(result, "summer", "Summer ladder") == {
        "season": {"slug": "summer", "name": "Summer ladder",
                   "ranking": {"by": "placement_points", "placement_points": [10, 8], "best_of": 3,
                               "min_events": 1}},
        "standings": [{"rank": 1, "member": 7, "name": "Ana", "events": 1, "counted": 1, "points": 10,
                       "games_won": 2, "slams": 1, "misere_made": 0, "tied": False, "ranked": True}],
        "awards": {"most_games_won": [7], "most_slams": [7], "most_misere_made": [], "most_events": [7]},
    }
    assert seasons.as_csv(result).splitlines() == [
        "rank,member,name,events,counted,points,games_won,slams,misere_made,tied,ranked",
        "1,7,Ana,1,1,10,2,1,0,False,True"]
    text = seasons.as_text(result, "Summer ladder")
    assert "Most slams: Ana (7)" in text and "Most misères made: nobody yet" in text


@pytest.mark.parametrize("kwargs, field", [
    ({"by": "wins"}, "by"),
    ({"by": "placement_points"}, "placement_points"),
    ({"placement_points": (5, 8)}, "placement_points"),
    ({"placement_points": (5, -1)}, "placement_points"),
    ({"placement_points": (5,), "best_of": 0}, "best_of"),
    ({"placement_points": (5,), "min_events": -1}, "min_events"),
])
def test_a_bad_ranking_names_its_field(kwargs, field):
    with pytest.raises(SeasonError, match=f"^{field}:"):
        Ranking(**kwargs)


def test_placement_points_are_parsed_from_the_flag():
    assert seasons.parse_placement_points("10, 8,6") == (10, 8, 6)
    for bad in ("", "10,x", "10,-2"):
        with pytest.raises(SeasonError, match="^placement_points:"):
            seasons.parse_placement_points(bad)


# ---------------------------------------------------------------- properties

members = st.integers(min_value=1, max_value=12)


@st.composite
def an_event(draw, index):
    """An event's standings: partnerships of two members with totals, ranked 1, 2, 2, 4 by total."""
    people = draw(st.lists(members, min_size=2, max_size=12, unique=True))
    pairs = [people[i:i + 2] for i in range(0, len(people) - 1, 2)]
    totals = draw(st.lists(st.integers(-200, 900), min_size=len(pairs), max_size=len(pairs)))
    results = []
    for players, total in zip(pairs, totals):
        place = 1 + sum(other > total for other in totals)  # competition ranking of the event
        results += [MemberResult(m, f"M{m}", place, total, max(total, 0) // 100) for m in players]
    return EventResult(f"e{index}", tuple(results))


@st.composite
def a_season(draw):
    count = draw(st.integers(0, 6))
    return [draw(an_event(i)) for i in range(count)]


@settings(max_examples=150, deadline=None)
@given(a_season(), st.lists(st.integers(0, 20), min_size=1, max_size=8).map(lambda v: tuple(sorted(v, reverse=True))),
       st.none() | st.integers(1, 4), st.sampled_from(seasons.RANKING_BY), st.integers(0, 3))
def test_season_points_equal_a_recomputation_from_the_events_standings(events, table, best_of, by, min_events):
    ranking = Ranking(by, table, best_of, min_events)
    result = seasons.compute(ranking, events)
    for row in result.rows:
        scores = []
        for e in events:
            mine = [r for r in e.results if r.member == row.member]
            if not mine:
                continue
            (r,) = mine
            scores.append({"placement_points": table[r.place - 1] if r.place <= len(table) else 0,
                           "total_points": r.points, "games_won": r.games_won}[by])
        scores.sort(reverse=True)
        counted = scores if best_of is None else scores[:best_of]
        assert row.points == sum(counted)
        assert (row.events, row.counted) == (len(scores), len(counted))
        assert row.ranked == (len(scores) >= min_events)
    ranked = [row for row in result.rows if row.ranked]
    assert result.rows[:len(ranked)] == tuple(ranked)  # the unranked come after
    for row in ranked:
        assert row.rank == 1 + sum(other.points > row.points for other in ranked)
        assert row.tied == (sum(other.points == row.points for other in ranked) > 1)
    for award, key in seasons.AWARD_KEYS.items():
        most = max((getattr(row, key) for row in result.rows), default=0)
        assert set(result.awards[award]) == {row.member for row in result.rows if most and getattr(row, key) == most}
