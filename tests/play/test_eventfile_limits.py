"""Event files are measured before they are built (scoring.engine.eventfile.limits; docs/event-file.md,
"Limits"): a 20 MB file of empty objects or of lists inside lists is refused, naming the limit and the
place, by eventfile.read, by `import_event` and by the web import alike, without turning its bytes
into millions of Python objects; the largest real event files still import.

The time and peak memory of a refusal are printed (pytest -s), not asserted: they depend on the
machine. tracemalloc's peak is asserted: the old reader built 1.8 GB of dicts from such a file.
"""

from __future__ import annotations

import io
import json
import time
import tracemalloc

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.engine import eventfile
from scoring.engine.eventfile import EventFileError, limits
from scoring.engine.vocabulary import MAX_EVENT_FILE_BYTES
from tournaments.demo import build_demo_event
from tournaments.models import Event

TWENTY_MB = MAX_EVENT_FILE_BYTES - 16
EMPTY_OBJECTS = b'{"rounds": [' + b"{}," * ((TWENTY_MB - 16) // 3) + b"{}]}"
NESTED = b"[" * (TWENTY_MB // 2) + b"]" * (TWENTY_MB // 2)
ROUNDS_PROBLEM = "rounds: a list of more than 30 items; an event file has at most 30 here"
DEPTH_PROBLEM = ("[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][0]: objects and lists nested more than 16 deep; "
                 "an event file nests at most 16")


def refusal(raw: bytes) -> list[str]:
    with pytest.raises(EventFileError) as caught:
        eventfile.read(raw, "x.json")
    return [str(p) for p in caught.value.problems]


@pytest.mark.parametrize("raw, problem", [(EMPTY_OBJECTS, ROUNDS_PROBLEM), (NESTED, DEPTH_PROBLEM)],
                         ids=["empty objects", "nested lists"])
def test_a_20_mb_file_is_refused_before_it_is_built(raw, problem):
    assert MAX_EVENT_FILE_BYTES - 64 < len(raw) <= MAX_EVENT_FILE_BYTES
    tracemalloc.start()
    started = time.perf_counter()
    try:
        problems = refusal(raw)
        seconds = time.perf_counter() - started
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    print(f"\n{len(raw):,} bytes refused in {seconds:.2f} s (under tracemalloc), peak {peak / 2**20:.0f} MB")
    assert problems == [problem]
    assert peak < 100 * 2**20  # the file's bytes and a copy of its marks, not millions of dicts


def test_lists_each_within_their_limit_but_too_many_objects_in_all():
    hands = b'{"hands": [' + b",".join([b"{}"] * 200) + b"]}"
    a_round = b'{"tables": [' + b",".join([hands] * 1000) + b"]}"
    raw = b'{"rounds": [' + b",".join([a_round] * 3) + b"]}"
    # The file and its rounds list are 2; a table with its hands list and 200 hands 202; a round with
    # its tables list and 1,000 tables 202,002. Two rounds and the third's two make 404,008; 970 more
    # tables 195,940 (599,948); table 970 and its list 599,950; its hands[0..50] reach 600,001.
    assert refusal(raw) == [
        "rounds[2].tables[970].hands[50]: more than 600,000 objects and lists in the file (this is number 600,001); "
        "the largest event has fewer"]


def test_a_long_list_of_numbers_names_its_place():
    assert refusal(b'{"rounds": [{"byes": [' + b"1," * 6_000_000 + b"1]}]}") == [
        "rounds[0].byes: a list of more than 9,999 items; an event file has at most 9,999 here"]


def test_strings_holding_brackets_and_escaped_quotes_are_not_counted():
    text = json.dumps(build_demo_event(partnerships=4, rounds=2, seed=5))
    noisy = json.loads(text)
    noisy["event"]["venue"] = '[[[[[[[[[[[[[[[[[[[[ {{{{ \\" ,,,, "' * 3
    measured = limits.measure(json.dumps(noisy).encode())
    assert measured == limits.measure(text.encode())
    assert eventfile.read(json.dumps(noisy).encode())["event"]["venue"] == noisy["event"]["venue"]


def test_a_list_too_long_for_its_key_is_named_by_the_checker_too():
    data = build_demo_event(partnerships=4, rounds=2, seed=5)
    data["rounds"] = [{"number": 1, "tables": []}] * 31
    assert eventfile.check(data)[0] == [
        "rounds: a list of more than 30 items; an event file has at most 30 here"]


def test_half_a_million_empty_hands_within_every_limit_stop_the_checking_early():
    """A 2 MB file: the checker used to write two million problems (3 GB, a minute); it stops after 2,000."""
    hands = b'{"hands": [' + b",".join([b"{}"] * 20) + b"]}"
    a_round = b'{"tables": [' + b",".join([hands] * 1000) + b"]}"
    raw = b'{"format": "500-event/1", "rounds": [' + b",".join([a_round] * 27) + b"]}"
    started = time.perf_counter()
    problems, result = eventfile.check(eventfile.read(raw))
    print(f"\n{len(raw):,} bytes checked in {time.perf_counter() - started:.2f} s")
    assert result is None and len(problems) == 201
    assert problems[:3] == ["event: missing", "partnerships: missing", "rounds[0].number: missing"]
    assert problems[-1] == "... and at least 1,801 more problems (the checking stopped there)"


def test_the_bench_event_with_its_history_is_well_within_the_limits():
    """The 250-table bench event (bench/figures/event_file.py) written with a history row for every
    hand and a confirmation for every table, as `export_event --history` writes it."""
    data = build_demo_event(partnerships=500, rounds=10, complete=True)
    for rnd in data["rounds"]:
        for table in rnd["tables"]:
            table["history"] = [
                {"hand": h["hand"], "action": "import", "by": "event file", "at": "2026-05-14T15:04:05.123456Z",
                 "new": {"declarer": h["declarer"], "contract": h["contract"], "tricks": h["tricks"],
                         "penalty_kind": "", "penalty_side": "", "penalty_seat": "", "note": "",
                         "ns_points": 120, "ew_points": -120, "version": 1}}
                for h in table["hands"]]
            table["history"].append({"action": "confirm", "by": "event file", "at": "2026-05-14T15:04:05.123456Z"})
    raw = eventfile.to_text(data).encode()
    measured = limits.measure(raw)
    print(f"\n{len(raw):,} bytes: {measured}")
    assert measured.within and measured.containers * 10 < limits.MAX_CONTAINERS
    assert measured.values * 10 < limits.MAX_VALUES and measured.depth == 8
    assert eventfile.parse(eventfile.read(raw)).event.rounds == 10


@pytest.mark.django_db
def test_import_event_refuses_it_and_writes_nothing(tmp_path):
    path = tmp_path / "empty-objects.json"
    path.write_bytes(EMPTY_OBJECTS)
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert str(caught.value) == ROUNDS_PROBLEM
    assert not Event.objects.exists()


def test_the_web_import_refuses_it_and_writes_nothing(creator_client):
    before = Event.objects.count()
    upload = SimpleUploadedFile("nested.json", NESTED, content_type="application/json")
    text = creator_client.post(reverse("scoring:event-import"), {"file": upload}).content.decode()
    assert "Nothing was imported." in text and DEPTH_PROBLEM in text
    assert Event.objects.count() == before
