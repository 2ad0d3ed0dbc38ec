"""Event files of mixed table sizes (issue 25; RULES.md section 7, "Mixed table sizes"):
`"players_per_table": "mixed"` in a games event of individuals, each table read as the layout of
its number of players (a four as progressive, its players in seating order N, E, S, W; a five
calling a partner; a six as the event's six_handed says), every bad input named at its place, the
writer round-tripping it, and the standings read from the file alone. Every point is worked by
hand from RULES.md sections 1, 2 and 7 (value = 40 + 20 * suit index + 100 * (tricks - 6), spades
0 to no-trump 4; defenders 10 a trick they took themselves), never read back from the code.
"""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.eventfile import check, parse, to_dict
from scoring.engine.eventfile.standings import file_standings_json

NAMES = {1: "Ana Garza", 2: "Luis Peña", 3: "Marie Roy", 4: "Tom Hale", 5: "Rosa Díaz", 6: "Jean Petit",
         7: "Carmen Ruiz", 8: "Hugo Leal", 9: "Paul Blanc", 10: "Inés Soto"}


NINE = tuple(range(1, 10))


def club_night(tables, *, players=NINE, six_handed=None, fmt="games") -> dict:
    event = {"name": "Club night", "date": "2026-11-28", "entrants": "individuals", "rules": "wikipedia-2006",
             "players_per_table": "mixed", "rounds": 1, "hands_per_round": None}
    if fmt == "games":
        event["format"] = "games"
        event["games"] = {"rank_by": ["games", "points"]}
    else:
        event["hands_per_round"] = 2
    if six_handed is not None:
        event["six_handed"] = six_handed
    return {"format": "500-event/2", "event": event,
            "players": [{"number": n, "name": NAMES[n]} for n in players],
            "rounds": [{"number": 1, "status": "closed", "tables": tables, "byes": []}]}


def before_play(data: dict) -> dict:
    """The same club night with round 1 open and no hand played yet (`data` changed and returned)."""
    for table in data["rounds"][0]["tables"]:
        table["hands"], table["confirmed"] = [], False
    data["rounds"][0]["status"] = "open"
    return data


def four_and_five() -> dict:
    """Nine players: a table of four (players 1, 2, 3, 4 at N, E, S, W: 1 and 3 partners) and one of five."""
    return club_night([
        {"table": 1, "seats": [1, 2, 3, 4], "confirmed": True, "hands": [
            # 7H (200) by E-W with 8 tricks: E-W +200, N-S +20 for their two.
            {"hand": 1, "contract": "7H", "declarer": "ew", "tricks": 8},
            # 10NT (520) by N-S with all ten: N-S 20 + 520 = 540, past 500: N-S win the game.
            {"hand": 2, "contract": "10NT", "declarer": "ns", "tricks": 10}]},
        {"table": 2, "seats": [5, 6, 7, 8, 9], "confirmed": True, "hands": [
            # 8H (300) by 9 calling 6, 5 + 3 = 8 tricks: 9 and 6 +300 each; 5 and 7 +10, 8 nothing.
            {"hand": 1, "contract": "8H", "declarer": 9, "partner": 6,
             "tricks": {"9": 5, "6": 3, "5": 1, "7": 1, "8": 0}},
            # 10NT (520) by 5 alone (the called card in the widow), all ten: 5 at 530 wins the game.
            {"hand": 2, "contract": "10NT", "declarer": 5, "partner": None,
             "tricks": {"5": 10, "6": 0, "7": 0, "8": 0, "9": 0}}]},
    ])


def test_a_four_and_a_five_rank_on_games_won_then_points():
    standings = file_standings_json(parse(four_and_five()))["standings"]
    got = [(r["player"], r["total"], r["games_won"], r["games_lost"], r["rank"]) for r in standings]
    # Games won first (1 and 3 with N-S, 5 alone), then the points of the final game scores.
    assert got == [(1, 540, 1, 0, 1), (3, 540, 1, 0, 1), (5, 530, 1, 0, 3), (6, 300, 0, 1, 4), (9, 300, 0, 1, 4),
                   (2, 200, 0, 1, 6), (4, 200, 0, 1, 6), (7, 10, 0, 1, 8), (8, 0, 0, 1, 9)]


def four_and_three() -> dict:
    """Seven players: a table of four and one of three, each for himself under the event's four-handed rules."""
    return club_night([
        four_and_five()["rounds"][0]["tables"][0],  # N-S (1 and 3) win with 540, E-W (2 and 4) 200
        {"table": 2, "seats": [5, 6, 7], "confirmed": True, "hands": [
            # 7H (200) by 5 with 7 tricks: 5 +200; 6 +20 and 7 +10 for their own.
            {"hand": 1, "contract": "7H", "declarer": 5, "tricks": {"5": 7, "6": 2, "7": 1}},
            # 10NT (520) by 6 with all ten: 6 at 540 wins the game.
            {"hand": 2, "contract": "10NT", "declarer": 6, "tricks": {"5": 0, "6": 10, "7": 0}}]},
    ], players=tuple(range(1, 8)))


def test_a_four_and_a_three_each_for_himself_under_four_handed_rules():
    standings = file_standings_json(parse(four_and_three()))["standings"]
    got = [(r["player"], r["total"], r["games_won"], r["rank"]) for r in standings]
    assert got == [(1, 540, 1, 1), (3, 540, 1, 1), (6, 540, 1, 1), (2, 200, 0, 4), (4, 200, 0, 4), (5, 200, 0, 4),
                   (7, 10, 0, 7)]


def four_and_six(six_handed="three-pairs") -> dict:
    """Ten players: a table of four and one of six (seats 1..6 hold players 5..10)."""
    return club_night([
        {"table": 1, "seats": [1, 2, 3, 4], "confirmed": True, "hands": [
            {"hand": 1, "contract": "10NT", "declarer": "ew", "tricks": 10}]},  # E-W 520: 2 and 4 win
        {"table": 2, "seats": [5, 6, 7, 8, 9, 10], "confirmed": True, "hands": [
            # Three pairs: A is seats 1 and 4 (players 5 and 8), B 2 and 5 (6, 9), C 3 and 6 (7, 10).
            # 10H (500) by 6 for B with 10 tricks: B 500, past the line; A and C nothing.
            {"hand": 1, "contract": "10H", "declarer": 6, "tricks": {"A": 0, "B": 10, "C": 0}}]},
    ], players=range(1, 11), six_handed=six_handed)


def test_a_six_is_seated_as_six_handed_says():
    standings = file_standings_json(parse(four_and_six()))["standings"]
    won = sorted(r["player"] for r in standings if r["games_won"])
    assert won == [2, 4, 6, 9]
    assert {r["player"]: r["total"] for r in standings} == {2: 520, 4: 520, 6: 500, 9: 500, 1: 0, 3: 0, 5: 0,
                                                            7: 0, 8: 0, 10: 0}


@pytest.mark.parametrize("make", [four_and_five, four_and_three, four_and_six])
def test_the_writer_round_trips_each_tables_shape(make):
    data = make()
    written = to_dict(parse(data))
    assert written["event"]["players_per_table"] == "mixed"
    for got, sent in zip(written["rounds"][0]["tables"], data["rounds"][0]["tables"], strict=True):
        assert got["seats"] == sent["seats"]
        assert got["hands"] == sent["hands"]
    assert to_dict(parse(written)) == written


def edited(change) -> list[str]:
    data = copy.deepcopy(four_and_five())
    change(data)
    return check(data)[0]


def _set(path, value):
    def change(data):
        *head, last = path
        target = data
        for key in head:
            target = target[key]
        target[last] = value
    return change


TABLE = ("rounds", 0, "tables")


@pytest.mark.parametrize("change, expected", [
    (_set((*TABLE, 1, "seats"), [5, 6]),
     ["rounds[0].tables[1].seats: an event of mixed sizes seats 3, 4, 5, 6 players at a table, got 2"]),
    (_set((*TABLE, 1, "seats"), [5, 6, 7, 8, 9, 1]),
     ["rounds[0].tables[1].seats: a table of six in an event of mixed sizes needs event.six_handed "
      "(three-pairs, two-threes)"]),
    (lambda data: data["event"].update(format="session", games=None, hands_per_round=2) or data["event"].pop("games"),
     ['event.players_per_table: "mixed" only in an event played as games (event.format "games"): points won at '
      "tables of different sizes are not comparable; give one size (2, 3, 4, 5, 6)"]),
    (_set(("event", "rules"), "three-handed"),
     ["event.rules: three-handed is a rule set for 3 players; mixed table sizes are played under mcallen, "
      "official-team, classic-1994, wikipedia-2006"]),
    (_set(("event", "six_handed"), "two-pairs"),
     ['event.six_handed: "two-pairs" is not a way to seat six (three-pairs, two-threes)']),
    # A partner not at the table, and tricks that do not add up to ten, at the five as anywhere else.
    (_set((*TABLE, 1, "hands", 0, "partner"), 1), None),
    (_set((*TABLE, 1, "hands", 0, "tricks", "8"), 1), None),
    # The four's seats are listed like every other table's: its n, e, s, w keys are refused.
    (_set((*TABLE, 0, "n"), 1), None),
])
def test_each_bad_input_names_its_place(change, expected):
    problems = edited(change)
    if expected is not None:
        assert problems == expected
    else:
        assert problems and all(p.startswith("rounds[0].tables[") for p in problems), problems


def test_six_handed_names_the_six_of_a_mixed_event():
    # The six's hand gives three teams: two-threes has two, A and B.
    assert check(four_and_six("two-threes"))[0] == ['rounds[0].tables[1].hands[0].tricks.C: "C" is not a team '
                                                     "at this table (A, B)"]
    assert check(four_and_six("three-pairs"))[0] == []


SUITS = ("S", "C", "D", "H", "NT")


@settings(max_examples=200, deadline=None)
@given(level=st.integers(6, 10), suit=st.integers(0, 4), bidder=st.integers(0, 10), first=st.integers(0, 10))
def test_a_table_of_three_scores_under_the_four_handed_rules_as_worked_by_hand(level, suit, bidder, first):
    """RULES.md sections 6 and 7: the bidder the contract (40 + 20 * suit + 100 * (level - 6); 250 for
    all ten when that is less; minus it when set), each defender 10 a trick he took himself."""
    from scoring.engine import layouts, rules
    first = min(first, 10 - bidder)
    second = 10 - bidder - first
    value = 40 + 20 * suit + 100 * (level - 6)
    made = bidder >= level
    want = (max(value, 250) if bidder == 10 else value) if made else -value
    three = layouts.mixed_layout(3)
    result = three.score(rules.rule_set("wikipedia-2006", {}), three.entry(
        contract=f"{level}{SUITS[suit]}", declarer_seat="2", seat_tricks={"1": first, "2": bidder, "3": second}))
    assert (result.seats, result.made) == ({"1": 10 * first, "2": want, "3": 10 * second}, made)
