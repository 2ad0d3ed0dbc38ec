"""The table layouts (scoring.engine.layouts) and event formats (scoring.engine.formats): every
registered layout scores hands as the rules engine does, on hands worked out by hand from
/work/shared/RULES.md; its dealer, sides and credit; and properties over every legal hand."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import formats, games, layouts
from scoring.engine import rules as R
from scoring.engine.layouts import LAYOUTS, HandEntry, LayoutError
from scoring.engine.vocabulary import NOBID, SEATS, SIDES, THREE_SEATS

PARTNERSHIPS, PROGRESSIVE, THREE = LAYOUTS["partnerships"], LAYOUTS["progressive"], LAYOUTS["three-handed"]
TWO_SIDED = [PARTNERSHIPS, PROGRESSIVE]
MCALLEN = R.rule_set("mcallen")
THREE_RULES = R.rule_set("three-handed")
WIKI_NO_TRUMP = R.rule_set("wikipedia-2006", {"no_bid": "play_no_trump"})  # no_bid_slam on: 250 for all ten

# RULES.md section 5, "Worked examples (McAllen preset)": contract, bidder's tricks, penalty, bidders, defenders.
SECTION_5 = [
    ("7H", 8, "", 200, 20),
    ("8NT", 7, "", -320, 30),
    ("6S", 10, "", 250, 0),  # all ten: max(40, 250)
    ("9H", 10, "", 400, 0),
    ("10NT", 10, "", 520, 0),
    ("7D", 9, "revoke by bidders", -180, 10),  # McAllen O: the bid is defeated, defenders keep their tricks
    ("8C", 5, "revoke by defenders", 260, 0),  # McAllen O: scored as made, defenders nothing
    ("6C", 6, "bid_out_of_turn", 60, 40),  # recorded only
]


def _penalty(declarer: str, words: str) -> tuple[str, str]:
    other = "ew" if declarer == "ns" else "ns"
    if words == "revoke by bidders":
        return "revoke", declarer
    if words == "revoke by defenders":
        return "revoke", other
    return words, ""


@pytest.mark.parametrize("layout", TWO_SIDED, ids=lambda lay: lay.name)
@pytest.mark.parametrize("declarer", SIDES)
@pytest.mark.parametrize(("contract", "tricks", "penalty", "bidders", "defenders"), SECTION_5)
def test_a_two_sided_layout_scores_the_worked_examples(layout, declarer, contract, tricks, penalty, bidders,
                                                        defenders):
    kind, side = _penalty(declarer, penalty)
    result = layout.score(MCALLEN, HandEntry(contract, declarer, tricks, penalty_kind=kind, penalty_side=side))
    other = "ew" if declarer == "ns" else "ns"
    assert result.sides == {"ns": bidders if declarer == "ns" else defenders,
                            "ew": bidders if declarer == "ew" else defenders}
    assert (result.sides[declarer], result.sides[other]) == (bidders, defenders)
    assert result.made == (bidders > 0) and result.declarer == declarer
    # The same numbers as the rules engine itself.
    offender = None if not side else "declarer" if side == declarer else "defenders"
    engine = R.score_hand(MCALLEN, contract, tricks, R.Penalty(kind, offender) if kind else None)
    assert (engine.declarers, engine.defenders) == (bidders, defenders)


# RULES.md section 6, three-handed: the bidder scores the contract, each defender 10 a trick he took.
THREE_HANDED = [
    # contract, bidder's seat, each seat's tricks, each seat's points, made
    ("7H", "2", {"1": 2, "2": 7, "3": 1}, {"1": 20, "2": 200, "3": 10}, True),  # 7H = 40 + 3*20 + 100
    ("8S", "1", {"1": 6, "2": 3, "3": 1}, {"1": -240, "2": 30, "3": 10}, False),  # 8S = 40 + 200, set
    ("6S", "3", {"1": 0, "2": 0, "3": 10}, {"1": 0, "2": 0, "3": 250}, True),  # slam: max(40, 250)
    ("10NT", "1", {"1": 9, "2": 0, "3": 1}, {"1": -520, "2": 0, "3": 10}, False),
]


@pytest.mark.parametrize(("contract", "bidder", "tricks", "points", "made"), THREE_HANDED)
def test_three_handed_scores_each_seat_as_the_rules_engine(contract, bidder, tricks, points, made):
    result = THREE.score(THREE_RULES, THREE.entry(contract=contract, declarer_seat=bidder, seat_tricks=tricks))
    assert result.sides == points and result.seats == points and result.made is made
    assert R.score_three_handed(THREE_RULES, contract, bidder, tricks) == (points, made)
    assert THREE.columns(result) == {"ns_points": 0, "ew_points": 0, "made": made, "seat_points": points}


# RULES.md section 2, "No bid": 10 a trick each side; Wikipedia's 250 for a side that takes all ten.
@pytest.mark.parametrize("layout", TWO_SIDED, ids=lambda lay: lay.name)
@pytest.mark.parametrize(("rules", "ns_tricks", "ns", "ew"), [
    (WIKI_NO_TRUMP, 6, 60, 40),
    (WIKI_NO_TRUMP, 0, 0, 250),
    (R.rule_set("classic-1994", {"no_bid": "play_no_trump"}), 10, 100, 0),  # no 250 without no_bid_slam
])
def test_a_hand_nobody_bid_at_a_two_sided_table(layout, rules, ns_tricks, ns, ew):
    result = layout.score(rules, layout.entry(contract="NOBID", ns_tricks=ns_tricks))
    assert (result.sides, result.made, result.declarer) == ({"ns": ns, "ew": ew}, False, "")
    assert layout.columns(result) == {"ns_points": ns, "ew_points": ew, "made": False, "seat_points": None}
    assert games.hand_points(rules, contract=NOBID, ns_tricks=ns_tricks) == (ns, ew, False)


def test_a_hand_nobody_bid_is_refused_where_the_rules_redeal_it():
    with pytest.raises(R.RulesError, match="a hand nobody bid is not played"):
        PARTNERSHIPS.score(MCALLEN, PARTNERSHIPS.entry(contract="NOBID", ns_tricks=5))
    with pytest.raises(R.RulesError, match="a hand nobody bid is not played"):
        THREE.score(THREE_RULES, THREE.entry(contract="NOBID", seat_tricks={"1": 4, "2": 3, "3": 3}))


def test_a_hand_nobody_bid_is_not_recorded_at_a_table_of_three_even_where_the_rules_play_it():
    # A table where each plays for himself records only bid hands (Layout.plays_no_bid): its entry
    # takes a bidder, so scoring.services refuses NOBID there too, and the layout says the same.
    assert (PARTNERSHIPS.plays_no_bid, THREE.plays_no_bid) == (True, False)
    rules = R.rule_set("three-handed", {"no_bid": "play_no_trump"})
    with pytest.raises(LayoutError, match="^contract: a hand nobody bid is not played at a table of the layout "
                                          "three-handed$"):
        THREE.score(rules, THREE.entry(contract="NOBID", seat_tricks={"1": 4, "2": 3, "3": 3}))


@pytest.mark.parametrize(("layout", "rules", "hand", "field"), [
    (PARTNERSHIPS, MCALLEN, HandEntry("7H", "N", 8), "declarer"),
    (PARTNERSHIPS, MCALLEN, HandEntry("7H", "ns", 11), "tricks"),
    (PARTNERSHIPS, MCALLEN, HandEntry("7H", "ns", 8, penalty_kind="revoke"), "penalty_side"),
    (PARTNERSHIPS, THREE_RULES, HandEntry("7H", "ns", 8), "rules_preset"),
    (THREE, THREE_RULES, HandEntry("7H", "1", None, {"1": 7, "2": 2, "3": 2}), "seat_tricks"),
    # A revoke changes the score at three as anywhere (McAllen O); a bid out of turn is not recorded there.
    (THREE, THREE_RULES, HandEntry("7H", "1", None, {"1": 7, "2": 3, "3": 0}, "bid_out_of_turn", "2"), "penalty_kind"),
    # A table of three plays under a four-handed rule set only in an event of mixed sizes; a table of
    # five never under the three-handed ones.
    (LAYOUTS["five-handed"], THREE_RULES, HandEntry("7H", "1", None, dict.fromkeys("12345", 2)), "rules_preset"),
    (PARTNERSHIPS, WIKI_NO_TRUMP, HandEntry("NOBID", "ns", side_tricks={"ns": 5, "ew": 5}), "declarer"),
    (PARTNERSHIPS, WIKI_NO_TRUMP, HandEntry("NOBID", side_tricks={"ns": 5, "ew": 4}), "ns_tricks"),
])
def test_a_hand_the_layout_cannot_take_names_its_field(layout, rules, hand, field):
    with pytest.raises(LayoutError, match=f"^{field}: "):
        layout.score(rules, hand)


@pytest.mark.parametrize(("layout", "dealers"), [
    (PARTNERSHIPS, "NESWNESW"),  # the deal passes to the left: each deals once a round of 4 (RULES.md section 3)
    (PROGRESSIVE, "NESWNESW"),
    (THREE, "12312312"),
])
def test_the_deal_passes_to_the_left(layout, dealers):
    assert "".join(layout.dealer(n) for n in range(1, 9)) == dealers


def test_sides_and_places():
    assert PARTNERSHIPS.sides == PROGRESSIVE.sides == SIDES
    assert PARTNERSHIPS.seats_of("ns") == ("N", "S") and PARTNERSHIPS.seats_of("ew") == ("E", "W")
    assert PARTNERSHIPS.places == SIDES and PROGRESSIVE.places == SEATS and THREE.places == THREE_SEATS
    assert THREE.sides == THREE_SEATS and THREE.each_for_himself and not PROGRESSIVE.each_for_himself
    assert [lay.entrants_per_table for lay in (PARTNERSHIPS, PROGRESSIVE, THREE)] == [2, 4, 3]
    assert layouts.seats_for(3) == THREE_SEATS and layouts.seats_for(4) == SEATS and layouts.seats_for(7) == ()


def test_credit_gives_each_entrant_his_place_points():
    result = PROGRESSIVE.score(MCALLEN, HandEntry("8NT", "ew", 7))  # E-W set: -320, N-S 30
    assert PROGRESSIVE.credit(result, {"N": 11, "E": 12, "S": 13, "W": 14}) == {11: 30, 12: -320, 13: 30, 14: -320}
    assert PARTNERSHIPS.credit(result, {"ns": 5, "ew": 9}) == {5: 30, 9: -320}
    with pytest.raises(LayoutError, match="^places: "):
        PARTNERSHIPS.credit(result, {"N": 5})


def test_the_layout_for_entrants_and_rules():
    assert layouts.layout_for("partnerships", 4) is PARTNERSHIPS
    assert layouts.layout_for("individuals", 4) is PROGRESSIVE
    assert layouts.layout_for("individuals", 3) is THREE
    with pytest.raises(LayoutError, match="^entrants: "):
        layouts.layout_for("partnerships", 3)
    with pytest.raises(LayoutError, match="^layout: "):
        layouts.layout("seven-handed")


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=lambda lay: lay.name)
def test_every_layout_plans_its_tables(layout):
    numbers = list(range(1, 3 * layout.entrants_per_table + 1))  # three full tables
    plans = layout.plan(numbers, 3)
    assert [p.number for p in plans] == [1, 2, 3]
    for plan in plans:
        seated = [n for table in plan.tables for n in table[1:]] if not layout.individuals else [
            n for _table, seats in plan.tables for n in seats]
        assert sorted(seated + plan.byes) == numbers
        assert all(len(seats) == layout.players for _t, seats in plan.tables) if layout.individuals else True


@pytest.mark.parametrize("layout", LAYOUTS.values(), ids=lambda lay: lay.name)
def test_every_layout_gives_every_seat_one_side_and_a_turn_to_deal(layout):
    assert set(layout.side_of) == set(layout.seats) and set(layout.sides) == set(layout.side_of.values())
    assert sorted(layout.dealer(n) for n in range(1, layout.players + 1)) == sorted(layout.seats)
    assert layout.name in layouts.LAYOUT_LABELS


# --- properties over every legal hand -------------------------------------------------------------

RULES_FOR = {
    "partnerships": [R.rule_set(name) for name in ("mcallen", "official-team", "classic-1994", "wikipedia-2006")],
    "progressive": [R.rule_set(name) for name in ("mcallen", "official-team", "classic-1994", "wikipedia-2006")],
    "three-handed": [THREE_RULES, R.rule_set("three-handed", {"specials": ["MIS", "OMIS"]})],
}


@st.composite
def legal_hands(draw):
    # The tables of four and three (two, five and six: tests/engine/test_layouts_two_five_six.py).
    layout = draw(st.sampled_from([LAYOUTS[name] for name in RULES_FOR]))
    rules = draw(st.sampled_from(RULES_FOR[layout.name]))
    contract = draw(st.sampled_from(rules.legal_contracts())).code
    declarer = draw(st.sampled_from(layout.sides))
    tricks = draw(st.integers(0, 10))
    if layout.each_for_himself:
        first = draw(st.integers(0, 10 - tricks))
        others = [side for side in layout.sides if side != declarer]
        return layout, rules, HandEntry(contract, declarer, None,
                                        {declarer: tricks, others[0]: first, others[1]: 10 - tricks - first})
    penalty = draw(st.sampled_from([("", ""), ("revoke", "ns"), ("revoke", "ew"), ("note", "")]))
    return layout, rules, HandEntry(contract, declarer, tricks, None, *penalty)


@settings(max_examples=300, deadline=None)
@given(legal_hands(), st.permutations(range(1, 5)))
def test_points_credited_to_entrants_are_their_sides_points(hand, numbers):
    layout, rules, entry = hand
    result = layout.score(rules, entry)
    at = dict(zip(layout.places, numbers))
    credited = layout.credit(result, at)
    for place, entrant in at.items():
        side = place if place in layout.sides else layout.side_of[place]
        assert credited[entrant] == result.sides[side]
    # Each side's seats hold its points; a side of partners shares them, never adds them up.
    for side in layout.sides:
        assert {result.seats[seat] for seat in layout.seats_of(side)} == {result.sides[side]}
    # And the sides' points are the rules engine's.
    if layout.each_for_himself:
        assert (result.sides, result.made) == R.score_three_handed(rules, entry.contract, entry.declarer,
                                                                   dict(entry.side_tricks))
    else:
        offender = None if not entry.penalty_side else (
            "declarer" if entry.penalty_side == entry.declarer else "defenders")
        score = R.score_hand(rules, entry.contract, entry.tricks,
                             R.Penalty(entry.penalty_kind, offender) if entry.penalty_kind else None)
        other = next(s for s in layout.sides if s != entry.declarer)
        assert (result.sides[entry.declarer], result.sides[other], result.made) == (
            score.declarers, score.defenders, score.made)
    # The games replay reads the same points, side by side.
    played = layout.played(1, result)
    assert played.points == tuple(result.sides[s] for s in layout.sides)
    assert played.declarer == layout.sides.index(entry.declarer)


# --- event formats --------------------------------------------------------------------------------

def test_the_formats_are_the_rules_formats():
    assert tuple(formats.FORMATS) == R.EVENT_FORMATS
    with pytest.raises(formats.FormatError, match="^format: "):
        formats.event_format("marathon")


def test_a_session_round_is_done_and_confirmable_with_all_its_hands():
    session = formats.FORMATS["session"]
    assert not session.round_done(hands=3, hands_per_round=4) and session.round_done(hands=4, hands_per_round=4)
    assert not session.confirmable(hands=3, hands_per_round=4) and session.confirmable(hands=4, hands_per_round=4)
    assert session.rank_keys() == ("total",) and session.last_hand(4) == 4 and not session.ends_games


def test_a_round_of_games_is_done_by_its_games_or_its_hands():
    fmt = formats.FORMATS["games"]
    wiki = R.rule_set("wikipedia-2006")
    one_game = games.GamesSetup(games_per_round=1)
    # 10H made by N-S: +500, game 1 won (RULES.md section 4: the bidder made its bid and reached 500).
    won = games.replay(wiki, one_game, [games.played(1, "ns", 500, 0, True)])
    assert fmt.round_done(hands=1, hands_per_round=None, games=won)
    # 7H made by N-S: 200-10: the game goes on; not done, and not confirmable with games_per_round set.
    going = games.replay(wiki, one_game, [games.played(1, "ns", 200, 10, True)])
    assert not fmt.round_done(hands=1, hands_per_round=None, games=going)
    assert not fmt.confirmable(hands=1, hands_per_round=None, games=going, setup=one_game)
    assert fmt.round_done(hands=4, hands_per_round=4, games=going)  # the round's hands played
    # Only the bell ends the round: a table with hands and no game in play may confirm.
    bell = games.GamesSetup()
    finished = games.replay(wiki, bell, [games.played(1, "ns", 500, 0, True)])
    assert fmt.confirmable(hands=1, hands_per_round=None, games=finished, setup=bell)
    assert not fmt.confirmable(hands=1, hands_per_round=None, games=games.replay(
        wiki, bell, [games.played(1, "ns", 200, 10, True)]), setup=bell)
    assert fmt.rank_keys(games.GamesSetup(rank_by=("points", "games"))) == ("points", "games")
    assert fmt.last_hand(None) == formats.MAX_GAMES_HANDS and fmt.ends_games


def test_a_table_of_three_scores_every_hand_as_the_three_handed_rule_does():
    """The layout scores a table of three as any table of several sides (score_sides); on every hand of
    the three-handed rule set that is what rules.score_three_handed (RULES.md section 6) gives."""
    for contract in THREE_RULES.legal_contracts():
        for bidder in range(11):
            for first in range(11 - bidder):
                tricks = {"1": first, "2": bidder, "3": 10 - bidder - first}
                want, made = R.score_three_handed(THREE_RULES, contract, "2", tricks)
                got = THREE.score(THREE_RULES, THREE.entry(contract=contract.code, declarer_seat="2",
                                                           seat_tricks=tricks))
                assert (got.seats, got.made) == (want, made), (contract.code, tricks)


@pytest.mark.parametrize("revoker, seats, made", [
    # 7H (200) by seat 1 with 8 tricks, but he revoked: "their bid is defeated", -200; the defenders
    # still score their own tricks (RULES.md section 2, McAllen O).
    ("1", {"1": -200, "2": 10, "3": 10}, False),
    # ... a defender revoked: "scored as made with the opponents not scoring": +200, the others nothing.
    ("3", {"1": 200, "2": 0, "3": 0}, True),
])
def test_an_established_revoke_at_a_table_of_three(revoker, seats, made):
    result = THREE.score(THREE_RULES, THREE.entry(contract="7H", declarer_seat="1", penalty_kind="revoke",
                                                  penalty_side=revoker, seat_tricks={"1": 8, "2": 1, "3": 1}))
    assert (result.seats, result.made) == (seats, made)
