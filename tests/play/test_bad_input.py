"""Hostile input on every organizer form, the CSV import, the tiebreak and medal forms, the login
form and the management commands: wrong types, missing fields, huge and negative numbers,
10,000-character strings, HTML in names, non-UTF-8 bytes, empty and oversized files.

Each case must give a clear message naming the field (on the form, or as a flash message after a
redirect, or as a CommandError) and store nothing: the row counts of every model are compared
before and after. HTML in names is legal text: it is stored as typed and escaped on every page.
The table-entry forms and the event-file import have their own such tests (test_entry_pages.py,
test_import_export.py, test_eventfile.py); this module covers the rest. Run it on PostgreSQL too:
that is where a too-long string or an out-of-range integer becomes a DataError.
"""

from __future__ import annotations

import csv
import html
import io
import json

import pytest
from django.contrib.auth.models import User
from django.contrib.messages import get_messages
from django.core.management import call_command
from django.forms.models import model_to_dict
from django.test import Client
from django.urls import reverse

from scoring.models import Hand, HandChange
from tests.builders import make_event, make_partnerships, register, run_failing, tie_for_second
from tournaments import services
from tournaments.models import Event, EventStaff, Partnership, Player, Round, Table, Tiebreak

pytestmark = pytest.mark.django_db

HUGE = str(10**30)
BIG_INT = str(2**31)  # one past PostgreSQL's integer
LONG = "x" * 10_000
SCRIPT = "<script>alert(1)</script>"
IMG = '"><img src=x onerror=alert(1)>'
MODELS = (Event, EventStaff, User, Player, Partnership, Round, Table, Tiebreak, Hand, HandChange)


def counts() -> dict[str, int]:
    return {model.__name__: model.objects.count() for model in MODELS}


def stored(event: Event) -> dict:
    event.refresh_from_db()
    return model_to_dict(event)


def flashed(response) -> str:
    return " ".join(str(m) for m in get_messages(response.wsgi_request))


@pytest.fixture
def in_play(event, organizer_client):
    """Four partnerships checked in, the movement made and round 1 in play (no hands yet)."""
    event.rounds, event.hands_per_round = 3, 1
    event.save()
    register(event, range(1, 5))
    services.movement_generate(event=event)
    services.round_open(rnd=event.round_set.get(number=1, tiebreak__isnull=True))
    return event


def event_data(**extra) -> dict:
    data = {"name": "McAllen 500", "date": "2026-05-14", "venue": "Hall", "rules_preset": "mcallen", "rounds": "10",
            "hands_per_round": "4", "sit_out_policy": "average", "sit_out_points": "0", "confirmation_required": "on",
            "medal_scope": "overall", "page_size": "letter"}
    data.update(extra)
    return {k: v for k, v in data.items() if v is not None}


def assert_form_error(response, field: str, words: str) -> None:
    """The page is shown again with `words` in the named field's errors, and on the page."""
    assert response.status_code in (200, 400), response.status_code
    form = response.context["form"] if "form" in response.context else None
    errors = form.errors.get(field, []) if form is not None else []
    assert any(words in e for e in errors), (field, form.errors if form is not None else None)
    body = response.content.decode()
    assert html.escape(words, quote=True) in body or words in body


# --- Event create and settings (with rule overrides) -----------------------------------------

EVENT_CASES = [
    ("name", None, "This field is required"),
    ("name", "", "This field is required"),
    ("name", LONG, "at most 200 characters"),
    ("venue", LONG, "at most 200 characters"),
    ("date", "next Tuesday", "Enter a valid date"),
    ("date", "99999-01-01", "Enter a valid date"),
    ("date", ["2026-05-14", "nope"], "Enter a valid date"),  # a list: the last value counts
    ("rounds", "ten", "Enter a whole number"),
    ("rounds", HUGE, "less than or equal to 30"),
    ("rounds", BIG_INT, "less than or equal to 30"),
    ("rounds", "31", "less than or equal to 30"),
    ("rounds", "0", "greater than or equal to 1"),
    ("rounds", "-1", "greater than or equal to 1"),
    ("rounds", "1e3", "Enter a whole number"),
    ("hands_per_round", HUGE, "less than or equal to 20"),
    ("hands_per_round", "0", "greater than or equal to 1"),
    ("hands_per_round", "4.5", "Enter a whole number"),
    ("sit_out_points", HUGE, "less than or equal to"),
    ("sit_out_points", "-" + HUGE, "greater than or equal to"),
    ("sit_out_points", "lots", "Enter a whole number"),
    ("sit_out_policy", SCRIPT, "Select a valid choice"),
    ("rules_preset", LONG, "Select a valid choice"),
    ("rules_preset", None, "This field is required"),
    ("medal_scope", "county", "Select a valid choice"),
    ("page_size", IMG, "Select a valid choice"),
    ("rule_target", "five hundred", "not a whole number"),
    ("rule_target", HUGE, "at most 12 characters"),
    ("rule_target", "-1", "-1 is not between 100 and 10000"),
    ("rule_target", "0", "0 is not between 100 and 10000"),
    ("rule_target", "999999999999", "999999999999 is not a whole number between"),
    ("rule_open_misere_points", "1" * 12, "Select a valid choice"),
    ("rule_pegging_cap", "-5", "-5 is not above 0 and below the target 500"),
    ("rule_specials", SCRIPT, "special"),
    ("rule_specials", LONG, "at most 60 characters"),
    ("rule_no_bid", "<b>pass</b>", "Select a valid choice"),
    ("rule_allow_six_bids", "maybe", "Select a valid choice"),
]


@pytest.mark.parametrize("field,value,words", EVENT_CASES, ids=lambda v: str(v)[:30])
def test_event_create_refuses_bad_input_and_stores_nothing(creator_client, field, value, words):
    before = counts()
    response = creator_client.post(reverse("tournaments:event-create"), event_data(**{field: value}))
    assert_form_error(response, field if field in response.context["form"].fields else "__all__", words)
    assert counts() == before


@pytest.mark.parametrize("field,value,words", EVENT_CASES, ids=lambda v: str(v)[:30])
def test_event_settings_refuse_bad_input_and_change_nothing(event, organizer_client, field, value, words):
    before, row = counts(), stored(event)
    response = organizer_client.post(reverse("tournaments:event-edit", args=[event.slug]), event_data(**{field: value}))
    assert_form_error(response, field, words)
    assert counts() == before and stored(event) == row


def test_event_create_with_one_field_posted_names_every_missing_one(creator_client):
    before = counts()
    response = creator_client.post(reverse("tournaments:event-create"), {"venue": "Hall"})
    assert {"name", "date", "rounds", "hands_per_round", "rules_preset"} <= set(response.context["form"].errors)
    assert counts() == before


# --- Staff ------------------------------------------------------------------------------------

STAFF_CASES = [
    ({"username": LONG, "role": "scorer"}, "username", "at most 150 characters"),
    ({"username": LONG, "role": "scorer", "password": "long-enough-pw-42"}, "username", "at most 150 characters"),
    ({"username": SCRIPT, "role": "scorer", "password": "long-enough-pw-42"}, "username", "Enter a valid username"),
    ({"username": IMG, "role": "scorer", "password": "long-enough-pw-42"}, "username", "Enter a valid username"),
    ({"username": "nobody-yet", "role": "scorer"}, "username", "there is no user called"),
    ({"username": "", "role": "scorer"}, "username", "This field is required"),
    ({"role": "scorer"}, "username", "This field is required"),
    ({"username": "olga", "role": "king"}, "role", "Select a valid choice"),
    ({"username": "olga", "role": ["scorer", LONG]}, "role", "Select a valid choice"),
    ({"username": "olga"}, "role", "This field is required"),
    ({"username": "h8-new", "role": "scorer", "password": "1"}, "password", "too short"),
]


@pytest.mark.parametrize("data,field,words", STAFF_CASES, ids=lambda v: str(v)[:40])
def test_staff_add_refuses_bad_input(event, organizer_client, data, field, words):
    before = counts()
    response = organizer_client.post(reverse("tournaments:staff", args=[event.slug]), data)
    assert_form_error(response, field, words)
    assert counts() == before


@pytest.mark.parametrize("staff_id", ["999999", HUGE])
def test_staff_remove_of_an_unknown_id_is_not_found(event, organizer_client, staff_id):
    before = counts()
    response = organizer_client.post(f"/events/{event.slug}/staff/{staff_id}/remove/")
    assert response.status_code == 404
    assert counts() == before


# --- Registration: one partnership ----------------------------------------------------------

def pair(**extra) -> dict:
    data = {"number": "1", "player_one": "Ana Garza", "player_two": "Bob Smith", "division": "70-74"}
    data.update(extra)
    return {k: v for k, v in data.items() if v is not None}


PARTNERSHIP_CASES = [
    ("number", "one", "Enter a whole number"),
    ("number", HUGE, "less than or equal to 9999"),
    ("number", BIG_INT, "less than or equal to 9999"),
    ("number", "-1", "greater than or equal to 1"),
    ("number", "0", "greater than or equal to 1"),
    ("number", "2.5", "Enter a whole number"),
    ("player_one", LONG, "at most 120 characters (it has 10000)"),
    ("player_one", "x" * 121, "at most 120 characters (it has 121)"),
    ("player_one", "   ", "required"),
    ("player_one", None, "required"),
    ("player_two", LONG, "at most 120 characters (it has 10000)"),
    ("player_two", "", "required"),
    ("division", LONG, "at most 60 characters (it has 10000)"),
    ("division", "d" * 61, "at most 60 characters (it has 61)"),
]


@pytest.mark.parametrize("field,value,words", PARTNERSHIP_CASES, ids=lambda v: str(v)[:30])
def test_partnership_form_refuses_bad_input(event, organizer_client, field, value, words):
    before = counts()
    response = organizer_client.post(reverse("tournaments:partnerships", args=[event.slug]), pair(**{field: value}))
    assert_form_error(response, field, words)
    assert counts() == before


EDIT_CASES = [case for case in PARTNERSHIP_CASES if case[0] != "number"]


@pytest.mark.parametrize("field,value,words", EDIT_CASES, ids=lambda v: str(v)[:30])
def test_partnership_edit_refuses_bad_input_and_changes_nothing(event, organizer_client, field, value, words):
    made = services.partnership_register(event=event, number=1, player_one="Ana Garza", player_two="Bob Smith")
    before = counts()
    names = sorted(Player.objects.values_list("name", flat=True))
    response = organizer_client.post(reverse("tournaments:partnership-edit", args=[event.slug, 1]),
                         {k: v for k, v in pair(**{field: value}).items() if k != "number"})
    assert_form_error(response, field, words)
    made.refresh_from_db()
    assert counts() == before and sorted(Player.objects.values_list("name", flat=True)) == names
    assert made.division == ""


@pytest.mark.parametrize("number", ["999999", HUGE])
def test_editing_an_unknown_partnership_is_not_found(event, organizer_client, number):
    url = reverse("tournaments:partnership-edit", args=[event.slug, 1]).replace("/1/", f"/{number}/")
    assert organizer_client.post(url, pair()).status_code == 404


def test_a_taken_number_is_refused_by_name(event, organizer_client):
    services.partnership_register(event=event, number=1, player_one="A", player_two="B")
    before = counts()
    response = organizer_client.post(reverse("tournaments:partnerships", args=[event.slug]), pair())
    assert_form_error(response, "number", "partnership 1 is already registered")
    assert counts() == before


# --- Registration: CSV import ------------------------------------------------------------------

def upload(content: bytes, name="pairs.csv"):
    from django.core.files.uploadedfile import SimpleUploadedFile
    return SimpleUploadedFile(name, content, content_type="text/csv")


IMPORT_CASES = [
    (b"1," + LONG.encode() + b",Bob\n", "Line 1: player 1 is 10000 characters long (at most 120)"),
    (b"1,Ana,Bob," + LONG.encode() + b"\n", "Line 1: the division is 10000 characters long (at most 60)"),
    (HUGE.encode() + b",Ana,Bob\n", f"Line 1: the partnership number {HUGE} is not between 1 and 9999"),
    (b"-1,Ana,Bob\n", "Line 1: the partnership number '-1' is not a whole number"),
    (b"0,Ana,Bob\n", "Line 1: the partnership number 0 is not between 1 and 9999"),
    # A first line with no number where the number goes is a heading (issue 24), and said to be one.
    (b"one,Ana,Bob\n", "Line 1: “one, Ana, Bob” has no number where the number goes, so it was read as a heading"),
    (b"1,Ana,Bob\n1,Cy,Di\n", "Line 2: partnership number 1 is already on line 1"),
    (b"1,Ana\n", "Line 1: needs at least 3 columns"),
    (b"1,Ana,Bob,70,extra,more\n", "Line 1: has 6 columns"),
    (b"1,Ana Pe\xf1a,Bob\n", "The file is not UTF-8 text (byte 9)"),
    (b"\xff\xfe1\x00,\x00A\x00", "The file is not UTF-8 text"),
    (b"1,Ana,Bob\n2,Cy\x00,Di\n", "Line 2: has a NUL byte: this is not a CSV text file"),
    (b"\n\n  \n", "The file has no partnerships in it."),
    (b"".join(b"%d,A%d,B%d\n" % (n, n, n) for n in range(1, 1003)), "at most 1000 partnerships"),
]


@pytest.mark.parametrize("content,words", IMPORT_CASES, ids=lambda v: repr(v)[:30])
def test_csv_upload_refuses_bad_files_and_imports_nothing(event, organizer_client, content, words):
    before = counts()
    response = organizer_client.post(reverse("tournaments:partnership-import", args=[event.slug]), {"file": upload(content)})
    assert_form_error(response, "file", words)
    assert counts() == before


@pytest.mark.parametrize("content,words", [c for c in IMPORT_CASES if b"\x00" not in c[0]][:9],
                         ids=lambda v: repr(v)[:30])
def test_pasted_lines_are_checked_the_same_way(event, organizer_client, content, words):
    before = counts()
    response = organizer_client.post(reverse("tournaments:partnership-import", args=[event.slug]),
                         {"text": content.decode("utf-8")})
    assert_form_error(response, "file", words)
    assert counts() == before


def test_an_empty_upload_and_a_5_mb_upload_are_refused(event, organizer_client):
    before = counts()
    url = reverse("tournaments:partnership-import", args=[event.slug])
    response = organizer_client.post(url, {"file": upload(b"")})
    assert_form_error(response, "file", "The submitted file is empty.")
    response = organizer_client.post(url, {"file": upload(b"1,Ana,Bob\n" * 524_288)})  # 5 MB
    assert_form_error(response, "__all__", "The file is larger than 512 KB")
    response = organizer_client.post(url, {})  # nothing posted: the empty form again
    assert response.status_code == 200 and not response.context["form"].is_bound
    response = organizer_client.post(url, {"file": "not a file at all"})
    assert_form_error(response, "__all__", "Choose a file or paste the lines.")
    assert counts() == before


def test_a_clash_with_a_registered_number_imports_nothing(event, organizer_client):
    services.partnership_register(event=event, number=2, player_one="A", player_two="B")
    before = counts()
    response = organizer_client.post(reverse("tournaments:partnership-import", args=[event.slug]),
                         {"file": upload(b"1,Ana,Bob\n2,Cy,Di\n")})
    assert_form_error(response, "file", "Line 2: partnership 2 is already registered")
    assert counts() == before


# --- Check-in, withdraw, movement, rounds, table links ------------------------------------------

@pytest.mark.parametrize("name", ["partnership-check-in", "partnership-withdraw"])
@pytest.mark.parametrize("number", ["999999", HUGE])
def test_flags_on_an_unknown_partnership_are_not_found(event, organizer_client, name, number):
    before = counts()
    url = reverse(f"tournaments:{name}", args=[event.slug, 1]).replace("/1/", f"/{number}/")
    assert organizer_client.post(url, {"checked_in": "1", "withdrawn": "1"}).status_code == 404
    assert counts() == before


@pytest.mark.parametrize("name,field", [("partnership-check-in", "checked_in"), ("partnership-withdraw", "withdrawn")])
@pytest.mark.parametrize("value", ["yes please", LONG, ["1", "maybe"], "", None])
def test_a_flag_that_is_neither_0_nor_1_changes_nothing(event, organizer_client, name, field, value):
    made = services.partnership_register(event=event, number=1, player_one="A", player_two="B", checked_in=True)
    before, row = counts(), model_to_dict(made)
    data = {} if value is None else {field: value}
    response = organizer_client.post(reverse(f"tournaments:{name}", args=[event.slug, 1]), data)
    assert response.status_code == 302
    assert f"{field.replace('_', ' ').capitalize()}: must be 1 or 0" in flashed(response)
    made.refresh_from_db()
    assert counts() == before and model_to_dict(made) == row


def test_movement_with_too_few_partnerships_is_a_message(event, organizer_client):
    before = counts()
    response = organizer_client.post(reverse("tournaments:movement-generate", args=[event.slug]), {"rounds": HUGE})
    assert response.status_code == 302
    assert "Check in at least two partnerships first (0 checked in)." in flashed(response)
    assert counts() == before


@pytest.mark.parametrize("data,words", [
    ({"force": "on", "reason": LONG}, "Reason (needed to close anyway): Ensure this value has at most 500 characters (it has 10000)."),
    ({"force": "on", "reason": SCRIPT * 50}, "Reason (needed to close anyway): Ensure this value has at most 500 characters"),
    ({"force": "on", "reason": "   "}, "Say why the round closes with these tables unfinished."),
    ({"force": "on"}, "Say why the round closes with these tables unfinished."),
    ({"reason": "done"}, "Table 1"),
])
def test_closing_a_round_with_a_bad_reason_keeps_it_in_play(in_play, organizer_client, data, words):
    rnd = in_play.round_set.get(number=1, tiebreak__isnull=True)
    before, row = counts(), model_to_dict(rnd)
    response = organizer_client.post(reverse("tournaments:round-close", args=[in_play.slug, 1]), data)
    assert response.status_code == 302
    assert words in flashed(response)
    rnd.refresh_from_db()
    assert counts() == before and model_to_dict(rnd) == row and rnd.status == Round.Status.OPEN


@pytest.mark.parametrize("name", ["round-open", "round-close", "round-reopen"])
@pytest.mark.parametrize("number", ["99", "40000", HUGE])
def test_an_unknown_round_number_is_not_found(in_play, organizer_client, name, number):
    before = counts()
    url = reverse(f"tournaments:{name}", args=[in_play.slug, 1]).replace("/1/", f"/{number}/")
    assert organizer_client.post(url, {"force": "on", "reason": "x"}).status_code == 404
    assert counts() == before


@pytest.mark.parametrize("table_id", ["999999", HUGE])
def test_revoking_an_unknown_table_is_not_found(in_play, organizer_client, table_id):
    tokens = list(Table.objects.values_list("token", flat=True))
    response = organizer_client.post(f"/events/{in_play.slug}/tables/{table_id}/revoke/")
    assert response.status_code == 404
    assert list(Table.objects.values_list("token", flat=True)) == tokens


def test_a_table_of_another_event_cannot_be_revoked_from_this_one(in_play, organizer_client):
    other = make_event(slug="h8-other")
    p = make_partnerships(other, 2)
    table = services.round_create(event=other, number=1, tables=[(1, p[1], p[2])]).tables.get()
    response = organizer_client.post(f"/events/{in_play.slug}/tables/{table.pk}/revoke/")
    assert response.status_code == 404
    assert Table.objects.get(pk=table.pk).token == table.token


# --- Tiebreaks and medal settings ---------------------------------------------------------------

@pytest.fixture
def tied(organizer_client, event):
    """Two rounds of one hand (RULES.md values): totals 1: 290, 2: 240, 3: 240, 4: 40 — 2 and 3 tie."""
    return tie_for_second(event)[0]


def tiebreak(**extra) -> dict:
    data = {"partnerships": ["2", "3"], "hands": "1", "layout": "auto", "tables": ""}
    data.update(extra)
    return {k: v for k, v in data.items() if v is not None}


TIEBREAK_CASES = [
    ({"partnerships": ["two", "three"]}, "partnerships", "not one of the available choices"),
    ({"partnerships": [HUGE, "3"]}, "partnerships", "not one of the available choices"),
    ({"partnerships": ["-1", "3"]}, "partnerships", "not one of the available choices"),
    ({"partnerships": [SCRIPT]}, "partnerships", "not one of the available choices"),
    ({"partnerships": None}, "partnerships", "Tick the tied partnerships."),
    ({"partnerships": ["2"]}, "partnerships", "Choose at least two tied partnerships."),
    ({"hands": "one"}, "hands", "Enter a whole number"),
    ({"hands": HUGE}, "hands", "less than or equal to 200"),
    ({"hands": "-1"}, "hands", "greater than or equal to 1"),
    ({"hands": "0"}, "hands", "greater than or equal to 1"),
    ({"hands": "11"}, "hands", "more than 10 rounds"),
    ({"hands": None}, "hands", "This field is required"),
    ({"layout": "random"}, "layout", "Select a valid choice"),
    ({"layout": "tables", "tables": ""}, "tables", "Write your tables"),
    ({"layout": "tables", "tables": f"1 2 {HUGE}"}, "tables", "Line 1: a partnership number is not between 1 and 9999."),
    ({"layout": "tables", "tables": "1 2 4"}, "tables", "partnership 4 is not in this tiebreak"),
    ({"layout": "tables", "tables": f"{HUGE} 2 3"}, "tables", "Line 1: table 100000… is not between 1 and 999."),
    ({"layout": "tables", "tables": "40000 2 3"}, "tables", "Line 1: table 40000 is not between 1 and 999."),
    ({"layout": "tables", "tables": "0 2 3"}, "tables", "Line 1: table 0 is not between 1 and 999."),
    ({"layout": "tables", "tables": "1 -2 3"}, "tables", "write three numbers"),
    ({"layout": "tables", "tables": "1 2 2"}, "tables", "cannot play itself"),
    ({"layout": "tables", "tables": LONG}, "tables", "at most 2000 characters (it has 10000)"),
    ({"layout": "tables", "tables": "1 2 3\n" * 400}, "tables", "at most 2000 characters"),
    ({"layout": "tables", "tables": "1 2 3\n1 3 2"}, "tables", "two tables have the same number"),
    ({"layout": "tables", "tables": SCRIPT}, "tables", "write three numbers"),
]


@pytest.mark.parametrize("data,field,words", TIEBREAK_CASES, ids=lambda v: str(v)[:40])
def test_tiebreak_create_refuses_bad_input_and_makes_no_session(tied, organizer_client, data, field, words):
    before = counts()
    response = organizer_client.post(reverse("scoring:tiebreak-create", args=[tied.slug]), tiebreak(**data))
    assert response.status_code == 400
    errors = response.context["tiebreak_form"].errors
    assert field in errors and any(words in e for e in errors[field]), errors
    assert html.escape(errors[field][0]) in response.content.decode()
    assert counts() == before


MEDAL_CASES = [
    ({"medal_scope": "county"}, "medal_scope", "Select a valid choice"),
    ({"medal_scope": LONG}, "medal_scope", "Select a valid choice"),
    ({}, "medal_scope", "This field is required"),
    ({"medal_scope": "overall", "tiebreaker_1": "coin_toss"}, "tiebreaker_1", "Select a valid choice"),
    ({"medal_scope": "overall", "tiebreaker_2": SCRIPT}, "tiebreaker_2", "Select a valid choice"),
    ({"medal_scope": "overall", "tiebreaker_3": HUGE}, "tiebreaker_3", "Select a valid choice"),
]


@pytest.mark.parametrize("data,field,words", MEDAL_CASES, ids=lambda v: str(v)[:40])
def test_medal_settings_refuse_bad_input_and_change_nothing(tied, organizer_client, data, field, words):
    before, row = counts(), stored(tied)
    response = organizer_client.post(reverse("scoring:medal-settings", args=[tied.slug]), data)
    assert response.status_code == 400
    errors = response.context["settings_form"].errors
    assert field in errors and any(words in e for e in errors[field]), errors
    assert counts() == before and stored(tied) == row


@pytest.mark.parametrize("sequence", ["99", HUGE])
def test_deleting_an_unknown_tiebreak_is_not_found(tied, organizer_client, sequence):
    before = counts()
    assert organizer_client.post(f"/events/{tied.slug}/tiebreaks/{sequence}/delete/").status_code == 404
    assert counts() == before


# --- Log-in form -------------------------------------------------------------------------------

@pytest.mark.parametrize("data,field,words", [
    ({"username": LONG, "password": "pw"}, "username", "at most 150 characters (it has 10000)"),
    ({"username": SCRIPT, "password": LONG}, "__all__", "Please enter a correct username and password"),
    ({"username": "olga"}, "password", "This field is required"),
    ({"password": "x"}, "username", "This field is required"),
])
def test_login_form_refuses_bad_input(event, organizer_client, data, field, words):
    client = Client(raise_request_exception=True)
    before = counts()
    response = client.post(reverse("login"), data)
    assert_form_error(response, field, words)
    assert counts() == before and "_auth_user_id" not in client.session


def test_admin_login_refuses_a_10000_character_username():
    client = Client(raise_request_exception=True)
    response = client.post("/admin/login/", {"username": LONG, "password": "pw"})
    assert response.status_code == 200
    assert "Ensure this value has at most 150 characters (it has 10000)." in response.content.decode()


# --- HTML in names is text: stored as typed, escaped everywhere ---------------------------------

def test_html_in_event_division_and_player_names_is_escaped_on_every_page(creator_client):
    response = creator_client.post(reverse("tournaments:event-create"),
                         event_data(name=f"Gala {SCRIPT}", venue=IMG, rounds="2", hands_per_round="1"))
    assert response.status_code == 302
    event = Event.objects.get(name=f"Gala {SCRIPT}")
    assert event.venue == IMG
    lines = io.StringIO()
    csv.writer(lines).writerows([[1, SCRIPT, IMG, SCRIPT], [2, "<b>Bo</b>", "Cy", IMG], [3, "Di", "Ed", ""]])
    response = creator_client.post(reverse("tournaments:partnership-import", args=[event.slug]),
                         {"file": upload(lines.getvalue().encode())})
    assert response.status_code == 302, response.context["form"].errors
    assert Player.objects.filter(event=event, name=SCRIPT).exists()
    assert Partnership.objects.get(event=event, number=2).division == IMG
    for number in (1, 2, 3):
        services.partnership_check_in(partnership=event.partnerships.get(number=number))
    services.movement_generate(event=event)
    services.round_open(rnd=event.round_set.get(number=1))
    table = event.round_set.get(number=1).tables.order_by("number").first()
    pages = [reverse("tournaments:event-list"), reverse("tournaments:event-detail", args=[event.slug]),
             reverse("tournaments:event-edit", args=[event.slug]),
             reverse("tournaments:partnerships", args=[event.slug]), reverse("tournaments:check-in", args=[event.slug]),
             reverse("tournaments:partnership-edit", args=[event.slug, 1]),
             reverse("tournaments:movement", args=[event.slug]), reverse("tournaments:dashboard", args=[event.slug]),
             reverse("scoring:standings", args=[event.slug]), reverse("scoring:standings-fragment", args=[event.slug]),
             reverse("scoring:projector", args=[event.slug]), reverse("scoring:medals", args=[event.slug]),
             reverse("scoring:tiebreaks", args=[event.slug]), reverse("scoring:partnership", args=[event.slug, 1]),
             reverse("scoring:print", args=[event.slug]), reverse("scoring:table-entry", args=[table.token]),
             reverse("scoring:table-manage", args=[event.slug, table.pk])]
    for url in pages:
        body = creator_client.get(url).content.decode()
        assert "<script>alert" not in body and "<img src=x" not in body and "<b>Bo" not in body, url
    event_page = creator_client.get(pages[1]).content.decode()
    assert "Gala &lt;script&gt;alert(1)&lt;/script&gt;" in event_page
    assert "&quot;&gt;&lt;img src=x onerror=alert(1)&gt;" in event_page
    grid = creator_client.get(reverse("tournaments:movement", args=[event.slug])).content.decode()
    assert "&lt;b&gt;Bo&lt;/b&gt;" in grid and "&lt;script&gt;" in grid  # both names are on the grid
    standings = json.loads(creator_client.get(reverse("scoring:standings-json", args=[event.slug])).content)
    assert SCRIPT in json.dumps(standings, ensure_ascii=False)  # JSON carries the text; the browser never parses it as HTML


# --- Management commands -----------------------------------------------------------------------

def command_fails(*args, stdin=None) -> str:
    return "\n".join(run_failing(*args, stdin=stdin))


def small_file(**event_fields) -> dict:
    data = {"format": "500-event/1",
            "event": {"name": "Tiny", "date": "2026-05-14", "rules": "mcallen", "rounds": 1, "hands_per_round": 1},
            "partnerships": [{"number": 1, "players": ["Ana", "Bob"]}, {"number": 2, "players": ["Cy", "Di"]}],
            "rounds": []}
    data["event"].update(event_fields)
    return data


IMPORT_EVENT_CASES = [
    (b"", "not valid JSON: line 1 column 1"),
    (b"[1, 2, 3]", "the file: expected an object, got a list"),
    (b'"just a string"', "the file: expected an object, got text"),
    (b"null", "the file: expected an object, got null"),
    (b"\xff\xfe{}", "not UTF-8 text (byte 1"),
    (b'{"a": ' * 100_000 + b"1" + b"}" * 100_000,
     "a.a.a.a.a.a.a.a.a.a.a.a.a.a.a.a: objects and lists nested more than 16 deep; an event file nests at most 16"),
    (json.dumps(small_file(name=LONG)).encode(), "event.name: is longer than 200 characters (it has 10000)"),
    (json.dumps(small_file(name=SCRIPT, venue=LONG)).encode(), "event.venue: is longer than 200 characters"),
    (json.dumps(small_file(rounds=10**30)).encode(), f"event.rounds: {HUGE} is not between 1 and 30"),
    (json.dumps(small_file(hands_per_round=-1)).encode(), "event.hands_per_round: -1 is not between 1 and 20"),
    (json.dumps(small_file(sit_out_points=10**30)).encode(),
     f"event.sit_out_points: {HUGE} is not between -10000 and 10000"),
    (json.dumps(small_file(rounds="ten")).encode(), 'event.rounds: "ten" is not a whole number between 1 and 30'),
    (json.dumps(small_file(rounds=[1, [2, {"x": None}]])).encode(), "event.rounds: [1, [2, {"),
    (json.dumps({**small_file(), "partnerships": [{"number": 10**30, "players": [LONG, {"x": []}]}]}).encode(),
     "partnerships[0].players[1].x: unknown key (expected one of name, member)"),
    (json.dumps({**small_file(), "partnerships": "everyone"}).encode(), "partnerships: expected a list, got text"),
]


@pytest.mark.parametrize("content,words", IMPORT_EVENT_CASES, ids=lambda v: repr(v)[:30])
def test_import_event_refuses_bad_files_and_writes_nothing(tmp_path, content, words):
    path = tmp_path / "event.json"
    path.write_bytes(content)
    before = counts()
    message = command_fails("import_event", str(path))
    assert words in message, message
    assert counts() == before


def test_the_small_file_those_cases_spoil_imports_cleanly(tmp_path):
    path = tmp_path / "event.json"
    path.write_text(json.dumps(small_file(name=SCRIPT)), encoding="utf-8")
    call_command("import_event", str(path), stdout=io.StringIO(), stderr=io.StringIO())
    assert Event.objects.get().name == SCRIPT and Partnership.objects.count() == 2


@pytest.mark.parametrize("args,words", [
    (["--partnerships", HUGE, "--rounds", "10"], f"--partnerships: {HUGE} is not between 2 and"),
    (["--partnerships", "-4", "--rounds", "10"], "--partnerships: -4 is not between 2 and"),
    (["--partnerships", "12", "--rounds", "0"], "--rounds: 0 is not between 1 and"),
    (["--partnerships", "12", "--rounds", HUGE], "--rounds: "),
    (["--partnerships", "twelve", "--rounds", "10"], "--partnerships: 'twelve' is not a whole number"),
    (["--partnerships", "12", "--rounds", "1e9"], "--rounds: '1e9' is not a whole number"),
])
def test_movement_command_refuses_bad_numbers(args, words):
    assert words in command_fails("movement", *args)


def test_pdf_command_refuses_a_bad_kind_and_a_bad_round(in_play, tmp_path):
    before = counts()
    target = tmp_path / "out.pdf"
    assert "invalid choice: 'posters'" in command_fails("pdf", in_play.slug, "--kind", "posters", "-o", str(target))
    assert "--round: invalid int value: 'three'" in command_fails(
        "pdf", in_play.slug, "--kind", "sheets", "--round", "three", "-o", str(target))
    for bad in ("99", "-1", HUGE):
        assert "--round" in command_fails("pdf", in_play.slug, "--kind", "sheets", "--round", bad, "-o", str(target))
    assert "--tiebreak" in command_fails("pdf", in_play.slug, "--kind", "results", "--tiebreak", HUGE, "-o", str(target))
    assert "not medals" in command_fails("pdf", in_play.slug, "--kind", "medals", "--round", "1", "-o", str(target))
    assert "no event with the slug" in command_fails("pdf", LONG, "--kind", "sheets", "-o", str(target))
    assert list(tmp_path.iterdir()) == [] and counts() == before


def test_standings_command_refuses_a_bad_format(event):
    assert "invalid choice: 'xml'" in command_fails("standings", event.slug, "--format", "xml")
    assert "invalid choice" in command_fails("standings", event.slug, "--format", SCRIPT)


# --- Query strings on the pages that read them ---------------------------------------------------

@pytest.mark.parametrize("query", [f"?round={HUGE}", "?round=-1", f"?round={SCRIPT}", f"?tiebreak={HUGE}",
                                   f"?round={LONG}"])
def test_pdf_download_with_a_bad_round_is_a_400_naming_it(in_play, organizer_client, query):
    response = organizer_client.get(reverse("scoring:pdf", args=[in_play.slug, "sheets"]) + query)
    assert response.status_code == 400
    body = response.content.decode()
    assert body.startswith(("round:", "tiebreak:")) and response["Content-Type"].startswith("text/plain")


@pytest.mark.parametrize("query", [f"?sort={SCRIPT}", f"?sort={LONG}", f"?division={IMG}", f"?page={HUGE}",
                                   f"?p={HUGE}&p=-1&p={SCRIPT}"])
@pytest.mark.parametrize("name", ["scoring:standings", "scoring:standings-fragment", "scoring:projector",
                                  "scoring:tiebreaks", "scoring:event-history"])
def test_pages_ignore_garbage_in_the_query_string(in_play, organizer_client, name, query):
    response = organizer_client.get(reverse(name, args=[in_play.slug]) + query)
    assert response.status_code == 200
    body = response.content.decode()
    assert "<script>alert" not in body and "<img src=x" not in body
