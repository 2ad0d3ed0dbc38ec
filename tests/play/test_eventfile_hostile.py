"""Hostile and careless input to the event file and the partnership CSV import: every case is refused
with a clear message naming its place, never a traceback, and writes nothing.
"""

from __future__ import annotations

import io
import json

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.core.management.base import CommandError
from django.urls import reverse

from scoring.engine import eventfile, registration
from scoring.engine.eventfile import EventFileError
from tournaments.models import Event, EventStaff, Partnership

BACKEND = "django.contrib.auth.backends.ModelBackend"


def small(**event_fields) -> dict:
    data = {"format": "500-event/1",
            "event": {"name": "Tiny", "date": "2026-05-14", "rules": "mcallen", "rounds": 2, "hands_per_round": 1},
            "partnerships": [{"number": 1, "players": ["Ana", "Bob"]}, {"number": 2, "players": ["Cy", "Di"]}],
            "rounds": [{"number": 1, "tables": [{"table": 1, "ns": 1, "ew": 2, "hands": [
                {"hand": 1, "contract": "7H", "declarer": "ns", "tricks": 8}]}], "byes": []}]}
    data["event"].update(event_fields)
    return data


def problems_reading(text: str | bytes) -> list[str]:
    with pytest.raises(EventFileError) as caught:
        eventfile.parse(eventfile.read(text.encode() if isinstance(text, str) else text, "event.json"))
    return caught.value.problems


def test_a_key_given_twice_is_refused_with_its_place():
    text = json.dumps(small()).replace('"tricks": 8', '"tricks": 8, "tricks": 10')
    assert problems_reading(text) == [
        "rounds[0].tables[0].hands[0].tricks: the key appears twice in one object (8, then 10); give it once"]


def test_a_5000_digit_number_is_a_problem_not_a_traceback():
    text = json.dumps(small()).replace('"tricks": 8', '"tricks": ' + "9" * 5000)
    assert problems_reading(text) == [
        "rounds[0].tables[0].hands[0].tricks: a whole number 5000 digits long is too long to be anything in an "
        "event file"]


@pytest.mark.parametrize("name, problem", [
    ("\\ud800Ana", "contains half of a character (a lone surrogate), U+D800, at character 1"),
    ("An\\u0000a", "contains a control character, U+0000, at character 3"),
    ("Ana\\u0007", "contains a control character, U+0007, at character 4"),
    ("Ana \\u202eagraG", "contains a bidirectional-override character, U+202E, at character 5"),
    ("\\u2066Ana", "contains a bidirectional-override character, U+2066, at character 1"),
    ("Ana\\u200f", "contains a bidirectional-override character, U+200F, at character 4"),
])
def test_bad_characters_in_any_text_are_refused_with_the_place(name, problem):
    text = json.dumps(small()).replace('"Ana"', f'"{name}"')
    found = problems_reading(text)
    assert found == [f"partnerships[0].players[0]: {problem}"]
    "\n".join(found).encode("utf-8")  # printable as it is: no half characters, no reordering marks


def test_bad_characters_in_a_key_are_refused_and_printed_escaped():
    data = small()
    data["event"]["na\u202eme"] = "x"
    found = eventfile.check(data)[0]
    assert found[0] == "event.na\\u202eme: the key contains a bidirectional-override character, U+202E, at character 3"
    assert all("\u202e" not in p for p in found)


def test_two_rounds_open_at_once_are_refused():
    data = small()
    data["rounds"][0]["status"] = "open"
    data["rounds"].append({"number": 2, "status": "open", "tables": [], "byes": [1, 2]})
    assert eventfile.check(data)[0] == [
        "rounds[1].status: round 2 is open while round 1 is open too; only one round is in play at a time"]


def test_a_file_over_20_mb_is_refused_before_it_is_parsed():
    raw = b"[" + b"1," * (10 * 1024 * 1024 + 10) + b"1]"
    with pytest.raises(EventFileError) as caught:
        eventfile.read(raw, "big.json")
    assert caught.value.problems == [f"big.json: {len(raw):,} bytes is more than an event file may be (20 MB): "
                                     "is it the right file?"]


def test_the_problem_list_is_capped():
    data = small()
    data["partnerships"] = [{"number": n, "players": ["", ""]} for n in range(1, 501)]
    found = eventfile.check(data)[0]
    assert len(found) == 201 and found[-1] == "... and 800 more problems"
    assert found[0] == "partnerships[0].players[0]: empty name"


@pytest.mark.django_db
def test_import_event_command_refuses_them_and_writes_nothing(tmp_path):
    path = tmp_path / "event.json"
    path.write_bytes(json.dumps(small()).replace('"tricks": 8', '"tricks": 8, "tricks": 10').encode())
    with pytest.raises(CommandError) as caught:
        call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert "tricks: the key appears twice" in str(caught.value)
    path.write_bytes(json.dumps(small()).replace('"Ana"', '"An\\u0000a"').encode())
    err = io.StringIO()
    with pytest.raises(CommandError):
        call_command("import_event", str(path), stdout=io.StringIO(), stderr=err)
    assert "partnerships[0].players[0]: contains a control character, U+0000" in err.getvalue()
    assert not Event.objects.exists()


# --- the partnership CSV import ------------------------------------------------------------------------


@pytest.mark.parametrize("number", ["１", "٣", "²", "1１"])
def test_non_ascii_digits_are_not_partnership_numbers(number):
    with pytest.raises(registration.RegistrationError) as caught:
        registration.parse(f"{number}, Ana Garza, Bob Smith\n")
    assert any("is not a whole number" in m for m in caught.value.messages()), caught.value.messages()


@pytest.fixture
def organizer_client(client, db):
    event = Event.objects.create(name="Import", slug="import", date="2026-05-14")
    olga = User.objects.create_user("olga")
    EventStaff.objects.create(event=event, user=olga, role="organizer")
    client.force_login(olga, backend=BACKEND)
    return client, reverse("tournaments:partnership-import", args=[event.slug])


def test_a_3_mb_paste_gets_a_page_that_says_what_to_do(organizer_client):
    client, url = organizer_client
    text = "".join(f"{n}, Ana Garza {n}, Bob Smith {n}\n" for n in range(1, 90_000))
    assert len(text) > 3_000_000
    response = client.post(url, {"text": text})
    assert response.status_code == 413
    body = response.content.decode()
    assert "Nothing was saved" in body and "upload the" in body and "2.5 MB" in body
    assert Partnership.objects.count() == 0


def test_a_paste_over_512_kb_is_a_form_error(organizer_client):
    client, url = organizer_client
    text = "".join(f"{n}, Ana Garza {n}, Bob Smith {n}\n" for n in range(1, 20_000))
    assert 512 * 1024 < len(text) < 2_500_000
    response = client.post(url, {"text": text})
    assert response.status_code == 200
    assert "The pasted text is larger than 512 KB" in response.content.decode()
    assert Partnership.objects.count() == 0
