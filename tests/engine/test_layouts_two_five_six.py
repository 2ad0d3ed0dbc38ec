"""The tables of two, five and six (RULES.md section 7; issue 25): hand-worked values.

Every number below is worked by hand from RULES.md sections 1, 2 and 7 (the Avondale schedule:
value = 40 + 20 * suit index + 100 * (tricks - 6); 250 for all ten when the value is lower;
defenders 10 a trick they took themselves), never read back from the code.
"""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import layouts
from scoring.engine import rules as R
from scoring.engine.layouts import LAYOUTS, HandEntry, LayoutError

TWO, FIVE = LAYOUTS["two-handed"], LAYOUTS["five-handed"]
PAIRS, THREES = LAYOUTS["six-pairs"], LAYOUTS["six-threes"]
MCALLEN, CLASSIC, WIKI, OFFICIAL = (R.rule_set(n) for n in ("mcallen", "classic-1994", "wikipedia-2006",
                                                             "official-team"))
FOUR_HANDED = [MCALLEN, CLASSIC, WIKI, OFFICIAL]


def five(contract, bidder, partner, tricks, rules=WIKI, **extra):
    return FIVE.score(rules, FIVE.entry(contract=contract, declarer_seat=bidder, partner_seat=partner,
                                        seat_tricks=tricks, **extra))


# --- the layouts themselves -----------------------------------------------------------------------

def test_seats_sides_and_teams():
    assert TWO.seats == ("1", "2") and TWO.each_for_himself and TWO.individuals
    assert FIVE.seats == ("1", "2", "3", "4", "5") and FIVE.each_for_himself and FIVE.calls_partner
    assert PAIRS.sides == ("A", "B", "C") and PAIRS.seats_of("A") == ("1", "4")
    assert PAIRS.seats_of("B") == ("2", "5") and PAIRS.seats_of("C") == ("3", "6")
    assert THREES.sides == ("A", "B") and THREES.seats_of("A") == ("1", "3", "5")
    assert THREES.seats_of("B") == ("2", "4", "6")
    for lay in (TWO, FIVE, PAIRS, THREES):
        assert lay.rules_players == 4 and lay.entrants == "individuals" and lay.stores_seats
        # The deal passes left: each seat deals once in turn.
        assert [lay.dealer(n) for n in range(1, lay.players + 2)] == [*lay.seats, lay.seats[0]]
    assert PAIRS.tricks_by == ("A", "B", "C") and FIVE.tricks_by == FIVE.seats
    # The tables of four and three are still what an event of entrants and rules is played at.
    assert layouts.layout_for("individuals", 4).name == "progressive"
    assert layouts.layout_for("individuals", 3).name == "three-handed"


@pytest.mark.parametrize("lay", [TWO, FIVE, PAIRS, THREES], ids=lambda lay: lay.name)
def test_only_the_four_handed_presets(lay):
    with pytest.raises(R.RulesError, match="^rules_preset: "):
        lay.score(R.rule_set("three-handed"), HandEntry("7H", lay.sides[0], None, {s: 0 for s in lay.sides}))


def test_the_layout_of_an_event_file():
    assert layouts.layout_for_file(2) is TWO and layouts.layout_for_file(3).name == "three-handed"
    assert layouts.layout_for_file(4).name == "progressive" and layouts.layout_for_file(5) is FIVE
    assert layouts.layout_for_file(6, "three-pairs") is PAIRS and layouts.layout_for_file(6, "two-threes") is THREES
    assert layouts.file_keys(PAIRS) == (6, "three-pairs") and layouts.file_keys(TWO) == (2, "")
    with pytest.raises(LayoutError, match="^six_handed: "):
        layouts.layout_for_file(6)
    with pytest.raises(LayoutError, match="^six_handed: "):
        layouts.layout_for_file(5, "two-threes")
    with pytest.raises(LayoutError, match="^players_per_table: "):
        layouts.layout_for_file(7)
    with pytest.raises(LayoutError, match="^players_per_table: "):
        layouts.layout_for_file(True)


# --- two-handed ------------------------------------------------------------------------------------

@pytest.mark.parametrize("contract, bidder, tricks, points", [
    ("7H", "1", {"1": 8, "2": 2}, {"1": 200, "2": 20}),  # made: 200; opponent 2 tricks
    ("8NT", "2", {"1": 3, "2": 7}, {"1": 30, "2": -320}),  # set: -320; opponent 30
    ("6S", "1", {"1": 10, "2": 0}, {"1": 250, "2": 0}),  # slam: 40 -> 250
    ("10NT", "2", {"1": 0, "2": 10}, {"1": 0, "2": 520}),
])
def test_two_handed(contract, bidder, tricks, points):
    result = TWO.score(MCALLEN, TWO.entry(contract=contract, declarer_seat=bidder, seat_tricks=tricks))
    assert result.seats == points and result.declarer == bidder
    assert TWO.columns(result) == {"ns_points": 0, "ew_points": 0, "made": points[bidder] > 0, "seat_points": points}


def test_two_handed_nobody_bid_and_bad_tricks():
    rules = R.rule_set("classic-1994", {"no_bid": "play_no_trump"})
    assert TWO.score(rules, TWO.entry(contract="NOBID", seat_tricks={"1": 6, "2": 4})).seats == {"1": 60, "2": 40}
    with pytest.raises(LayoutError, match="^seat_tricks: the tricks add up to 9"):
        TWO.score(MCALLEN, TWO.entry(contract="7H", declarer_seat="1", seat_tricks={"1": 7, "2": 2}))
    with pytest.raises(LayoutError, match="^partner: no partner is called"):
        TWO.score(MCALLEN, TWO.entry(contract="7H", declarer_seat="1", partner_seat="2",
                                     seat_tricks={"1": 7, "2": 3}))
    with pytest.raises(LayoutError, match="^declarer: "):
        TWO.score(MCALLEN, TWO.entry(contract="7H", declarer_seat="3", seat_tricks={"1": 7, "2": 3}))


# --- five-handed, call a partner -------------------------------------------------------------------

def test_five_made_both_score_the_contract():
    # The hand: 8H, bidder 5 tricks + partner 3 = 8, made: 300 each; the other three 10 a trick.
    result = five("8H", "1", "2", {"1": 5, "2": 3, "3": 1, "4": 1, "5": 0})
    assert result.seats == {"1": 300, "2": 300, "3": 10, "4": 10, "5": 0} and result.made
    assert (result.declarer, result.partner) == ("1", "2")
    assert FIVE.columns(result)["partner_seat"] == "2"


def test_five_set_both_lose_it():
    # 8H with 4 + 3 = 7 tricks: set, -300 each; the others took 2, 1, 0.
    result = five("8H", "3", "5", {"1": 2, "2": 1, "3": 4, "4": 0, "5": 3})
    assert result.seats == {"1": 20, "2": 10, "3": -300, "4": 0, "5": -300} and not result.made


def test_five_slam_counts_bidder_and_partner_tricks():
    # 6S (40), bidder 6 + partner 4 = all ten: 250 each.
    result = five("6S", "4", "1", {"1": 4, "2": 0, "3": 0, "4": 6, "5": 0})
    assert result.seats == {"1": 250, "2": 0, "3": 0, "4": 250, "5": 0}


def test_five_bidder_alone():
    # The called card in the widow: the bidder plays alone; 7S (140) with 7 tricks; the others 1 each.
    result = five("7S", "2", "", {"1": 1, "2": 7, "3": 1, "4": 1, "5": 0})
    assert result.seats == {"1": 10, "2": 140, "3": 10, "4": 10, "5": 0} and result.partner == ""
    assert FIVE.columns(result)["partner_seat"] == ""
    # Under the other reading the bidder always has a partner.
    with pytest.raises(LayoutError, match="^partner: give the called partner"):
        five("7S", "2", "", {"1": 1, "2": 7, "3": 1, "4": 1, "5": 0}, R.rule_set("wikipedia-2006",
                                                                                {"five_handed_alone": False}))


def test_five_partner_refused():
    tricks = {"1": 5, "2": 3, "3": 1, "4": 1, "5": 0}
    with pytest.raises(LayoutError, match="^partner: the bidder cannot be his own partner"):
        five("8H", "1", "1", tricks)
    with pytest.raises(LayoutError, match="^partner: '6' is not a seat"):
        five("8H", "1", "6", tricks)
    with pytest.raises(LayoutError, match="^seat_tricks: the tricks add up to 11"):
        five("8H", "1", "2", {**tricks, "5": 1})
    with pytest.raises(LayoutError, match="^seat_tricks: give the tricks of each of 1, 2, 3, 4, 5"):
        five("8H", "1", "2", {"1": 5, "2": 3, "3": 2})


def test_five_misere_off_by_default():
    tricks = {"1": 0, "2": 0, "3": 4, "4": 3, "5": 3}
    with pytest.raises(LayoutError, match="^contract: MIS is not bid at a table of five"):
        five("MIS", "1", "2", tricks)
    with pytest.raises(LayoutError, match="^contract: OMIS is not bid at a table of five"):
        five("OMIS", "1", "", tricks)
    # On: a made misère under Wikipedia: +250 each, the opponents nothing ("except during misere bids").
    on = R.rule_set("wikipedia-2006", {"five_handed_misere": True})
    assert five("MIS", "1", "2", tricks, on).seats == {"1": 250, "2": 250, "3": 0, "4": 0, "5": 0}


def test_five_revoke_by_the_partner_defeats_the_bid():
    # 7D (180) by seat 1 with partner 3 taking 5 + 4 = 9; the partner's established revoke: -180 each,
    # and the defenders still score their own tricks (McAllen O).
    result = five("7D", "1", "3", {"1": 5, "2": 1, "3": 4, "4": 0, "5": 0}, MCALLEN,
                  penalty_kind="revoke", penalty_side="3")
    assert result.seats == {"1": -180, "2": 10, "3": -180, "4": 0, "5": 0}
    # By a defender: scored as made, the defenders nothing.
    result = five("8C", "1", "3", {"1": 3, "2": 3, "3": 2, "4": 1, "5": 1}, MCALLEN,
                  penalty_kind="revoke", penalty_side="4")
    assert result.seats == {"1": 260, "2": 0, "3": 260, "4": 0, "5": 0}


def test_five_nobody_bid_and_stored_round_trip():
    rules = R.rule_set("classic-1994", {"no_bid": "play_no_trump"})
    result = FIVE.score(rules, FIVE.entry(contract="NOBID", seat_tricks={"1": 2, "2": 2, "3": 2, "4": 2, "5": 2}))
    assert result.seats == dict.fromkeys(FIVE.seats, 20)
    with pytest.raises(LayoutError, match="^partner: a hand nobody bid has no partner"):
        FIVE.score(rules, FIVE.entry(contract="NOBID", partner_seat="2",
                                     seat_tricks={"1": 2, "2": 2, "3": 2, "4": 2, "5": 2}))
    made = five("8H", "1", "2", {"1": 5, "2": 3, "3": 1, "4": 1, "5": 0})
    columns = FIVE.columns(made)
    back = FIVE.stored(made=columns["made"], declarer_seat="1", seat_points=columns["seat_points"],
                       partner_seat=columns["partner_seat"])
    assert back == made
    played = FIVE.played(3, made)
    assert (played.declarer, played.partner, played.points) == (0, 1, (300, 300, 10, 10, 0))


# --- six as three teams of two ---------------------------------------------------------------------

def test_six_pairs_made_set_slam():
    # 7S (140) by seat 4 (team A, seats 1 and 4) with 7 tricks; B took 2, C 1.
    result = PAIRS.score(CLASSIC, PAIRS.entry(contract="7S", declarer_seat="4", seat_tricks={"A": 7, "B": 2, "C": 1}))
    assert result.sides == {"A": 140, "B": 20, "C": 10} and result.declarer == "A"
    assert result.seats == {"1": 140, "2": 20, "3": 10, "4": 140, "5": 20, "6": 10}
    # 8C (260) by seat 2 (team B) with 6: set; A 3 tricks, C 1.
    result = PAIRS.score(CLASSIC, PAIRS.entry(contract="8C", declarer_seat="2", seat_tricks={"A": 3, "B": 6, "C": 1}))
    assert result.sides == {"A": 30, "B": -260, "C": 10} and not result.made
    # 6D (80) by seat 6 (team C), all ten: 250.
    result = PAIRS.score(CLASSIC, PAIRS.entry(contract="6D", declarer_seat="6", seat_tricks={"A": 0, "B": 0, "C": 10}))
    assert result.sides == {"A": 0, "B": 0, "C": 250}
    columns = PAIRS.columns(result)
    assert PAIRS.stored(made=True, declarer_seat="6", seat_points=columns["seat_points"]) == result
    assert "partner_seat" not in columns


def test_six_pairs_refusals_and_nobody_bid():
    with pytest.raises(LayoutError, match="^seat_tricks: give the tricks of each of A, B, C"):
        PAIRS.score(CLASSIC, PAIRS.entry(contract="7S", declarer_seat="1", seat_tricks={"A": 7, "B": 2, "D": 1}))
    with pytest.raises(LayoutError, match="^seat_tricks: the tricks add up to 9"):
        PAIRS.score(CLASSIC, PAIRS.entry(contract="7S", declarer_seat="1", seat_tricks={"A": 7, "B": 2, "C": 0}))
    rules = R.rule_set("classic-1994", {"no_bid": "play_no_trump"})
    result = PAIRS.score(rules, PAIRS.entry(contract="NOBID", seat_tricks={"A": 4, "B": 3, "C": 3}))
    assert result.sides == {"A": 40, "B": 30, "C": 30}


# --- six as two teams of three ---------------------------------------------------------------------

def test_six_threes_scored_as_four_handed():
    # RULES.md section 5's first two rows: 7H with 8 (+200, +20); 8NT with 7 (-320, +30).
    result = THREES.score(MCALLEN, THREES.entry(contract="7H", declarer_seat="3", seat_tricks={"A": 8, "B": 2}))
    assert result.sides == {"A": 200, "B": 20}
    assert result.seats == {"1": 200, "2": 20, "3": 200, "4": 20, "5": 200, "6": 20}
    result = THREES.score(MCALLEN, THREES.entry(contract="8NT", declarer_seat="2", seat_tricks={"A": 3, "B": 7}))
    assert result.sides == {"A": 30, "B": -320}
    with pytest.raises(LayoutError, match="^side_tricks: give the tricks of each of A, B"):
        THREES.score(MCALLEN, THREES.entry(contract="7H", declarer_seat="3", seat_tricks={"A": 8, "C": 2}))


# --- properties ------------------------------------------------------------------------------------

@st.composite
def split_tricks(draw, count):
    """`count` numbers from 0 to 10 adding up to 10."""
    cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=count - 1, max_size=count - 1)))
    edges = [0, *cuts, 10]
    return [b - a for a, b in zip(edges, edges[1:])]


@st.composite
def suit_hands(draw):
    lay = draw(st.sampled_from([TWO, FIVE, PAIRS, THREES]))
    rules = draw(st.sampled_from(FOUR_HANDED))
    contract = draw(st.sampled_from([c for c in rules.legal_contracts() if not c.is_special]))
    counts = dict(zip(lay.tricks_by, draw(split_tricks(len(lay.tricks_by)))))
    bidder = draw(st.sampled_from(lay.seats))
    partner = ""
    if lay.calls_partner:
        partner = draw(st.sampled_from(["", *[s for s in lay.seats if s != bidder]]))
    return lay, rules, contract, bidder, partner, counts


@settings(max_examples=300, deadline=None)
@given(suit_hands())
def test_points_as_the_rule_says(hand):
    lay, rules, contract, bidder, partner, counts = hand
    result = lay.score(rules, lay.entry(contract=contract.code, declarer_seat=bidder, partner_seat=partner,
                                        seat_tricks=counts))
    bidders = {lay.side_of[bidder], partner} - {""}
    taken = sum(counts[side] for side in bidders)
    value = R.contract_value(contract.tricks, contract.suit)
    expected = (max(value, 250) if taken == 10 else value) if taken >= contract.tricks else -value
    assert result.made is (taken >= contract.tricks)
    for side in lay.sides:
        # The bidding side's players each the contract; every other side 10 a trick it took itself.
        assert result.sides[side] == (expected if side in bidders else 10 * counts[side])
    # Conserved: what the defenders score together is 10 for each trick the bidding side did not take.
    assert sum(result.sides[s] for s in lay.sides if s not in bidders) == 10 * (10 - taken)
    # Each seat holds its side's points; where each plays for himself the tricks by seat add up to 10.
    assert all(result.seats[seat] == result.sides[lay.side_of[seat]] for seat in lay.seats)
    assert sum(counts.values()) == 10
    assert lay.stored(made=result.made, declarer_seat=bidder, partner_seat=partner,
                      **{k: v for k, v in lay.columns(result).items() if k == "seat_points"}) == result
