"""The `movement` preview command for events of individuals (--players N --seats 2|3|4|5|6|mixed),
its JSON in the event file's round shape, and its refusals of bad or conflicting input;
--partnerships keeps working as before."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.engine import movement, movement_individuals, movement_mixed


def run_command(*args):
    out = StringIO()
    call_command("movement", *args, stdout=out)
    return out.getvalue()


def test_four_handed_json_has_the_event_file_shape():
    data = json.loads(run_command("--players", "10", "--seats", "4", "--rounds", "5", "--format", "json"))
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3, 4, 5]
    first = data["rounds"][0]
    assert set(first) == {"number", "tables", "byes"}
    # Ten players: two tables of four and two sit-outs.
    assert [t["table"] for t in first["tables"]] == [1, 2] and len(first["byes"]) == 2
    assert all(set(t) == {"table", "n", "e", "s", "w"} for t in first["tables"])
    assert data["rounds"] == [p.as_dict() for p in movement_individuals.plan(list(range(1, 11)), 5, seats=4)]
    # Five rounds, two sit-outs each: all ten players sit out once.
    assert sorted(b for r in data["rounds"] for b in r["byes"]) == list(range(1, 11))


def test_three_handed_json_has_the_event_file_shape():
    data = json.loads(run_command("--players", "7", "--seats", "3", "--rounds", "3", "--format", "json"))
    for rnd in data["rounds"]:
        assert [t["table"] for t in rnd["tables"]] == [1, 2]
        assert all(set(t) == {"table", "seats"} and len(t["seats"]) == 3 for t in rnd["tables"])
        assert len(rnd["byes"]) == 1
        assert sorted([p for t in rnd["tables"] for p in t["seats"]] + rnd["byes"]) == list(range(1, 8))


def test_text_lists_tables_and_sit_outs():
    lines = run_command("--players", "6", "--seats", "4", "--rounds", "3").strip().splitlines()
    assert len(lines) == 3
    assert lines[0].startswith("Round  1  T1: ") and " v " in lines[0] and "sit out: " in lines[0]
    lines = run_command("--players", "3", "--seats", "3", "--rounds", "2", "--format", "text").strip().splitlines()
    assert lines == ["Round  1  T1: 1 2 3", "Round  2  T1: 2 3 1"]


def test_partnerships_still_work_unchanged():
    data = json.loads(run_command("--partnerships", "12", "--rounds", "10", "--format", "json"))
    assert data["rounds"] == [p.as_dict() for p in movement.plan(list(range(1, 13)), 10)]


@pytest.mark.parametrize("args, message", [
    (["--players", "8", "--partnerships", "4", "--rounds", "3"], "either --partnerships or --players, not both"),
    (["--rounds", "3"], "give --partnerships N"),
    (["--players", "8", "--rounds", "3"], r"--players needs --seats 2, 3, 4, 5, 6 .* or --seats mixed"),
    (["--partnerships", "8", "--seats", "4", "--rounds", "3"], "--seats goes with --players"),
    (["--partnerships", "8", "--seats", "mixed", "--rounds", "3"], "--seats goes with --players"),
    (["--players", "8", "--seats", "7", "--rounds", "3"], "--seats: '7' is not 2, 3, 4, 5, 6 or mixed"),
    (["--players", "8", "--seats", "four", "--rounds", "3"], "--seats: 'four' is not 2, 3, 4, 5, 6 or mixed"),
    (["--players", "8", "--seats", "mix", "--rounds", "3"], "--seats: 'mix' is not 2, 3, 4, 5, 6 or mixed"),
    (["--players", "2", "--seats", "3", "--rounds", "3"], "--players: 2 is not between 3 and"),
    (["--players", "1", "--seats", "2", "--rounds", "3"], "--players: 1 is not between 2 and 500"),
    (["--players", "4", "--seats", "5", "--rounds", "3"], "--players: 4 is not between 5 and 500"),
    (["--players", "5", "--seats", "6", "--rounds", "3"], "--players: 5 is not between 6 and 500"),
    (["--players", "1", "--seats", "mixed", "--rounds", "3"], "--players: 1 is not between 2 and 500"),
    (["--players", "501", "--seats", "mixed", "--rounds", "3"], "--players: 501 is not between 2 and 500"),
    (["--players", "10", "--seats", "mixed", "--rounds", "0"], "--rounds: 0 is not between 1 and 60"),
    (["--players", "10", "--seats", "6", "--rounds", "61"], "--rounds: 61 is not between 1 and 60"),
    (["--players", "10", "--seats", "5", "--six-handed", "three-pairs", "--rounds", "2"],
     "--six-handed goes with --seats 6 or --seats mixed"),
    (["--partnerships", "10", "--six-handed", "two-threes", "--rounds", "2"], "--six-handed goes with --players"),
    (["--players", "12", "--seats", "6", "--six-handed", "pairs", "--rounds", "2"], "--six-handed"),
    (["--players", "3", "--seats", "4", "--rounds", "3"], "--players: 3 is not between 4 and"),
    (["--players", "501", "--seats", "4", "--rounds", "3"], "--players: 501 is not between 4 and 500"),
    (["--players", "ten", "--seats", "4", "--rounds", "3"], "--players: 'ten' is not a whole number"),
    (["--players", "10", "--seats", "4", "--rounds", "0"], "--rounds: 0 is not between 1 and 60"),
    (["--players", "10", "--seats", "3", "--rounds", "2.5"], "--rounds: '2.5' is not a whole number"),
])
def test_bad_input_is_a_clear_error(args, message):
    with pytest.raises(CommandError, match=message):
        run_command(*args)


def test_bad_input_exits_non_zero_from_the_shell():
    root = Path(__file__).resolve().parents[2]
    for args, message in ((["--players", "9", "--seats", "7", "--rounds", "2"], "--seats: '7' is not 2, 3, 4, 5, 6 or mixed"),
                          (["--players", "4", "--seats", "5", "--rounds", "2"], "--players: 4 is not between 5 and 500"),
                          (["--players", "10", "--seats", "mixed", "--rounds", "0"], "--rounds: 0 is not between 1 and 60")):
        result = subprocess.run([sys.executable, "manage.py", "movement", *args], cwd=root, capture_output=True,
                                text=True, timeout=60)
        assert result.returncode != 0
        assert message in result.stderr
        assert result.stdout == ""  # nothing half-written


def test_mixed_json_seats_everyone_at_tables_of_their_size():
    data = json.loads(run_command("--players", "10", "--seats", "mixed", "--rounds", "3", "--format", "json"))
    assert [r["number"] for r in data["rounds"]] == [1, 2, 3]
    # Ten players: two tables of five, nobody sits out; every table lists its seats.
    for rnd in data["rounds"]:
        assert set(rnd) == {"number", "tables", "byes"} and rnd["byes"] == []
        assert [t["table"] for t in rnd["tables"]] == [1, 2]
        assert all(set(t) == {"table", "seats"} and len(t["seats"]) == 5 for t in rnd["tables"])
        assert sorted(p for t in rnd["tables"] for p in t["seats"]) == list(range(1, 11))
    assert data["rounds"][0]["tables"] == [{"table": 1, "seats": [1, 2, 3, 4, 5]},
                                           {"table": 2, "seats": [6, 7, 8, 9, 10]}]
    assert data["rounds"] == [r.as_dict() for r in movement_mixed.plan_mixed(list(range(1, 11)), 3)]
    # Seven players: a table of four (its seats, partners opposite) and one of three.
    data = json.loads(run_command("--players", "7", "--seats", "mixed", "--rounds", "2", "--format", "json"))
    for rnd in data["rounds"]:
        assert [len(t["seats"]) for t in rnd["tables"]] == [4, 3] and rnd["byes"] == []


def test_mixed_and_one_size_text():
    lines = run_command("--players", "9", "--seats", "mixed", "--rounds", "2").strip().splitlines()
    # A four (partners opposite: seats 1 and 3 against 2 and 4) and a five: 5, 6, 7, 8, 9 first.
    assert lines == ["Round  1  T1: 1&2 v 3&4  T2: 5 6 7 8 9", "Round  2  T1: 5&6 v 7&8  T2: 1 2 3 4 9"]
    lines = run_command("--players", "7", "--seats", "5", "--rounds", "2", "--format", "text").strip().splitlines()
    # Round 2: 6 and 7 play, with three of 1..5; seats in order of number, turned so that the first
    # seat goes to whoever has sat first least (1 sat first in round 1; 2 is the lowest of the rest).
    assert lines == ["Round  1  T1: 1 2 3 4 5  sit out: 6, 7", "Round  2  T1: 2 3 6 7 1  sit out: 4, 5"]


@pytest.mark.parametrize("seats, players, tables, byes", [("2", 5, 2, 1), ("5", 12, 2, 2), ("6", 13, 2, 1)])
def test_one_size_json_has_the_event_file_shape(seats, players, tables, byes):
    data = json.loads(run_command("--players", str(players), "--seats", seats, "--rounds", "2", "--format", "json"))
    for rnd in data["rounds"]:
        assert len(rnd["tables"]) == tables and len(rnd["byes"]) == byes
        assert all(set(t) == {"table", "seats"} and len(t["seats"]) == int(seats) for t in rnd["tables"])
    planned = movement_individuals.plan(list(range(1, players + 1)), 2, seats=int(seats))
    assert data["rounds"] == [r.as_dict() for r in planned]


def test_six_handed_teams_preview():
    data = json.loads(run_command("--players", "6", "--seats", "6", "--six-handed", "three-pairs", "--rounds", "5",
                                  "--format", "json"))
    # Six players, teams at seats 1 and 4, 2 and 5, 3 and 6: in five rounds every pair partners once.
    pairs = [tuple(sorted((t["seats"][i], t["seats"][i + 3]))) for r in data["rounds"] for t in r["tables"]
             for i in range(3)]
    assert len(pairs) == 15 and len(set(pairs)) == 15
    planned = movement_individuals.plan(list(range(1, 7)), 5, seats=6, six_handed="three-pairs")
    assert data["rounds"] == [r.as_dict() for r in planned]
    data = json.loads(run_command("--players", "11", "--seats", "mixed", "--six-handed", "two-threes", "--rounds", "2",
                                  "--format", "json"))
    assert [[len(t["seats"]) for t in r["tables"]] for r in data["rounds"]] == [[5, 6], [5, 6]]
    # The text names the teams of a six: three pairs as 1&4 v 2&5 v 3&6 (round 1: 1, 2, 3 then their partners).
    line = run_command("--players", "6", "--seats", "6", "--six-handed", "three-pairs", "--rounds", "1").strip()
    seats = json.loads(run_command("--players", "6", "--seats", "6", "--six-handed", "three-pairs", "--rounds", "1",
                                   "--format", "json"))["rounds"][0]["tables"][0]["seats"]
    a, b, c, d, e, f = seats
    assert line == f"Round  1  T1: {a}&{d} v {b}&{e} v {c}&{f}"
    line = run_command("--players", "6", "--seats", "6", "--six-handed", "two-threes", "--rounds", "1").strip()
    assert line.startswith("Round  1  T1: ") and line.count(" v ") == 1 and line.count("&") == 4
    assert run_command("--players", "6", "--seats", "6", "--rounds", "1").strip() == "Round  1  T1: 1 2 3 4 5 6"
