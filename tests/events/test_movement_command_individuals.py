"""The `movement` preview command for events of individuals (--players N --seats 3|4), its JSON in
the event file's round shape, and its refusals of bad or conflicting input; --partnerships keeps
working as before."""

import json
import subprocess
import sys
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from scoring.engine import movement, movement_individuals


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
    (["--players", "8", "--rounds", "3"], "--players needs --seats 3"),
    (["--partnerships", "8", "--seats", "4", "--rounds", "3"], "--seats goes with --players"),
    (["--players", "8", "--seats", "5", "--rounds", "3"], "--seats: '5' is not 3 or 4"),
    (["--players", "8", "--seats", "four", "--rounds", "3"], "--seats: 'four' is not 3 or 4"),
    (["--players", "2", "--seats", "3", "--rounds", "3"], "--players: 2 is not between 3 and"),
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
    result = subprocess.run([sys.executable, "manage.py", "movement", "--players", "9", "--seats", "6",
                             "--rounds", "2"], cwd=root, capture_output=True, text=True, timeout=60)
    assert result.returncode != 0
    assert "--seats: '6' is not 3 or 4" in result.stderr
