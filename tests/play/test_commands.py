"""The event-file and standings commands: import_event, export_event, standings."""

import csv
import io
import json
import pathlib

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from scoring.event_io import event_import
from scoring.models import Hand
from tests.builders import run, run_failing
from tournaments.models import Event, Partnership, Player, Table

FIXTURE = pathlib.Path(__file__).parents[1] / "fixtures" / "small_event.json"


@pytest.mark.django_db
def test_import_event_from_a_file_and_from_stdin():
    out, _ = run("import_event", str(FIXTURE))
    assert out.strip() == "Imported Hand-worked trio as trio: 3 partnerships, 3 rounds, 6 hands."
    out, _ = run("import_event", "-", "--slug", "trio-stdin", stdin=io.StringIO(FIXTURE.read_text(encoding="utf-8")))
    assert "as trio-stdin" in out
    assert Player.objects.filter(event__slug="trio-stdin", name="Nélida Peña").exists()


@pytest.mark.django_db
def test_import_event_reports_bad_json_with_line_and_column(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "500-event/1",\n  "event": {"name": "x",}\n}', encoding="utf-8")
    message, _ = run_failing("import_event", str(bad))
    assert message == f"{bad}: not valid JSON: line 2 column 25: Expecting property name enclosed in double quotes"
    assert Event.objects.count() == 0


@pytest.mark.django_db
def test_import_event_prints_each_problem_on_its_own_line_and_writes_nothing(tmp_path):
    data = json.loads(FIXTURE.read_text(encoding="utf-8"))
    data["rounds"][2]["tables"][0]["hands"][1]["tricks"] = 11
    data["rounds"][0]["byes"] = [3, 1]
    data["format"] = "500-event/0"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    message, err = run_failing("import_event", str(path))
    assert err.splitlines() == [
        'format: "500-event/0" is not "500-event/1" or "500-event/2"',
        "rounds[0].byes[1]: partnership 1 sits out round 1 but also plays at table 1",
        "rounds[2].tables[0].hands[1].tricks: 11 is not between 0 and 10",
    ]
    assert message == f"3 problems in {path}; nothing was imported"
    assert (Event.objects.count(), Player.objects.count(), Partnership.objects.count(), Table.objects.count(),
            Hand.objects.count()) == (0, 0, 0, 0, 0)


@pytest.mark.django_db
def test_import_event_refuses_a_slug_that_exists():
    run("import_event", str(FIXTURE))
    message, err = run_failing("import_event", str(FIXTURE))
    assert err.strip() == "event.slug: an event with slug 'trio' exists already (choose another with --slug)"
    assert message.startswith("1 problem in")
    assert Event.objects.count() == 1


@pytest.mark.django_db
def test_import_event_accepts_a_byte_order_mark_and_refuses_other_encodings(tmp_path):
    with_bom = tmp_path / "bom.json"
    with_bom.write_bytes(b"\xef\xbb\xbf" + FIXTURE.read_bytes())
    out, _ = run("import_event", str(with_bom))
    assert "as trio" in out
    latin = tmp_path / "latin.json"
    latin.write_bytes(FIXTURE.read_text(encoding="utf-8").encode("latin-1"))
    message, _ = run_failing("import_event", str(latin), "--slug", "latin")
    assert message.startswith(f"{latin}: not UTF-8 text (byte ")


def test_import_event_missing_file():
    message, _ = run_failing("import_event", "/nonexistent/event.json")
    assert message.startswith("/nonexistent/event.json: cannot read it")


@pytest.mark.django_db
def test_export_event_writes_utf8_json_that_round_trips():
    run("import_event", str(FIXTURE))
    out, _ = run("export_event", "trio")
    assert '"Nélida Peña"' in out and "Margaret O'Brien" in out and "\\u00e9" not in out
    assert out.startswith('{\n  "format": "500-event/1",\n  "event": {\n    "name": "Hand-worked trio",')
    run("import_event", "-", "--slug", "trio-2", stdin=io.StringIO(out))
    again, _ = run("export_event", "trio-2")
    assert again == out.replace('"slug": "trio"', '"slug": "trio-2"')


@pytest.mark.django_db
def test_export_event_unknown_slug():
    message, _ = run_failing("export_event", "nope")
    assert message == "no event with the slug 'nope'"


# Hand-worked from RULES.md (see tests/fixtures/small_event.json):
#   round 1: 7H by N-S (1) making 8 = +200 / +20; 8NT by E-W (2) taking 7 = -320 / +30.
#            P1 230, P2 -300.
#   round 2: 6S by N-S (3) taking 10 = slam +250 / 0; 7D by E-W (1) taking 9, E-W revoked
#            = -180 / +10. P3 260, P1 -180.
#   round 3: 8C by N-S (2) taking 5, E-W revoked = +260 / 0; 6C by E-W (3) making 6 with a bid
#            out of turn (recorded only) = +60 / +40. P2 300, P3 60.
#   Sit-outs score the average of the partnership's own rounds: P3 (260 + 60) / 2 = 160 in round 1,
#   P2 (-300 + 300) / 2 = 0 in round 2, P1 (230 - 180) / 2 = 25 in round 3.
#   Totals: P3 480, P1 75, P2 0.
EXPECTED = [
    (1, 3, 480, [160, 260, 60], 1, "gold"),
    (2, 1, 75, [230, -180, 25], 3, "silver"),
    (3, 2, 0, [-300, 0, 300], 2, "bronze"),
]


@pytest.mark.django_db
def test_standings_json_on_a_hand_worked_event():
    event_import(json.loads(FIXTURE.read_text(encoding="utf-8")))
    out, _ = run("standings", "trio", "--format", "json")
    data = json.loads(out)
    assert data["event"] == "trio"
    rows = data["standings"]
    assert [(r["rank"], r["partnership"], r["total"], [c["points"] for c in r["rounds"]],
             next(c["round"] for c in r["rounds"] if c["sit_out"]), r["medal"]) for r in rows] == EXPECTED
    assert rows[1]["players"] == ["Nélida Peña", "Luis Zúñiga"] and rows[1]["division"] == "70-74"
    assert all(r["tied"] is False and r["tiebreak_total"] is None for r in rows)
    assert set(rows[0]) == {"rank", "tied", "partnership", "players", "division", "total", "rounds", "tiebreak_total", "medal",
                            "withdrawn"}


@pytest.mark.django_db
def test_standings_csv_on_a_hand_worked_event():
    event_import(json.loads(FIXTURE.read_text(encoding="utf-8")))
    out, _ = run("standings", "trio", "--format", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    assert [(int(r["rank"]), int(r["partnership"]), int(r["total"]), [int(r["R1"]), int(r["R2"]), int(r["R3"])],
             int(r["sit_out_rounds"]), r["medal"]) for r in rows] == EXPECTED
    assert rows[2]["player_1"] == "Margaret O'Brien"


@pytest.mark.django_db
def test_standings_text_on_a_hand_worked_event():
    event_import(json.loads(FIXTURE.read_text(encoding="utf-8")))
    out, _ = run("standings", "trio", "--format", "text")
    lines = out.splitlines()
    assert lines[0] == "Hand-worked trio, 2026-05-14"
    body = [line.split() for line in lines if line.strip()[:1].isdigit()]
    assert [(b[0], b[1]) for b in body] == [("1", "3"), ("2", "1"), ("3", "2")]
    assert "480" in body[0] and "160s" in body[0] and "gold" in body[0]
    assert "Nélida Peña & Luis Zúñiga" in out and "25s" in body[1]


@pytest.mark.django_db
def test_standings_with_a_tiebreak_session_from_the_file():
    # Two tables of one one-hand round: 7H made exactly at both, so 1 and 3 tie on 200 and 2 and
    # 4 on 30. The tiebreak (6S by partnership 1 taking 5: -40 / +50) puts 3 above 1; 2 and 4
    # stay tied for third, so no bronze is given.
    data = {
        "format": "500-event/1",
        "event": {"name": "Tie", "slug": "tie", "date": "2026-05-15", "rules": "mcallen", "rounds": 1, "hands_per_round": 1},
        "partnerships": [{"number": n, "players": [f"Player {n}A", f"Player {n}B"]} for n in (1, 2, 3, 4)],
        "rounds": [{"number": 1, "tables": [
            {"table": 1, "ns": 1, "ew": 2, "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 7}]},
            {"table": 2, "ns": 3, "ew": 4, "hands": [{"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 7}]},
        ], "byes": []}],
        "tiebreaks": [{"partnerships": [1, 3], "tables": [
            {"table": 1, "ns": 1, "ew": 3, "hands": [{"hand": 1, "contract": "6S", "declarer": "ns", "tricks": 5}]}]}],
    }
    event_import(data)
    rows = json.loads(run("standings", "tie", "--format", "json")[0])["standings"]
    assert [(r["rank"], r["partnership"], r["total"], r["tiebreak_total"], r["medal"]) for r in rows[:2]] == [
        (1, 3, 200, 50, "gold"), (2, 1, 200, -40, "silver")]
    assert sorted((r["rank"], r["tied"], r["partnership"], r["medal"]) for r in rows[2:]) == [
        (3, True, 2, None), (3, True, 4, None)]


@pytest.mark.django_db
def test_standings_unknown_slug_and_format():
    message, _ = run_failing("standings", "nope")
    assert message == "no event with the slug 'nope'"
    with pytest.raises(CommandError):
        call_command("standings", "nope", "--format", "xml", stdout=io.StringIO(), stderr=io.StringIO())
