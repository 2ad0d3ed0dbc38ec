"""Events played as games (scoring.engine.games): every end-of-game rule of every preset, worked by hand.

Each hand is (declarer 0 = N-S / 1 = E-W / None = nobody bid, N-S points, E-W points, made), the
points a hand stored (scoring.engine.rules.score_hand); the running scores and winners below are
worked out by hand from RULES.md section 4 and the source texts.
"""

import pytest

from scoring.engine import standings as S
from scoring.engine.games import (
    DRAWN,
    IN_PLAY,
    WON,
    GamesError,
    GamesSetup,
    PlayedHand,
    hand_points,
    rank_key,
    replay,
)
from scoring.engine.rules import RulesError, game_after_hand, rule_set


def hands(*items):
    return [PlayedHand(n, d, (ns, ew), made) for n, (d, ns, ew, made) in enumerate(items, start=1)]


PLAIN = GamesSetup()


def games_of(preset, items, overrides=None, setup=PLAIN, **kw):
    return replay(rule_set(preset, overrides), setup, hands(*items), **kw)


def summary(result):
    return [(g.number, g.first_hand, g.last_hand, g.scores, g.status, g.winner) for g in result.games]


# --- must bid to win (official-team, wikipedia-2006) -------------------------------------------

def test_official_team_pegging_past_500_does_not_win_then_a_made_bid_does():
    result = games_of("official-team", [
        (0, 400, 10, True),    # 9H made: 400-10
        (1, 60, -140, False),  # 7S set, N-S peg 6 tricks: 460-(-130)
        (1, 40, 40, True),     # 6S made, N-S peg 4 tricks: 500 on defence, no win ("cannot win ... on defense")
        (0, 60, 40, True),     # 6C made: 560, the bidder made its bid past 500: N-S win
        (1, 30, 140, True),    # the next game starts at 0-0
    ])
    assert summary(result) == [(1, 1, 4, (560, -50), WON, 0), (2, 5, 5, (30, 140), IN_PLAY, None)]
    assert result.wins == (1, 0) and result.points == (590, 90)


def test_wikipedia_a_set_bid_past_500_does_not_win():
    result = games_of("wikipedia-2006", [(0, 500, 0, True), (0, -40, 60, False), (0, 40, 60, True)])
    # 500 made (hearts 10) wins at once: the bidder made its bid and reached 500.
    assert summary(result)[0] == (1, 1, 1, (500, 0), WON, 0)
    result = games_of("wikipedia-2006", [(1, 480, -100, False), (0, -40, 60, False), (0, 40, 60, True)])
    # 480 by pegging... then set to 440, then 6S made: 480 (not 500): still in play.
    assert summary(result) == [(1, 1, 3, (480, 20), IN_PLAY, None)]


# --- the 490 pegging cap and lose at -500 (classic-1994) ---------------------------------------

def test_classic_pegging_stops_at_490_and_only_a_bid_goes_past():
    result = games_of("classic-1994", [
        (0, 420, 0, True),    # 9NT made: 420-0
        (1, 60, 140, True),   # 7S made, N-S peg 60: 480-140
        (1, 40, 60, True),    # 6C made, N-S peg 40: 520 stops at 490 (RULES.md section 4): 490-200
        (1, 30, 80, True),    # 6D made, N-S peg 30: stays 490: 490-280
        (0, 40, 60, True),    # 6S made: 530, reach 500: N-S win
    ])
    assert summary(result) == [(1, 1, 5, (530, 340), WON, 0)]


def test_classic_minus_500_inclusive_the_highest_score_wins():
    result = games_of("classic-1994", [(1, 100, -360, False), (1, 50, -140, False)])
    # E-W reach -500 exactly: "reach or exceed -500", the highest score (N-S, 150) wins.
    assert summary(result) == [(1, 1, 2, (150, -500), WON, 0)]


def test_wikipedia_minus_500_strict_only_below_loses():
    result = games_of("wikipedia-2006", [(1, 100, -360, False), (1, 50, -140, False)])
    assert summary(result) == [(1, 1, 2, (150, -500), IN_PLAY, None)]  # "dips below -500": not yet
    result = games_of("wikipedia-2006", [(1, 100, -360, False), (1, 50, -140, False), (1, 40, -140, False)])
    assert summary(result) == [(1, 1, 3, (190, -640), WON, 0)]


def test_official_team_minus_1000():
    result = games_of("official-team", [(1, 60, -500, False), (1, 50, -500, False)])
    assert summary(result) == [(1, 1, 2, (110, -1000), WON, 0)]  # "reaches -1,000": the opponents win


# --- 750 / -750 and the bidder crossing with the defenders -------------------------------------

OPTION_750 = {"win_outright_at": 750, "lose_at": -750}


def test_750_wins_even_on_defence():
    result = games_of("official-team", [(0, 440, 0, True), (0, 280, 0, True), (1, 50, -140, False)], OPTION_750)
    # 720 made: no 500 win? 440 then 720: the bidder made its bid past 500 at hand 2.
    assert summary(result)[0] == (1, 1, 2, (720, 0), WON, 0)
    result = games_of("official-team", [(1, 700, -100, False), (1, 50, -140, False)], OPTION_750)
    # N-S reach 750 on defence: they win outright.
    assert summary(result) == [(1, 1, 2, (750, -240), WON, 0)]


def test_minus_750_loses():
    result = games_of("official-team", [(1, 0, -620, False), (1, 30, -140, False)], OPTION_750)
    assert summary(result) == [(1, 1, 2, (30, -760), WON, 0)]


def test_the_bidder_crossing_500_with_the_defenders_crossing_750_wins():
    items = [(1, 700, 400, True), (1, 60, 160, True)]  # E-W make 7C to 560; N-S peg to 760
    result = games_of("official-team", items, OPTION_750)
    assert summary(result) == [(1, 1, 2, (760, 560), WON, 1)]  # the bidder wins (RULES.md section 4)
    other = games_of("official-team", items, {**OPTION_750, "bidder_wins_crossing": False})
    assert summary(other) == [(1, 1, 2, (760, 560), WON, 0)]  # the option: 750 wins


def test_the_bidder_wins_when_both_pass_500_in_the_original_game():
    # official-team's "original game" (no must-bid): both exceed 500 in one hand, the bidder wins.
    result = games_of("official-team", [(1, 460, 300, True), (1, 40, 240, True)], {"must_bid_to_win": False})
    assert summary(result) == [(1, 1, 2, (500, 540), WON, 1)]


# --- McAllen played as games, and a session ----------------------------------------------------

def test_mcallen_played_as_games_first_to_500_wins_even_pegging():
    result = games_of("mcallen", [(1, 460, 100, True), (1, 40, 160, True)])
    assert summary(result) == [(1, 1, 2, (500, 260), WON, 0)]


def test_a_session_never_ends_a_game():
    mcallen = rule_set("mcallen")
    state = game_after_hand(mcallen, (480, 300), 0, (60, 40), True)  # McAllen's own format: a session
    assert (state.scores, state.over) == ((540, 340), False)
    for preset in ("official-team", "classic-1994", "wikipedia-2006"):
        state = game_after_hand(rule_set(preset), (480, -900), 0, (500, -400), True, "session")
        assert (state.scores, state.over, state.reason) == ((980, -1300), False, "a session never ends a game")
    # No cap in a session either: 480 + 40 on defence is 520.
    assert game_after_hand(rule_set("classic-1994"), (480, 0), 1, (40, 60), True, "session").scores == (520, 60)
    assert game_after_hand(mcallen, (480, 300), 0, (60, 40), True, "games").winner == 0
    with pytest.raises(RulesError, match="is not one of session, games"):
        game_after_hand(mcallen, (0, 0), 0, (0, 0), True, "match")


# --- hand limit, the bell, draws ---------------------------------------------------------------

def test_hand_limit_goes_to_the_side_ahead_and_level_is_a_draw():
    setup = GamesSetup(hand_limit=2)
    result = games_of("official-team", [
        (0, 140, 60, True), (1, 40, 160, True),    # 180-220 after 2 hands: E-W ahead, win
        (0, 100, 0, True), (1, 60, 40, False),     # 160-40... E-W set: -> 160-(-?)
        (0, 120, 0, True), (1, 0, 120, True),      # 120-120: level, a drawn game
    ], setup=setup)
    assert [(g.scores, g.status, g.winner) for g in result.games] == [
        ((180, 220), WON, 1), ((160, 40), WON, 0), ((120, 120), DRAWN, None)]
    assert (result.wins, result.draws) == ((1, 1), 1)


def test_the_bell_ends_the_game_in_play():
    items = [(0, 140, 60, True), (1, 40, 160, True)]
    assert summary(games_of("classic-1994", items))[-1][4] == IN_PLAY
    closed = games_of("classic-1994", items, round_over=True)
    assert summary(closed) == [(1, 1, 2, (180, 220), WON, 1)]
    level = games_of("classic-1994", [(0, 120, 0, True), (1, 0, 120, True)], round_over=True)
    assert (level.games[0].status, level.draws, level.wins) == (DRAWN, 1, (0, 0))
    # hands_per_round set: the round ends after that many hands, as at the bell.
    assert summary(games_of("classic-1994", items, hands_per_round=2)) == summary(closed)


# --- games_per_round and matches ---------------------------------------------------------------

def test_games_per_round_then_hands_are_late():
    setup = GamesSetup(hand_limit=1, games_per_round=2)
    result = games_of("official-team", [(0, 100, 0, True), (1, 0, 100, True), (0, 40, 60, True)], setup=setup)
    assert result.complete and result.late_hands == (3,)
    assert [g.winner for g in result.games] == [0, 1]


def test_wins_per_round_is_a_match():
    setup = GamesSetup(hand_limit=1, wins_per_round=2)
    result = games_of("official-team", [(0, 100, 0, True), (1, 0, 100, True), (1, 0, 80, True), (0, 1, 0, True)],
                      setup=setup)
    assert (result.wins, result.match, result.complete, result.late_hands) == ((1, 2), 1, True, (4,))
    # At the bell the match goes to the side with more wins; level wins: no match winner.
    bell = games_of("official-team", [(0, 100, 0, True), (1, 0, 40, True)], setup=setup, round_over=True)
    assert (bell.wins, bell.match) == ((1, 1), None)
    bell = games_of("official-team", [(0, 100, 0, True), (1, 0, 0, True)], setup=setup, round_over=True)
    assert (bell.wins, bell.draws, bell.match) == ((1, 0), 1, 0)


# --- hands nobody bid -------------------------------------------------------------------------

def test_nobid_hands_score_ten_a_trick_and_never_win_by_bidding():
    wiki = rule_set("wikipedia-2006", {"no_bid": "play_no_trump"})
    assert hand_points(wiki, contract="NOBID", ns_tricks=6) == (60, 40, False)
    assert hand_points(wiki, contract="NOBID", ns_tricks=0) == (0, 250, False)  # "(or did not bid) ... 250"
    classic = rule_set("classic-1994", {"no_bid": "play_no_trump"})
    assert hand_points(classic, contract="NOBID", ns_tricks=10) == (100, 0, False)
    result = replay(wiki, GamesSetup(), hands((0, 480, 0, True), (None, 60, 40, False)))
    assert summary(result) == [(1, 1, 2, (540, 40), IN_PLAY, None)]  # must bid to win
    with pytest.raises(RulesError, match="a hand nobody bid is not played"):
        hand_points(rule_set("official-team"), contract="NOBID", ns_tricks=5)
    with pytest.raises(RulesError, match="ns_tricks"):
        hand_points(wiki, contract="NOBID")


def test_hand_points_for_a_bid_hand_and_the_revoke_field():
    mcallen = rule_set("mcallen")
    assert hand_points(mcallen, contract="8C", declarer="ew", tricks=5, penalty_kind="revoke",
                       penalty_side="ns") == (0, 260, True)  # RULES.md section 5
    off = rule_set("mcallen", {"revoke_penalty": False})
    assert hand_points(off, contract="8C", declarer="ew", tricks=5, penalty_kind="revoke",
                       penalty_side="ns") == (50, -260, False)  # recorded only


# --- settings and ranking keys ------------------------------------------------------------------

@pytest.mark.parametrize("fields,message", [
    ({"hand_limit": 0}, "hand_limit: 0 is not a whole number between 1 and 100"),
    ({"wins_per_round": True}, "wins_per_round: True is not a whole number"),
    ({"rank_by": ()}, "rank_by: give at least one of games, matches, points, difference"),
    ({"rank_by": ("games", "wins")}, "rank_by: 'wins' is not one of games, matches, points, difference"),
    ({"rank_by": ("points", "points")}, "rank_by: a key is listed twice"),
])
def test_bad_settings(fields, message):
    with pytest.raises(GamesError, match=message):
        GamesSetup(**fields)


def test_rank_key_counts_a_draw_as_half():
    assert rank_key(("games", "points"), won=2, drawn=1, matches=0, points=900, difference=10) == (5, 900)
    assert rank_key(("difference", "matches"), won=0, drawn=0, matches=1, points=0, difference=-30) == (-30, 1)


# --- standings of a games event -----------------------------------------------------------------

def _entrants(n):
    return [S.Entrant(i, i, (f"P{i}a", f"P{i}b")) for i in range(1, n + 1)]


def _table(rnd, ns, ew, points, won, drawn=0, match=""):
    return S.TableResult(rnd, ns, ew, points[0], points[1], 4, True, 0, 0, 0, 0, won[0], won[1], drawn, match)


def test_games_standings_rank_by_games_then_points_and_share_what_is_level():
    setup = S.Setup(rounds=2, hands_per_round=None, format="games", rank_by=("games", "points"))
    tables = [
        _table(1, 1, 2, (900, 400), (2, 0)),      # 1 beats 2 twice
        _table(1, 3, 4, (700, 700), (1, 1), 1),   # 3 and 4: a win each and a draw
        _table(2, 1, 3, (300, 800), (0, 1)),
        _table(2, 2, 4, (500, 100), (1, 0)),
    ]
    result = S.compute(setup=setup, entrants=_entrants(4), tables=tables)
    rows = {r.number: r for r in result.rows}
    # games (doubled, a draw half): 1: 2 wins = 4; 2: 1 win = 2; 3: 2 wins + draw = 5; 4: 1 win + draw = 3.
    assert [(r.number, r.rank) for r in result.rows] == [(3, 1), (1, 2), (4, 3), (2, 4)]
    assert (rows[3].games_won, rows[3].games_lost, rows[3].games_drawn, rows[3].total, rows[3].difference) == (
        2, 1, 1, 1500, 1500 - 1000)
    assert rows[1].total == 1200 and rows[1].difference == 1200 - 1200
    # Ranked by points first: 3 (1500) ... and two equal keys share the rank.
    by_points = S.compute(setup=S.Setup(rounds=2, hands_per_round=None, format="games", rank_by=("points",)),
                          entrants=_entrants(4), tables=tables)
    assert [(r.number, r.rank, r.tied) for r in by_points.rows] == [
        (3, 1, False), (1, 2, False), (2, 3, False), (4, 4, False)]
    json_row = S.as_json(result, "x")["standings"][0]
    assert {k: json_row[k] for k in ("games_won", "games_lost", "games_drawn", "matches_won", "difference",
                                     "total", "rank")} == {
        "games_won": 2, "games_lost": 1, "games_drawn": 1, "matches_won": 0, "difference": 500, "total": 1500,
        "rank": 1}
    assert S.as_csv(result).splitlines()[0].startswith(
        "rank,tied,partnership,player_1,player_2,division,total,games_won,games_lost,games_drawn,matches_won,"
        "difference,R1,R2")
    text = S.as_text(result, "T").splitlines()
    assert "Played as games; ranked by games won (a draw counts half), then points" in text[3]
    assert text[5].split()[:10] == ["Rank", "No", "Players", "Div", "Total", "W", "L", "D", "M", "Diff"]


def test_games_standings_matches_and_a_medal_tie():
    setup = S.Setup(rounds=1, hands_per_round=None, format="games", rank_by=("matches", "difference"))
    tables = [_table(1, 1, 2, (600, 500), (2, 1), match="ns"), _table(1, 3, 4, (500, 600), (1, 2), match="ew")]
    result = S.compute(setup=setup, entrants=_entrants(4), tables=tables)
    # 1 and 4 each won a match by 100: level on every key, they share 1st: a medal tie.
    assert [(r.number, r.rank, r.tied) for r in result.rows] == [(1, 1, True), (4, 1, True), (2, 3, True),
                                                                  (3, 3, True)]
    assert [t.partnerships for t in result.overall.ties] == [(1, 4), (2, 3)]
    # A completed tiebreak session orders them, as in a session.
    tb = S.TiebreakSession(1, frozenset({1, 4}), (S.TableResult(1, 1, 4, 300, 520, 4, True),))
    ordered = S.compute(setup=setup, entrants=_entrants(4), tables=tables, tiebreaks=[tb])
    assert [(r.number, r.rank, r.decided_by) for r in ordered.rows[:2]] == [(4, 1, "tiebreak 1"), (1, 2, "tiebreak 1")]


def test_session_setup_refuses_open_hands_and_bad_rank_keys():
    with pytest.raises(ValueError, match="hands_per_round: only an event played as games"):
        S.Setup(hands_per_round=None)
    with pytest.raises(ValueError, match="rank_by"):
        S.Setup(format="games", rank_by=("wins",))
