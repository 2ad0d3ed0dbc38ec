"""Club event files (docs/clubs.md, "Event files"), the engine alone: any mix of plain names and
{"name", "member"} players writes and reads back the same, and a member named twice is refused at
its second place."""

import copy
import datetime

from hypothesis import given, settings
from hypothesis import strategies as st

from scoring.engine import eventfile
from scoring.engine.eventfile import EventFileError

NAMES = st.text(alphabet="abcdefghijklmnopqrstuvwxyzáéíñóúüçÆ '-", min_size=1, max_size=20).filter(str.strip)


def _file(players, club="pittsworth-500"):
    data = {"format": "500-event/1", "event": {"name": "Club night", "date": "2026-05-14", "rules": "mcallen",
                                               "rounds": 1, "hands_per_round": 4},
            "partnerships": [{"number": i + 1, "players": pair} for i, pair in enumerate(players)], "rounds": []}
    if club:
        data["event"]["club"] = club
    return data


@st.composite
def partnerships(draw):
    count = draw(st.integers(1, 8))
    numbers = iter(draw(st.lists(st.integers(1, 999_999), min_size=2 * count, max_size=2 * count, unique=True)))
    pairs = []
    for _ in range(count):
        pair = []
        for _seat in range(2):
            name, number = draw(NAMES).strip(), next(numbers)
            pair.append({"name": name, "member": number} if draw(st.booleans()) else name)
        pairs.append(pair)
    return pairs


@settings(max_examples=60, deadline=None)
@given(partnerships())
def test_names_and_members_write_and_read_back_the_same(pairs):
    data = _file(pairs)
    spec = eventfile.parse(copy.deepcopy(data))
    written = eventfile.to_dict(spec)
    assert [p["players"] for p in written["partnerships"]] == pairs
    assert written["event"]["club"] == "pittsworth-500"
    assert eventfile.to_dict(eventfile.parse(written)) == written


def test_a_member_twice_is_refused_at_the_second_place():
    data = _file([[{"name": "Ana", "member": 17}, "Bo"], ["Cy", {"name": "Ana G.", "member": 17}]])
    try:
        eventfile.parse(data)
    except EventFileError as exc:
        assert exc.problems == ["partnerships[1].players[1].member: member 17 is listed twice "
                                "(also partnerships[0].players[0].member)"]
    else:
        raise AssertionError("accepted")


def test_an_event_of_no_club_writes_no_club_key():
    spec = eventfile.parse(_file([["Ana", "Bo"]], club=None))
    assert "club" not in eventfile.to_dict(spec)["event"] and spec.event.date == datetime.date(2026, 5, 14)


def test_an_individual_may_be_written_either_way():
    base = {"format": "500-event/2", "event": {"name": "Club night", "date": "2026-05-14", "rules": "mcallen",
                                               "rounds": 1, "hands_per_round": 4, "entrants": "individuals",
                                               "club": "pittsworth-500"}, "rounds": []}
    flat = {**base, "players": [{"number": 1, "name": "Ana Garza", "member": 17}, {"number": 2, "name": "Bo"}]}
    nested = {**base, "players": [{"number": 1, "name": {"name": "Ana Garza", "member": 17}},
                                  {"number": 2, "name": "Bo"}]}
    assert eventfile.to_dict(eventfile.parse(nested)) == eventfile.to_dict(eventfile.parse(flat))
    assert eventfile.to_dict(eventfile.parse(flat))["players"][0] == {"number": 1, "name": "Ana Garza", "member": 17}
    twice = {**base, "players": [{"number": 1, "name": {"name": "Ana", "member": 17}},
                                 {"number": 2, "name": "Bo", "member": 17}]}
    try:
        eventfile.parse(twice)
    except EventFileError as exc:
        assert exc.problems == ["players[1].member: member 17 is listed twice (also players[0].member)"]
    else:
        raise AssertionError("accepted")
