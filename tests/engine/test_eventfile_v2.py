"""Event files "500-event/2": events played as games and hands nobody bid (docs/event-file.md, "Event files").

Every new check names its place; a version 2 file round-trips through the writer unchanged; a
version 1 file is written exactly as before.
"""

import copy

import pytest

from scoring.engine.eventfile import FORMAT, FORMAT_V2, check, parse, to_dict


def games_file() -> dict:
    """Four pairs, two rounds of games under Wikipedia's rules with hands nobody bid played at no trump."""
    return {
        "format": FORMAT_V2,
        "event": {
            "name": "Club games night", "slug": "club-games", "date": "2026-06-01", "rules": "wikipedia-2006",
            "rule_overrides": {"no_bid": "play_no_trump"}, "format": "games",
            "games": {"hand_limit": 3, "games_per_round": 2, "wins_per_round": None, "rank_by": ["games", "points"]},
            "rounds": 2, "hands_per_round": None,
        },
        "partnerships": [{"number": n, "players": [f"A{n}", f"B{n}"]} for n in range(1, 5)],
        "rounds": [
            {"number": 1, "status": "closed", "tables": [
                {"table": 1, "ns": 1, "ew": 2, "confirmed": True, "hands": [
                    {"hand": 1, "contract": "10H", "declarer": "ns", "tricks": 10},  # 500 made: game 1 to N-S
                    {"hand": 2, "contract": "NOBID", "ns_tricks": 6},
                    {"hand": 3, "contract": "7S", "declarer": "ew", "tricks": 7},
                    {"hand": 4, "contract": "6C", "declarer": "ns", "tricks": 5},  # game 2 ends at the hand limit
                ]},
                {"table": 2, "ns": 3, "ew": 4, "confirmed": True, "hands": [
                    {"hand": 1, "contract": "NOBID", "ns_tricks": 0},
                    {"hand": 2, "contract": "6S", "declarer": "ew", "tricks": 6},
                ]},
            ], "byes": []},
            {"number": 2, "status": "open", "tables": [
                {"table": 1, "ns": 1, "ew": 3, "hands": [{"hand": 1, "contract": "8D", "declarer": "ew", "tricks": 8}]},
                {"table": 2, "ns": 2, "ew": 4, "hands": []},
            ], "byes": []},
        ],
        "tiebreaks": [],
    }


def problems_of(change) -> list[str]:
    data = games_file()
    change(data)
    found, _ = check(data)
    return found


def test_a_games_file_reads_and_writes_back_unchanged():
    spec = parse(games_file())
    assert (spec.event.format, spec.event.hands_per_round, spec.event.games.hand_limit) == ("games", None, 3)
    nobid = spec.rounds[0].tables[0].hands[1]
    assert (nobid.contract, nobid.declarer, nobid.ns_tricks) == ("NOBID", "", 6)
    written = to_dict(spec)
    assert written["format"] == FORMAT_V2
    assert written["event"]["format"] == "games"
    assert written["event"]["games"] == {"hand_limit": 3, "games_per_round": 2, "wins_per_round": None,
                                         "rank_by": ["games", "points"]}
    assert written["rounds"][0]["tables"][0]["hands"][1] == {"hand": 2, "contract": "NOBID", "ns_tricks": 6}
    assert to_dict(parse(copy.deepcopy(written))) == written


def test_defaults_of_games_and_a_session_file_stays_version_1():
    data = games_file()
    data["event"]["games"] = {}
    assert parse(data).event.games.rank_by == ["games", "points"]
    session = {"format": FORMAT, "event": {"name": "S", "date": "2026-06-01", "rules": "mcallen", "rounds": 1,
                                           "hands_per_round": 1},
               "partnerships": [{"number": 1, "players": ["a", "b"]}], "rounds": [], "tiebreaks": []}
    written = to_dict(parse(session))
    assert written["format"] == FORMAT and "format" not in written["event"] and "games" not in written["event"]
    # A session with a hand nobody bid needs version 2, and says "session".
    v2 = copy.deepcopy(session)
    v2["format"] = FORMAT_V2
    v2["event"]["rule_overrides"] = {"no_bid": "play_no_trump"}
    v2["event"]["rules"] = "classic-1994"
    v2["partnerships"].append({"number": 2, "players": ["c", "d"]})
    v2["rounds"] = [{"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "hands": [
        {"hand": 1, "contract": "NOBID", "ns_tricks": 4}]}], "byes": []}]
    out = to_dict(parse(v2))
    assert (out["format"], out["event"]["format"]) == (FORMAT_V2, "session")
    assert to_dict(parse(out)) == out


CHECKS = [
    ("games key in a session",
     lambda d: d["event"].update(format="session"),
     ['event.games: only an event played as games has this (event.format is "session"; '
      'give "format": "games" or leave games out)']),
    ("unknown format of play", lambda d: d["event"].update(format="league"),
     ['event.format: "league" is not a format of play (session, games)']),
    ("unknown rank key", lambda d: d["event"]["games"].update(rank_by=["games", "wins"]),
     ['event.games.rank_by[1]: "wins" is not a ranking key (games, matches, points, difference)']),
    ("rank key twice", lambda d: d["event"]["games"].update(rank_by=["points", "points"]),
     ["event.games.rank_by[1]: points is listed twice"]),
    ("empty rank_by", lambda d: d["event"]["games"].update(rank_by=[]),
     ["event.games.rank_by: empty: give at least one of games, matches, points, difference"]),
    ("bad hand limit", lambda d: d["event"]["games"].update(hand_limit=0),
     ["event.games.hand_limit: 0 is not between 1 and 100"]),
    ("unknown games key", lambda d: d["event"]["games"].update(target=500),
     ["event.games.target: unknown key (expected one of hand_limit, games_per_round, wins_per_round, rank_by)"]),
    ("hand after the last game",
     lambda d: d["rounds"][0]["tables"][0]["hands"].append({"hand": 5, "contract": "6S", "declarer": "ns",
                                                             "tricks": 6}),
     ["rounds[0].tables[0].hands[4].hand: hand 5 comes after the round's last game was complete "
      "(games_per_round, 2 games, were played by hand 4)"]),
    ("hand after the match",
     lambda d: d["event"]["games"].update(games_per_round=None, wins_per_round=1),
     ["rounds[0].tables[0].hands[1].hand: hand 2 comes after the round's last game was complete "
      "(a side reached wins_per_round, 1 wins by hand 1)",
      "rounds[0].tables[0].hands[2].hand: hand 3 comes after the round's last game was complete "
      "(a side reached wins_per_round, 1 wins by hand 1)",
      "rounds[0].tables[0].hands[3].hand: hand 4 comes after the round's last game was complete "
      "(a side reached wins_per_round, 1 wins by hand 1)"]),
    ("NOBID not allowed", lambda d: d["event"].update(rule_overrides={}),
     ["rounds[0].tables[0].hands[1].contract: NOBID: under Wikipedia rules (2006) a hand nobody bid is not "
      "played (no_bid is redeal; only play_no_trump allows it)",
      "rounds[0].tables[1].hands[0].contract: NOBID: under Wikipedia rules (2006) a hand nobody bid is not "
      "played (no_bid is redeal; only play_no_trump allows it)"]),
    ("ns_tricks outside 0..10", lambda d: d["rounds"][0]["tables"][1]["hands"][0].update(ns_tricks=11),
     ["rounds[0].tables[1].hands[0].ns_tricks: 11 is not between 0 and 10"]),
    ("ns_tricks missing", lambda d: d["rounds"][0]["tables"][1]["hands"][0].pop("ns_tricks"),
     ["rounds[0].tables[1].hands[0].ns_tricks: missing (the tricks N-S took in the hand nobody bid)"]),
    ("NOBID with a declarer", lambda d: d["rounds"][0]["tables"][1]["hands"][0].update(declarer="ns"),
     ["rounds[0].tables[1].hands[0].declarer: a hand nobody bid has none (give ns_tricks, the tricks N-S took)"]),
    ("ns_tricks on a bid hand", lambda d: d["rounds"][0]["tables"][1]["hands"][1].update(ns_tricks=4),
     ['rounds[0].tables[1].hands[1].ns_tricks: only a hand nobody bid (contract "NOBID") has this']),
    ("revoke on NOBID", lambda d: d["rounds"][0]["tables"][1]["hands"][0].update(
        penalty={"kind": "revoke", "side": "ns"}),
     ["rounds[0].tables[1].hands[0].penalty.kind: a hand nobody bid has no bid for a revoke to defeat"]),
    ("open hands in a session", lambda d: (d["event"].update(format="session"), d["event"].pop("games")),
     ['event.hands_per_round: null only in an event played as games (event.format "games"); a session needs '
      "a whole number between 1 and 20"]),
    ("version 1 file with games", lambda d: d.update(format=FORMAT),
     ['event.format: a key of "500-event/2" files; this file says "500-event/1"',
      'event.games: a key of "500-event/2" files; this file says "500-event/1"',
      'event.hands_per_round: null only in an event played as games (event.format "games"); a session needs '
      "a whole number between 1 and 20",
      'rounds[0].tables[0].hands[1].ns_tricks: a key of "500-event/2" files; this file says "500-event/1"',
      'rounds[0].tables[0].hands[1].contract: "NOBID" (a hand nobody bid) needs a "500-event/2" file',
      'rounds[0].tables[1].hands[0].ns_tricks: a key of "500-event/2" files; this file says "500-event/1"',
      'rounds[0].tables[1].hands[0].contract: "NOBID" (a hand nobody bid) needs a "500-event/2" file']),
]


@pytest.mark.parametrize("name,change,expected", CHECKS, ids=[c[0] for c in CHECKS])
def test_every_new_check_names_its_place(name, change, expected):
    assert problems_of(change) == expected
