"""Games to 500 for events of individuals (scoring.engine.games with three sides, and a progressive
four-handed table credited seat by seat). Points per hand are worked by hand from RULES.md
sections 2 and 6 (the bidder scores the contract, each defender 10 a trick he took himself) and the
game-ending rules from section 4 and the three-handed source: "Game is made at 500. If another
player goes out (500) in the same deal as the bidder, the bidder wins."
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.games import (
    DRAWN,
    IN_PLAY,
    WON,
    GamesError,
    GamesSetup,
    PlayedHand,
    SideRecord,
    replay,
    seat_played,
    seat_records,
)
from scoring.engine.rules import rule_set, score_three_handed

THREE = rule_set("three-handed")


def hands(*items):
    """(bidder index, (A, B, C) points, made) per hand, numbered 1, 2, ..."""
    return [PlayedHand(n, d, pts, made) for n, (d, pts, made) in enumerate(items, start=1)]


def summary(result):
    return [(g.number, g.first_hand, g.last_hand, g.scores, g.status, g.winner) for g in result.games]


def test_hand_points_fed_to_the_games_are_the_three_handed_scores():
    # 7S bid by C, C takes 7, A 2, B 1: C +140, A +20, B +10 (RULES.md section 6).
    assert score_three_handed(THREE, "7S", "C", {"A": 2, "B": 1, "C": 7}) == ({"A": 20, "B": 10, "C": 140}, True)
    # 6S bid by B, set with 4: B -40, A (6 tricks) +60, C +0.
    assert score_three_handed(THREE, "6S", "B", {"A": 6, "B": 4, "C": 0}) == ({"A": 60, "B": -40, "C": 0}, False)


BUILD_UP = [
    (0, (420, 10, 0), True),     # A 9NT made with 9, B 1 trick: 420-10-0
    (2, (0, 10, 420), True),     # C 9NT made with 9, B 1 trick: 420-20-420
    (1, (60, -40, 0), False),    # B 6S set with 4, A took 6: 480-(-20)-420
]


def test_the_bidder_wins_when_another_player_goes_out_in_the_same_deal():
    result = replay(THREE, GamesSetup(), hands(
        *BUILD_UP,
        (2, (20, 10, 140), True),   # C 7S made; A pegs 2 tricks to 500, C reaches 560: both out, the bidder C wins
        (0, (40, 0, 40), True),     # A 6S made with 6, C 4 tricks: the next game starts at 0-0-0
    ), sides=3)
    assert summary(result) == [(1, 1, 4, (500, -10, 560), WON, 2), (2, 5, 5, (40, 0, 40), IN_PLAY, None)]
    assert result.games[0].reason == "the bidder wins when both sides cross a winning line in one hand"
    assert result.wins == (0, 0, 1) and result.points == (540, -10, 600)


def test_a_defender_alone_reaching_500_wins_three_handed():
    # Three-handed does not make a player bid to win: A pegs 2 tricks on B's 8D to 500 and goes out.
    result = replay(THREE, GamesSetup(), hands(*BUILD_UP, (1, (20, 280, 0), True)), sides=3)
    assert summary(result) == [(1, 1, 4, (500, 260, 420), WON, 0)]


def test_the_event_s_rules_apply_must_bid_to_win_and_a_losing_line():
    must_bid = rule_set("three-handed", {"must_bid_to_win": True})
    result = replay(must_bid, GamesSetup(), hands(*BUILD_UP, (1, (20, 280, 0), True)), sides=3)
    assert summary(result) == [(1, 1, 4, (500, 260, 420), IN_PLAY, None)]  # pegging past 500 does not win
    losing = rule_set("three-handed", {"lose_at": -500})
    result = replay(losing, GamesSetup(), hands(
        (1, (30, -360, 40), False),  # B 9C set (-360): A 3 tricks, C 4
        (1, (20, -140, 30), False),  # B 7S set: -500, "reach or exceed": the highest score wins: C (70)
    ), sides=3)
    assert summary(result) == [(1, 1, 2, (50, -500, 70), WON, 2)]


def test_hand_limit_draw_between_the_players_level_at_the_top():
    result = replay(THREE, GamesSetup(hand_limit=2), hands(
        (0, (140, 20, 10), True),   # A 7S: 140-20-10
        (1, (0, 120, 30), True),    # B 6NT with 7, C 3 tricks: 140-140-40 after two hands: A and B level
        (2, (20, 10, 160), True),   # C 7C made with 7, A 2 tricks, B 1: 20-10-160, then the bell
    ), sides=3, round_over=True)
    assert [(g.scores, g.status, g.winner, g.level) for g in result.games] == [
        ((140, 140, 40), DRAWN, None, (0, 1)), ((20, 10, 160), WON, 2, ())]
    # A and B drew game 1 and lost game 2; C lost game 1 (below the level pair) and won game 2.
    # Points 160, 150, 200; difference = own points minus each opponent's, summed.
    assert result.record(0) == SideRecord(0, 1, 1, 0, 160, -30)   # (160-150) + (160-200)
    assert result.record(1) == SideRecord(0, 1, 1, 0, 150, -60)   # (150-160) + (150-200)
    assert result.record(2) == SideRecord(1, 1, 0, 0, 200, 90)    # (200-160) + (200-150)


def test_wins_per_round_match_for_three_players():
    setup = GamesSetup(hand_limit=1, wins_per_round=2)
    result = replay(THREE, setup, hands(
        (0, (140, 20, 10), True), (1, (10, 140, 20), True), (1, (0, 240, 20), True), (0, (40, 30, 10), True),
    ), sides=3)
    assert (result.wins, result.match, result.complete, result.late_hands) == ((1, 2, 0), 1, True, (4,))
    assert [r.matches for r in (result.record(0), result.record(1), result.record(2))] == [0, 1, 0]
    # At the bell: the player with more wins has the match; level wins at the top: nobody.
    bell = replay(THREE, setup, hands((0, (140, 20, 10), True), (1, (10, 140, 20), True)), sides=3, round_over=True)
    assert (bell.wins, bell.match) == ((1, 1, 0), None)


def test_seat_played_orders_points_by_seating_and_finds_the_bidder():
    hand = seat_played(3, ["1", "2", "3"], "2", {"1": 20, "2": 140, "3": 10}, True)
    assert hand == PlayedHand(3, 1, (20, 140, 10), True)
    assert seat_played(1, ["1", "2", "3"], "", {}, False).declarer is None


def test_progressive_players_are_credited_their_side_s_games():
    # A progressive four-handed table under official-team rules: the partnership game between N-S and
    # E-W (hand limit 2). N-S 9H made with 9: 400-10; E-W 6S made with 6, N-S peg 4: 440-50 after two,
    # N-S ahead win game 1; then E-W 7C made with 7, N-S peg 3: 30-160 at the bell, E-W win game 2.
    result = replay(rule_set("official-team"), GamesSetup(hand_limit=2),
                    hands((0, (400, 10), True), (1, (40, 40), True), (1, (30, 160), True)), round_over=True)
    records = seat_records(result, {"N": 0, "E": 1, "S": 0, "W": 1})
    assert records["N"] == records["S"] == SideRecord(1, 1, 0, 0, 470, 260)
    assert records["E"] == records["W"] == SideRecord(1, 1, 0, 0, 210, -260)


def test_sides_are_checked():
    with pytest.raises(GamesError, match="every hand needs 3 points"):
        replay(THREE, GamesSetup(), hands((0, (140, 20), True)), sides=3)
    with pytest.raises(GamesError, match="sides: 7 is not between 2 and 6"):
        replay(THREE, GamesSetup(), [], sides=7)  # two to six sides: a table of two to six (RULES.md section 7)
    assert replay(THREE, GamesSetup(), [], sides=3).wins == (0, 0, 0)


# --- properties -----------------------------------------------------------------------------------

def _three_handed_hand(draw):
    contract = draw(st.sampled_from(["6S", "7H", "8D", "9NT", "10C", "10NT"]))
    bidder = draw(st.integers(0, 2))
    bid_tricks = draw(st.integers(0, 10))
    other = draw(st.integers(0, 10 - bid_tricks))
    tricks = {0: 0, 1: 0, 2: 0}
    tricks[bidder] = bid_tricks
    defenders = [s for s in range(3) if s != bidder]
    tricks[defenders[0]], tricks[defenders[1]] = other, 10 - bid_tricks - other
    points, made = score_three_handed(THREE, contract, bidder, tricks)
    return bidder, (points[0], points[1], points[2]), made


@st.composite
def three_handed_rounds(draw):
    return [_three_handed_hand(draw) for _ in range(draw(st.integers(0, 25)))]


@settings(max_examples=200, deadline=None)
@given(three_handed_rounds(), st.sampled_from([None, 1, 3]), st.sampled_from([None, -500]))
def test_no_game_goes_on_after_it_is_won_and_points_are_the_hands(items, hand_limit, lose_at):
    rules = rule_set("three-handed", {"lose_at": lose_at})
    played = hands(*items)
    result = replay(rules, GamesSetup(hand_limit=hand_limit), played, sides=3)
    # Every hand is in exactly one game, in order (no games_per_round: nothing is late).
    covered = [n for g in result.games for n in range(g.first_hand, g.last_hand + 1)]
    assert covered == [h.number for h in played] and result.late_hands == ()
    for game in result.games:
        inside = [h for h in played if game.first_hand <= h.number <= game.last_hand]
        # The points are the hands' points summed (the three-handed rules have no pegging cap).
        assert game.scores == tuple(sum(h.points[s] for h in inside) for s in range(3))
        # A game never continues after it is won: no hand before its last one reached 500 or the losing line.
        for upto in range(1, len(inside)):
            running = [sum(h.points[s] for h in inside[:upto]) for s in range(3)]
            assert max(running) < 500 and (lose_at is None or min(running) > lose_at)
        if game.status == WON and (hand_limit is None or game.hands < hand_limit):
            assert max(game.scores) >= 500 or (lose_at is not None and min(game.scores) <= lose_at)
    assert all(g.over for g in result.games[:-1])
    assert result.points == tuple(sum(h.points[s] for h in played) for s in range(3))
    records = [result.record(s) for s in range(3)]
    finished = sum(1 for g in result.games if g.over)
    for r in records:
        assert r.won + r.lost + r.drawn == finished
    assert sum(r.difference for r in records) == 0
    assert sum(r.won for r in records) == sum(1 for g in result.games if g.status == WON)


# --- the standings of a games event of individuals --------------------------------------------------

def test_standings_rank_players_by_their_own_games_and_a_memo_sees_a_changed_table():
    from scoring.engine import standings as S

    setup = S.Setup(rounds=1, hands_per_round=None, format="games", entrants="individuals", rank_by=("games", "points"))
    entrants = [S.Entrant(i, i, (f"P{i}",)) for i in (1, 2, 3)]

    def table(won, points):
        # won: who won the round's one game; each seat: (entrant, points, made, set, won, lost, drawn, matches, diff)
        seats = tuple(S.Seat(e, points[e - 1], 0, 0, int(won == e), int(won != e), 0, 0,
                             3 * points[e - 1] - sum(points)) for e in (1, 2, 3))
        return S.TableResult(1, 0, 0, 0, 0, 4, True, seats=seats)

    memo: dict = {}
    first = S.compute(setup=setup, entrants=entrants, tables=[table(3, (500, -10, 560))], memo=memo)
    assert [(r.number, r.rank, r.games_won, r.games_lost, r.total, r.difference) for r in first.rows] == [
        (3, 1, 1, 0, 560, 630), (1, 2, 0, 1, 500, 450), (2, 3, 0, 1, -10, -1080)]
    top = S.as_json(first, "x")["standings"][0]
    assert (top["player"], top["name"], top["games_won"], top["games_lost"], top["difference"]) == (3, "P3", 1, 0, 630)
    assert "partnership" not in top and "players" not in top
    # A correction at that table (player 1 now the winner): the memo must not keep the old rows.
    again = S.compute(setup=setup, entrants=entrants, tables=[table(1, (520, -10, 480))], memo=memo)
    assert [(r.number, r.games_won, r.total) for r in again.rows] == [(1, 1, 520), (3, 0, 480), (2, 0, -10)]
