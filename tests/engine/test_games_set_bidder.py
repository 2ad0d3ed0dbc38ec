"""Games to 500 at the tables of two, five and six (RULES.md sections 4 and 7), and the reading of
RULES.md section 8 (a set bidder still at 500 or more). Values worked by hand."""

import pytest

from scoring.engine import games as G
from scoring.engine import rules as R
from scoring.engine.games import GamesSetup, PlayedHand, replay
from scoring.engine.layouts import LAYOUTS

WIKI = R.rule_set("wikipedia-2006")  # a side must bid to win
OFFICIAL = R.rule_set("official-team")


# --- RULES.md section 8 ----------------------------------------------------------------------------

@pytest.mark.parametrize("rules", [WIKI, OFFICIAL], ids=["wikipedia", "official"])
def test_a_set_bidder_at_500_plays_on_by_default(rules):
    # 560 from pegging, set on 6S (-40): 520; the defenders took 4 tricks: 100 + 40.
    state = R.game_after_hand(rules, (560, 100), 0, (-40, 40), False, "games")
    assert state.scores == (520, 140) and not state.over
    # The next hand the side makes a bid: now it wins.
    assert R.game_after_hand(rules, (520, 140), 0, (40, 60), True, "games").winner == 0


def test_a_set_bidder_at_500_wins_under_the_other_reading():
    rules = R.rule_set("wikipedia-2006", {"set_bidder_wins": True})
    state = R.game_after_hand(rules, (560, 100), 0, (-40, 40), False, "games")
    assert state.winner == 0
    # Set below 500, it does not.
    assert not R.game_after_hand(rules, (520, 100), 0, (-40, 40), False, "games").over
    # The defenders at 500 on pegging still do not win: they did not bid.
    assert not R.game_after_hand(rules, (100, 480), 0, (-40, 40), False, "games").over
    assert "set_bidder_wins" in R.OVERRIDABLE_FIELDS and "set_bidder_wins" in R.AMBIGUOUS_FIELDS
    assert R.differences(rules) == {"set_bidder_wins": True}


# --- a table of two --------------------------------------------------------------------------------

def test_two_handed_both_reach_500_the_bidder_wins():
    # McAllen rules played as games: any side reaching 500 wins; 480 and 490, seat 1 bids 6S and takes 6
    # (+40: 520), the opponent takes 4 (+40: 530): both past 500 in one hand, the bidder wins.
    state = R.game_after_hand(R.rule_set("mcallen"), (480, 490), 0, (40, 40), True, "games")
    assert state.scores == (520, 530) and state.winner == 0


# --- a table of five -------------------------------------------------------------------------------

def test_five_bidder_and_partner_win_together():
    hands = [
        # Seat 1 (index 0) with partner seat 2: 8H made, 300 each; seats 3, 4, 5 took 1, 1, 0.
        PlayedHand(1, 0, (300, 300, 10, 10, 0), True, 1),
        # Seat 1 with partner seat 3: 7H made, 200 each; seat 2 took 1, seats 4 and 5 none.
        PlayedHand(2, 0, (200, 10, 200, 0, 0), True, 2),
    ]
    result = replay(WIKI, GamesSetup(), hands, sides=5)
    game = result.games[0]
    # Seat 1: 500, made: he wins with this hand's partner, seat 3 (210), not seat 2 (310).
    assert game.scores == (500, 310, 210, 10, 0) and game.status == G.WON
    assert (game.winner, game.partner) == (0, 2)
    assert result.wins == (1, 0, 1, 0, 0)
    assert result.record(2).won == 1 and result.record(1).lost == 1 and result.record(0).won == 1


def test_five_the_partner_reaching_500_wins_with_the_bidder():
    hands = [
        PlayedHand(1, 1, (300, 300, 10, 10, 0), True, 0),  # seat 2 bids, seat 1 partner: 300 each
        PlayedHand(2, 2, (420, 0, 420, 0, 0), True, 0),  # seat 3 bids 9NT, seat 1 partner: 420 each
    ]
    game = replay(WIKI, GamesSetup(), hands, sides=5).games[0]
    # Seat 1 at 720 on a made bid, the bidder seat 3 at 430: the bidding side wins, both of them.
    assert game.scores == (720, 300, 430, 10, 0) and (game.winner, game.partner) == (2, 0)


def test_five_the_partner_is_not_capped_as_a_defender():
    # Classic rules: defenders' pegging stops at 490; a partner scores the contract, not pegging.
    state = R.game_after_hand(R.rule_set("classic-1994"), (300, 480, 480, 0, 0), 0, (200, 200, 20, 0, 0),
                              True, "games", partner=1)
    assert state.scores == (500, 680, 490, 0, 0) and (state.winner, state.partner) == (0, 1)
    with pytest.raises(R.RulesError, match="^partner: "):
        R.game_after_hand(WIKI, (0,) * 5, 0, (0,) * 5, True, "games", partner=0)


def test_five_stored_hands_through_the_layout():
    five = LAYOUTS["five-handed"]
    result = five.stored(made=True, declarer_seat="1", partner_seat="3",
                         seat_points={"1": 200, "2": 10, "3": 200, "4": 0, "5": 0})
    assert five.played(2, result) == PlayedHand(2, 0, (200, 10, 200, 0, 0), True, 2)
    assert G.seat_played(2, five.seats, "1", result.seats, True, "3") == PlayedHand(2, 0, (200, 10, 200, 0, 0), True, 2)


# --- a table of six as three teams of two ----------------------------------------------------------

def test_six_pairs_a_team_wins():
    pairs = LAYOUTS["six-pairs"]
    hands = [pairs.played(n, pairs.score(WIKI, pairs.entry(contract=c, declarer_seat=s, seat_tricks=t)))
             for n, (c, s, t) in enumerate([
                 ("9H", "2", {"A": 1, "B": 9, "C": 0}),  # B +400, A +10
                 ("7NT", "5", {"A": 2, "B": 7, "C": 1}),  # B +220: 620; A 30, C 10
             ], start=1)]
    result = replay(WIKI, GamesSetup(), hands, sides=3)
    assert result.games[0].scores == (30, 620, 10) and result.games[0].winner == 1
    with pytest.raises(G.GamesError, match="^sides: "):
        replay(WIKI, GamesSetup(), [], sides=7)
