"""Event files of tables of two, five and six (issue 25; RULES.md section 7): "players_per_table"
and "six_handed", hands by player number (two, five: with the called partner) or by team (six),
every bad input named at its place, the writer round-tripping them, and the standings read from
the file alone (eventfile.standings). Every point below is worked by hand from RULES.md sections
1, 2 and 7 (value = 40 + 20 * suit index + 100 * (tricks - 6); 250 for all ten; defenders 10 a
trick they took themselves), never read back from the code.
"""

import copy

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine.eventfile import check, parse, to_dict
from scoring.engine.eventfile.standings import file_standings_json
from tests.engine.test_eventfile_v2 import games_file  # a "500-event/2" file of partnerships

NAMES = {1: "Ana Garza", 2: "Luis Peña", 3: "Marie Roy", 4: "Tom Hale", 5: "Rosa Díaz", 6: "Jean Petit",
         7: "Carmen Ruiz", 9: "Paul Blanc"}


def event_file(players_per_table, seats, hands, *, rules="wikipedia-2006", six_handed=None, fmt="session",
               hands_per_round=2, overrides=None, status=None):
    event = {"name": "Club night", "date": "2026-11-27", "entrants": "individuals", "rules": rules,
             "rounds": 1, "hands_per_round": hands_per_round}
    if players_per_table is not None:
        event["players_per_table"] = players_per_table
    if six_handed is not None:
        event["six_handed"] = six_handed
    if fmt == "games":
        event["format"] = "games"
        event["games"] = {"rank_by": ["games", "points"]}
    if overrides:
        event["rule_overrides"] = overrides
    rnd = {"number": 1, "tables": [{"table": 1, "seats": seats, "hands": hands}], "byes": []}
    if status:
        rnd["status"] = status
        rnd["tables"][0]["confirmed"] = True
    return {"format": "500-event/2", "event": event,
            "players": [{"number": n, "name": NAMES[n]} for n in sorted(seats)], "rounds": [rnd]}


def five() -> dict:
    return event_file(5, [4, 9, 2, 7, 1], [
        # The hand: 8H (300) by 9 with partner 2, 5 + 3 = 8 tricks: made, 300 each; 4 and 7 one each.
        {"hand": 1, "contract": "8H", "declarer": 9, "partner": 2,
         "tricks": {"9": 5, "2": 3, "4": 1, "7": 1, "1": 0}},
        # 7S (140) by 4 alone (the called card in the widow), 6 tricks: set, -140; the others one each.
        {"hand": 2, "contract": "7S", "declarer": 4, "partner": None,
         "tricks": {"4": 6, "9": 1, "2": 1, "7": 1, "1": 1}},
    ])


def two() -> dict:
    return event_file(2, [2, 1], [
        {"hand": 1, "contract": "7H", "declarer": 2, "tricks": {"2": 8, "1": 2}},  # 200; 20
        {"hand": 2, "contract": "6S", "declarer": 1, "tricks": {"1": 10, "2": 0}},  # all ten: 250
    ])


def six_pairs() -> dict:
    # Seats 1..6 hold players 6, 5, 4, 3, 2, 1: team A (seats 1 and 4) is players 6 and 3, B (2 and 5)
    # players 5 and 2, C (3 and 6) players 4 and 1.
    return event_file(6, [6, 5, 4, 3, 2, 1], [
        {"hand": 1, "contract": "7S", "declarer": 3, "tricks": {"A": 7, "B": 2, "C": 1}},  # A 140, B 20, C 10
        {"hand": 2, "contract": "8C", "declarer": 2, "tricks": {"A": 3, "B": 6, "C": 1}},  # B -260, A 30, C 10
    ], rules="classic-1994", six_handed="three-pairs")


def six_threes() -> dict:
    # Team A seats 1, 3, 5 (players 1, 3, 5), B seats 2, 4, 6 (players 2, 4, 6).
    return event_file(6, [1, 2, 3, 4, 5, 6], [
        {"hand": 1, "contract": "7H", "declarer": 3, "tricks": {"A": 8, "B": 2}},  # A +200, B +20
        {"hand": 2, "contract": "8NT", "declarer": 2, "tricks": {"A": 3, "B": 7}},  # B -320, A +30
    ], rules="mcallen", six_handed="two-threes")


def rows(data):
    return [(r["player"], r["name"], r["total"], r["rank"]) for r in file_standings_json(parse(data))["standings"]]


# --- reading and the standings from the file alone ------------------------------------------------

def test_five_parses_with_the_called_partner():
    file = parse(five())
    assert (file.event.players_per_table, file.event.six_handed) == (5, "")
    first, second = file.rounds[0].tables[0].hands
    assert (first.bidder, first.partner, first.tricks) == (9, 2, 5)
    assert (second.bidder, second.partner, second.tricks) == (4, None, 6)


def test_five_standings():
    # 9: 300 + 10; 2: 300 + 10; 7: 10 + 10; 1: 0 + 10; 4: 10 - 140.
    assert rows(five()) == [(2, "Luis Peña", 310, 1), (9, "Paul Blanc", 310, 1), (7, "Carmen Ruiz", 20, 3),
                            (1, "Ana Garza", 10, 4), (4, "Tom Hale", -130, 5)]


def test_two_standings():
    assert rows(two()) == [(1, "Ana Garza", 270, 1), (2, "Luis Peña", 200, 2)]


def test_six_as_three_pairs_standings():
    # A (6, 3): 140 + 30; C (4, 1): 10 + 10; B (5, 2): 20 - 260.
    assert rows(six_pairs()) == [(3, "Marie Roy", 170, 1), (6, "Jean Petit", 170, 1), (1, "Ana Garza", 20, 3),
                                 (4, "Tom Hale", 20, 3), (2, "Luis Peña", -240, 5), (5, "Rosa Díaz", -240, 5)]
    hand = parse(six_pairs()).rounds[0].tables[0].hands[0]
    assert (hand.bidder, hand.team_tricks, hand.tricks) == (3, {"A": 7, "B": 2, "C": 1}, 7)


def test_six_as_two_threes_standings():
    assert rows(six_threes()) == [(1, "Ana Garza", 230, 1), (3, "Marie Roy", 230, 1), (5, "Rosa Díaz", 230, 1),
                                  (2, "Luis Peña", -300, 4), (4, "Tom Hale", -300, 4), (6, "Jean Petit", -300, 4)]


def test_five_as_games_the_bidder_and_partner_win_together():
    data = event_file(5, [4, 9, 2, 7, 1], [
        {"hand": 1, "contract": "8H", "declarer": 9, "partner": 2, "tricks": {"9": 5, "2": 3, "4": 1, "7": 1, "1": 0}},
        # 7H (200) by 9 with partner 4, 4 + 3 tricks: 9 reaches 500 on a made bid, winning with 4.
        {"hand": 2, "contract": "7H", "declarer": 9, "partner": 4, "tricks": {"9": 4, "4": 3, "2": 1, "7": 1, "1": 1}},
    ], fmt="games", hands_per_round=None, status="closed")
    standings = file_standings_json(parse(data))["standings"]
    got = [(r["player"], r["total"], r["games_won"], r["games_lost"], r["rank"]) for r in standings]
    # Points are the final game scores: 9 500, 2 310, 4 210, 7 20, 1 10; ranked on games, then points.
    assert got == [(9, 500, 1, 0, 1), (4, 210, 1, 0, 2), (2, 310, 0, 1, 3), (7, 20, 0, 1, 4), (1, 10, 0, 1, 5)]


@pytest.mark.parametrize("make", [five, two, six_pairs, six_threes])
def test_the_writer_round_trips_and_names_the_table_size(make):
    data = make()
    written = to_dict(parse(data))
    assert written["event"]["players_per_table"] == data["event"]["players_per_table"]
    assert written["event"].get("six_handed") == data["event"].get("six_handed")
    assert written["rounds"][0]["tables"][0]["hands"] == data["rounds"][0]["tables"][0]["hands"]
    assert to_dict(parse(written)) == written


def test_a_file_without_players_per_table_reads_as_before():
    # Missing: 3 under the three-handed rules, 4 otherwise.
    three = event_file(None, [1, 2, 3], [{"hand": 1, "contract": "7H", "declarer": 1,
                                          "tricks": {"1": 7, "2": 2, "3": 1}}], rules="three-handed")
    assert parse(three).event.players_per_table == 3
    four = event_file(None, [], [], rules="mcallen")
    four["rounds"][0]["tables"][0] = {"table": 1, "n": 1, "e": 2, "s": 3, "w": 4,
                                      "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8}]}
    four["players"] = [{"number": n, "name": NAMES[n]} for n in (1, 2, 3, 4)]
    assert parse(four).event.players_per_table == 4
    assert to_dict(parse(four))["event"]["players_per_table"] == 4


# --- every bad input at its place -----------------------------------------------------------------

H0 = "rounds[0].tables[0].hands[0]"


def edited(make, change):
    data = copy.deepcopy(make())
    change(data)
    return check(data)[0]


def hand0(**values):
    def change(data):
        data["rounds"][0]["tables"][0]["hands"][0].update(values)
    return change


def event(**values):
    def change(data):
        for key, value in values.items():
            if value is KeyError:
                data["event"].pop(key)
            else:
                data["event"][key] = value
    return change


@pytest.mark.parametrize("make, change, expected", [
    (five, lambda d: d["rounds"][0]["tables"][0].update(seats=[4, 9, 2, 7]),
     ["rounds[0].tables[0].seats: this table seats 5 players, got 4"]),
    (six_pairs, lambda d: d["rounds"][0]["tables"][0].update(seats=[6, 5, 4, 3, 2]),
     ["rounds[0].tables[0].seats: this table seats 6 players, got 5"]),
    (five, hand0(partner=3), [f"{H0}.partner: player 3 is not at this table (4, 9, 2, 7, 1)"]),
    (five, hand0(partner=9), [f"{H0}.partner: player 9 is the declarer; the partner is another player at this "
                              "table, or null when the bidder plays alone"]),
    (five, lambda d: d["rounds"][0]["tables"][0]["hands"][0].pop("partner"),
     [f"{H0}.partner: missing (the called partner: a player at this table, or null when the bidder plays alone)"]),
    (five, hand0(tricks={"9": 5, "2": 3, "4": 1, "7": 0, "1": 0}), [f"{H0}.tricks: the players' tricks add up to "
                                                                    "9, not 10"]),
    (two, hand0(tricks={"2": 8, "1": 3}), [f"{H0}.tricks: the players' tricks add up to 11, not 10"]),
    (six_pairs, hand0(tricks={"A": 7, "B": 2, "D": 1}), [f'{H0}.tricks.D: "D" is not a team at this table (A, B, C)']),
    (six_threes, hand0(tricks={"A": 7, "B": 2, "C": 1}), [f'{H0}.tricks.C: "C" is not a team at this table (A, B)']),
    (six_pairs, hand0(tricks={"A": 7, "B": 2, "C": 0}), [f"{H0}.tricks: the teams' tricks add up to 9, not 10"]),
    (five, hand0(contract="MIS", tricks={"9": 0, "2": 0, "4": 4, "7": 3, "1": 3}),
     [f"{H0}.contract: MIS is not bid at a table of five under these rules (five_handed_misere is off)"]),
    (five, lambda d: d["event"].update(rule_overrides={"five_handed_alone": False}),
     ["rounds[0].tables[0].hands[1].partner: null, but under these rules the bidder always has a partner at five "
      "(five_handed_alone is off)"]),
    (five, event(rules="three-handed"), ["event.rules: three-handed is a rule set for 3 players; tables of 5 are "
                                         "played under mcallen, official-team, classic-1994, wikipedia-2006"]),
    (six_pairs, event(six_handed=KeyError), ['event.six_handed: missing (a table of six: "three-pairs", '
                                             '"two-threes")']),
    (six_pairs, event(six_handed="two-pairs"), ['event.six_handed: "two-pairs" is not a way to seat six '
                                                "(three-pairs, two-threes)"]),
    (five, event(six_handed="three-pairs"), ["event.six_handed: only a table of six has this "
                                             "(players_per_table is 5)"]),
    (five, event(players_per_table=7), ["event.players_per_table: 7 is not a number of players at a table "
                                        "(2, 3, 4, 5, 6)"]),
    (five, event(players_per_table="mixed"), ['event.players_per_table: "mixed" only in an event played as games '
                                              '(event.format "games"): points won at tables of different sizes are '
                                              "not comparable; give one size (2, 3, 4, 5, 6)"]),
])
def test_each_bad_input_names_its_place(make, change, expected):
    problems = edited(make, change)
    assert problems == expected


def test_misere_at_five_when_the_field_is_on():
    data = five()
    data["event"]["rule_overrides"] = {"five_handed_misere": True}
    # MIS by 9 with partner 2, neither taking a trick: +250 each; Wikipedia: the opponents nothing
    # (4 gets nothing for his 4 tricks). Hand 2 as before: 4 set, -140; the others 10 each.
    data["rounds"][0]["tables"][0]["hands"][0].update(contract="MIS", tricks={"9": 0, "2": 0, "4": 4, "7": 3, "1": 3})
    assert [(r[0], r[2]) for r in rows(data)] == [(2, 260), (9, 260), (1, 10), (7, 10), (4, -140)]


def test_a_partnership_file_seats_four():
    data = games_file()
    data["event"]["players_per_table"] = 5
    assert check(data)[0][0] == "event.players_per_table: an event of partnerships seats four players at a table, not 5"


# --- a property over random files of five -----------------------------------------------------------

SEATS_OF_FIVE = [4, 9, 2, 7, 1]
SUITS = {"S": 0, "C": 1, "D": 2, "H": 3, "NT": 4}


@st.composite
def hands_of_five(draw):
    hands = []
    for number in range(1, draw(st.integers(1, 4)) + 1):
        cuts = sorted(draw(st.lists(st.integers(0, 10), min_size=4, max_size=4)))
        split = [b - a for a, b in zip([0, *cuts], [*cuts, 10])]
        bidder = draw(st.sampled_from(SEATS_OF_FIVE))
        partner = draw(st.sampled_from([None, *[p for p in SEATS_OF_FIVE if p != bidder]]))
        level, suit = draw(st.integers(6, 10)), draw(st.sampled_from(list(SUITS)))
        hands.append({"hand": number, "contract": f"{level}{suit}", "declarer": bidder, "partner": partner,
                      "tricks": {str(p): t for p, t in zip(SEATS_OF_FIVE, split)}})
    return hands


@settings(max_examples=60, deadline=None)
@given(hands_of_five())
def test_random_files_of_five_round_trip_and_total_as_the_rule_says(hands):
    data = event_file(5, SEATS_OF_FIVE, hands, rules="mcallen", hands_per_round=len(hands))
    assert to_dict(parse(to_dict(parse(data)))) == to_dict(parse(data))
    expected = dict.fromkeys(SEATS_OF_FIVE, 0)
    for h in hands:
        level, suit = int(h["contract"][:-1].rstrip("N")), h["contract"].lstrip("0123456789")
        value = 40 + 20 * SUITS[suit] + 100 * (level - 6)
        bidders = {h["declarer"], h["partner"]} - {None}
        taken = sum(h["tricks"][str(p)] for p in bidders)
        points = (max(value, 250) if taken == 10 else value) if taken >= level else -value
        for player in SEATS_OF_FIVE:
            expected[player] += points if player in bidders else 10 * h["tricks"][str(player)]
    got = {r["player"]: r["total"] for r in file_standings_json(parse(data))["standings"]}
    assert got == expected


# --- an established revoke (McAllen O, RULES.md section 2): "revoke", the player (a team at six) ---

def test_a_revoke_at_five_by_the_partner_defeats_the_bid_and_round_trips():
    data = five()
    # Hand 1 as in five(), 8H by 9 calling 2 with 8 tricks, but 2 revoked: -300 each; 4 and 7 +10.
    data["rounds"][0]["tables"][0]["hands"][0]["revoke"] = 2
    assert [(r[0], r[2]) for r in rows(data)] == [(7, 20), (1, 10), (4, -130), (2, -290), (9, -290)]
    written = to_dict(parse(data))
    assert written["rounds"][0]["tables"][0]["hands"][0]["revoke"] == 2
    assert to_dict(parse(written)) == written


def test_a_revoke_at_six_names_the_team():
    data = six_pairs()
    # Hand 2, 8C (260) by 2 for B with 6 tricks (set), but C revoked: scored as made, +260 for B (players
    # 5 and 2), nothing for A and C. Hand 1 unchanged: A (6 and 3) 140, B 20, C (4 and 1) 10.
    data["rounds"][0]["tables"][0]["hands"][1]["revoke"] = "C"
    assert sorted((r[0], r[2]) for r in rows(data)) == [(1, 10), (2, 280), (3, 140), (4, 10), (5, 280), (6, 140)]
    assert to_dict(parse(data))["rounds"][0]["tables"][0]["hands"][1]["revoke"] == "C"


@pytest.mark.parametrize("make, value, expected", [
    (five, 3, "rounds[0].tables[0].hands[0].revoke: player 3 is not at this table (4, 9, 2, 7, 1)"),
    (six_pairs, "D", 'rounds[0].tables[0].hands[0].revoke: "D" is not a team at this table (A, B, C)'),
])
def test_a_revoke_by_nobody_at_the_table_is_named(make, value, expected):
    data = make()
    data["rounds"][0]["tables"][0]["hands"][0]["revoke"] = value
    assert check(data)[0] == [expected]
