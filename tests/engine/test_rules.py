"""The rules engine against ../shared/RULES.md and the source texts in ../shared/seeds/.

Expected numbers are written out by hand from those texts, never taken from the code under test.
"""

import itertools
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import rules as R
from scoring.engine.rules import (
    AMBIGUOUS_FIELDS,
    OVERRIDABLE_FIELDS,
    PRESETS,
    Penalty,
    RulesError,
    contract_value,
    differences,
    game_after_hand,
    parse_contract,
    rule_set,
    score_hand,
    score_no_bid_hand,
)

REPO = Path(__file__).resolve().parents[2]


def score(preset, contract, tricks, penalty=None, side=None, each=None, **overrides):
    rules = rule_set(preset, overrides or None)
    pen = Penalty(penalty, side) if penalty else None
    return score_hand(rules, contract, tricks, pen, each)


# --- RULES.md section 1: the value table, cell by cell --------------------------------------

VALUE_TABLE = """
6  40  60  80 100 120
7 140 160 180 200 220
8 240 260 280 300 320
9 340 360 380 400 420
10 440 460 480 500 520
"""
VALUE_CELLS = [
    (int(row.split()[0]), suit, int(cell))
    for row in VALUE_TABLE.strip().splitlines()
    for suit, cell in zip(("S", "C", "D", "H", "NT"), row.split()[1:])
]


def test_value_table_has_25_cells():
    assert len(VALUE_CELLS) == 25


@pytest.mark.parametrize("tricks,suit,value", VALUE_CELLS)
def test_value_table_cell(tricks, suit, value):
    assert contract_value(tricks, suit) == value
    formula = 40 + 20 * ("S", "C", "D", "H", "NT").index(suit) + 100 * (tricks - 6)
    assert formula == value
    for rules in PRESETS.values():
        assert rules.value(parse_contract(f"{tricks}{suit}")) == value


# --- RULES.md section 5: the worked examples (McAllen) ---------------------------------------

WORKED = [
    ("7H", 8, None, None, 200, 20),
    ("8NT", 7, None, None, -320, 30),
    ("6S", 10, None, None, 250, 0),
    ("9H", 10, None, None, 400, 0),
    ("10NT", 10, None, None, 520, 0),
    ("7D", 9, "revoke", "declarer", -180, 10),
    ("8C", 5, "revoke", "defenders", 260, 0),
    ("6C", 6, "bid_out_of_turn", "declarer", 60, 40),
]


@pytest.mark.parametrize("contract,tricks,kind,side,declarers,defenders", WORKED)
def test_worked_example(contract, tricks, kind, side, declarers, defenders):
    result = score("mcallen", contract, tricks, kind, side)
    assert (result.declarers, result.defenders) == (declarers, defenders)


def test_default_preset_is_mcallen():
    assert rule_set() is PRESETS["mcallen"]
    assert set(PRESETS) == {"mcallen", "official-team", "classic-1994", "wikipedia-2006", "three-handed"}


# --- contract notation --------------------------------------------------------------------------

@pytest.mark.parametrize(
    "text,code,tricks,suit",
    [("6S", "6S", 6, "S"), ("10nt", "10NT", 10, "NT"), (" 7 h ", "7H", 7, "H"), ("07D", "7D", 7, "D"),
     ("mis", "MIS", None, None), ("OMIS", "OMIS", None, None), ("Nullo", "NULLO", None, None),
     ("DNULLO", "DNULLO", None, None), ("bnullo", "BNULLO", None, None)],
)
def test_parse_contract(text, code, tricks, suit):
    c = parse_contract(text)
    assert (c.code, c.tricks, c.suit) == (code, tricks, suit)


@pytest.mark.parametrize("text", ["5S", "11H", "7X", "", "NT", "H7", "7", "\u0667H", "10 N T X", None, 7])
def test_parse_contract_rejects(text):
    with pytest.raises(RulesError, match="is not a contract"):
        parse_contract(text)


# --- one table-driven test per preset ------------------------------------------------------------
# Each preset: which specials are legal, hands (contract, tricks, penalty, side, each defender's
# tricks for three-handed) -> (declarers, defenders), and bids (bid, earlier) -> outranks?

PRESET_HANDS = {
    "mcallen": [
        ("6S", 6, None, None, None, 40, 40),
        ("8NT", 0, None, None, None, -320, 100),
        ("7S", 10, None, None, None, 250, 0),
        ("8S", 10, None, None, None, 250, 0),  # 240 < 250
        ("8C", 10, None, None, None, 260, 0),
        ("9H", 3, "revoke", "defenders", None, 400, 0),
        ("6S", 10, "revoke", "defenders", None, 250, 0),
        ("10NT", 10, "revoke", "declarer", None, -520, 0),
        ("8S", 7, "exposed_card", "defenders", None, -240, 30),
        ("8S", 7, "note", None, None, -240, 30),
    ],
    "official-team": [
        ("6S", 6, None, None, None, 40, 40),
        ("7S", 10, None, None, None, 250, 0),
        ("9S", 10, None, None, None, 340, 0),
        ("NULLO", 0, None, None, None, 250, 0),
        ("NULLO", 2, None, None, None, -250, 20),  # 10 for each trick the bidding team won
        ("DNULLO", 0, None, None, None, 250, 0),  # "receives 250 points" for any nullo
        ("DNULLO", 4, None, None, None, -250, 40),
        ("BNULLO", 1, None, None, None, -250, 10),
        ("NULLO", 3, "revoke", "defenders", None, 250, 0),
        ("NULLO", 0, "revoke", "declarer", None, -250, 0),
    ],
    "classic-1994": [
        ("6H", 10, None, None, None, 250, 0),
        ("7NT", 6, None, None, None, -220, 40),
        # "The opposing players/partnership(s) score 10 for each trick won", read literally
        # (RULES.md section 2): the opponents score their own tricks on a misère, made or failed.
        ("MIS", 0, None, None, None, 250, 100),
        ("MIS", 3, None, None, None, -250, 70),
        ("OMIS", 0, None, None, None, 520, 100),
        ("OMIS", 1, None, None, None, -520, 90),
        ("MIS", 0, "revoke", "defenders", None, 250, 0),
        ("MIS", 0, "revoke", "declarer", None, -250, 100),
    ],
    "wikipedia-2006": [
        ("6H", 10, None, None, None, 250, 0),
        ("8D", 8, None, None, None, 280, 20),
        ("7H", 0, None, None, None, -200, 100),  # defenders taking all ten: 100 by default (RULES.md 2)
        ("7H", 1, None, None, None, -200, 90),
        ("MIS", 0, None, None, None, 250, 0),
        ("MIS", 2, None, None, None, -250, 0),  # pegging "except for during misere bids"
        ("OMIS", 0, None, None, None, 500, 0),
        ("OMIS", 1, None, None, None, -500, 0),
    ],
    "three-handed": [
        ("7H", 8, None, None, (1, 1), 200, 20),
        ("8NT", 6, None, None, (3, 1), -320, 40),
        ("6S", 10, None, None, (0, 0), 250, 0),
        ("10NT", 9, None, None, (0, 1), -520, 10),
        ("8C", 5, "revoke", "defenders", (3, 2), 260, 0),
        ("7D", 9, "revoke", "declarer", (1, 0), -180, 10),
    ],
}

PRESET_SPECIALS = {
    "mcallen": (),
    "official-team": ("NULLO", "DNULLO", "BNULLO"),
    "classic-1994": ("MIS", "OMIS"),
    "wikipedia-2006": ("MIS", "OMIS"),
    "three-handed": (),
}

PRESET_BIDS = {
    "mcallen": [
        ("7S", "6NT", True), ("6NT", "6H", True), ("8S", "7NT", True), ("10NT", "10H", True),
        ("7S", "7S", False), ("7D", "7H", False), ("9S", "8NT", True),
    ],
    "official-team": [
        ("NULLO", "8S", True), ("8S", "NULLO", False), ("8C", "NULLO", True), ("NULLO", "7NT", True),
        ("DNULLO", "10D", True), ("DNULLO", "10H", False), ("10H", "DNULLO", False),
        ("10NT", "DNULLO", True), ("BNULLO", "DNULLO", False), ("DNULLO", "BNULLO", False),
    ],
    "classic-1994": [
        ("MIS", "7NT", True), ("7NT", "MIS", False), ("8S", "MIS", True), ("MIS", "8S", False),
        ("OMIS", "10NT", True), ("10NT", "OMIS", False), ("OMIS", "MIS", True),
    ],
    "wikipedia-2006": [
        ("MIS", "7NT", True), ("8S", "MIS", True), ("MIS", "8S", False), ("OMIS", "10H", True),
        ("10H", "OMIS", False), ("10NT", "OMIS", True), ("OMIS", "10NT", False), ("OMIS", "9NT", True),
    ],
    "three-handed": [
        ("7S", "6NT", True), ("6NT", "6S", False), ("7NT", "7S", False), ("8S", "7NT", True),
        ("10S", "10NT", False), ("10NT", "10S", False), ("10S", "9NT", True),
    ],
}

PRESET_SHAPE = {  # players, deck, widow, bid ranking, no bid (RULES.md sections 3 and 4)
    "mcallen": (4, 45, 5, "value", "must_bid"),
    "official-team": (4, 43, 3, "value", "redeal"),
    "classic-1994": (4, 43, 3, "value", "redeal"),
    "wikipedia-2006": (4, 45, 5, "value", "redeal"),
    "three-handed": (3, 33, 3, "tricks", "redeal"),
}


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_preset_hands(preset):
    for contract, tricks, kind, side, each, declarers, defenders in PRESET_HANDS[preset]:
        result = score(preset, contract, tricks, kind, side, each)
        assert (result.declarers, result.defenders) == (declarers, defenders), (contract, tricks, kind, side)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_preset_specials(preset):
    rules = rule_set(preset)
    for code in R.SPECIAL_NAMES:
        assert rules.is_legal(parse_contract(code)) == (code in PRESET_SPECIALS[preset]), code
        if code not in PRESET_SPECIALS[preset]:
            with pytest.raises(RulesError, match=f"{code} .* is not a contract under"):
                score_hand(rules, code, 0, None, (5, 5) if rules.players == 3 else None)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_preset_bid_ranking(preset):
    rules = rule_set(preset)
    for bid, earlier, expected in PRESET_BIDS[preset]:
        assert rules.outranks(parse_contract(bid), parse_contract(earlier)) is expected, (bid, earlier)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_preset_shape_and_no_bid(preset):
    rules = rule_set(preset)
    assert (rules.players, rules.deck, rules.widow, rules.bid_ranking, rules.no_bid) == PRESET_SHAPE[preset]
    # None of the presets plays a hand nobody bid: McAllen must bid, the others redeal.
    with pytest.raises(RulesError, match="a hand nobody bid is not played"):
        score_no_bid_hand(rules, (5, 5) if rules.players == 4 else (4, 3, 3))


def test_mcallen_has_no_game_limits():
    rules = rule_set("mcallen")
    assert (rules.must_bid_to_win, rules.pegging_cap, rules.lose_at, rules.win_outright_at) == (False, None, None, None)


# --- no-bid hands played at no trump (1994 / Wikipedia variant) ------------------------------

@pytest.mark.parametrize(
    "preset,tricks,expected",
    [
        ("classic-1994", (6, 4), (60, 40)),
        ("classic-1994", (10, 0), (100, 0)),  # no slam without a bid in the 1994 text
        ("wikipedia-2006", (6, 4), (60, 40)),
        ("wikipedia-2006", (0, 10), (0, 250)),  # "(or did not bid) the team gets 250 points"
        ("three-handed", (5, 3, 2), (50, 30, 20)),
    ],
)
def test_no_bid_played_at_no_trump(preset, tricks, expected):
    rules = rule_set(preset, {"no_bid": "play_no_trump"})
    assert score_no_bid_hand(rules, tricks) == expected


@pytest.mark.parametrize("tricks", [(6, 3), (5, 5, 0), (11, -1), (4, 3, 3)])
def test_no_bid_rejects_bad_tricks(tricks):
    with pytest.raises(RulesError):
        score_no_bid_hand(rule_set("classic-1994", {"no_bid": "play_no_trump"}), tricks)


# --- penalties (McAllen L-O) ---------------------------------------------------------------------

def _split(rules, tricks):
    if rules.players != 3:
        return None
    rest = 10 - tricks
    return (rest // 2, rest - rest // 2)


@pytest.mark.parametrize("preset", sorted(PRESETS))
@pytest.mark.parametrize("kind", ["bid_out_of_turn", "exposed_card", "note"])
def test_recorded_penalties_change_nothing(preset, kind):
    rules = rule_set(preset)
    for contract in rules.legal_contracts():
        for tricks in (0, 5, contract.tricks or 0, 10):
            each = _split(rules, tricks)
            plain = score_hand(rules, contract, tricks, None, each)
            for side in ("declarer", "defenders", None):
                assert score_hand(rules, contract, tricks, Penalty(kind, side), each) == plain


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_established_revoke_by_either_side(preset):
    rules = rule_set(preset)
    for contract in rules.legal_contracts():
        value = rules.value(contract)
        for tricks in range(11):
            each = _split(rules, tricks)
            by_declarer = score_hand(rules, contract, tricks, Penalty("revoke", "declarer"), each)
            assert by_declarer.declarers == -value and not by_declarer.made
            by_defenders = score_hand(rules, contract, tricks, Penalty("revoke", "defenders"), each)
            slam = not contract.is_special and tricks == 10
            assert by_defenders.declarers == (max(value, 250) if slam else value)
            assert by_defenders.defenders == 0 and by_defenders.made
            if contract.is_special:
                continue
            # A revoke by the bidders leaves the defenders their tricks (McAllen K: "regardless").
            assert by_declarer.defenders == score_hand(rules, contract, tricks, None, each).defenders


def test_penalty_validation():
    with pytest.raises(RulesError, match="is not a penalty kind"):
        Penalty("renege", "declarer")
    with pytest.raises(RulesError, match="a revoke needs the offending side"):
        Penalty("revoke")


# --- failed misère / nullo: what the defenders get, per preset --------------------------------

@pytest.mark.parametrize(
    "preset,overrides,contract,defenders",
    [
        ("official-team", {}, "NULLO", 30),  # "10 points for each trick that the bidding team won"
        ("official-team", {}, "BNULLO", 30),
        ("classic-1994", {}, "MIS", 70),  # their own 7 tricks (RULES.md section 2)
        ("classic-1994", {"defenders_on_failed_nullo": "per_trick"}, "MIS", 30),
        ("classic-1994", {"defenders_on_failed_nullo": "none"}, "MIS", 0),
        ("wikipedia-2006", {}, "MIS", 0),  # "except for during misere bids"
        ("wikipedia-2006", {}, "OMIS", 0),
        ("wikipedia-2006", {"defenders_on_failed_nullo": "per_trick"}, "OMIS", 30),
        ("mcallen", {"specials": ["MIS"]}, "MIS", 30),
    ],
)
def test_failed_special_defenders(preset, overrides, contract, defenders):
    result = score(preset, contract, 3, **overrides)
    assert not result.made and result.defenders == defenders


def test_double_and_bar_nullo_at_500_when_chosen():
    assert score("official-team", "DNULLO", 0, double_bar_nullo_points=500).declarers == 500
    assert score("official-team", "BNULLO", 1, double_bar_nullo_points=500).declarers == -500
    assert score("official-team", "NULLO", 0, double_bar_nullo_points=500).declarers == 250


# --- slam: all ten tricks score max(value, 250), in every preset ------------------------------

@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_slam(preset):
    rules = rule_set(preset)
    for contract in rules.legal_contracts():
        if contract.is_special:
            continue
        result = score_hand(rules, contract, 10, None, (0, 0) if rules.players == 3 else None)
        assert result.declarers == max(contract_value(contract.tricks, contract.suit), 250)
        assert result.defenders == 0


# --- games to 500 -------------------------------------------------------------------------------
# (preset, overrides, scores before, declarer, hand points, made) -> (scores after, winner)

GAMES = [
    # official-team: a side wins only by making a bid; pegging past 500 does not win.
    ("official-team", {}, (480, 450), 1, (20, 240), True, (500, 690), 1),
    ("official-team", {}, (480, 100), 1, (40, -140), False, (520, -40), None),
    ("official-team", {}, (520, -40), 0, (40, 60), True, (560, 20), 0),
    ("official-team", {}, (0, -900), 1, (50, -200), False, (50, -1100), 0),
    ("official-team", {}, (0, -800), 1, (50, -200), False, (50, -1000), 0),  # "reaches -1,000"
    ("official-team", {}, (0, -790), 1, (50, -200), False, (50, -990), None),
    # official-team options: 750 / -750, and "the original game" (first to 500, bidder wins ties).
    ("official-team", {"win_outright_at": 750, "lose_at": -750}, (740, 0), 1, (50, -140), False, (790, -140), 0),
    ("official-team", {"win_outright_at": 750, "lose_at": -750}, (480, 0), 1, (50, -140), False, (530, -140), None),
    ("official-team", {"win_outright_at": 750, "lose_at": -750}, (0, -700), 1, (30, -140), False, (30, -840), 0),
    ("official-team", {"win_outright_at": 750, "lose_at": -750}, (0, -610), 1, (30, -140), False, (30, -750), 0),
    ("official-team", {"win_outright_at": 750}, (700, 740), 0, (60, 40), True, (760, 780), 0),
    ("official-team", {"must_bid_to_win": False}, (480, 0), 1, (50, -140), False, (530, -140), 0),
    ("official-team", {"must_bid_to_win": False}, (490, 460), 1, (40, 40), True, (530, 500), 1),
    # classic-1994: defenders stop at 490; reach 500 wins; reach or pass -500 and the highest wins.
    ("classic-1994", {}, (480, 0), 1, (30, 140), True, (490, 140), None),
    ("classic-1994", {}, (490, 0), 1, (30, 140), True, (490, 140), None),
    ("classic-1994", {}, (470, 0), 1, (20, -160), False, (490, -160), None),
    ("classic-1994", {}, (490, 100), 0, (60, 40), True, (550, 140), 0),
    ("classic-1994", {}, (400, 0), 0, (120, 40), True, (520, 40), 0),
    ("classic-1994", {}, (100, -360), 1, (50, -140), False, (150, -500), 0),
    ("classic-1994", {}, (100, -350), 1, (50, -140), False, (150, -490), None),
    # wikipedia-2006: must bid to win; only going below -500 loses.
    ("wikipedia-2006", {}, (480, 0), 1, (50, -140), False, (530, -140), None),
    ("wikipedia-2006", {}, (530, 0), 0, (40, 60), True, (570, 60), 0),
    ("wikipedia-2006", {}, (600, 0), 0, (-40, 60), False, (560, 60), None),  # set: no win, still 500+
    ("wikipedia-2006", {}, (100, -360), 1, (50, -140), False, (150, -500), None),
    ("wikipedia-2006", {}, (100, -400), 1, (50, -140), False, (150, -540), 0),
    # three-handed: 500 wins; if another player also goes out in that deal, the bidder wins.
    ("three-handed", {}, (450, 480, 300), 0, (120, 20, 10), True, (570, 500, 310), 0),
    ("three-handed", {}, (450, 480, 300), 0, (-240, 20, 10), False, (210, 500, 310), 1),
    ("three-handed", {}, (450, 200, 300), 0, (40, 30, 30), True, (490, 230, 330), None),
]


@pytest.mark.parametrize("preset,overrides,before,declarer,points,made,after,winner", GAMES)
def test_game_after_hand(preset, overrides, before, declarer, points, made, after, winner):
    state = game_after_hand(rule_set(preset, overrides), before, declarer, points, made)
    assert state.scores == after
    assert state.winner == winner
    assert state.over is (winner is not None)


def test_game_no_bid_hand_is_all_pegging():
    rules = rule_set("classic-1994", {"no_bid": "play_no_trump"})
    state = game_after_hand(rules, (480, 300), None, (30, 70), False)
    assert state.scores == (490, 370) and state.winner is None
    wiki = rule_set("wikipedia-2006", {"no_bid": "play_no_trump"})
    assert game_after_hand(wiki, (480, 300), None, (60, 40), True).winner is None  # nobody bid


def test_game_rejects_mismatched_sides():
    with pytest.raises(RulesError, match="do not describe the same sides"):
        game_after_hand(rule_set("classic-1994"), (0, 0), 2, (10, 20), True)
    with pytest.raises(RulesError, match="do not describe the same sides"):
        game_after_hand(rule_set("classic-1994"), (0, 0), 0, (10, 20, 30), True)


# --- overrides ------------------------------------------------------------------------------------
# field -> (a good value and what it becomes, a bad value and the words the message must hold)

OVERRIDES = {
    "allow_six_bids": (False, False, "yes", "is not true or false"),
    "specials": (["mis", "OMIS"], ("MIS", "OMIS"), ["MIS", "GRAND"], "is not a special contract"),
    "no_bid": ("play_no_trump", "play_no_trump", "deal_again", "is not one of"),
    "defenders_on_failed_nullo": ("none", "none", "half", "is not one of"),
    "double_bar_nullo_points": (500, 500, 300, "is not 250 or 500"),
    "open_misere_points": (500, 500, "520", "is not a whole number"),
    "open_misere_below_10nt": (True, True, 1, "is not true or false"),
    "eight_spades_beats_misere": (False, False, None, "is not true or false"),
    "no_bid_slam": (True, True, "true", "is not true or false"),
    "defenders_slam": (True, True, 0, "is not true or false"),
    "target": (750, 750, 0, "is not between 100 and 10000"),
    "must_bid_to_win": (True, True, "no", "is not true or false"),
    "pegging_cap": (None, None, 600, "below the target"),
    "lose_at": (-750, -750, 500, "is not a negative score"),
    "lose_at_inclusive": (False, False, "False", "is not true or false"),
    "win_outright_at": (750, 750, 400, "is not above the target"),
    "revoke_penalty": (False, False, "off", "is not true or false"),
    "bidder_wins_crossing": (False, False, 1, "is not true or false"),
    "five_handed_misere": (True, True, "yes", "is not true or false"),
    "five_handed_alone": (False, False, 0, "is not true or false"),
    "set_bidder_wins": (True, True, "on", "is not true or false"),
}


def test_every_overridable_field_is_covered():
    assert set(OVERRIDES) == set(OVERRIDABLE_FIELDS)
    assert set(AMBIGUOUS_FIELDS) <= set(OVERRIDABLE_FIELDS)
    for name, sentence in OVERRIDABLE_FIELDS.items():
        assert sentence.strip(), name


@pytest.mark.parametrize("field", sorted(OVERRIDES))
def test_override_accepted(field):
    good, stored, _, _ = OVERRIDES[field]
    rules = rule_set("classic-1994", {field: good})
    assert getattr(rules, field) == stored
    # What an event stores is exactly its own choices, and it rebuilds the same rule set.
    assert rule_set("classic-1994", differences(rules)) == rules


@pytest.mark.parametrize("field", sorted(OVERRIDES))
def test_override_rejected_naming_the_field(field):
    _, _, bad, words = OVERRIDES[field]
    with pytest.raises(RulesError) as info:
        rule_set("classic-1994", {field: bad})
    assert str(info.value).startswith(f"{field}: ")
    assert words in str(info.value)


@pytest.mark.parametrize(
    "preset,overrides,message",
    [
        ("mcallen", {"deck": 52}, "deck: not a rule that an event can change"),
        ("mcallen", {"name": "x"}, "name: not a rule that an event can change"),
        ("mcallen", ["specials"], "rule overrides must be an object"),
        ("mcallen", {"specials": "MIS"}, "specials: 'MIS' is not a list of contract codes"),
        ("mcallen", {"specials": ["MIS", "mis"]}, "specials: a special contract is listed twice"),
        ("mcallen", {"target": 10**9}, "target: 1000000000 is not a whole number"),
        ("mcallen", {"target": True}, "target: True is not a whole number"),
        ("mcallen", {"no_bid": 3}, "no_bid: 3 is not text"),
        ("chicago", {}, "'chicago' is not a rule set"),
    ],
)
def test_bad_overrides(preset, overrides, message):
    with pytest.raises(RulesError) as info:
        rule_set(preset, overrides)
    assert message in str(info.value)


def test_official_45_card_option_forbids_six_bids():
    rules = rule_set("official-team", {"allow_six_bids": False})
    assert [c.code for c in rules.legal_contracts()][:5] == ["7S", "7C", "7D", "7H", "7NT"]
    with pytest.raises(RulesError, match="six bids are not allowed"):
        score_hand(rules, "6NT", 6)


def test_eight_spades_option_for_misere():
    rules = rule_set("wikipedia-2006", {"eight_spades_beats_misere": False})
    mis = parse_contract("MIS")
    assert rules.outranks(mis, parse_contract("8S"))
    assert not rules.outranks(parse_contract("8S"), mis)
    assert rules.outranks(parse_contract("8C"), mis)


def test_open_misere_below_10nt_option():
    rules = rule_set("mcallen", {"specials": ["OMIS"], "open_misere_below_10nt": True})
    assert rules.outranks(parse_contract("OMIS"), parse_contract("10H"))
    assert rules.outranks(parse_contract("10NT"), parse_contract("OMIS"))


def test_three_handed_needs_each_defenders_tricks():
    rules = rule_set("three-handed")
    with pytest.raises(RulesError, match="each defender's tricks"):
        score_hand(rules, "7H", 7)
    with pytest.raises(RulesError, match="is not 3"):
        score_hand(rules, "7H", 7, None, (2, 2))
    assert score_hand(rules, "7H", 7, None, (3, 0)).defenders_each == (30, 0)


@pytest.mark.parametrize("tricks", [-1, 11, 7.0, "7", True, None])
def test_tricks_out_of_range(tricks):
    with pytest.raises(RulesError, match="tricks: .* is not between 0 and 10"):
        score_hand(rule_set(), "7H", tricks)


# --- hypothesis properties -----------------------------------------------------------------------

PRESET_NAMES = sorted(PRESETS)
PENALTIES = [None, Penalty("revoke", "declarer"), Penalty("revoke", "defenders"),
             Penalty("bid_out_of_turn", "declarer"), Penalty("exposed_card", "defenders"), Penalty("note")]


@st.composite
def hands(draw, preset=None):
    rules = rule_set(draw(st.sampled_from(PRESET_NAMES)) if preset is None else preset)
    contract = draw(st.sampled_from(rules.legal_contracts()))
    tricks = draw(st.integers(0, 10))
    each = None
    if rules.players == 3:
        first = draw(st.integers(0, 10 - tricks))
        each = (first, 10 - tricks - first)
    return rules, contract, tricks, draw(st.sampled_from(PENALTIES)), each


@given(hands())
def test_property_pure_function(hand):
    rules, contract, tricks, penalty, each = hand
    first = score_hand(rules, contract, tricks, penalty, each)
    assert score_hand(rules, contract.code, tricks, penalty, each) == first
    assert score_hand(rules, contract, tricks, penalty, each) == first


@given(st.lists(hands(), max_size=12), st.randoms())
def test_property_order_of_entry_does_not_matter(hand_list, rnd):
    def totals(items):
        declarers = sum(score_hand(r, c, t, p, e).declarers for r, c, t, p, e in items)
        defenders = sum(score_hand(r, c, t, p, e).defenders for r, c, t, p, e in items)
        return declarers, defenders

    shuffled = list(hand_list)
    rnd.shuffle(shuffled)
    assert totals(hand_list) == totals(shuffled)


@given(hands())
def test_property_defenders_never_negative(hand):
    rules, contract, tricks, penalty, each = hand
    result = score_hand(rules, contract, tricks, penalty, each)
    assert result.defenders >= 0
    if result.defenders_each is not None:
        assert min(result.defenders_each) >= 0 and sum(result.defenders_each) == result.defenders


@given(hands())
def test_property_declarers_score_only_value_forms(hand):
    rules, contract, tricks, penalty, each = hand
    result = score_hand(rules, contract, tricks, penalty, each)
    value = rules.value(contract)
    assert result.declarers in {value, -value, max(value, 250)}
    assert (result.declarers > 0) is result.made


@given(hands())
def test_property_revoke_by_defenders_never_hurts_bidders(hand):
    rules, contract, tricks, _, each = hand
    result = score_hand(rules, contract, tricks, Penalty("revoke", "defenders"), each)
    assert result.declarers >= rules.value(contract)
    assert result.defenders == 0


@given(st.sampled_from(PRESET_NAMES))
def test_property_legal_values_match_formula(preset):
    rules = rule_set(preset)
    for contract in rules.legal_contracts():
        if contract.is_special:
            assert rules.value(contract) in (250, 500, 520)
        else:
            suit_index = ("S", "C", "D", "H", "NT").index(contract.suit)
            assert rules.value(contract) == 40 + 20 * suit_index + 100 * (contract.tricks - 6)


@settings(max_examples=50)
@given(st.sampled_from(PRESET_NAMES), st.fixed_dictionaries({
    "specials": st.lists(st.sampled_from(sorted(R.SPECIAL_NAMES)), unique=True),
    "open_misere_below_10nt": st.booleans(),
    "eight_spades_beats_misere": st.booleans(),
    "allow_six_bids": st.booleans(),
}))
def test_property_outranks_is_a_strict_order_matching_legal_contracts(preset, overrides):
    rules = rule_set(preset, overrides)
    legal = rules.legal_contracts()
    for a in legal:
        assert not rules.outranks(a, a)
    for (i, a), (j, b) in itertools.product(enumerate(legal), repeat=2):
        if i < j:
            assert not rules.outranks(a, b), (a, b)  # a later contract in the list is never lower
            assert rules.outranks(b, a) == (rules.rank(a) != rules.rank(b))
    for a, b, c in itertools.combinations(legal, 3):
        if rules.outranks(c, b) and rules.outranks(b, a):
            assert rules.outranks(c, a)


# --- the pure core imports no Django ---------------------------------------------------------

PURE_MODULES = ["scoring.engine.rules", "scoring.engine.standings", "scoring.engine.movement", "scoring.engine.eventfile"]


@pytest.mark.parametrize("module", PURE_MODULES)
def test_pure_module_does_not_import_django(module):
    path = REPO / (module.replace(".", "/") + ".py")
    if not path.exists():  # a package: its __init__ imports every module in it
        path = path.with_suffix("") / "__init__.py"
    if not path.exists():
        pytest.skip(f"{path.name} does not exist yet")
    code = f"import sys, {module}; sys.exit(1 if any(m == 'django' or m.startswith('django.') for m in sys.modules) else 0)"
    run = subprocess.run([sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True,
                         env={"PATH": "/usr/bin:/bin", "PYTHONPATH": str(REPO)})
    assert run.returncode == 0, f"{module} imports django: {run.stderr}"


def test_specials_in_a_game_ranked_by_tricks():
    rules = rule_set("three-handed", {"specials": ["MIS", "OMIS"]})
    mis, omis = parse_contract("MIS"), parse_contract("OMIS")
    assert rules.outranks(mis, parse_contract("7NT")) and rules.outranks(parse_contract("8S"), mis)
    assert rules.outranks(omis, parse_contract("10NT")) and not rules.outranks(parse_contract("10NT"), omis)
    assert [c.code for c in rules.legal_contracts()][-1] == "OMIS"


def test_failed_special_in_three_handed_pegs_each_defender():
    rules = rule_set("three-handed", {"specials": ["MIS"]})
    failed = score_hand(rules, "MIS", 2, None, (5, 3))
    assert (failed.declarers, failed.defenders_each, failed.defenders) == (-250, (20, 20), 40)
    made = score_hand(rules, "MIS", 0, None, (6, 4))
    assert (made.declarers, made.defenders_each, made.defenders) == (250, (0, 0), 0)
