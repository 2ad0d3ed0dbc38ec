"""Event-file problems as vocabulary Messages: the English text the import_event command prints, and
a marked template with its values, so the import page shows each problem in the reader's language.

Pure: no database, no Django. The Spanish and French catalogs' placeholders are checked by
tests/engine/test_catalogs.py (msgfmt --check).
"""

import copy
import json
import pathlib

import pytest

from scoring.engine.eventfile import EventFileError, check, read, too_big
from scoring.engine.vocabulary import MAX_PROBLEMS, Message, in_language

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"


def base() -> dict:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def hand(data, r=0, t=0, h=0) -> dict:
    return data["rounds"][r]["tables"][t]["hands"][h]


def broken() -> dict:
    """A file with one problem of most kinds."""
    data = base()
    del data["event"]["date"]
    data["event"]["rounds"] = "three"
    data["event"]["page_size"] = "A5"
    data["event"]["venue\u202e"] = "x"
    data["partnerships"][0]["players"] = ["Ana", ""]
    data["partnerships"].append({"number": 1, "players": ["Rosa Peña", "Carmen Ruiz"]})
    data["partnerships"][2]["pin"] = 427
    hand(data)["tricks"] = 11
    hand(data)["declarer"] = "north"
    hand(data, h=1)["contract"] = "11NT"
    hand(data, r=1)["contract"] = "OMIS"
    hand(data, r=1, h=1)["penalty"] = {"kind": "revoke", "side": "ns", "seat": "E"}
    data["rounds"][2]["byes"] = [2]
    data["rounds"][2]["tables"][0]["confirmed_at"] = "yesterday"
    data["rounds"].append({"number": 2, "tables": []})
    data["tiebreaks"] = [{"partnerships": [1], "tables": [], "rounds": []}]
    return data


def english(message: str) -> str:
    return in_language(message, lambda text: text)


def test_every_problem_is_a_message_that_reads_as_its_english_text():
    problems, _ = check(broken())
    assert len(problems) > 15
    for problem in problems:
        assert isinstance(problem, Message), problem
        assert problem.template % {k: str(v) for k, v in problem.params.items()} == problem
        assert english(problem) == problem


def test_the_english_text_is_what_the_command_always_printed():
    problems, _ = check(broken())
    for expected in (
        "event.date: missing",
        'event.rounds: "three" is not a whole number between 1 and 30',
        'event.page_size: "A5" is not a page size (letter, a4)',
        "event.venue\\u202e: the key contains a bidirectional-override character, U+202E, at character 6",
        "partnerships[0].players[1]: empty name",
        "partnerships[3].number: partnership 1 is listed twice (also partnerships[0])",
        'partnerships[2].pin: 427 is not a PIN (4 digits, as text: "0427")',
        "rounds[0].tables[0].hands[0].declarer: \"north\" is not a side (ns, ew)",
        "rounds[0].tables[0].hands[0].tricks: 11 is not between 0 and 10",
        "rounds[0].tables[0].hands[1].contract: '11NT' is not a contract "
        "(expected 6S..10NT, MIS, OMIS, NULLO, DNULLO or BNULLO)",
        "rounds[1].tables[0].hands[0].contract: OMIS (Open misère) is not a contract under McAllen Golden Age Olympics",
        "rounds[1].tables[0].hands[1].penalty.seat: E sits ew, not ns",
        "rounds[2].byes[0]: partnership 2 sits out round 3 but also plays at table 1",
        'rounds[2].tables[0].confirmed_at: "yesterday" is not a moment with its time zone (e.g. 2026-05-14T15:04:05Z)',
        "tiebreaks[0]: give either tables (one round) or rounds, not both",
    ):
        assert expected in problems, (expected, problems)


def test_a_message_translates_its_template_and_the_labels_among_its_values():
    words = {
        "%(place)s: %(message)s": "%(place)s : %(message)s",
        "partnership %(number)s sits out %(round)s but also plays %(where)s":
            "la pareja %(number)s descansa en %(round)s pero también juega %(where)s",
        "round %(number)s": "la ronda %(number)s",
        "at table %(number)s": "en la mesa %(number)s",
    }
    problems, _ = check(broken())
    problem = next(p for p in problems if p.startswith("rounds[2].byes[0]"))
    assert in_language(problem, lambda text: words.get(text, text)) == (
        "rounds[2].byes[0] : la pareja 2 descansa en la ronda 3 pero también juega en la mesa 1")


def test_the_rules_refusal_of_a_contract_keeps_its_rule_set_and_contract_names_as_labels():
    data = base()
    hand(data)["contract"] = "OMIS"
    (problem,) = check(data)[0]
    message = problem.params["message"]
    assert message.template == "%(code)s (%(contract)s) is not a contract under %(rules)s"
    assert isinstance(message.params["contract"], Message) and message.params["contract"] == "Open misère"
    assert isinstance(message.params["rules"], Message)


@pytest.mark.parametrize(("raw", "expected"), [
    (b"hello", "notes.json: not valid JSON: line 1 column 1: Expecting value"),
    (b"\xff\xfe", "notes.json: not UTF-8 text (byte 1 cannot be read)"),
    (b'{"a": 1, "a": 2}', "a: the key appears twice in one object (1, then 2); give it once"),
    (b"[" + b"9" * 101 + b"]", "[0]: a whole number 101 digits long is too long to be anything in an event file"),
])
def test_reading_problems_are_messages_too(raw, expected):
    with pytest.raises(EventFileError) as caught:
        read(raw, "notes.json")
    (problem,) = caught.value.problems
    assert problem == expected and isinstance(problem, Message) and english(problem) == expected


def test_a_file_too_big_and_a_file_without_a_name():
    assert too_big(25 * 1024 * 1024, "big.json") == (
        "big.json: 26,214,400 bytes is more than an event file may be (20 MB): is it the right file?")
    with pytest.raises(EventFileError) as caught:
        read(b"[1,")
    assert caught.value.problems[0].startswith("the file: not valid JSON")
    assert caught.value.problems[0].params["place"].template == "the file"


def test_the_count_of_the_problems_left_out_is_a_message():
    data = base()
    data["partnerships"] = [{"number": 1, "players": ["A", "B"], "extra": i} for i in range(MAX_PROBLEMS + 40)]
    problems, _ = check(copy.deepcopy(data))
    assert len(problems) == MAX_PROBLEMS + 1
    assert problems[-1].template == "... and %(count)s more problems" and isinstance(problems[-1], Message)
