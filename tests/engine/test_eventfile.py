"""scoring.engine.eventfile: every check's message and place, the normalised dataclasses, canonical output.

Pure: no database. The fixture file is hand-worked in tests/fixtures/small_event.json.
"""

import copy
import datetime
import json
import pathlib

import pytest

from scoring.engine.eventfile import HAND_TRUST_KEYS, EventFileError, check, parse, to_dict

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"


def base() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def problems_of(data) -> list[str]:
    return check(data)[0]


def hand(data, r=0, t=0, h=0) -> dict:
    return data["rounds"][r]["tables"][t]["hands"][h]


def test_the_fixture_is_valid_and_normalised():
    parsed = parse(base())
    assert parsed.event.name == "Hand-worked trio"
    assert parsed.event.date == datetime.date(2026, 5, 14)
    assert parsed.event.rules == "mcallen" and parsed.event.rule_overrides == {}
    assert parsed.event.sit_out_policy == "average" and parsed.event.confirmation_required is True
    assert [p.players for p in parsed.partnerships][:2] == [("Nélida Peña", "Luis Zúñiga"), ("Margaret O'Brien", "Dale O'Brien")]
    assert parsed.partnerships[2].division == ""
    r2 = parsed.rounds[1]
    assert r2.byes == [2] and r2.status == "closed"
    table = r2.tables[0]
    assert (table.number, table.ns, table.ew, table.confirmed) == (1, 3, 1, True)
    revoke = table.hands[1]
    assert (revoke.contract, revoke.declarer, revoke.tricks, revoke.penalty_kind, revoke.penalty_side) == ("7D", "ew", 9, "revoke", "ew")
    assert parsed.rounds[2].tables[0].hands[1].note == "N bid out of turn"


def test_the_issue_example_is_valid_as_written():
    data = {
        "format": "500-event/1",
        "event": {"name": "...", "date": "2026-05-14", "rules": "mcallen", "rounds": 10, "hands_per_round": 4},
        "partnerships": [{"number": n, "players": [f"A{n}", f"B{n}"], "division": "70-74"} for n in (1, 2, 3, 5, 7)],
        "rounds": [{"number": 1,
                    "tables": [{"table": 1, "ns": 1, "ew": 2,
                                "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8},
                                          {"hand": 2, "contract": "8C", "declarer": "ew", "tricks": 5,
                                           "penalty": {"kind": "revoke", "side": "ns"}}]}],
                    "byes": [5]}],
        "tiebreaks": [{"partnerships": [3, 7], "tables": [{"table": 1, "ns": 3, "ew": 7, "hands": []}]}],
    }
    assert problems_of(data) == []
    parsed = parse(data)
    assert parsed.rounds[0].status == "open"  # two of four hands entered
    assert parsed.rounds[0].tables[0].confirmed is False
    assert parsed.tiebreaks[0].partnerships == [3, 7] and parsed.tiebreaks[0].rounds[0].number == 1


def _mutate(path_and_value):
    data = base()
    path_and_value(data)
    return problems_of(data)


CASES = [
    # "500-event/2" is a format too since events can be played as games (tests/engine/test_eventfile_v2.py).
    ("wrong format", lambda d: d.update(format="500-event/3"),
     ['format: "500-event/3" is not "500-event/1" or "500-event/2"']),
    ("missing format", lambda d: d.pop("format"), ['format: missing (expected "500-event/1" or "500-event/2")']),
    ("unknown top key", lambda d: d.update(scores=[]),
     ["scores: unknown key (expected one of format, event, staff, partnerships, rounds, tiebreaks)"]),
    ("unknown event key", lambda d: d["event"].update(place="Hall"),
     ["event.place: unknown key (expected one of name, slug, club, date, venue, rules, rule_overrides, rounds, "
      "hands_per_round, sit_out_policy, sit_out_points, confirmation_required, medal_scope, "
      "secondary_tiebreakers, page_size, language)"]),
    ("unknown hand key", lambda d: hand(d).update(bid="7H"),
     ["rounds[0].tables[0].hands[0].bid: unknown key (expected one of hand, contract, declarer, tricks, "
      "penalty, note, dealer, entered_side, entered_by, entered_at, changed_side, changed_at, accepted_side, "
      "accepted_by, accepted_at)"]),
    ("unknown penalty key", lambda d: hand(d, 1, 0, 1)["penalty"].update(who="N"),
     ["rounds[1].tables[0].hands[1].penalty.who: unknown key (expected one of kind, side, seat)"]),
    ("missing name", lambda d: d["event"].pop("name"), ["event.name: missing"]),
    ("empty event name", lambda d: d["event"].update(name="  "), ["event.name: empty"]),
    ("rounds as text", lambda d: d["event"].update(rounds="3"),
     ['event.rounds: "3" is not a whole number between 1 and 30']),
    ("hands per round too many", lambda d: d["event"].update(hands_per_round=21),
     ["event.hands_per_round: 21 is not between 1 and 20"]),
    ("bad date", lambda d: d["event"].update(date="2026-02-30"), ['event.date: "2026-02-30" is not a date (YYYY-MM-DD)']),
    ("US date", lambda d: d["event"].update(date="05/14/2026"), ['event.date: "05/14/2026" is not a date (YYYY-MM-DD)']),
    ("unknown rules", lambda d: d["event"].update(rules="hoyle"),
     ['event.rules: "hoyle" is not a rule set (one of mcallen, official-team, classic-1994, wikipedia-2006, three-handed)']),
    ("three-handed", lambda d: d["event"].update(rules="three-handed"),
     ["event.rules: three-handed is a rule set for three players; a partnership event needs a four-handed rule set "
      "(mcallen, official-team, classic-1994, wikipedia-2006)"]),
    ("bad overrides, all reported", lambda d: d["event"].update(rule_overrides={"no_bid": "shrug", "allow_six_bids": "yes"}),
     ["event.rule_overrides.no_bid: 'shrug' is not one of must_bid, redeal, play_no_trump",
      "event.rule_overrides.allow_six_bids: 'yes' is not true or false"]),
    ("sit-out policy", lambda d: d["event"].update(sit_out_policy="half"),
     ['event.sit_out_policy: "half" is not a sit-out policy (average, zero, fixed)']),
    ("secondary tiebreaker", lambda d: d["event"].update(secondary_tiebreakers=["coin_toss"]),
     ['event.secondary_tiebreakers[0]: "coin_toss" is not a secondary tiebreaker (head_to_head, contracts_made, fewest_sets)']),
    ("bad slug", lambda d: d["event"].update(slug="my event"),
     ['event.slug: "my event" is not a slug (letters, digits, - and _, at most 80)']),
    ("duplicate partnership", lambda d: d["partnerships"].append({"number": 1, "players": ["Irma Cantú", "Gene Olson"]}),
     ["partnerships[3].number: partnership 1 is listed twice (also partnerships[0])"]),
    ("partnership number zero", lambda d: d["partnerships"].append({"number": 0, "players": ["Irma Cantú", "Gene Olson"]}),
     ["partnerships[3].number: 0 is not between 1 and 9999"]),
    ("empty player name", lambda d: d["partnerships"][1]["players"].__setitem__(0, " "),
     ["partnerships[1].players[0]: empty name"]),
    ("over-long player name", lambda d: d["partnerships"][1]["players"].__setitem__(1, "x" * 121),
     ["partnerships[1].players[1]: is longer than 120 characters (it has 121)"]),
    ("three players", lambda d: d["partnerships"][0]["players"].append("Tomás"),
     ["partnerships[0].players: expected two names, got 3"]),
    ("unknown partnership at a table", lambda d: d["rounds"][0]["tables"][0].update(ew=9),
     ["rounds[0].tables[0].ew: partnership 9 is not in the partnerships list"]),
    ("unknown bye", lambda d: d["rounds"][0]["byes"].append(4),
     ["rounds[0].byes[1]: partnership 4 is not in the partnerships list"]),
    ("plays and sits out", lambda d: d["rounds"][0].update(byes=[3, 2]),
     ["rounds[0].byes[1]: partnership 2 sits out round 1 but also plays at table 1"]),
    ("plays itself", lambda d: d["rounds"][0]["tables"][0].update(ew=1),
     ["rounds[0].tables[0].ew: partnership 1 cannot play itself"]),
    ("duplicate table number", lambda d: d["rounds"][0]["tables"].append(
        {"table": 1, "ns": 3, "ew": 2, "hands": []}),
     ["rounds[0].tables[1].table: table 1 appears twice in round 1 (also tables[0])",
      "rounds[0].tables[1].ew: partnership 2 plays twice in round 1 (also at table 1)",
      "rounds[0].byes[0]: partnership 3 sits out round 1 but also plays at table 1"]),
    ("round number out of range", lambda d: d["rounds"][2].update(number=4),
     ["rounds[2].number: 4 is not between 1 and 3"]),
    ("round number twice", lambda d: d["rounds"][2].update(number=2),
     ["rounds[2].number: round 2 appears twice (also rounds[1])"]),
    ("hand number out of range", lambda d: hand(d, 0, 0, 1).update(hand=3),
     ["rounds[0].tables[0].hands[1].hand: 3 is not between 1 and 2"]),
    ("hand number twice", lambda d: hand(d, 0, 0, 1).update(hand=1),
     ["rounds[0].tables[0].hands[1].hand: hand 1 appears twice at this table (also hands[0])"]),
    ("hand number twice, the repeat also wrong", lambda d: hand(d, 0, 0, 1).update(hand=1, contract="7Z"),
     ["rounds[0].tables[0].hands[1].contract: '7Z' is not a contract (expected 6S..10NT, MIS, OMIS, NULLO, DNULLO or BNULLO)",
      "rounds[0].tables[0].hands[1].hand: hand 1 appears twice at this table (also hands[0])"]),
    ("tricks 11", lambda d: hand(d, 2, 0, 1).update(tricks=11), ["rounds[2].tables[0].hands[1].tricks: 11 is not between 0 and 10"]),
    ("tricks -1", lambda d: hand(d).update(tricks=-1), ["rounds[0].tables[0].hands[0].tricks: -1 is not between 0 and 10"]),
    ("tricks true", lambda d: hand(d).update(tricks=True),
     ["rounds[0].tables[0].hands[0].tricks: true is not a whole number between 0 and 10"]),
    ("tricks 7.5", lambda d: hand(d).update(tricks=7.5),
     ["rounds[0].tables[0].hands[0].tricks: 7.5 is not a whole number between 0 and 10"]),
    ("contract not legal", lambda d: hand(d).update(contract="MIS"),
     ["rounds[0].tables[0].hands[0].contract: MIS (Misère) is not a contract under McAllen Golden Age Olympics"]),
    ("contract nonsense", lambda d: hand(d).update(contract="11H"),
     ["rounds[0].tables[0].hands[0].contract: '11H' is not a contract (expected 6S..10NT, MIS, OMIS, NULLO, DNULLO or BNULLO)"]),
    ("six bids switched off", lambda d: d["event"].update(rule_overrides={"allow_six_bids": False}),
     ["rounds[1].tables[0].hands[0].contract: six bids are not allowed under McAllen Golden Age Olympics",
      "rounds[2].tables[0].hands[1].contract: six bids are not allowed under McAllen Golden Age Olympics"]),
    ("declarer", lambda d: hand(d).update(declarer="north"),
     ['rounds[0].tables[0].hands[0].declarer: "north" is not a side (ns, ew)']),
    ("penalty kind", lambda d: hand(d, 1, 0, 1)["penalty"].update(kind="reneg"),
     ['rounds[1].tables[0].hands[1].penalty.kind: "reneg" is not a penalty kind (revoke, bid_out_of_turn, exposed_card, note)']),
    ("penalty side", lambda d: hand(d, 1, 0, 1)["penalty"].update(side="n"),
     ['rounds[1].tables[0].hands[1].penalty.side: "n" is not a side (ns, ew)']),
    ("revoke without side", lambda d: hand(d, 1, 0, 1)["penalty"].pop("side"),
     ["rounds[1].tables[0].hands[1].penalty.side: a revoke needs the side that revoked (ns or ew)"]),
    ("seat on the wrong side", lambda d: hand(d, 1, 0, 1)["penalty"].update(seat="N"),
     ["rounds[1].tables[0].hands[1].penalty.seat: N sits ns, not ew"]),
    ("missing tricks", lambda d: hand(d).pop("tricks"), ["rounds[0].tables[0].hands[0].tricks: missing"]),
    ("confirmed but incomplete", lambda d: d["rounds"][0]["tables"][0].update(
        confirmed=True, hands=d["rounds"][0]["tables"][0]["hands"][:1]),
     ["rounds[0].tables[0].confirmed: a table can be confirmed only when all 2 hands are entered"]),
    ("round status", lambda d: d["rounds"][0].update(status="done"),
     ['rounds[0].status: "done" is not a round status (planned, open, closed)']),
    ("tiebreak stranger", lambda d: d.update(tiebreaks=[{"partnerships": [1, 2], "tables": [
        {"table": 1, "ns": 1, "ew": 3, "hands": []}]}]),
     ["tiebreaks[0].tables[0].ew: partnership 3 is not in this tiebreak"]),
    ("tiebreak of one", lambda d: d.update(tiebreaks=[{"partnerships": [1], "tables": []}]),
     ["tiebreaks[0].partnerships: a tiebreak needs at least two partnerships"]),
    ("rounds not a list", lambda d: d.update(rounds={}), ["rounds: expected a list, got an object"]),
    ("round without tables", lambda d: d["rounds"][0].pop("tables"),
     ["rounds[0].tables: missing (give [] for a round not yet drawn)"]),
]


@pytest.mark.parametrize("mutate, expected", [c[1:] for c in CASES], ids=[c[0] for c in CASES])
def test_each_check_names_its_place(mutate, expected):
    assert _mutate(mutate) == expected


def test_every_problem_is_collected_not_only_the_first():
    data = base()
    data["format"] = "x"
    hand(data).update(tricks=11)
    hand(data, 1, 0, 1)["penalty"]["kind"] = "reneg"
    data["partnerships"][0]["players"][0] = ""
    found = problems_of(data)
    assert found == [
        'format: "x" is not "500-event/1" or "500-event/2"',
        "partnerships[0].players[0]: empty name",
        "rounds[0].tables[0].hands[0].tricks: 11 is not between 0 and 10",
        'rounds[1].tables[0].hands[1].penalty.kind: "reneg" is not a penalty kind (revoke, bid_out_of_turn, exposed_card, note)',
    ]
    with pytest.raises(EventFileError) as caught:
        parse(data)
    assert caught.value.problems == found and isinstance(caught.value, ValueError)


def test_not_an_object_at_all():
    assert problems_of([1, 2]) == ["the file: expected an object, got a list"]


def test_names_keep_accents_and_apostrophes_and_contracts_are_normalised():
    data = base()
    hand(data).update(contract=" 7h ")
    parsed = parse(data)
    assert parsed.partnerships[1].players == ("Margaret O'Brien", "Dale O'Brien")
    assert parsed.rounds[0].tables[0].hands[0].contract == "7H"


def test_overrides_are_normalised_and_change_what_is_legal():
    data = base()
    data["event"]["rule_overrides"] = {"specials": ["mis"]}
    hand(data).update(contract="MIS", tricks=0)
    parsed = parse(data)
    assert parsed.event.rule_overrides == {"specials": ["MIS"]}


def test_statuses_and_confirmation_defaults():
    data = base()
    data["rounds"][0]["tables"][0]["hands"].pop()  # round 1: one hand of two
    data["rounds"][1]["tables"][0]["confirmed"] = False  # round 2: complete, not confirmed
    data["rounds"][2]["tables"][0]["hands"] = []  # round 3: drawn, not played
    parsed = parse(data)
    assert [r.status for r in parsed.rounds] == ["open", "open", "planned"]
    assert [r.tables[0].confirmed for r in parsed.rounds] == [False, False, False]


def test_canonical_output_is_stable_and_reparses_to_itself():
    data = base()
    hand(data, 1, 0, 1)["penalty"]["seat"] = "E"
    hand(data).update(dealer="S")
    data["rounds"][1]["tables"][0].update(confirmed=False, entered_side="ns")
    data["rounds"][0]["status"] = "open"
    data["tiebreaks"] = [{"partnerships": [3, 1], "rounds": [
        {"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 3, "hands": []}]},
        {"number": 2, "tables": [{"table": 1, "ns": 3, "ew": 1, "hands": []}]}]}]
    once = to_dict(parse(data))
    assert to_dict(parse(copy.deepcopy(once))) == once
    assert once["rounds"][0]["status"] == "open"
    assert once["rounds"][1]["tables"][0]["confirmed"] is False
    assert once["rounds"][1]["tables"][0]["hands"][1]["penalty"] == {"kind": "revoke", "side": "ew", "seat": "E"}
    assert once["rounds"][0]["tables"][0]["hands"][0]["dealer"] == "S"
    assert "dealer" not in once["rounds"][0]["tables"][0]["hands"][1]
    assert once["tiebreaks"][0]["partnerships"] == [1, 3] and len(once["tiebreaks"][0]["rounds"]) == 2
    assert list(once) == ["format", "event", "partnerships", "rounds", "tiebreaks"]


# --- who entered, changed and accepted each hand (docs/event-file.md, docs/trust.md) ------------

H0 = "rounds[0].tables[0].hands[0]"
AT = "2026-05-14T15:04:05.250000Z"
THREE_HANDED = pathlib.Path(__file__).parents[1] / "fixtures" / "three_handed_event.json"


def test_a_file_without_the_trust_keys_means_hands_entered_by_staff_that_wait_for_nobody():
    parsed = parse(base())
    first = parsed.rounds[0].tables[0].hands[0]
    assert (first.entered_side, first.entered_by, first.entered_at) == ("", "event file", None)
    assert (first.changed_side, first.changed_at, first.accepted_side, first.accepted_by) == (None, None, None, "")
    assert not first.waits and parsed.rounds[0].tables[0].confirmed is True
    assert not set(hand(to_dict(parsed))) & set(HAND_TRUST_KEYS)  # written back without them


def test_a_hand_waiting_for_the_other_side_keeps_its_table_unconfirmed_and_round_open():
    data = base()
    hand(data).update(entered_side="ns", entered_by="Table 1 N-S phone", accepted_side="ew",
                      accepted_by="Table 1 E-W phone")
    hand(data, 0, 0, 1).update(entered_side="ew", entered_by="Table 1 E-W phone")
    parsed = parse(data)
    table = parsed.rounds[0].tables[0]
    assert [(h.written_side, h.waits) for h in table.hands] == [("ns", False), ("ew", True)]
    assert table.confirmed is False and parsed.rounds[0].status == "open"
    out = to_dict(parsed)
    assert "confirmed" not in out["rounds"][0]["tables"][0]  # worked out again from the waiting hand
    assert hand(out, 0, 0, 1) == {"hand": 2, "contract": "8NT", "declarer": "ew", "tricks": 7,
                                  "entered_side": "ew", "entered_by": "Table 1 E-W phone"}
    assert to_dict(parse(copy.deepcopy(out))) == out


def test_a_change_by_staff_needs_no_acceptance_and_a_phone_that_named_no_side_waits_for_any():
    data = base()
    hand(data).update(entered_side="ns", changed_side="")  # corrected by the organizer
    hand(data, 0, 0, 1).update(entered_side="?", accepted_side="ns", accepted_by="Table 1 N-S phone")
    hand(data, 1, 0, 0).update(entered_side="?")
    data["rounds"][1]["tables"][0]["confirmed"] = False
    parsed = parse(data)
    assert [(h.written_side, h.waits) for h in parsed.rounds[0].tables[0].hands] == [("", False), ("?", False)]
    assert parsed.rounds[0].tables[0].confirmed is True
    assert parsed.rounds[1].tables[0].hands[0].waits
    assert hand(to_dict(parsed)) == {"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8,
                                     "entered_side": "ns", "changed_side": ""}


def test_the_moments_are_written_only_with_the_tables_history():
    data = base()
    hand(data).update(entered_side="ns", entered_by="N-S phone", entered_at=AT, changed_side="ew",
                      changed_at="2026-05-14T17:04:05+02:00", accepted_side="ns", accepted_by="N-S phone",
                      accepted_at=AT)
    parsed = parse(data)
    first = parsed.rounds[0].tables[0].hands[0]
    moment = datetime.datetime(2026, 5, 14, 15, 4, 5, 250000, tzinfo=datetime.UTC)
    assert (first.entered_at, first.changed_at, first.accepted_at) == (
        moment, datetime.datetime(2026, 5, 14, 15, 4, 5, tzinfo=datetime.UTC), moment)
    plain = hand(to_dict(parsed))
    assert plain == {"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8, "entered_side": "ns",
                     "entered_by": "N-S phone", "changed_side": "ew", "accepted_side": "ns",
                     "accepted_by": "N-S phone"}
    data["rounds"][0]["tables"][0]["history"] = [
        {"hand": 1, "action": "create", "by": "N-S phone", "at": AT},
        {"hand": 2, "action": "import", "by": "event file", "at": AT}]
    kept = to_dict(parse(data))
    assert hand(kept) == {**plain, "entered_at": AT, "changed_at": "2026-05-14T15:04:05Z", "accepted_at": AT}
    assert list(hand(kept)) == ["hand", "contract", "declarer", "tricks", *HAND_TRUST_KEYS]
    assert to_dict(parse(copy.deepcopy(kept))) == kept


def _three_handed() -> dict:
    return json.loads(THREE_HANDED.read_text(encoding="utf-8"))


def test_a_table_of_three_is_written_and_accepted_by_its_seats():
    data = _three_handed()
    hand(data).update(entered_side="2", entered_by="Bea on her phone", accepted_side="3", accepted_by="Cy")
    hand(data, 0, 0, 1).update(entered_side="1")
    parsed = parse(data)
    table = parsed.rounds[0].tables[0]
    assert [(h.written_side, h.accepted_side, h.waits) for h in table.hands] == [
        ("2", "3", False), ("1", None, True), ("", None, False)]
    assert table.confirmed is False
    out = to_dict(parsed)
    assert hand(out) == {**_three_handed()["rounds"][0]["tables"][0]["hands"][0], "entered_side": "2",
                         "entered_by": "Bea on her phone", "accepted_side": "3", "accepted_by": "Cy"}
    assert to_dict(parse(copy.deepcopy(out))) == out


WRITER_WORDS = 'is not a side (ns, ew), a seat at a table of three (1, 2, 3), "" for staff, or "?" for a table ' \
               "link that named no side"
TRUST_CASES = [
    ("not a side", lambda d: hand(d).update(entered_side="N"), [f'{H0}.entered_side: "N" {WRITER_WORDS}']),
    ("a side is text", lambda d: hand(d).update(changed_side=None), [f"{H0}.changed_side: null {WRITER_WORDS}"]),
    ("only a writer may be unnamed", lambda d: hand(d).update(entered_side="?", accepted_side="?"),
     [f'{H0}.accepted_side: "?" is not a side (ns, ew), a seat at a table of three (1, 2, 3), or "" for staff']),
    ("a seat at a four-handed table", lambda d: hand(d).update(entered_side="ns", accepted_side="2"),
     [f'{H0}.accepted_side: "2" is not a side at this table (ns, ew, or "" for staff)']),
    ("a moment without its change", lambda d: hand(d).update(changed_at=AT),
     [f'{H0}.changed_at: only a changed hand has this (give changed_side: the side that changed it, or "" for '
      'staff)']),
    ("a name and a moment without the acceptance", lambda d: hand(d).update(accepted_by="olga", accepted_at=AT),
     [f'{H0}.accepted_by: only an accepted hand has this (give accepted_side: the side that accepted it, or "" '
      'for staff)',
      f'{H0}.accepted_at: only an accepted hand has this (give accepted_side: the side that accepted it, or "" '
      'for staff)']),
    ("a side accepting the hand it entered", lambda d: hand(d).update(entered_side="ns", accepted_side="ns"),
     [f'{H0}.accepted_side: "ns" last wrote this hand, so it cannot also accept it: another side accepts it, or '
      'staff ("")']),
    ("a side accepting its own change",
     lambda d: hand(d).update(entered_side="ns", changed_side="ew", accepted_side="ew"),
     [f'{H0}.accepted_side: "ew" last wrote this hand, so it cannot also accept it: another side accepts it, or '
      'staff ("")']),
    ("no one who entered", lambda d: hand(d).update(entered_by=" "), [f"{H0}.entered_by: empty"]),
    ("a moment without its zone", lambda d: hand(d).update(entered_at="2026-05-14T15:04:05"),
     [f'{H0}.entered_at: "2026-05-14T15:04:05" is not a moment with its time zone (e.g. 2026-05-14T15:04:05Z)']),
    ("a confirmed table with hands waiting",
     lambda d: (hand(d).update(entered_side="ns"), hand(d, 0, 0, 1).update(entered_side="ew", changed_side="ns"),
                d["rounds"][0]["tables"][0].update(confirmed=True)),
     ["rounds[0].tables[0].confirmed: a table is confirmed only when no hand waits for another side's acceptance; "
      "the hands written on a phone with no accepted_side: 1, 2"]),
]


@pytest.mark.parametrize("mutate, expected", [c[1:] for c in TRUST_CASES], ids=[c[0] for c in TRUST_CASES])
def test_each_trust_check_names_its_place(mutate, expected):
    assert _mutate(mutate) == expected


def test_a_side_at_a_table_of_three_is_a_seat():
    data = _three_handed()
    hand(data).update(entered_side="ns")
    hand(data, 0, 1, 2).update(entered_side="1", changed_side="ew")
    assert problems_of(data) == [
        f'{H0}.entered_side: "ns" is not a side at this table (1, 2, 3, or "" for staff)',
        'rounds[0].tables[1].hands[2].changed_side: "ew" is not a side at this table (1, 2, 3, or "" for staff)']
