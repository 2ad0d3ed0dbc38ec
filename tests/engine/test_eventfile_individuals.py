"""Event files of individuals ("500-event/2", event.entrants "individuals"; README, "Events of
individuals"): three-handed and progressive four-handed files parse; every check of the
partnership file has its counterpart here, each naming its place; the writer round-trips them.
"""

import copy
import json
from pathlib import Path

import pytest

from scoring.engine.eventfile import FORMAT, check, parse, to_dict, to_text

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures"


def three_handed() -> dict:
    return json.loads((FIXTURES / "three_handed_event.json").read_text(encoding="utf-8"))


def progressive() -> dict:
    return json.loads((FIXTURES / "progressive_event.json").read_text(encoding="utf-8"))


def three_handed_games() -> dict:
    return json.loads((FIXTURES / "three_handed_games_event.json").read_text(encoding="utf-8"))


def progressive_games() -> dict:
    return json.loads((FIXTURES / "progressive_games_event.json").read_text(encoding="utf-8"))


def test_a_three_handed_file_parses_with_each_players_tricks_in_seating_order():
    file = parse(three_handed())
    assert file.event.individuals and file.event.rules == "three-handed" and file.partnerships == []
    assert [(p.number, p.name, p.division) for p in file.players[:2]] == [(1, "Ana Garza", "70-74"),
                                                                          (2, "Luis Peña", "")]
    table = file.rounds[1].tables[0]
    assert table.seats == (1, 4, 5) and (table.ns, table.ew) == (0, 0)
    hand = table.hands[0]
    assert (hand.contract, hand.bidder, hand.tricks, hand.declarer) == ("7D", 4, 7, "")
    assert list(hand.player_tricks.items()) == [(1, 2), (4, 7), (5, 1)]


def test_a_progressive_file_parses_with_partnership_hands():
    file = parse(progressive())
    table = file.rounds[1].tables[0]
    assert table.seats == (1, 2, 5, 6)  # n, e, s, w
    assert (table.hands[1].contract, table.hands[1].declarer, table.hands[1].tricks) == ("10H", "ns", 10)
    assert table.hands[1].player_tricks is None


@pytest.mark.parametrize("make", [three_handed, progressive, three_handed_games, progressive_games])
def test_the_writer_round_trips_a_file_of_individuals(make):
    data = make()
    written = to_dict(parse(data))
    assert written["format"] == "500-event/2" and written["event"]["entrants"] == "individuals"
    assert "partnerships" not in written and written["players"][0]["number"] == 1
    assert to_dict(parse(written)) == written
    assert to_text(parse(json.loads(to_text(written)))) == to_text(written)


def test_an_event_of_individuals_may_be_played_as_games():
    three = parse(three_handed_games())
    assert (three.event.individuals, three.event.format, three.event.hands_per_round) == (True, "games", None)
    assert (three.event.games.hand_limit, three.event.games.games_per_round, three.event.games.rank_by) == (
        4, 2, ["games", "points"])
    assert list(three.rounds[0].tables[1].hands[4].player_tricks.items()) == [(4, 1), (5, 1), (6, 8)]
    session = progressive()
    session["event"]["format"] = "games"  # hands_per_round 2 kept: games, and the round ends after 2 hands
    assert parse(session).event.format == "games"
    written = to_dict(parse(progressive_games()))["event"]
    assert (written["format"], written["games"]["rank_by"]) == ("games", ["games", "difference", "points"])


def test_the_written_tables_keep_their_keys():
    three = to_dict(parse(three_handed()))["rounds"][0]["tables"][0]
    assert three["seats"] == [1, 2, 3] and "ns" not in three
    assert three["hands"][0] == {"hand": 1, "contract": "8H", "declarer": 1, "tricks": {"1": 8, "2": 1, "3": 1}}
    four = to_dict(parse(progressive()))["rounds"][0]["tables"][0]
    assert [four[k] for k in ("n", "e", "s", "w")] == [1, 2, 3, 4] and "seats" not in four


def _problems(data: dict) -> list[str]:
    problems, result = check(data)
    assert result is None
    return [str(p) for p in problems]


def _set(path: str, value):
    """An edit of the file at a dotted path (list items by number), for the table below."""
    def edit(data: dict) -> None:
        *head, last = path.split(".")
        here = data
        for key in head:
            here = here[int(key)] if key.isdigit() else here[key]
        if value is DELETE:
            del here[int(last) if last.isdigit() else last]
        else:
            here[int(last) if last.isdigit() else last] = value
    return edit


DELETE = object()
HAND = "rounds.0.tables.0.hands.0"
T0 = "rounds[0].tables[0]"


@pytest.mark.parametrize("make, edit, expected", [
    (three_handed, lambda d: d["rounds"][0]["tables"][1].update(seats=[4, 5, 1], hands=[]),
     ["rounds[0].tables[1].seats[2]: player 1 plays twice in round 1 (also at table 1)"]),
    (three_handed, _set("rounds.0.byes", [2]),
     ["rounds[0].byes[0]: player 2 sits out round 1 but also plays at table 1"]),
    (three_handed, _set(f"{HAND}.declarer", 4),
     [f"{T0}.hands[0].declarer: player 4 is not at this table (1, 2, 3)"]),
    (three_handed, _set(f"{HAND}.declarer", "1"),
     [f'{T0}.hands[0].declarer: expected a player number, got text "1"']),
    (three_handed, _set(f"{HAND}.tricks", {"1": 8, "2": 1, "3": 2}),
     [f"{T0}.hands[0].tricks: the players' tricks add up to 11, not 10"]),
    (three_handed, _set(f"{HAND}.tricks", {"1": 8, "2": 2}),
     [f"{T0}.hands[0].tricks.3: missing"]),
    (three_handed, _set(f"{HAND}.tricks", {"1": 8, "2": 1, "9": 1}),
     [f'{T0}.hands[0].tricks.9: "9" is not a player at this table (1, 2, 3)']),
    (three_handed, _set(f"{HAND}.tricks", 8),
     [f"{T0}.hands[0].tricks: expected an object of each seated player's tricks "
      '({"4": 8, "9": 1, "2": 1}), got a number']),
    (three_handed, _set("rounds.0.tables.0.seats", [1, 2]),
     [f"{T0}.seats: a three-handed table seats three players, got 2"]),
    (three_handed, _set("rounds.0.tables.0.seats", [1, 2, 2]),
     [f"{T0}.seats[2]: player 2 is seated twice at this table"]),
    (three_handed, _set("rounds.0.tables.0.seats", [1, 2, 9]),
     [f"{T0}.seats[2]: player 9 is not in the players list"]),
    (three_handed, _set("rounds.0.tables.0.n", 1),
     [f'{T0}.n: a four-handed seat; under three-handed rules a table gives "seats" (three player numbers)']),
    (three_handed, _set("rounds.0.tables.0.seats", DELETE),
     [f"{T0}.seats: missing (three player numbers, in seating order)"]),
    (progressive, _set("rounds.0.tables.0.seats", [1, 2, 3]),
     [f'{T0}.seats: three-handed seats; under four-handed rules a table gives "n", "e", "s" and "w" '
      "(player numbers)"]),
    (progressive, _set("rounds.0.tables.0.w", DELETE), [f"{T0}.w: missing"]),
    (progressive, _set("rounds.0.tables.0.w", 1), [f"{T0}.w: player 1 is seated twice at this table"]),
    (progressive, _set("rounds.0.tables.1.w", 1),
     ["rounds[0].tables[1].w: player 1 plays twice in round 1 (also at table 1)"]),
    (progressive, _set("rounds.0.tables.0.ns", 1),
     [f"{T0}.ns: unknown key (expected one of table, seats, n, e, s, w, entered_side, confirmed, "
      "confirmed_by, confirmed_at, dispute, hands, history)"]),
    (three_handed, _set("rounds.0.tables.0.entered_side", "ns"),
     [f'{T0}.entered_side: "ns" is not a seat at a table of three (1, 2, 3)']),
    (three_handed, _set("rounds.0.tables.0.entered_side", "7"),
     [f'{T0}.entered_side: "7" is not a side, a seat or a team (ns, ew, 1, 2, 3, 4, 5, A, B, C)']),
    (progressive, _set("rounds.0.tables.0.entered_side", "1"), [f'{T0}.entered_side: "1" is not a side (ns, ew)']),
    (progressive, _set("rounds.0.byes", [9]), ["rounds[0].byes[0]: player 9 is not in the players list"]),
    (progressive, lambda d: d["players"].append({"number": 1, "name": "Ana Again"}),
     ["players[8].number: player 1 is listed twice (also players[0])"]),
    (progressive, _set("players.1.name", " "), ["players[1].name: empty name"]),
    (progressive, _set("players.1.name", DELETE), ["players[1].name: missing"]),
    (progressive, _set("partnerships", []),
     ['partnerships: an event of individuals (event.entrants "individuals") lists "players", one per player']),
    (progressive, _set("players", DELETE), ["players: missing"]),
    (progressive, _set("event.entrants", "teams"),
     ['event.entrants: "teams" is not a kind of entrant (partnerships, individuals)']),
    (three_handed_games, lambda d: d["rounds"][0]["tables"][0]["hands"].append(
        {"hand": 5, "contract": "6S", "declarer": 1, "tricks": {"1": 6, "2": 2, "3": 2}}),
     [f"{T0}.hands[4].hand: hand 5 comes after the round's last game was complete "
      "(games_per_round, 2 games, were played by hand 4)"]),
    (three_handed_games, _set("event.games", {"wins_per_round": 1}),
     [f"{T0}.hands[{i}].hand: hand {i + 1} comes after the round's last game was complete "
      "(a player reached wins_per_round, 1 wins by hand 1)" for i in (1, 2, 3)]
     + ["rounds[1].tables[1].hands[1].hand: hand 2 comes after the round's last game was complete "
        "(a player reached wins_per_round, 1 wins by hand 1)"]),
    (progressive_games, lambda d: d["rounds"][1]["tables"][0]["hands"].append(
        {"hand": 3, "contract": "6S", "declarer": "ns", "tricks": 6}),
     ["rounds[1].tables[0].hands[2].hand: hand 3 comes after the round's last game was complete "
      "(games_per_round, 1 games, were played by hand 2)"]),
    (three_handed_games, _set("event.games", {"rank_by": ["games", "wins"]}),
     ['event.games.rank_by[1]: "wins" is not a ranking key (games, matches, points, difference)']),
    (three_handed_games, _set("event.format", "session"),
     ['event.games: only an event played as games has this (event.format is "session"; give "format": '
      '"games" or leave games out)']),
    (progressive, _set("tiebreaks", [{"players": [1, 1], "tables": []}]),
     ["tiebreaks[0].players[1]: player 1 is listed twice"]),
    (progressive, _set("tiebreaks", [{"partnerships": [1, 3], "tables": []}]),
     ["tiebreaks[0].partnerships: unknown key (expected one of players, fillers, tables, rounds)",
      "tiebreaks[0].players: missing"]),
])
def test_each_check_of_individuals_names_its_place(make, edit, expected):
    data = make()
    edit(data)
    assert _problems(data) == expected


def test_a_table_of_three_names_the_seat_whose_phone_entered_it():
    # The table phone of a table of three takes a seat (1, 2 or 3), not a side (scoring.services),
    # and its export says so: the file takes it back.
    data = three_handed()
    data["rounds"][0]["tables"][0]["entered_side"] = "2"
    file = parse(data)
    assert file.rounds[0].tables[0].entered_side == "2"
    assert to_dict(file)["rounds"][0]["tables"][0]["entered_side"] == "2"


def test_a_partnership_file_with_players_says_which_key_it_needs():
    data = progressive()
    del data["event"]["entrants"]
    data["partnerships"] = [{"number": 1, "players": ["A", "B"]}, {"number": 2, "players": ["C", "D"]}]
    data["rounds"] = []
    assert _problems(data) == ['players: a key of an event of individuals; this event ranks partnerships '
                               '(give "entrants": "individuals" in event, or list "partnerships")']


def test_a_version_1_file_cannot_name_entrants():
    data = three_handed()
    data["format"] = FORMAT
    assert _problems(data)[0] == 'event.entrants: a key of "500-event/2" files; this file says "500-event/1"'


def test_a_three_handed_rule_set_still_needs_an_event_of_individuals():
    data = three_handed()
    del data["event"]["entrants"]
    assert any(p.startswith("event.rules: three-handed is a rule set for three players; a partnership event needs a "
                            "four-handed rule set") for p in _problems(data))


def test_a_tiebreak_of_individuals_lists_players():
    data = three_handed()
    data["tiebreaks"] = [{"players": [2, 4, 6], "tables": [{"table": 1, "seats": [2, 4, 6], "hands": [
        {"hand": 1, "contract": "7H", "declarer": 6, "tricks": {"2": 1, "4": 2, "6": 7}}]}]}]
    file = parse(data)
    assert file.tiebreaks[0].partnerships == [2, 4, 6]
    written = to_dict(file)
    assert written["tiebreaks"][0]["players"] == [2, 4, 6]
    assert "fillers" not in written["tiebreaks"][0]  # written only when a tiebreak has fillers
    assert to_dict(parse(copy.deepcopy(written))) == written
    data["tiebreaks"][0]["tables"][0]["seats"] = [2, 4, 5]
    data["tiebreaks"][0]["tables"][0]["hands"] = []
    assert _problems(data) == ["tiebreaks[0].tables[0].seats[2]: player 5 is not in this tiebreak"]


def _filled_tiebreak() -> dict:
    """The progressive fixture, where 3 and 8 tie for bronze, with their tiebreak: 3 (N) and 8 (E)
    sit as opponents, partnered by the fillers 7 (S) and 6 (W)."""
    data = progressive()
    data["tiebreaks"] = [{"players": [3, 8], "fillers": [7, 6], "tables": [
        {"table": 1, "n": 3, "e": 8, "s": 7, "w": 6,
         "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8}]}]}]
    return data


def test_a_tiebreak_of_individuals_may_list_fillers_and_round_trips():
    file = parse(_filled_tiebreak())
    assert file.tiebreaks[0].partnerships == [3, 8] and file.tiebreaks[0].fillers == [6, 7]
    assert file.tiebreaks[0].rounds[0].tables[0].seats == (3, 8, 7, 6)
    written = to_dict(file)
    assert written["tiebreaks"][0]["players"] == [3, 8] and written["tiebreaks"][0]["fillers"] == [6, 7]
    text = to_text(file)
    assert to_text(parse(json.loads(text))) == text


@pytest.mark.parametrize("edit, expected", [
    # A seat holding someone neither tied nor filling stays refused with its place.
    (_set("tiebreaks.0.tables.0.w", 5), ["tiebreaks[0].tables[0].w: player 5 is not in this tiebreak"]),
    (_set("tiebreaks.0.fillers", [7, 3]),
     ["tiebreaks[0].fillers[1]: player 3 plays in this tiebreak and cannot also fill a seat",
      "tiebreaks[0].tables[0].w: player 6 is not in this tiebreak"]),
    (_set("tiebreaks.0.fillers", [7, 12]),
     ["tiebreaks[0].fillers[1]: player 12 is not in the players list",
      "tiebreaks[0].tables[0].w: player 6 is not in this tiebreak"]),
    (_set("players.5.withdrawn", True),
     ["tiebreaks[0].fillers[1]: player 6 has withdrawn and cannot fill a seat",
      "tiebreaks[0].tables[0].w: player 6 is not in this tiebreak"]),
    (_set("tiebreaks.0.fillers", [7, 6, 7]), ["tiebreaks[0].fillers[2]: player 7 is listed twice"]),
    (_set("tiebreaks.0.fillers", "6, 7"),
     ["tiebreaks[0].fillers: expected a list, got text", "tiebreaks[0].tables[0].s: player 7 is not in this tiebreak",
      "tiebreaks[0].tables[0].w: player 6 is not in this tiebreak"]),
])
def test_fillers_that_cannot_fill_are_refused_with_their_place(edit, expected):
    data = _filled_tiebreak()
    edit(data)
    assert _problems(data) == expected
